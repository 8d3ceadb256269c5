/* SPDX-License-Identifier: MIT */
/*
 * A core added to the data resolves by its MIDR: every core of the
 * generated tables (events/cores.def, from Arm's PMU data) is found by its
 * MIDR whatever the variant and revision, a few MIDRs of real boards give
 * their core and its metric set (metrics/, from Arm's telemetry data), and
 * a MIDR no table knows gives no core, the generic metric set, and is
 * named by its MIDR where the library names a machine's core types.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "pmukit/pmukit.h"
#include "pmukit/events_api.h"	/* the tables; PMUKIT_MIDR_CORE_MASK */
#include "core/compiler.h"
#include "cores.h"
#include "tap.h"

/* The variant and revision fields of a MIDR. */
#define MIDR_VARIANT_REVISION	0x00f0000fU

static const char *name_of(const struct pmukit_core_def *c)
{
	return c ? c->name : "none";
}

/* Every core of the tables: its own MIDR, at any variant and revision, finds it. */
static void test_every_core(void)
{
	unsigned int i, j, n = pmukit_core_count(), bad = 0, with_midr = 0;

	for (i = 0; i < n; i++) {
		const struct pmukit_core_def *c = pmukit_core_at(i), *first = NULL;
		uint32_t v;

		if (!c->midr)
			continue;
		with_midr++;
		/* Two names of one part (none today): the first in the tables answers. */
		for (j = 0; j < n && !first; j++)
			if ((pmukit_core_at(j)->midr & PMUKIT_MIDR_CORE_MASK) ==
			    (c->midr & PMUKIT_MIDR_CORE_MASK))
				first = pmukit_core_at(j);
		for (v = 0; v <= 1; v++) {
			uint32_t midr = c->midr | (v ? MIDR_VARIANT_REVISION : 0);

			if (pmukit_core_by_midr(midr) != first) {
				bad++;
				tap_diag("MIDR 0x%08x of %s gives %s", midr, c->name,
					 name_of(pmukit_core_by_midr(midr)));
			}
		}
	}
	tap_ok(with_midr > 0 && !bad,
	       "each of the %u cores with a MIDR in the tables resolves by it, at r0p0 and r15p15",
	       with_midr);
}

/* MIDRs as boards report them: the core, and the metric set of that core. */
static void test_known(void)
{
	static const struct {
		uint32_t midr;
		const char *core;
		const char *set_core;	/* the metric set's core, "" for the generic set */
	} rows[] = {
		{ 0x410fd034, "cortex-a53", "" },		/* RK3399's little cores, r0p4 */
		{ 0x410fd083, "cortex-a72", "" },		/* RK3399's big cores, r0p3 */
		{ 0x413fd0c1, "neoverse-n1", "neoverse-n1" },	/* r3p1 */
		{ 0x410fd0c0, "neoverse-n1", "neoverse-n1" },	/* r0p0 */
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct pmukit_core_def *c = pmukit_core_by_midr(rows[i].midr);
		const struct pmukit_metric_set *s = pmukit_metric_set_by_midr(rows[i].midr);
		const char *set_core = s ? pmukit_metric_set_info(s)->core : "(no set)";

		tap_ok(c && !strcmp(c->name, rows[i].core) && !strcmp(set_core, rows[i].set_core),
		       "MIDR 0x%08x: core %s (want %s), metric set of '%s' (want '%s')",
		       rows[i].midr, name_of(c), rows[i].core, set_core, rows[i].set_core);
	}
}

/* A MIDR no table knows: no core, the generic set, and its MIDR where a core's name would be. */
static void test_unknown(void)
{
	static struct pmukit_cores cores;
	const uint32_t midr = 0x410ffff0;	/* Arm, part 0xfff: no such core */
	const struct pmukit_metric_set *s = pmukit_metric_set_by_midr(midr);
	char buf[256];
	unsigned int named;

	tap_ok(!pmukit_core_by_midr(midr), "MIDR 0x%08x resolves to no core", midr);
	tap_ok(!pmukit_core_by_midr(0), "MIDR 0 resolves to no core");
	tap_ok(s && s == pmukit_metric_set_at(0) && !pmukit_metric_set_info(s)->core[0],
	       "MIDR 0x%08x has the generic metric set", midr);

	memset(&cores, 0, sizeof(cores));
	cores.n = 1;
	cores.t[0].midr = midr;
	cores.t[0].core = pmukit_core_by_midr(midr);
	CPU_ZERO(&cores.t[0].cpus);
	CPU_SET(0, &cores.t[0].cpus);
	CPU_SET(1, &cores.t[0].cpus);
	named = pmukit_cores_describe(&cores, NULL, ", ", buf, sizeof(buf));
	tap_ok(named == 1 && !strcmp(buf, "MIDR 0x410ffff0 (cpus 0-1)"),
	       "a core type no table knows is named by its MIDR: '%s'", buf);
}

int main(void)
{
	test_every_core();
	test_known();
	test_unknown();
	return tap_done();
}
