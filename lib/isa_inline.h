/* SPDX-License-Identifier: MIT */
/*
 * The one register read that must be inline to be cheap: the counter perf's
 * user page names, inside the perf-mmap seqlock loop. A call there costs a
 * stack frame and register saves on every read. One block per ISA, as in
 * isa_*.c.
 *
 * pmukit_isa_perf_counter_fast() reads the common counter without any call
 * and returns -EAGAIN for the others (and -EACCES on a fault): the caller
 * then takes its slow path through pmukit_isa_read_perf_counter().
 */
#ifndef PMUKIT_ISA_INLINE_H
#define PMUKIT_ISA_INLINE_H

#include <errno.h>
#include <stdint.h>

#include "fault.h"
#include "isa.h"

#if defined(__aarch64__)
/* perf's index 32 is PMCCNTR_EL0; event counters need a switch: slow path. */
static inline int pmukit_isa_perf_counter_fast(uint32_t index, uint64_t *v)
{
	uint64_t x;

	if (__builtin_expect(index != 32, 0))
		return -EAGAIN;
	__asm__ volatile goto("	isb\n\t"
			      "1:	mrs	%0, pmccntr_el0\n\t"
			      PMUKIT_EXTABLE("1b", fault)
			      : "=r"(x) : : "memory" : fault);
	*v = x;
	return 0;
fault:
	return -EACCES;
}
#elif defined(__x86_64__)
/* rdpmc takes perf's index - 1 in ecx. */
static inline int pmukit_isa_perf_counter_fast(uint32_t index, uint64_t *v)
{
	uint32_t lo, hi;

	__asm__ volatile("rdpmc" : "=a"(lo), "=d"(hi) : "c"(index - 1) : "memory");
	*v = ((uint64_t)hi << 32) | lo;
	return 0;
}
#else
static inline int pmukit_isa_perf_counter_fast(uint32_t index, uint64_t *v)
{
	(void)index;
	(void)v;
	return -EAGAIN;	/* the 32-bit Arm kernel gives no counter to read */
}
#endif

#endif /* PMUKIT_ISA_INLINE_H */
