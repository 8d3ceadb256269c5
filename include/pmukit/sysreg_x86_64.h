/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * x86-64: the counters user space reads, named as in sysreg_aarch64.h where
 * they play the same part. Neither faults under Linux (rdpmc runs only where
 * perf's user page allows it), so there are no guarded forms.
 */
#ifndef PMUKIT_SYSREG_X86_64_H
#define PMUKIT_SYSREG_X86_64_H

#include "sysreg_types.h"

/* The time-stamp counter; lfence first: rdtsc is not ordered with what precedes it. */
static inline uint64_t pmukit_read_tsc_sync(void)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return ((uint64_t)hi << 32) | lo;
}

/* Performance-monitoring counter @idx (rdpmc's ecx). */
static inline uint64_t pmukit_read_pmc(uint32_t idx)
{
	uint32_t lo, hi;

	__asm__ volatile("rdpmc" : "=a"(lo), "=d"(hi) : "c"(idx) : "memory");
	return ((uint64_t)hi << 32) | lo;
}

#endif /* PMUKIT_SYSREG_X86_64_H */
