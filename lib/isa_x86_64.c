// SPDX-License-Identifier: MIT
/*
 * x86-64: no Arm PMU to program; the direct and clock paths read the
 * time-stamp counter and perf's self-read uses rdpmc. Nothing here faults
 * under Linux (rdpmc only runs when perf's user page allows it), so no
 * exception-table entries are needed.
 *
 * The TSC is not the core clock: where CPUID says it is invariant it ticks
 * at one fixed rate whatever the core's frequency and sleep states (a fast
 * core runs several instructions per tick); without that it follows the
 * core's frequency or stops in deep idle, and the clock path does not use it.
 */
#define _GNU_SOURCE	/* REG_RIP */
#include <cpuid.h>
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <ucontext.h>

#include "fault.h"
#include "isa.h"
#include "isa_inline.h"

const int pmukit_isa_arm_pmu = 0;
const char pmukit_isa_name[] = "x86-64";
const char pmukit_isa_arch_name[] = "x86-64";
/* No Arm PMU registers to show. */
const struct pmukit_isa_reg pmukit_isa_regs[1];
const unsigned int pmukit_isa_nregs;
const char pmukit_isa_clock_name[] = "TSC";
const int pmukit_isa_cycles64_always = 1;

unsigned int pmukit_isa_pmu_version(int major, unsigned int minor, uint32_t midr)
{
	(void)major;
	(void)minor;
	(void)midr;
	return 0;	/* not an Arm PMU */
}

uintptr_t pmukit_isa_context_pc(const void *ucontext)
{
	return (uintptr_t)((const ucontext_t *)ucontext)->uc_mcontext.gregs[REG_RIP];
}

void pmukit_isa_context_set_pc(void *ucontext, uintptr_t pc)
{
	((ucontext_t *)ucontext)->uc_mcontext.gregs[REG_RIP] = (greg_t)pc;
}

#define tsc()	pmukit_read_tsc_sync()	/* lfence; rdtsc */

/* No Arm PMU to program: what isa.h declares for it says so. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define NO_PMU(decl)	decl { return -EOPNOTSUPP; }
NO_PMU(int pmukit_isa_read_userenr(uint32_t *v))
NO_PMU(int pmukit_isa_read_pmcr(uint32_t *v))
NO_PMU(int pmukit_isa_write_pmcr(uint32_t v))
NO_PMU(int pmukit_isa_read_pmceid(uint64_t ceid[2], unsigned int *bits))
NO_PMU(int pmukit_isa_read_cntenset(uint32_t *v))
NO_PMU(int pmukit_isa_write_cntenset(uint32_t mask))
NO_PMU(int pmukit_isa_write_cntenclr(uint32_t mask))
NO_PMU(int pmukit_isa_read_ovsset(uint32_t *v))
NO_PMU(int pmukit_isa_write_ovsclr(uint32_t mask))
NO_PMU(int pmukit_isa_read_type(unsigned int hw, uint32_t *v))
NO_PMU(int pmukit_isa_write_type(unsigned int hw, uint32_t v))
NO_PMU(int pmukit_isa_read_midr(uint32_t *v))
#undef NO_PMU
#pragma GCC diagnostic pop

/* The cycle counter is the TSC; there are no event counters to read. */
int pmukit_isa_read_counter(unsigned int hw, uint64_t *v)
{
	return pmukit_isa_read_counter_sync(hw, v);
}

int pmukit_isa_read_cycles64(uint64_t *v)
{
	return pmukit_isa_read_cycles64_sync(v);
}

/* lfence; rdtsc; shl; or; store; add; sub; jne: the TSC's shortest loop. */
int pmukit_isa_sample(unsigned int hw, int cycles64, uint64_t *buf, size_t n)
{
	(void)cycles64;
	if (hw != PMUKIT_HW_CYCLES)
		return -EOPNOTSUPP;
	while (n--)
		*buf++ = tsc();
	return 0;
}

int pmukit_isa_read_perf_counter(uint32_t index, uint64_t *v)
{
	return pmukit_isa_perf_counter_fast(index, v);
}

/*
 * CPUID 0x80000007 EDX bit 8, "invariant TSC" on Intel and AMD (Linux shows
 * it as constant_tsc and nonstop_tsc). Asked once: cpuid exits to the
 * hypervisor in a virtual machine.
 */
static int tsc_invariant(void)
{
	static int known = -1;
	int v = __atomic_load_n(&known, __ATOMIC_RELAXED);
	unsigned int a, b, c, d;

	if (v < 0) {
		v = __get_cpuid(0x80000007, &a, &b, &c, &d) && (d >> 8 & 1);
		__atomic_store_n(&known, v, __ATOMIC_RELAXED);
	}
	return v;
}

/*
 * The clock path's counter: the TSC only where it runs at a fixed rate.
 * perf's self-read also reads it here, when the page says cap_user_time,
 * which Linux on x86 sets only for an invariant TSC (else sched_clock is
 * unstable).
 */
int pmukit_isa_clock_read(uint64_t *v)
{
	if (!tsc_invariant())
		return -EOPNOTSUPP;
	*v = tsc();
	return 0;
}

static uint64_t raw_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

#define TSC_MEASURE_NS		10000000ULL	/* 10 ms: 0.01% for 1 us of error */
#define TSC_BRACKET_NS		20000ULL	/* a read pair wider than this was interrupted */
#define TSC_MEASURE_TRIES	5

/*
 * Ticks per second: the TSC against CLOCK_MONOTONIC_RAW over 10 ms, each
 * end a TSC read between two clock reads (their midpoint is its time). An
 * interrupted end (a bracket over 20 us) is measured again.
 */
static uint64_t tsc_measure_hz(void)
{
	uint64_t a0, b0, a1, b1, t0, t1;
	int i;

	for (i = 0; i < TSC_MEASURE_TRIES; i++) {
		a0 = raw_ns();
		t0 = tsc();
		b0 = raw_ns();
		do {
			a1 = raw_ns();
			t1 = tsc();
			b1 = raw_ns();
		} while (a1 - b0 < TSC_MEASURE_NS);
		if (b0 - a0 <= TSC_BRACKET_NS && b1 - a1 <= TSC_BRACKET_NS)
			return (t1 - t0) * 1000000000ULL / ((a1 + b1) / 2 - (a0 + b0) / 2);
	}
	return 0;
}

/*
 * The TSC's rate is not architecturally visible on every x86-64 CPU (CPUID
 * 0x15 is Intel's and often incomplete), so it is measured, once. 0 where
 * the TSC is not invariant: it then has no one rate.
 */
uint64_t pmukit_isa_clock_hz(void)
{
	static uint64_t hz;
	uint64_t v;

	if (!tsc_invariant())
		return 0;
	v = __atomic_load_n(&hz, __ATOMIC_RELAXED);
	if (!v) {
		v = tsc_measure_hz();
		__atomic_store_n(&hz, v, __ATOMIC_RELAXED);
	}
	return v;
}
