/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * PMU register fields, shared by the kernel module, the user-space library and
 * the firmware library. Values are from the Arm Architecture Reference Manual
 * (ARMv7-A/R: PMUv1/v2; ARMv8/ARMv9-A: PMUv3). Field names are the same for
 * AArch64 and AArch32 where the field exists in both.
 */
#ifndef PMUKIT_PMU_FIELDS_H
#define PMUKIT_PMU_FIELDS_H

#define PMUKIT_BIT(n)		(1UL << (n))

/* PMCR / PMCR_EL0: control */
#define PMUKIT_PMCR_E_BIT		PMUKIT_BIT(0)	/* enable all counters */
#define PMUKIT_PMCR_P_BIT		PMUKIT_BIT(1)	/* reset event counters (write-only) */
#define PMUKIT_PMCR_C_BIT		PMUKIT_BIT(2)	/* reset cycle counter (write-only) */
#define PMUKIT_PMCR_D_BIT		PMUKIT_BIT(3)	/* cycle counter counts every 64th cycle */
#define PMUKIT_PMCR_X_BIT		PMUKIT_BIT(4)	/* export events */
#define PMUKIT_PMCR_DP_BIT		PMUKIT_BIT(5)	/* cycle counter off where counting is prohibited */
#define PMUKIT_PMCR_LC_BIT		PMUKIT_BIT(6)	/* PMUv3: cycle counter overflows at 64 bits */
#define PMUKIT_PMCR_LP_BIT		PMUKIT_BIT(7)	/* PMUv3p5: event counters are 64 bits */
#define PMUKIT_PMCR_N_SHIFT		11
#define PMUKIT_PMCR_N_MASK		0x1fUL		/* number of event counters */
#define PMUKIT_PMCR_IDCODE_SHIFT	16
#define PMUKIT_PMCR_IDCODE_MASK	0xffUL
#define PMUKIT_PMCR_IMP_SHIFT		24
#define PMUKIT_PMCR_IMP_MASK		0xffUL		/* implementer, as MIDR */
#define PMUKIT_PMCR_N(pmcr)		(((pmcr) >> PMUKIT_PMCR_N_SHIFT) & PMUKIT_PMCR_N_MASK)

/* PMUSERENR / PMUSERENR_EL0: what EL0 (user space) may do */
#define PMUKIT_PMUSERENR_EN_BIT	PMUKIT_BIT(0)	/* all PMU registers (program, read) */
#define PMUKIT_PMUSERENR_SW_BIT	PMUKIT_BIT(1)	/* PMUv3: write PMSWINC */
#define PMUKIT_PMUSERENR_CR_BIT	PMUKIT_BIT(2)	/* PMUv3: read the cycle counter */
#define PMUKIT_PMUSERENR_ER_BIT	PMUKIT_BIT(3)	/* PMUv3: read event counters, PMSELR */

/* PMCNTENSET/CLR, PMOVSSET/CLR, PMINTENSET/CLR: bit n = counter n, bit 31 cycles */
#define PMUKIT_CYCLE_COUNTER_BIT	PMUKIT_BIT(31)
#define PMUKIT_CYCLE_COUNTER_IDX	31		/* PMSELR.SEL value selecting PMCCFILTR */
#define PMUKIT_MAX_EVENT_COUNTERS	31

/* PMEVTYPER<n> / PMXEVTYPER / PMCCFILTR: event and filter */
#define PMUKIT_PMEVTYPER_P_BIT		PMUKIT_BIT(31)	/* do not count at EL1 (PL1) */
#define PMUKIT_PMEVTYPER_U_BIT		PMUKIT_BIT(30)	/* do not count at EL0 (PL0) */
#define PMUKIT_PMEVTYPER_NSK_BIT	PMUKIT_BIT(29)	/* Non-secure EL1: counted if NSK == P */
#define PMUKIT_PMEVTYPER_NSU_BIT	PMUKIT_BIT(28)	/* Non-secure EL0: counted if NSU == U */
#define PMUKIT_PMEVTYPER_NSH_BIT	PMUKIT_BIT(27)	/* count at EL2 (HYP) */
#define PMUKIT_PMEVTYPER_M_BIT		PMUKIT_BIT(26)	/* EL3: count if == P */
#define PMUKIT_PMEVTYPER_EVT_MASK_V7	0xffUL		/* ARMv7 PMUv1/v2 event number */
#define PMUKIT_PMEVTYPER_EVT_MASK_V3	0x3ffUL		/* PMUv3 */
#define PMUKIT_PMEVTYPER_EVT_MASK_V3P1	0xffffUL	/* PMUv3p1 and later */

/* MDCR_EL3 (AArch32: SDCR): Secure (EL3) event counting */
#define PMUKIT_MDCR_EL3_SPME_BIT	PMUKIT_BIT(17)	/* allow event counting in Secure state */
#define PMUKIT_MDCR_EL3_SCCD_BIT	PMUKIT_BIT(23)	/* cycle counter prohibited in Secure state */
#define PMUKIT_SDCR_SPME_BIT		PMUKIT_MDCR_EL3_SPME_BIT

/* MDCR_EL2 (AArch32: HDCR): hypervisor's share of the PMU */
#define PMUKIT_MDCR_EL2_HPMN_SHIFT	0
#define PMUKIT_MDCR_EL2_HPMN_MASK	0x1fUL		/* counters [0, HPMN) belong to EL1/EL0 */
#define PMUKIT_MDCR_EL2_TPMCR_BIT	PMUKIT_BIT(5)	/* trap EL1/EL0 PMCR accesses to EL2 */
#define PMUKIT_MDCR_EL2_TPM_BIT	PMUKIT_BIT(6)	/* trap EL1/EL0 PMU accesses to EL2 */
#define PMUKIT_MDCR_EL2_HPME_BIT	PMUKIT_BIT(7)	/* enable counters [HPMN, N) */
#define PMUKIT_MDCR_EL2_HPMD_BIT	PMUKIT_BIT(17)	/* PMUv3p1: counting prohibited at EL2 */
#define PMUKIT_MDCR_EL2_HCCD_BIT	PMUKIT_BIT(23)	/* cycle counter prohibited at EL2 */
#define PMUKIT_HDCR_HPMN_MASK		PMUKIT_MDCR_EL2_HPMN_MASK
#define PMUKIT_HDCR_HPME_BIT		PMUKIT_MDCR_EL2_HPME_BIT
#define PMUKIT_HDCR_HPMD_BIT		PMUKIT_MDCR_EL2_HPMD_BIT

/* ID_AA64DFR0_EL1.PMUVer and ID_DFR0.PerfMon: which PMU architecture */
#define PMUKIT_ID_AA64DFR0_PMUVER_SHIFT 8
#define PMUKIT_ID_AA64PFR0_EL0_MASK	0xfUL		/* 1: AArch64 only at EL0 (PMCR.LC RES1, D RES0) */
#define PMUKIT_ID_DFR0_PERFMON_SHIFT	24
#define PMUKIT_PMUVER_MASK		0xfUL
#define PMUKIT_PMUVER_NONE		0x0
#define PMUKIT_PMUVER_V3		0x1	/* AArch64 encoding; AArch32 PerfMon uses 0x3 */
#define PMUKIT_PMUVER_V3P1		0x4
#define PMUKIT_PMUVER_V3P4		0x5
#define PMUKIT_PMUVER_V3P5		0x6
#define PMUKIT_PMUVER_IMPDEF		0xf
#define PMUKIT_PERFMON_V1		0x1	/* ID_DFR0.PerfMon */
#define PMUKIT_PERFMON_V2		0x2
#define PMUKIT_PERFMON_V3		0x3
#define PMUKIT_PERFMON_V3P1		0x4

/* MIDR / MIDR_EL1 */
#define PMUKIT_MIDR_IMPLEMENTER_SHIFT	24
#define PMUKIT_MIDR_IMPLEMENTER_MASK	0xffUL
#define PMUKIT_MIDR_VARIANT_SHIFT	20
#define PMUKIT_MIDR_VARIANT_MASK	0xfUL
#define PMUKIT_MIDR_PARTNUM_SHIFT	4
#define PMUKIT_MIDR_PARTNUM_MASK	0xfffUL
#define PMUKIT_MIDR_REVISION_MASK	0xfUL

/*
 * Architectural event numbers used by pmukit itself (counting, chaining, the
 * derived metrics): the same as in the generated events/common_armv8.def (a
 * host test checks). Every other event number is in the generated tables,
 * events/<core>.def; firmware gets a core's as PMUKIT_EVT_<NAME> too
 * (fw/include/pmukit_fw_events.h, which takes these names over).
 */
#define PMUKIT_EVT_SW_INCR		0x00
#define PMUKIT_EVT_L1D_CACHE_REFILL	0x03
#define PMUKIT_EVT_L1D_CACHE		0x04
#define PMUKIT_EVT_INST_RETIRED		0x08
#define PMUKIT_EVT_BR_MIS_PRED		0x10
#define PMUKIT_EVT_CPU_CYCLES		0x11
#define PMUKIT_EVT_BR_PRED		0x12
#define PMUKIT_EVT_L2D_CACHE		0x16
#define PMUKIT_EVT_L2D_CACHE_REFILL	0x17
#define PMUKIT_EVT_CHAIN		0x1e	/* PMUv3: counts overflows of counter n - 1 */
#define PMUKIT_EVT_BR_RETIRED		0x21
#define PMUKIT_EVT_BR_MIS_PRED_RETIRED	0x22

#endif /* PMUKIT_PMU_FIELDS_H */
