/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * AArch64 exception level rules (Arm ARM D13 "The Performance Monitors
 * Extension", "Counting prohibited"; PMEVTYPER<n>_EL0 filtering):
 *
 *  EL3   event counters count in Secure state only with MDCR_EL3.SPME = 1;
 *        PMEVTYPER.M selects EL3 when it equals P, but only while EL1 is
 *        AArch64 (SCR_EL3.RW = 1).
 *  EL2   counting at EL2 needs PMEVTYPER.NSH; counters [MDCR_EL2.HPMN, N)
 *        belong to EL2 and are enabled by MDCR_EL2.HPME, not PMCR.E;
 *        MDCR_EL2.HPMD (PMUv3p1) prohibits counting at EL2.
 *  EL1   PMEVTYPER.P (and NSK in Non-secure state) filter EL1.
 */
#include "pmu_fw_internal.h"

/* Fields this file needs beyond pmu_fields.h. */
#define SCR_EL3_RW_BIT		PMUKIT_BIT(10)	/* EL2 (or EL1) is AArch64 */
#define MDCR_EL3_MCCD_BIT	(1ULL << 34)	/* PMUv3p7: cycle counter prohibited at EL3 */
#define PMUVER_V3P7		0x7

int pmukit_fw_arch_init(struct pmukit_fw_state *s)
{
	unsigned int el = pmukit_current_el();
	unsigned int ver;

	if (el == 0)
		return PMUKIT_FW_EPERM;
	ver = pmukit_pmu_version();
	if (ver == PMUKIT_PMUVER_NONE || ver == PMUKIT_PMUVER_IMPDEF)
		return PMUKIT_FW_ENODEV;
	s->el = el;
	s->pmu_version = ver;
	s->evt_mask = ver >= PMUKIT_PMUVER_V3P1 ? PMUKIT_PMEVTYPER_EVT_MASK_V3P1 : PMUKIT_PMEVTYPER_EVT_MASK_V3;
	/* 64-bit event counters from PMUv3p5 (PMCR.LP); the cycle counter always (PMCR.LC). */
	s->ev_64bit = ver >= PMUKIT_PMUVER_V3P5;
	s->cc_64bit = 1;
	s->pmcr_set = PMUKIT_PMCR_LC_BIT | (s->ev_64bit ? PMUKIT_PMCR_LP_BIT : 0);

	switch (el) {
	case 3:
		s->level_name = "EL3 (Secure)";
		if (pmukit_read_scr_el3() & SCR_EL3_RW_BIT)
			/*
			 * M == P: count at EL3; P: not at Secure EL1; U: not at
			 * Secure EL0; NSK != P, NSU != U: not at Non-secure
			 * EL1/EL0; NSH clear: not at EL2.
			 */
			s->filter = PMUKIT_PMEVTYPER_P_BIT | PMUKIT_PMEVTYPER_U_BIT | PMUKIT_PMEVTYPER_M_BIT;
		else
			/*
			 * EL1 is AArch32, M is not used: EL3 counts when P is
			 * clear (so does Secure EL1, which cannot run inside
			 * an EL3 region); NSK != P: not at Non-secure EL1;
			 * U, NSU != U: not at EL0; NSH clear: not at EL2.
			 */
			s->filter = PMUKIT_PMEVTYPER_U_BIT | PMUKIT_PMEVTYPER_NSK_BIT;
		break;
	case 2:
		s->level_name = "EL2";
		/*
		 * NSH: count at EL2; P, U: not at EL1/EL0, and NSK != P, NSU != U
		 * keep Non-secure EL1/EL0 out; M != P: not at EL3.
		 */
		s->filter = PMUKIT_PMEVTYPER_P_BIT | PMUKIT_PMEVTYPER_U_BIT | PMUKIT_PMEVTYPER_NSH_BIT;
		break;
	default:
		s->level_name = "EL1";
		/*
		 * P clear and NSK == P: count at EL1 (Secure and Non-secure);
		 * U, NSU != U: not at EL0; NSH clear: not at EL2; M != P: not at EL3.
		 */
		s->filter = PMUKIT_PMEVTYPER_U_BIT | PMUKIT_PMEVTYPER_M_BIT;
		break;
	}
	return 0;
}

int pmukit_fw_arch_read_mdcr(const struct pmukit_fw_state *s, uint64_t *v)
{
	if (s->el == 3)
		*v = pmukit_read_mdcr_el3();
	else if (s->el == 2)
		*v = pmukit_read_mdcr_el2();
	return s->el >= 2 ? 0 : -1;	/* EL1 has no such register */
}

/*
 * Restoring what read_mdcr() found: MDCR_EL3 with SPME as found (TF-A
 * clears it after boot); MDCR_EL2 with HPMN/HPME as found (the OS's
 * partition).
 */
void pmukit_fw_arch_write_mdcr(const struct pmukit_fw_state *s, uint64_t v)
{
	if (s->el == 3)
		pmukit_write_mdcr_el3(v);
	else if (s->el == 2)
		pmukit_write_mdcr_el2(v);
}

void pmukit_fw_arch_allow(struct pmukit_fw_state *s)
{
	uint64_t mdcr = s->saved.mdcr;

	if (s->el == 3) {
		mdcr |= PMUKIT_MDCR_EL3_SPME_BIT;
		if (s->pmu_version >= PMUKIT_PMUVER_V3P5)
			mdcr &= ~PMUKIT_MDCR_EL3_SCCD_BIT;
		if (s->pmu_version >= PMUVER_V3P7)
			mdcr &= ~MDCR_EL3_MCCD_BIT;
		/*
		 * MDCR_EL3.SPME: set so that event counters count in Secure
		 * state, where EL3 runs; SCCD (PMUv3p5) and MCCD (PMUv3p7):
		 * clear so that the cycle counter counts at EL3. Other bits
		 * (trap and debug controls) are kept.
		 */
		pmukit_write_mdcr_el3(mdcr);
	} else if (s->el == 2) {
		mdcr &= ~PMUKIT_MDCR_EL2_HPMN_MASK;
		mdcr |= s->n;
		if (s->pmu_version >= PMUKIT_PMUVER_V3P1)
			mdcr &= ~PMUKIT_MDCR_EL2_HPMD_BIT;
		if (s->pmu_version >= PMUKIT_PMUVER_V3P5)
			mdcr &= ~PMUKIT_MDCR_EL2_HCCD_BIT;
		/*
		 * MDCR_EL2.HPMN = PMCR.N: every counter in the first range, so
		 * that all are enabled by PMCR.E and sized by PMCR.LP alike (a
		 * hypervisor's range [HPMN, N) would need HPME and follow HLP);
		 * HPME is kept, no counter is left in its range. HPMD (PMUv3p1)
		 * and HCCD (PMUv3p5): clear, so that events and cycles are
		 * counted at EL2. Trap bits are kept.
		 */
		pmukit_write_mdcr_el2(mdcr);
	}
	pmukit_isb();
}

int pmukit_fw_arch_prohibited(struct pmukit_fw_state *s)
{
	if (s->el == 3)
		pmukit_fw_print("pmukit: WARNING: event counters do not count at EL3:"
				" Secure state counting needs MDCR_EL3.SPME\n");
	else if (s->el == 2)
		pmukit_fw_print("pmukit: WARNING: event counters do not count at EL2"
				" (MDCR_EL2.HPMD or Secure EL2 without MDCR_EL3.SPME)\n");
	else
		pmukit_fw_print("pmukit: WARNING: event counters do not count at EL1:"
				" Secure EL1 needs MDCR_EL3.SPME set by EL3 firmware\n");
	return 0;
}

pmukit_ureg_t pmukit_fw_arch_read_ccfiltr(const struct pmukit_fw_state *s)
{
	(void)s;
	return pmukit_read_pmccfiltr();
}

void pmukit_fw_arch_write_ccfiltr(const struct pmukit_fw_state *s, pmukit_ureg_t v)
{
	(void)s;
	/* PMCCFILTR_EL0: the filter bits (P, U, NSK, NSU, NSH, M) of the caller. */
	pmukit_write_pmccfiltr(v);
}
