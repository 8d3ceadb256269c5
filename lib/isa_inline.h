/* SPDX-License-Identifier: MIT */
/*
 * The one register read that must be inline to be cheap: the counter perf's
 * user page names, inside the perf-mmap seqlock loop. A call there costs a
 * stack frame and register saves on every read. One block per ISA, as in
 * isa_*.c.
 *
 * pmukit_isa_perf_counter_fast() reads the counter without any call and
 * returns -EAGAIN when there is none to read (index 0), -EACCES on a fault:
 * the caller then takes its slow path.
 */
#ifndef PMUKIT_ISA_INLINE_H
#define PMUKIT_ISA_INLINE_H

#include <errno.h>
#include <stdint.h>

#include "fault.h"
#include "isa.h"

#if defined(__aarch64__)
/*
 * perf's index 32 is PMCCNTR_EL0, index n the event counter n - 1, reached
 * through PMSELR_EL0 (PMUSERENR.ER, which perf sets, allows both at EL0;
 * the kernel reads its counters by their own encodings, so nobody else
 * relies on PMSELR, and a context switch in between changes the seqlock).
 */
static inline int pmukit_isa_perf_counter_fast(uint32_t index, uint64_t *v)
{
	uint64_t x, sel = index - 1;

	if (__builtin_expect(index == 32, 1)) {
		__asm__ volatile goto("	isb\n\t"
				      "1:	mrs	%0, pmccntr_el0\n\t"
				      PMUKIT_EXTABLE("1b", fault)
				      : "=r"(x) : : "memory" : fault);
	} else if (sel < 31) {
		__asm__ volatile goto("1:	msr	pmselr_el0, %1\n\t"
				      "	isb\n\t"
				      "2:	mrs	%0, pmxevcntr_el0\n\t"
				      PMUKIT_EXTABLE("1b", fault)
				      PMUKIT_EXTABLE("2b", fault)
				      : "=&r"(x) : "r"(sel) : "memory" : fault);
	} else {
		return -EAGAIN;
	}
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
