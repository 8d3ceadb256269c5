/* SPDX-License-Identifier: MIT */
/*
 * What the library does with the PMU, the timer or the TSC from user space,
 * through the register layer (include/pmukit/sysreg*.h): isa_arm_pmu.c for
 * what AArch64 and AArch32 share, isa_aarch64.c, isa_aarch32.c and
 * isa_x86_64.c for each ISA's own (ISA: config.mk's name for ARCH), the
 * inline reads in isa_inline.h. The functions have the same names
 * everywhere; where the ISA lacks a register they return -EOPNOTSUPP.
 *
 * Counter numbers: 0..30 are event counters (PMEVCNTRn), PMUKIT_HW_CYCLES
 * is the cycle counter (PMCCNTR; the TSC on x86-64), as in PMCNTENSET.
 *
 * Every PMU access that may fault returns -EACCES when it did (fault.h);
 * the SIGILL guard must be held (pmukit_fault_guard_get) around them.
 */
#ifndef PMUKIT_ISA_H
#define PMUKIT_ISA_H

#include <stddef.h>
#include <stdint.h>

#include "pmukit/regs.h"

#define PMUKIT_HW_CYCLES	31

/* 1 where there is an Arm PMU to program (AArch64, AArch32), else 0. */
extern const int pmukit_isa_arm_pmu;
/* "aarch64", "aarch32" or "x86-64": for messages. */
extern const char pmukit_isa_name[];
/* "AArch64", "AArch32" or "x86-64": as the Arm ARM names the ISA (pmukit_reg_isa()). */
extern const char pmukit_isa_arch_name[];
/* 1 where the cycle counter always reads 64 bits (AArch64, the TSC). */
extern const int pmukit_isa_cycles64_always;

/*
 * The PMU version (ID_AA64DFR0.PMUVer / ID_DFR0.PerfMon encoding) of the core
 * with MIDR @midr and architecture ARMv@major.@minor, where the ID registers
 * are out of reach: on AArch32 include/pmukit/pmu_id.h decides from the MIDR
 * and ID_DFR0 (from pmukit.ko when loaded); else, and for cores it does not
 * name, what the architecture version implies. 0 when unknown or none.
 */
unsigned int pmukit_isa_pmu_version(int major, unsigned int minor, uint32_t midr);

/*
 * The registers pmukit_reg_read() reads (isa_arm_pmu.c; none on x86-64),
 * each with its guarded read: 0 or -EACCES, the guard held by the caller.
 */
struct pmukit_isa_reg {
	struct pmukit_reg reg;
	int (*read)(uint64_t *v);
};
extern const struct pmukit_isa_reg pmukit_isa_regs[];
extern const unsigned int pmukit_isa_nregs;

int pmukit_isa_read_userenr(uint32_t *v);	/* PMUSERENR: readable at EL0 */
int pmukit_isa_read_pmcr(uint32_t *v);		/* needs PMUSERENR.EN */
int pmukit_isa_write_pmcr(uint32_t v);
/*
 * PMCEID0/1 into @ceid, and into @bits how many bits of each were read: the
 * register's width (on AArch32 the 0x4000 events are in PMCEID2/3, not
 * read here, so 32).
 */
int pmukit_isa_read_pmceid(uint64_t ceid[2], unsigned int *bits);
int pmukit_isa_read_cntenset(uint32_t *v);
/* PMOVSSET, PMOVSCLR: the counters' overflow flags (need PMUSERENR.EN). */
int pmukit_isa_read_ovsset(uint32_t *v);
int pmukit_isa_write_ovsclr(uint32_t mask);
int pmukit_isa_write_cntenset(uint32_t mask);
int pmukit_isa_write_cntenclr(uint32_t mask);
/* PMEVTYPERn, or PMCCFILTR for PMUKIT_HW_CYCLES (PMUv3 only). */
int pmukit_isa_read_type(unsigned int hw, uint32_t *v);
int pmukit_isa_write_type(unsigned int hw, uint32_t v);
/* One counter as the hardware holds it (32 bits for AArch32's PMCCNTR). */
int pmukit_isa_read_counter(unsigned int hw, uint64_t *v);
/* AArch32 only: the 64-bit PMCCNTR by mrrc (PMUv3; QEMU 7.2 UNDEFs it). */
int pmukit_isa_read_cycles64(uint64_t *v);

/*
 * @n back-to-back reads of counter @hw into @buf, each read the same five
 * instructions as include/pmukit/b2b.h (isb; read; store; subs; branch).
 * @cycles64: AArch32 reads the cycle counter with mrrc.
 */
int pmukit_isa_sample(unsigned int hw, int cycles64, uint64_t *buf, size_t n);

/*
 * perf's mmap self-read: the counter perf's user page calls @index (1-based;
 * on arm64 32 is PMCCNTR_EL0, n is PMEVCNTR<n-1>_EL0; on x86-64 rdpmc n-1).
 */
int pmukit_isa_read_perf_counter(uint32_t index, uint64_t *v);

/*
 * The clock path: a free-running counter readable at EL0 (CNTVCT, the TSC)
 * and its frequency in Hz (0 if unknown); -EOPNOTSUPP where there is none.
 */
int pmukit_isa_clock_read(uint64_t *v);
uint64_t pmukit_isa_clock_hz(void);
/* "CNTVCT_EL0", "CNTVCT", "TSC". */
extern const char pmukit_isa_clock_name[];

/* The MIDR, where EL0 may read it (arm64 emulates the read); -EOPNOTSUPP else. */
int pmukit_isa_read_midr(uint32_t *v);

#endif /* PMUKIT_ISA_H */
