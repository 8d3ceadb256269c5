/* SPDX-License-Identifier: MIT */
/*
 * pmukit/regs.h: the registers user space may read, as the library lists
 * them for this build's ISA, and reads that fail cleanly: past the last
 * register, and (on Arm, without user access) a trapped read is -EACCES,
 * never a SIGILL.
 */
#include <errno.h>
#include <string.h>

#include "pmukit/pmukit.h"
#include "../tap.h"

static void test_table(void)
{
	const char *isa = pmukit_reg_isa();
	unsigned int i, n = pmukit_reg_count(), named = 0;

	tap_ok(!strcmp(isa, "AArch64") || !strcmp(isa, "AArch32") || !strcmp(isa, "x86-64"),
	       "the ISA is named as the Arm ARM does: %s", isa);
	tap_ok(!strcmp(isa, "x86-64") ? n == 0 : n == 13,
	       "%u registers on %s (none without an Arm PMU, else 13)", n, isa);
	for (i = 0; i < n; i++) {
		const struct pmukit_reg *r = pmukit_reg_at(i);

		named += r && r->name && r->name[0] && (strncmp(isa, "AArch64", 7) ||
							strstr(r->name, "_EL0"));
	}
	tap_ok(named == n, "every register has its name, with _EL0 on AArch64 (%u of %u)", named, n);
	tap_ok(pmukit_reg_at(n) == NULL, "no register past the last");
	tap_ok(n ? pmukit_reg_of_kind(PMUKIT_REG_PMCR) == 0 &&
		   pmukit_reg_at(0)->sysfs && !strcmp(pmukit_reg_at(0)->sysfs, "pmcr") :
		   pmukit_reg_of_kind(PMUKIT_REG_PMCR) == -ENOENT,
	       "PMCR is the first register (pmukit.ko's cpuN/pmcr), where there are registers");
}

static void test_reads(void)
{
	unsigned int i, n = pmukit_reg_count(), fine = 0;
	uint64_t v = 0x1234;

	tap_ok(pmukit_reg_read(n, &v) == -ENOENT && v == 0x1234,
	       "a read past the last register: -ENOENT, nothing stored");
	/* Each read either works or traps into -EACCES: the program lives on. */
	for (i = 0; i < n; i++) {
		int ret = pmukit_reg_read(i, &v);

		fine += ret == 0 || ret == -EACCES;
	}
	tap_ok(fine == n, "every register reads or returns -EACCES (%u of %u)", fine, n);
}

int main(void)
{
	test_table();
	test_reads();
	return tap_done();
}
