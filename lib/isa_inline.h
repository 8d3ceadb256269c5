/* SPDX-License-Identifier: MIT */
/*
 * The ISA layer's reads that must be inline to be cheap, one block per ISA
 * as in isa_*.c, all through the register layer (include/pmukit/sysreg*.h):
 *
 * pmukit_isa_perf_counter_fast(): the counter perf's user page names, the
 * counter read of pmukit_perf_page_read() (pmukit/perf_page.h, which refuses
 * index 0 itself) in the perf-mmap path, where a call costs a stack frame
 * and register saves on every read. Returns -EAGAIN for a counter it does
 * not read inline, -EACCES on a fault: the caller then takes its slow path.
 *
 * pmukit_isa_read_counter_sync(), pmukit_isa_read_cycles64_sync(): isb and
 * the guarded read of one counter (isa.h's numbers), for the direct path's
 * single reads; with a constant @hw the switch folds away.
 * PMUKIT_ISA_EACH_EVENT_COUNTER(op, arg): op(arg, n) for every event counter
 * n the ISA has (none on x86-64).
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
static inline __attribute__((__always_inline__)) int
pmukit_isa_perf_counter_fast(uint32_t index, uint64_t *v)
{
	uint64_t sel = index - 1;

	if (__builtin_expect(index == 32, 1))
		return pmukit_read_pmccntr_sync_guarded(v);
	if (sel < 31) {
		if (pmukit_write_pmselr_guarded(sel))	/* PMSELR_EL0.SEL: the counter */
			return -EACCES;
		return pmukit_read_pmxevcntr_sync_guarded(v);
	}
	return -EAGAIN;
}

static inline int pmukit_isa_read_counter_sync(unsigned int hw, uint64_t *v)
{
	if (hw == PMUKIT_HW_CYCLES)
		return pmukit_read_pmccntr_sync_guarded(v);
	return pmukit_read_pmevcntr_sync_guarded(hw, v);
}

static inline int pmukit_isa_read_cycles64_sync(uint64_t *v)
{
	return pmukit_read_pmccntr_sync_guarded(v);
}

#define PMUKIT_ISA_EACH_EVENT_COUNTER(op, arg)	PMUKIT_EVREG_EACH(op, arg)

#elif defined(__arm__)
static inline __attribute__((__always_inline__)) int
pmukit_isa_perf_counter_fast(uint32_t index, uint64_t *v)
{
	(void)index;
	(void)v;
	return -EAGAIN;	/* the 32-bit Arm kernel gives no counter to read */
}

/* Event counters through PMSELR, selected on every read: PMSELR is shared by everyone on the CPU. */
static inline int pmukit_isa_read_counter_sync(unsigned int hw, uint64_t *v)
{
	pmukit_ureg_t x;
	int ret;

	if (hw == PMUKIT_HW_CYCLES)
		ret = pmukit_read_pmccntr32_sync_guarded(&x);
	else
		ret = pmukit_read_pmevcntr_sync_guarded(hw, &x);
	if (!ret)
		*v = x;
	return ret;
}

/* mrrc of PMCCNTR: PMUv3 only, and UNDEFINED in QEMU 7.2 on every model. */
static inline int pmukit_isa_read_cycles64_sync(uint64_t *v)
{
	return pmukit_read_pmccntr64_sync_guarded(v);
}

#define PMUKIT_ISA_EACH_EVENT_COUNTER(op, arg)	PMUKIT_EVREG_EACH(op, arg)

#elif defined(__x86_64__)
/* rdpmc takes perf's index - 1 in ecx. */
static inline __attribute__((__always_inline__)) int
pmukit_isa_perf_counter_fast(uint32_t index, uint64_t *v)
{
	*v = pmukit_read_pmc(index - 1);
	return 0;
}

/* The cycle counter is the TSC; there are no event counters to read. */
static inline int pmukit_isa_read_counter_sync(unsigned int hw, uint64_t *v)
{
	if (hw != PMUKIT_HW_CYCLES)
		return -EOPNOTSUPP;
	*v = pmukit_read_tsc_sync();
	return 0;
}

static inline int pmukit_isa_read_cycles64_sync(uint64_t *v)
{
	*v = pmukit_read_tsc_sync();
	return 0;
}

#define PMUKIT_ISA_EACH_EVENT_COUNTER(op, arg)
#endif

#endif /* PMUKIT_ISA_INLINE_H */
