// SPDX-License-Identifier: MIT
/*
 * x86-64: no Arm PMU to program; the direct and clock paths read the
 * time-stamp counter and perf's self-read uses rdpmc. Nothing here faults
 * under Linux (rdpmc only runs when perf's user page allows it), so no
 * exception-table entries are needed.
 */
#if defined(__x86_64__)
#define _GNU_SOURCE	/* REG_RIP */
#include <errno.h>
#include <signal.h>
#include <ucontext.h>

#include "direct.h"
#include "fault.h"
#include "isa.h"
#include "session.h"

const int pmukit_isa_arm_pmu = 0;
const char pmukit_isa_name[] = "x86-64";
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

/* lfence first: rdtsc is not ordered with the instructions before it. */
static inline uint64_t tsc(void)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return ((uint64_t)hi << 32) | lo;
}

int pmukit_isa_read_userenr(uint32_t *v)
{
	(void)v;
	return -EOPNOTSUPP;
}

int pmukit_isa_read_pmcr(uint32_t *v)
{
	(void)v;
	return -EOPNOTSUPP;
}

int pmukit_isa_write_pmcr(uint32_t v)
{
	(void)v;
	return -EOPNOTSUPP;
}

int pmukit_isa_read_pmceid(uint64_t *ceid0, uint64_t *ceid1)
{
	(void)ceid0;
	(void)ceid1;
	return -EOPNOTSUPP;
}

int pmukit_isa_read_cntenset(uint32_t *v)
{
	(void)v;
	return -EOPNOTSUPP;
}

int pmukit_isa_write_cntenset(uint32_t mask)
{
	(void)mask;
	return -EOPNOTSUPP;
}

int pmukit_isa_write_cntenclr(uint32_t mask)
{
	(void)mask;
	return -EOPNOTSUPP;
}

int pmukit_isa_read_type(unsigned int hw, uint32_t *v)
{
	(void)hw;
	(void)v;
	return -EOPNOTSUPP;
}

int pmukit_isa_write_type(unsigned int hw, uint32_t v)
{
	(void)hw;
	(void)v;
	return -EOPNOTSUPP;
}

/* The cycle counter is the TSC; there are no event counters to read. */
int pmukit_isa_read_counter(unsigned int hw, uint64_t *v)
{
	if (hw != PMUKIT_HW_CYCLES)
		return -EOPNOTSUPP;
	*v = tsc();
	return 0;
}

int pmukit_isa_read_cycles64(uint64_t *v)
{
	*v = tsc();
	return 0;
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

int pmukit_isa_sample1_cycles(struct pmukit_session *s, uint64_t *v)
{
	*v = tsc();
	if (__builtin_expect(*s->cpu_now != s->cpu, 0))
		return pmukit_direct_moved(s);
	return 0;
}

int pmukit_isa_sample1_cycles64(struct pmukit_session *s, uint64_t *v)
{
	return pmukit_isa_sample1_cycles(s, v);
}

pmukit_sample1_fn pmukit_isa_sample1_event(unsigned int hw)
{
	(void)hw;
	return NULL;	/* no event counters to read */
}

/* rdpmc takes perf's index - 1 in ecx. */
int pmukit_isa_read_perf_counter(uint32_t index, uint64_t *v)
{
	uint32_t lo, hi;

	__asm__ volatile("rdpmc" : "=a"(lo), "=d"(hi) : "c"(index - 1) : "memory");
	*v = ((uint64_t)hi << 32) | lo;
	return 0;
}

int pmukit_isa_clock_read(uint64_t *v)
{
	*v = tsc();
	return 0;
}

/* The TSC's rate is not architecturally visible to user space. */
uint64_t pmukit_isa_clock_hz(void)
{
	return 0;
}

int pmukit_isa_read_midr(uint32_t *v)
{
	(void)v;
	return -EOPNOTSUPP;
}
#endif /* __x86_64__ */
