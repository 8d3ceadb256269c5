/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * AArch64 system-register accessors for the PMU and its neighbours, generated
 * by one macro family: pmukit_read_<reg>() and pmukit_write_<reg>(v), named as
 * in sysreg_aarch32.h so code can be shared across the two ISAs.
 * Usable in the kernel, in user space (EL0 access depends on PMUSERENR_EL0)
 * and in freestanding firmware.
 */
#ifndef PMUKIT_SYSREG_AARCH64_H
#define PMUKIT_SYSREG_AARCH64_H

#include "sysreg_types.h"
#include "pmu_fields.h"

#define PMUKIT_DEFINE_SYSREG_READ(name, reg)					\
static inline pmukit_ureg_t pmukit_read_##name(void)				\
{										\
	pmukit_ureg_t v;							\
	__asm__ volatile("mrs %0, " #reg : "=r"(v));				\
	return v;								\
}

#define PMUKIT_DEFINE_SYSREG_WRITE(name, reg)					\
static inline void pmukit_write_##name(pmukit_ureg_t v)			\
{										\
	__asm__ volatile("msr " #reg ", %0" : : "r"(v) : "memory");		\
}

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

/* The cycle counter is 64 bits wide on AArch64 (overflow at 32 unless PMCR.LC). */
static inline uint64_t pmukit_read_pmccntr(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, pmccntr_el0" : "=r"(v));
	return v;
}

static inline void pmukit_write_pmccntr(uint64_t v)
{
	__asm__ volatile("msr pmccntr_el0, %0" : : "r"(v) : "memory");
}

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

/* PMEVCNTR<n>_EL0 and PMEVTYPER<n>_EL0: n is an immediate in the encoding. */
#define PMUKIT_EVREG_CASE(n, op) case n: op(n); break;
#define PMUKIT_EVREG_SWITCH(idx, op)						\
	switch (idx) {								\
	PMUKIT_EVREG_CASE(0, op) PMUKIT_EVREG_CASE(1, op)			\
	PMUKIT_EVREG_CASE(2, op) PMUKIT_EVREG_CASE(3, op)			\
	PMUKIT_EVREG_CASE(4, op) PMUKIT_EVREG_CASE(5, op)			\
	PMUKIT_EVREG_CASE(6, op) PMUKIT_EVREG_CASE(7, op)			\
	PMUKIT_EVREG_CASE(8, op) PMUKIT_EVREG_CASE(9, op)			\
	PMUKIT_EVREG_CASE(10, op) PMUKIT_EVREG_CASE(11, op)			\
	PMUKIT_EVREG_CASE(12, op) PMUKIT_EVREG_CASE(13, op)			\
	PMUKIT_EVREG_CASE(14, op) PMUKIT_EVREG_CASE(15, op)			\
	PMUKIT_EVREG_CASE(16, op) PMUKIT_EVREG_CASE(17, op)			\
	PMUKIT_EVREG_CASE(18, op) PMUKIT_EVREG_CASE(19, op)			\
	PMUKIT_EVREG_CASE(20, op) PMUKIT_EVREG_CASE(21, op)			\
	PMUKIT_EVREG_CASE(22, op) PMUKIT_EVREG_CASE(23, op)			\
	PMUKIT_EVREG_CASE(24, op) PMUKIT_EVREG_CASE(25, op)			\
	PMUKIT_EVREG_CASE(26, op) PMUKIT_EVREG_CASE(27, op)			\
	PMUKIT_EVREG_CASE(28, op) PMUKIT_EVREG_CASE(29, op)			\
	PMUKIT_EVREG_CASE(30, op)						\
	default: break;								\
	}

static inline uint64_t pmukit_read_pmevcntr(unsigned int idx)
{
	uint64_t v = 0;
#define PMUKIT_RD_EVCNTR(n) __asm__ volatile("mrs %0, pmevcntr" #n "_el0" : "=r"(v))
	PMUKIT_EVREG_SWITCH(idx, PMUKIT_RD_EVCNTR)
#undef PMUKIT_RD_EVCNTR
	return v;
}

static inline void pmukit_write_pmevcntr(unsigned int idx, uint64_t v)
{
#define PMUKIT_WR_EVCNTR(n) __asm__ volatile("msr pmevcntr" #n "_el0, %0" : : "r"(v) : "memory")
	PMUKIT_EVREG_SWITCH(idx, PMUKIT_WR_EVCNTR)
#undef PMUKIT_WR_EVCNTR
}

static inline pmukit_ureg_t pmukit_read_pmevtyper(unsigned int idx)
{
	pmukit_ureg_t v = 0;
#define PMUKIT_RD_EVTYPER(n) __asm__ volatile("mrs %0, pmevtyper" #n "_el0" : "=r"(v))
	PMUKIT_EVREG_SWITCH(idx, PMUKIT_RD_EVTYPER)
#undef PMUKIT_RD_EVTYPER
	return v;
}

static inline void pmukit_write_pmevtyper(unsigned int idx, pmukit_ureg_t v)
{
#define PMUKIT_WR_EVTYPER(n) __asm__ volatile("msr pmevtyper" #n "_el0, %0" : : "r"(v) : "memory")
	PMUKIT_EVREG_SWITCH(idx, PMUKIT_WR_EVTYPER)
#undef PMUKIT_WR_EVTYPER
}

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
