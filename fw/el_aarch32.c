/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ARMv7-A and ARMv8 AArch32 rules, by processor mode:
 *
 *  HYP   (EL2) counting in Hyp mode needs PMXEVTYPER.NSH; counters
 *        [HDCR.HPMN, N) belong to Hyp mode and are enabled by HDCR.HPME.
 *  MON   (Secure, EL3) ARMv8 needs SDCR.SPME for Secure event counting;
 *        ARMv7 has no SDCR: Secure counting depends on the SPNIDEN input.
 *  SVC and the other PL1 modes: Non-secure PL1 counts with P clear (and NSK
 *        equal to P); Secure PL1 is like MON. From a PL1 mode the security
 *        state cannot be read (SCR is Secure-only), so the library tries: if a
 *        software increment does not count here, this is Secure PL1 where
 *        counting is prohibited, and it says so. The cycle counter still
 *        counts (PMCR.DP clear).
 *
 * The cycle counter is read with the 32-bit MRC (the 64-bit MRRC is PMUv3
 * only), so PMCR.LC stays clear: an overflow of the low 32 bits is flagged in
 * PMOVSR and reported instead of a wrong delta.
 */
#include "pmu_fw_internal.h"

#define CPSR_MODE_SYS	0x1f

int pmukit_fw_arch_init(struct pmukit_fw_state *s)
{
	unsigned int mode = (unsigned int)pmukit_read_cpsr() & CPSR_MODE_MASK;
	unsigned int ver;

	if (mode == CPSR_MODE_USR)
		return PMUKIT_FW_EPERM;
	ver = pmukit_pmu_version();	/* pmu_id.h: ID_DFR0, or the MIDR (Cortex-A8/A9) */
	if (ver == 0 || ver == PMUKIT_PMUVER_IMPDEF)
		return PMUKIT_FW_ENODEV;
	s->pmu_version = ver;
	s->evt_mask = ver >= PMUKIT_PERFMON_V3P1 ? PMUKIT_PMEVTYPER_EVT_MASK_V3P1 :
		      ver >= PMUKIT_PERFMON_V3 ? PMUKIT_PMEVTYPER_EVT_MASK_V3 : PMUKIT_PMEVTYPER_EVT_MASK_V7;
	s->ev_64bit = 0;
	s->cc_64bit = 0;
	s->pmcr_set = 0;

	switch (mode) {
	case CPSR_MODE_HYP:
		s->el = 2;
		s->level_name = "HYP";
		/* NSH: count in Hyp mode; P, U with NSK != P, NSU != U: not at PL1/PL0. */
		s->filter = PMUKIT_PMEVTYPER_P_BIT | PMUKIT_PMEVTYPER_U_BIT | PMUKIT_PMEVTYPER_NSH_BIT;
		break;
	case CPSR_MODE_MON:
		s->el = 3;
		s->level_name = "MON (Secure)";
		/* P clear: count at Secure PL1 (EL3 here); U: not at PL0. */
		s->filter = PMUKIT_PMEVTYPER_U_BIT;
		break;
	default:
		s->el = 1;
		s->level_name = mode == CPSR_MODE_SVC ? "SVC" :
				mode == CPSR_MODE_SYS ? "SYS" : "PL1";
		/*
		 * P clear with NSK == P: count at PL1 in either security state;
		 * U, NSU != U: not at PL0; NSH clear: not in Hyp mode.
		 */
		s->filter = PMUKIT_PMEVTYPER_U_BIT;
		break;
	}
	/*
	 * ARMv7 without the Virtualization Extensions (Cortex-A5/A8/A9):
	 * PMXEVTYPER has no filter bits, every level counts (pmu_id.h).
	 */
	if (!pmukit_pmu_level_filter())
		s->filter = 0;
	return 0;
}

/* HDCR in Hyp mode; SDCR in Monitor mode, ARMv8 only; none at PL1. */
int pmukit_fw_arch_read_mdcr(const struct pmukit_fw_state *s, uint64_t *v)
{
	if (s->el == 2)
		*v = pmukit_read_hdcr();
	else if (s->el == 3 && s->pmu_version >= PMUKIT_PERFMON_V3)
		*v = pmukit_read_sdcr();
	else
		return -1;
	return 0;
}

/* Restoring what read_mdcr() found: HDCR with HPMN/HPME (the guest's partition), SDCR with SPME. */
void pmukit_fw_arch_write_mdcr(const struct pmukit_fw_state *s, uint64_t v)
{
	if (s->el == 2)
		pmukit_write_hdcr((pmukit_ureg_t)v);
	else
		pmukit_write_sdcr((pmukit_ureg_t)v);
}

void pmukit_fw_arch_allow(struct pmukit_fw_state *s)
{
	pmukit_ureg_t v = (pmukit_ureg_t)s->saved.mdcr;

	if (!s->saved.mdcr_saved)
		return;
	if (s->el == 2) {
		v &= ~PMUKIT_HDCR_HPMN_MASK;
		v |= s->n;
		if (s->pmu_version >= PMUKIT_PERFMON_V3P1)
			v &= ~PMUKIT_HDCR_HPMD_BIT;
		/*
		 * HDCR.HPMN = PMCR.N: every counter in the first range, enabled
		 * by PMCR.E (a hypervisor's range [HPMN, N) would need HPME);
		 * HPME is kept, no counter is left in its range. HPMD (PMUv3p1):
		 * clear, so that Hyp mode counts. Trap bits are kept.
		 */
		pmukit_write_hdcr(v);
	} else {
		/* SDCR.SPME: set so that event counters count in Secure state. */
		pmukit_write_sdcr(v | PMUKIT_SDCR_SPME_BIT);
	}
	pmukit_isb();
}

int pmukit_fw_arch_prohibited(struct pmukit_fw_state *s)
{
	if (s->el == 2) {
		pmukit_fw_print("pmukit: WARNING: event counters do not count in Hyp mode"
				" (HDCR.HPMD set, or the Secure state rules)\n");
		return 0;
	}
	if (s->el == 1) {
		/* Non-secure PL1 always counts: this is Secure PL1. */
		s->el = 3;
		s->level_name = ((unsigned int)pmukit_read_cpsr() & CPSR_MODE_MASK) == CPSR_MODE_SVC ?
				"SVC (Secure)" : "PL1 (Secure)";
	}
	if (s->pmu_version < PMUKIT_PERFMON_V3)
		pmukit_fw_print("pmukit: WARNING: Secure PL1 on ARMv7 cannot count events"
				" (no SDCR; the SPNIDEN input is low): only CYCLES counts\n");
	else
		pmukit_fw_print("pmukit: WARNING: Secure event counting needs SDCR.SPME,"
				" set from Monitor mode: only CYCLES counts\n");
	return 0;
}

pmukit_ureg_t pmukit_fw_arch_read_ccfiltr(const struct pmukit_fw_state *s)
{
	/* PMUv1 has no cycle counter filter; from PMUv2 PMSELR.SEL = 31 reaches it. */
	if (s->pmu_version < PMUKIT_PERFMON_V2)
		return 0;
	return pmukit_read_pmevtyper(PMUKIT_CYCLE_COUNTER_IDX);
}

void pmukit_fw_arch_write_ccfiltr(const struct pmukit_fw_state *s, pmukit_ureg_t v)
{
	if (s->pmu_version < PMUKIT_PERFMON_V2)
		return;
	/* PMCCFILTR (PMXEVTYPER with PMSELR.SEL = 31): P, U, NSK, NSU, NSH filter bits. */
	pmukit_write_pmevtyper(PMUKIT_CYCLE_COUNTER_IDX, v & ~(pmukit_ureg_t)PMUKIT_PMEVTYPER_EVT_MASK_V3P1);
}
