/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * AArch64 system-register accessors for the PMU and its neighbours, generated
 * by one macro family (sysreg_gen.h) from one line per register:
 * pmukit_read_<reg>() and pmukit_write_<reg>(v), their _sync and, in user
 * space, _guarded forms, named as in sysreg_aarch32.h so code can be shared
 * across the two ISAs.
 * Usable in the kernel, in user space (EL0 access depends on PMUSERENR_EL0)
 * and in freestanding firmware.
 */
#ifndef PMUKIT_SYSREG_AARCH64_H
#define PMUKIT_SYSREG_AARCH64_H

#include "sysreg_gen.h"
#include "pmu_fields.h"

/* The instruction text of an access to the register named @reg. */
#define PMUKIT_MRS_INSN(reg)	"mrs\t%0, " #reg
#define PMUKIT_MSR_INSN(reg)	"msr\t" #reg ", %0"
#define PMUKIT_BNE		"b.ne"

/* One line per register: accessor name, architectural name (sysreg_gen.h). */
#define PMUKIT_DEFINE_SYSREG_READ(name, reg)					\
	PMUKIT_SR_READ_(name, pmukit_ureg_t, PMUKIT_MRS_INSN(reg))
#define PMUKIT_DEFINE_SYSREG_WRITE(name, reg)					\
	PMUKIT_SR_WRITE_(name, pmukit_ureg_t, PMUKIT_MSR_INSN(reg))
#define PMUKIT_DEFINE_SYSREG_RW(name, reg)					\
	PMUKIT_DEFINE_SYSREG_READ(name, reg)					\
	PMUKIT_DEFINE_SYSREG_WRITE(name, reg)

PMUKIT_DEFINE_SYSREG_RW(pmcr, pmcr_el0)
PMUKIT_DEFINE_SYSREG_RW(pmcntenset, pmcntenset_el0)
PMUKIT_DEFINE_SYSREG_RW(pmcntenclr, pmcntenclr_el0)
PMUKIT_DEFINE_SYSREG_RW(pmovsset, pmovsset_el0)
PMUKIT_DEFINE_SYSREG_RW(pmovsclr, pmovsclr_el0)
PMUKIT_DEFINE_SYSREG_WRITE(pmswinc, pmswinc_el0)
PMUKIT_DEFINE_SYSREG_RW(pmselr, pmselr_el0)
PMUKIT_DEFINE_SYSREG_READ(pmceid0, pmceid0_el0)
PMUKIT_DEFINE_SYSREG_READ(pmceid1, pmceid1_el0)
PMUKIT_DEFINE_SYSREG_RW(pmxevtyper, pmxevtyper_el0)
PMUKIT_DEFINE_SYSREG_RW(pmxevcntr, pmxevcntr_el0)
PMUKIT_DEFINE_SYSREG_RW(pmuserenr, pmuserenr_el0)
PMUKIT_DEFINE_SYSREG_RW(pmintenset, pmintenset_el1)
PMUKIT_DEFINE_SYSREG_RW(pmintenclr, pmintenclr_el1)
PMUKIT_DEFINE_SYSREG_RW(pmccfiltr, pmccfiltr_el0)
/* The cycle counter is 64 bits wide on AArch64 (overflow at 32 unless PMCR.LC). */
PMUKIT_DEFINE_SYSREG_RW(pmccntr, pmccntr_el0)
PMUKIT_DEFINE_SYSREG_RW(mdcr_el2, mdcr_el2)
PMUKIT_DEFINE_SYSREG_RW(mdcr_el3, mdcr_el3)
PMUKIT_DEFINE_SYSREG_RW(scr_el3, scr_el3)
PMUKIT_DEFINE_SYSREG_READ(midr, midr_el1)
PMUKIT_DEFINE_SYSREG_READ(mpidr, mpidr_el1)
PMUKIT_DEFINE_SYSREG_READ(id_aa64dfr0, id_aa64dfr0_el1)
PMUKIT_DEFINE_SYSREG_READ(id_aa64pfr0, id_aa64pfr0_el1)
PMUKIT_DEFINE_SYSREG_READ(cntfrq, cntfrq_el0)
PMUKIT_DEFINE_SYSREG_READ(cntvct, cntvct_el0)
PMUKIT_DEFINE_SYSREG_READ(currentel, CurrentEL)

/* PMEVCNTR<n>_EL0 and PMEVTYPER<n>_EL0: n is an immediate in the encoding. */
#define PMUKIT_DEFINE_EVREG_(unused, n)						\
	PMUKIT_DEFINE_SYSREG_RW(pmevcntr##n, pmevcntr##n##_el0)			\
	PMUKIT_DEFINE_SYSREG_RW(pmevtyper##n, pmevtyper##n##_el0)
PMUKIT_EVREG_EACH(PMUKIT_DEFINE_EVREG_, )
#undef PMUKIT_DEFINE_EVREG_

/* The loop of b2b.h over register @reg: 64-bit reads, 8-byte stores. */
#define PMUKIT_B2B_READ_ASM(reg)						\
	PMUKIT_B2B_ASM(PMUKIT_MRS_INSN(reg), "str\t%0, [%1], #8")
#define PMUKIT_B2B_PMCCNTR_ASM	PMUKIT_B2B_READ_ASM(pmccntr_el0)
#define PMUKIT_B2B_PMEVCNTR_ASM(n)	PMUKIT_B2B_READ_ASM(pmevcntr##n##_el0)

/* Context synchronisation: a register write takes effect before what follows. */
static inline void pmukit_isb(void)
{
	__asm__ volatile("isb" : : : "memory");
}

/* Current exception level, 0..3. */
static inline unsigned int pmukit_current_el(void)
{
	return (unsigned int)(pmukit_read_currentel() >> 2) & 3;
}

/*
 * Event counter @idx (0..30) by its own encoding: a switch over the
 * accessors above, folded away when @idx is a constant. The plain forms
 * read 0 (and write nothing) outside 0..30, the guarded ones return
 * -EINVAL there.
 */
#define PMUKIT_EVREG_RD_(reg, n)	case n: v = pmukit_read_##reg##n(); break;
#define PMUKIT_EVREG_WR_(reg, n)	case n: pmukit_write_##reg##n(v); break;
#define PMUKIT_EVREG_RDG_(reg, n)	case n: return pmukit_read_##reg##n##_guarded(out);
#define PMUKIT_EVREG_RDSG_(reg, n)	case n: return pmukit_read_##reg##n##_sync_guarded(out);
#define PMUKIT_EVREG_WRG_(reg, n)	case n: return pmukit_write_##reg##n##_guarded(v);

#define PMUKIT_DEFINE_EVREG_INDEXED_PLAIN_(reg)					\
static inline pmukit_ureg_t pmukit_read_##reg(unsigned int idx)			\
{										\
	pmukit_ureg_t v = 0;							\
										\
	switch (idx) {								\
	PMUKIT_EVREG_EACH(PMUKIT_EVREG_RD_, reg)				\
	default: break;								\
	}									\
	return v;								\
}										\
static inline void pmukit_write_##reg(unsigned int idx, pmukit_ureg_t v)		\
{										\
	switch (idx) {								\
	PMUKIT_EVREG_EACH(PMUKIT_EVREG_WR_, reg)				\
	default: break;								\
	}									\
}

#if PMUKIT_SYSREG_GUARDED
#define PMUKIT_DEFINE_EVREG_INDEXED_GUARDED_(reg)				\
static inline int pmukit_read_##reg##_guarded(unsigned int idx, pmukit_ureg_t *out) \
{										\
	switch (idx) {								\
	PMUKIT_EVREG_EACH(PMUKIT_EVREG_RDG_, reg)				\
	default: return -EINVAL;						\
	}									\
}										\
static inline int pmukit_read_##reg##_sync_guarded(unsigned int idx, pmukit_ureg_t *out) \
{										\
	switch (idx) {								\
	PMUKIT_EVREG_EACH(PMUKIT_EVREG_RDSG_, reg)				\
	default: return -EINVAL;						\
	}									\
}										\
static inline int pmukit_write_##reg##_guarded(unsigned int idx, pmukit_ureg_t v) \
{										\
	switch (idx) {								\
	PMUKIT_EVREG_EACH(PMUKIT_EVREG_WRG_, reg)				\
	default: return -EINVAL;						\
	}									\
}
#else
#define PMUKIT_DEFINE_EVREG_INDEXED_GUARDED_(reg)
#endif

#define PMUKIT_DEFINE_EVREG_INDEXED(reg)					\
	PMUKIT_DEFINE_EVREG_INDEXED_PLAIN_(reg)					\
	PMUKIT_DEFINE_EVREG_INDEXED_GUARDED_(reg)

PMUKIT_DEFINE_EVREG_INDEXED(pmevcntr)
PMUKIT_DEFINE_EVREG_INDEXED(pmevtyper)

/* The PMU architecture version (PMUVER_*), from ID_AA64DFR0_EL1 (EL1 and up). */
static inline unsigned int pmukit_pmu_version(void)
{
	return (unsigned int)(pmukit_read_id_aa64dfr0() >> PMUKIT_ID_AA64DFR0_PMUVER_SHIFT) &
	       PMUKIT_PMUVER_MASK;
}

/* PMUv3 in AArch64: PMEVTYPER<n>_EL0.P/U always filter by level. */
static inline int pmukit_pmu_level_filter(void)
{
	return 1;
}

#endif /* PMUKIT_SYSREG_AARCH64_H */
