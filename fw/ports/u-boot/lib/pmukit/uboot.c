/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pmukit in U-Boot: the selection that do_mem_crc() profiles, and the
 * `pmukit` command, which prints the PMU registers the firmware library
 * changes between start and stop, so that a user (and pmukit's tests) can
 * see them back as they were once stop has run.
 */
#include <command.h>
#include <stdio.h>

#include "pmukit_uboot.h"
#ifdef CONFIG_ARM64
#define PMUKIT_FW_CORE_EVENTS "cortex_a53.def"
#define SEL_WORKLOAD PMUKIT_FW_SEL_WORKLOAD
#else
#define PMUKIT_FW_CORE_EVENTS "cortex_a15.def"
#define SEL_WORKLOAD PMUKIT_FW_SEL_WORKLOAD_ARMV7
#endif
#include "pmukit_fw_events.h"
#include "pmukit/sysreg.h"

struct pmukit_fw_event pmukit_uboot_crc32_sel[] = {
	PMUKIT_FW_SEL_CACHE,
	SEL_WORKLOAD,
	PMUKIT_FW_EV_CYCLES,
	PMUKIT_FW_EV_END
};

struct pmukit_fw_passes pmukit_uboot_passes;

static void show(const char *name, unsigned long long v)
{
	printf("%-12s 0x%016llx\n", name, v);
}

static int do_pmukit(struct cmd_tbl *cmdtp, int flag, int argc, char *const argv[])
{
	unsigned int i, n = pmukit_fw_num_counters();
	/* AArch32 reads each event counter through PMSELR: put it back after. */
	pmukit_ureg_t sel = pmukit_read_pmselr();
	char name[16];

	printf("pmukit: %s, PMCR.N %u\n", pmukit_fw_level_name(), n);
	show("PMCR", pmukit_read_pmcr());
	show("PMCNTENSET", pmukit_read_pmcntenset());
	show("PMINTENSET", pmukit_read_pmintenset());
	show("PMOVSSET", pmukit_read_pmovsset());
	show("PMSELR", pmukit_read_pmselr());
	show("PMUSERENR", pmukit_read_pmuserenr());
	show("PMCCFILTR", pmukit_read_pmccfiltr());
	show("PMCCNTR", pmukit_read_pmccntr());
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "PMEVTYPER%u", i);
		show(name, pmukit_read_pmevtyper(i));
		snprintf(name, sizeof(name), "PMEVCNTR%u", i);
		show(name, pmukit_read_pmevcntr(i));
	}
	/* PMSELR.SEL: the counter selected before this command. */
	pmukit_write_pmselr(sel);
#ifdef CONFIG_ARM64
	/* MDCR_EL2 exists to EL2 and EL3 only: at EL1 it would trap. */
	if (pmukit_current_el() >= 2)
		show("MDCR_EL2", pmukit_read_mdcr_el2());
#else
	/* HDCR: in HYP mode only. */
	if ((pmukit_read_cpsr() & CPSR_MODE_MASK) == CPSR_MODE_HYP)
		show("HDCR", pmukit_read_hdcr());
#endif
	return CMD_RET_SUCCESS;
}

U_BOOT_CMD(pmukit, 1, 1, do_pmukit,
	   "print the PMU registers pmukit's firmware library changes and restores",
	   "\n    - PMCR, PMCNTENSET, PMINTENSET, PMOVSSET, PMSELR, PMUSERENR,\n"
	   "      PMCCFILTR, PMCCNTR, each PMEVTYPER<n> and PMEVCNTR<n>, and MDCR_EL2\n"
	   "      at EL2 (HDCR in HYP)"
);
