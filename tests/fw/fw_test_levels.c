/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The test firmware's scenarios of each level's own controls, without the
 * library (EL3's MDCR_EL3.SPME, EL2's NSH, HPMN and HPME, EL1's P filter),
 * and at EL3 the library's filter with SCR_EL3.RW set.
 */
#include "fw_test.h"

/* EL3: event counters and MDCR_EL3.SPME, without the library. */
void scenario_el3_raw(void)
{
	/* Filter: EL3 with P clear (SCR_EL3.RW is 0 at reset, M unused). */
	pmukit_ureg_t type = PMUKIT_PMEVTYPER_U_BIT | PMUKIT_PMEVTYPER_NSK_BIT | PMUKIT_EVT_INST_RETIRED;
	uint64_t off, on;

	pmu_clean();
	mdcr_write(boot_mdcr & ~(uint64_t)PMUKIT_MDCR_EL3_SPME_BIT);
	off = raw_count(0, type, 100);
	mdcr_write(boot_mdcr | PMUKIT_MDCR_EL3_SPME_BIT);
	on = raw_count(0, type, 100);
	pmu_clean();
	t_begin("el3-raw");
	t_x("boot_mdcr", boot_mdcr);
	t_u("spme0", off);
	t_u("spme1", on);
	t_end();
}

/* EL2 / HYP: NSH, HPMN and HPME, without and then with the library. */
void scenario_el2(void)
{
	struct pmukit_fw_event ev[] = {
		PMUKIT_FW_EV("INST_RETIRED_0", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV("INST_RETIRED_1", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV("INST_RETIRED_2", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV("INST_RETIRED_3", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV_CYCLES,
		PMUKIT_FW_EV_END
	};
	uint64_t part = (boot_mdcr & ~(uint64_t)(PMUKIT_MDCR_EL2_HPMN_MASK | PMUKIT_MDCR_EL2_HPME_BIT)) | 2;
	pmukit_ureg_t f = PMUKIT_PMEVTYPER_P_BIT | PMUKIT_PMEVTYPER_U_BIT;
	uint64_t nonsh, nsh, hpme0, hpme1, mdcr_after;
	int rc;

	pmu_clean();
	nonsh = raw_count(0, f | PMUKIT_EVT_INST_RETIRED, 100);
	nsh = raw_count(0, f | PMUKIT_PMEVTYPER_NSH_BIT | PMUKIT_EVT_INST_RETIRED, 100);
	/* HPMN = 2: counter 3 belongs to EL2 and is enabled by HPME only. */
	mdcr_write(part);
	hpme0 = raw_count(3, f | PMUKIT_PMEVTYPER_NSH_BIT | PMUKIT_EVT_INST_RETIRED, 100);
	mdcr_write(part | PMUKIT_MDCR_EL2_HPME_BIT);
	hpme1 = raw_count(3, f | PMUKIT_PMEVTYPER_NSH_BIT | PMUKIT_EVT_INST_RETIRED, 100);

	/* The library, from that partition with HPME clear. */
	pmu_clean();
	mdcr_write(part);
	rc = test_region(ev, 1000);
	mdcr_after = mdcr_read();
	t_begin("el2");
	t_x("boot_mdcr", boot_mdcr);
	t_u("nonsh", nonsh);
	t_u("nsh", nsh);
	t_u("hpme0", hpme0);
	t_u("hpme1", hpme1);
	t_s("rc", rc);
	t_u("lib0", delta_of(&ev[0]));
	t_u("lib1", delta_of(&ev[1]));
	t_u("lib2", delta_of(&ev[2]));
	t_u("lib3", delta_of(&ev[3]));
	t_u("cycles", delta_of(&ev[4]));
	t_x("mdcr_before", part);
	t_x("mdcr_after", mdcr_after);
	t_end();
	pmu_clean();
}

/* EL1 / SVC: the P filter, without the library. */
void scenario_el1_raw(void)
{
	uint64_t p1, p0;

	pmu_clean();
	p1 = raw_count(0, PMUKIT_PMEVTYPER_P_BIT | PMUKIT_PMEVTYPER_U_BIT | PMUKIT_EVT_INST_RETIRED, 100);
	p0 = raw_count(0, PMUKIT_PMEVTYPER_U_BIT | PMUKIT_EVT_INST_RETIRED, 100);
	pmu_clean();
	t_begin("el1-raw");
	t_u("p1", p1);
	t_u("p0", p0);
	t_end();
}

#if defined(__aarch64__)
#define SCR_EL3_RW	(1UL << 10)
/* EL3 with SCR_EL3.RW = 1: the library's filter uses PMEVTYPER.M. */
void scenario_el3_rw1(void)
{
	pmukit_ureg_t scr = pmukit_read_scr_el3();

	pmukit_write_scr_el3(scr | SCR_EL3_RW);	/* SCR_EL3.RW: lower levels AArch64 */
	pmukit_isb();
	scenario_exact("exact-rw1", 1000);
	pmukit_write_scr_el3(scr);		/* SCR_EL3: as found */
	pmukit_isb();
}
#endif
