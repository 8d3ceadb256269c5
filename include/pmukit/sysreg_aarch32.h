/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * ARMv7-A and ARMv8 AArch32 coprocessor-register accessors for the PMU and its
 * neighbours, generated from coprocessor tuples by one macro family:
 * pmukit_read_<reg>() and pmukit_write_<reg>(v), their _sync and, in user
 * space, _guarded forms (sysreg_gen.h), named as in sysreg_aarch64.h.
 * Usable in the kernel, in user space (PL0 access depends on PMUSERENR) and in
 * freestanding firmware.
 */
#ifndef PMUKIT_SYSREG_AARCH32_H
#define PMUKIT_SYSREG_AARCH32_H

#include "sysreg_gen.h"
#include "pmu_fields.h"
#include "pmu_id.h"

/* Coprocessor tuples: coproc, opc1, CRn, CRm, opc2 (64-bit: coproc, opc1, CRm). */
#define PMCR_CP15		p15, 0, c9, c12, 0
#define PMCNTENSET_CP15		p15, 0, c9, c12, 1
#define PMCNTENCLR_CP15		p15, 0, c9, c12, 2
#define PMOVSCLR_CP15		p15, 0, c9, c12, 3	/* PMOVSR */
#define PMSWINC_CP15		p15, 0, c9, c12, 4
#define PMSELR_CP15		p15, 0, c9, c12, 5
#define PMCEID0_CP15		p15, 0, c9, c12, 6	/* UNDEFINED before PMUv3 in QEMU */
#define PMCEID1_CP15		p15, 0, c9, c12, 7
#define PMCCNTR_CP15		p15, 0, c9, c13, 0
#define PMXEVTYPER_CP15		p15, 0, c9, c13, 1
#define PMXEVCNTR_CP15		p15, 0, c9, c13, 2
#define PMUSERENR_CP15		p15, 0, c9, c14, 0
#define PMINTENSET_CP15		p15, 0, c9, c14, 1
#define PMINTENCLR_CP15		p15, 0, c9, c14, 2
#define PMOVSSET_CP15		p15, 0, c9, c14, 3
#define PMCCFILTR_CP15		p15, 0, c14, c15, 7	/* PMUv3 only */
#define HDCR_CP15		p15, 4, c1, c1, 1	/* MDCR_EL2 */
#define SDCR_CP15		p15, 0, c1, c3, 1	/* MDCR_EL3, ARMv8 only */
#define SCR_CP15		p15, 0, c1, c1, 0
#define MIDR_CP15		p15, 0, c0, c0, 0
#define MPIDR_CP15		p15, 0, c0, c0, 5
#define ID_DFR0_CP15		p15, 0, c0, c1, 2
#define ID_PFR1_CP15		p15, 0, c0, c1, 1
#define CNTFRQ_CP15		p15, 0, c14, c0, 0
#define PMCCNTR64_CP15		p15, 0, c9		/* PMUv3 only */
#define CNTVCT64_CP15		p15, 1, c14

/* The instruction text of an access to the register with tuple @cp... */
#define PMUKIT_MRC_INSN_(cp, o1, crn, crm, o2)					\
	"mrc\t" #cp ", " #o1 ", %0, " #crn ", " #crm ", " #o2
#define PMUKIT_MCR_INSN_(cp, o1, crn, crm, o2)					\
	"mcr\t" #cp ", " #o1 ", %0, " #crn ", " #crm ", " #o2
#define PMUKIT_MRRC_INSN_(cp, o1, crm)	"mrrc\t" #cp ", " #o1 ", %Q0, %R0, " #crm
/* The tuple macros expand into separate arguments through one more level. */
#define PMUKIT_MRC_INSN(...)	PMUKIT_MRC_INSN_(__VA_ARGS__)
#define PMUKIT_MCR_INSN(...)	PMUKIT_MCR_INSN_(__VA_ARGS__)
#define PMUKIT_MRRC_INSN(...)	PMUKIT_MRRC_INSN_(__VA_ARGS__)
#define PMUKIT_BNE		"bne"

/* One line per register: accessor name, tuple (sysreg_gen.h). */
#define PMUKIT_DEFINE_COPROCR_READ(name, ...)					\
	PMUKIT_SR_READ_(name, pmukit_ureg_t, PMUKIT_MRC_INSN(__VA_ARGS__))
#define PMUKIT_DEFINE_COPROCR_WRITE(name, ...)					\
	PMUKIT_SR_WRITE_(name, pmukit_ureg_t, PMUKIT_MCR_INSN(__VA_ARGS__))
#define PMUKIT_DEFINE_COPROCR_RW(name, ...)					\
	PMUKIT_DEFINE_COPROCR_READ(name, __VA_ARGS__)				\
	PMUKIT_DEFINE_COPROCR_WRITE(name, __VA_ARGS__)
#define PMUKIT_DEFINE_COPROCR64_READ(name, ...)					\
	PMUKIT_SR_READ_(name, uint64_t, PMUKIT_MRRC_INSN(__VA_ARGS__))

PMUKIT_DEFINE_COPROCR_RW(pmcr, PMCR_CP15)
PMUKIT_DEFINE_COPROCR_RW(pmcntenset, PMCNTENSET_CP15)
PMUKIT_DEFINE_COPROCR_RW(pmcntenclr, PMCNTENCLR_CP15)
PMUKIT_DEFINE_COPROCR_RW(pmovsset, PMOVSSET_CP15)
PMUKIT_DEFINE_COPROCR_RW(pmovsclr, PMOVSCLR_CP15)
PMUKIT_DEFINE_COPROCR_WRITE(pmswinc, PMSWINC_CP15)
PMUKIT_DEFINE_COPROCR_RW(pmselr, PMSELR_CP15)
PMUKIT_DEFINE_COPROCR_READ(pmceid0, PMCEID0_CP15)
PMUKIT_DEFINE_COPROCR_READ(pmceid1, PMCEID1_CP15)
PMUKIT_DEFINE_COPROCR_RW(pmxevtyper, PMXEVTYPER_CP15)
PMUKIT_DEFINE_COPROCR_RW(pmxevcntr, PMXEVCNTR_CP15)
PMUKIT_DEFINE_COPROCR_RW(pmuserenr, PMUSERENR_CP15)
PMUKIT_DEFINE_COPROCR_RW(pmintenset, PMINTENSET_CP15)
PMUKIT_DEFINE_COPROCR_RW(pmintenclr, PMINTENCLR_CP15)
PMUKIT_DEFINE_COPROCR_RW(pmccfiltr, PMCCFILTR_CP15)
PMUKIT_DEFINE_COPROCR_RW(hdcr, HDCR_CP15)
PMUKIT_DEFINE_COPROCR_RW(sdcr, SDCR_CP15)
PMUKIT_DEFINE_COPROCR_RW(scr, SCR_CP15)
PMUKIT_DEFINE_COPROCR_READ(midr, MIDR_CP15)
PMUKIT_DEFINE_COPROCR_READ(mpidr, MPIDR_CP15)
PMUKIT_DEFINE_COPROCR_READ(id_dfr0, ID_DFR0_CP15)
PMUKIT_DEFINE_COPROCR_READ(id_pfr1, ID_PFR1_CP15)
PMUKIT_DEFINE_COPROCR_READ(cntfrq, CNTFRQ_CP15)
PMUKIT_DEFINE_COPROCR64_READ(cntvct, CNTVCT64_CP15)
/* The 32-bit cycle counter, available on every ARMv7/AArch32 PMU. */
PMUKIT_DEFINE_COPROCR_RW(pmccntr32, PMCCNTR_CP15)
/* 64-bit cycle counter read: PMUv3 only, UNDEFINED on PMUv2 and in QEMU 7.2. */
PMUKIT_DEFINE_COPROCR64_READ(pmccntr64, PMCCNTR64_CP15)

/* The loops of b2b.h: 32-bit reads with 4-byte stores, mrrc with 8-byte ones. */
#define PMUKIT_B2B_PMCCNTR_ASM							\
	PMUKIT_B2B_ASM(PMUKIT_MRC_INSN(PMCCNTR_CP15), "str\t%0, [%1], #4")
#define PMUKIT_B2B_PMCCNTR64_ASM						\
	PMUKIT_B2B_ASM(PMUKIT_MRRC_INSN(PMCCNTR64_CP15), "strd\t%Q0, %R0, [%1], #8")
#define PMUKIT_B2B_PMXEVCNTR_ASM						\
	PMUKIT_B2B_ASM(PMUKIT_MRC_INSN(PMXEVCNTR_CP15), "str\t%0, [%1], #4")

/* Generic name: the 32-bit read; callers that need 64 bits probe pmccntr64. */
static inline uint64_t pmukit_read_pmccntr(void)
{
	return pmukit_read_pmccntr32();
}

static inline void pmukit_write_pmccntr(uint64_t v)
{
	pmukit_write_pmccntr32((uint32_t)v);
}

static inline void pmukit_isb(void)
{
	__asm__ volatile(PMUKIT_ISB : : : "memory");
}

/*
 * Event counter n through the selection register: the one form that exists on
 * ARMv7 PMUv1/v2 and ARMv8 AArch32 alike. Changes PMSELR. The guarded forms
 * (and pmukit_select_<reg>_guarded(), the selection alone) return -EINVAL
 * for @idx above 30 (31 selects PMCCFILTR, which has its own accessors).
 */
#define PMUKIT_DEFINE_EVREG_INDEXED_PLAIN_(reg, xreg)				\
static inline pmukit_ureg_t pmukit_read_##reg(unsigned int idx)			\
{										\
	pmukit_write_pmselr(idx);	/* PMSELR.SEL: counter to access */	\
	pmukit_isb();								\
	return pmukit_read_##xreg();						\
}										\
static inline void pmukit_write_##reg(unsigned int idx, pmukit_ureg_t v)	\
{										\
	pmukit_write_pmselr(idx);	/* PMSELR.SEL: counter to access */	\
	pmukit_isb();								\
	pmukit_write_##xreg(v);							\
}

#if PMUKIT_SYSREG_GUARDED
#define PMUKIT_DEFINE_EVREG_INDEXED_GUARDED_(reg, xreg)				\
static inline int pmukit_select_##reg##_guarded(unsigned int idx)		\
{										\
	if (idx >= PMUKIT_EVREG_COUNT)						\
		return -EINVAL;							\
	/* PMSELR.SEL: counter to access; the isb makes it take effect. */	\
	if (pmukit_write_pmselr_guarded(idx))					\
		return -EACCES;							\
	pmukit_isb();								\
	return 0;								\
}										\
static inline int pmukit_read_##reg##_guarded(unsigned int idx, pmukit_ureg_t *out) \
{										\
	int ret = pmukit_select_##reg##_guarded(idx);				\
										\
	return ret ? ret : pmukit_read_##xreg##_guarded(out);			\
}										\
/* The select's isb is the synchronisation. */				\
static inline int pmukit_read_##reg##_sync_guarded(unsigned int idx, pmukit_ureg_t *out) \
{										\
	return pmukit_read_##reg##_guarded(idx, out);				\
}										\
static inline int pmukit_write_##reg##_guarded(unsigned int idx, pmukit_ureg_t v) \
{										\
	int ret = pmukit_select_##reg##_guarded(idx);				\
										\
	return ret ? ret : pmukit_write_##xreg##_guarded(v);			\
}
#else
#define PMUKIT_DEFINE_EVREG_INDEXED_GUARDED_(reg, xreg)
#endif

#define PMUKIT_DEFINE_EVREG_INDEXED(reg, xreg)					\
	PMUKIT_DEFINE_EVREG_INDEXED_PLAIN_(reg, xreg)				\
	PMUKIT_DEFINE_EVREG_INDEXED_GUARDED_(reg, xreg)

PMUKIT_DEFINE_EVREG_INDEXED(pmevcntr, pmxevcntr)
PMUKIT_DEFINE_EVREG_INDEXED(pmevtyper, pmxevtyper)

/* CPSR.M: the processor mode (0x10 usr, 0x13 svc, 0x16 mon, 0x1a hyp). */
#define CPSR_MODE_MASK	0x1fUL
#define CPSR_MODE_USR	0x10
#define CPSR_MODE_SVC	0x13
#define CPSR_MODE_MON	0x16
#define CPSR_MODE_HYP	0x1a

static inline pmukit_ureg_t pmukit_read_cpsr(void)
{
	pmukit_ureg_t v;

	__asm__ volatile("mrs %0, cpsr" : "=r"(v));
	return v;
}

/*
 * The PMU architecture version (PERFMON_*, 0 none): ID_DFR0.PerfMon, or what
 * the MIDR implies where PerfMon reads 0 (pmu_id.h). PL1 and up.
 */
static inline unsigned int pmukit_pmu_version(void)
{
	return pmukit_aarch32_perfmon((uint32_t)pmukit_read_midr(),
				      (uint32_t)pmukit_read_id_dfr0());
}

/* Has PMXEVTYPER the P/U level filter on this core (pmu_id.h)? PL1 and up. */
static inline int pmukit_pmu_level_filter(void)
{
	return pmukit_aarch32_level_filter(pmukit_pmu_version(),
					   (uint32_t)pmukit_read_midr(),
					   (uint32_t)pmukit_read_id_pfr1());
}

#endif /* PMUKIT_SYSREG_AARCH32_H */
