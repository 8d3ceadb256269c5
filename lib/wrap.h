/* SPDX-License-Identifier: MIT */
/*
 * A hardware counter's reads extended to a 64-bit count, or the count
 * declared unknown: the direct path's rule for counters narrower than 64
 * bits (event counters without PMCR.LP, AArch32's PMCCNTR read by mrc).
 *
 * A 32-bit counter read twice shows its count modulo 2^32. Between the two
 * reads it passed its top (a crossing) zero, one or more times:
 *  - reads less than PMUKIT_WRAP_SHORT_NS apart: fewer than 2^32 events fit
 *    between them (no counter counts 2^36 events a second: 8 a cycle at
 *    8 GHz; CPU_CYCLES: 0.5 s), so at most one crossing, and the read values
 *    alone tell whether it happened. The masked difference is the count.
 *  - reads further apart: only the counter's overflow flag (PMOVSSET) can
 *    tell. Clear: no crossing, the difference is the count (a later value
 *    below the earlier one means that something cleared the flag: unknown).
 *    Set, or the flag out of reach: one crossing cannot be told from two,
 *    and the count is unknown from then on: "wrapped".
 * A wrapped count stays wrapped until the session is reset; it is never
 * given as a number.
 */
#ifndef PMUKIT_WRAP_H
#define PMUKIT_WRAP_H

#include <stdint.h>

/* 2^32 events at 2^36 a second: 62.5 ms. */
#define PMUKIT_WRAP_SHORT_NS	62500000ULL
/* CPU_CYCLES counts once a cycle at most, and no core runs at 2^33 Hz: 2^32 take 0.5 s. */
#define PMUKIT_WRAP_SHORT_CYCLES_NS	500000000ULL

/* What the counter's overflow flag said about the time since the last read. */
enum pmukit_ovf {
	PMUKIT_OVF_CLEAR,	/* no crossing */
	PMUKIT_OVF_SET,		/* one or more */
	PMUKIT_OVF_UNKNOWN,	/* not read, or out of reach */
};

struct pmukit_wrap {
	uint64_t mask;		/* the counter's width: UINT32_MAX or UINT64_MAX */
	uint64_t short_ns;	/* reads closer than this hold fewer than 2^32 events;
				   0: PMUKIT_WRAP_SHORT_NS */
	uint64_t last;		/* the previous read, as the counter held it */
	uint64_t acc;		/* the count since the start */
	int wrapped;		/* the count is not known */
};

/* A new start at the counter value @v: the count is 0 and known again. */
void pmukit_wrap_start(struct pmukit_wrap *w, uint64_t v);

/*
 * A chained pair (PMUv3: the odd counter counts CHAIN, the even one's
 * overflows) as one 64-bit value, from reads in this order: high @hi0, low
 * @lo, high @hi1, and, only where the high half moved, low @lo1 again. A
 * high half that moved means the low one wrapped between: @lo1, read after
 * @hi1, belongs with it.
 */
uint64_t pmukit_wrap_chain(uint32_t hi0, uint32_t lo, uint32_t hi1, uint32_t lo1);

/* Counting goes on from the counter value @v (a start after a stop). */
void pmukit_wrap_resume(struct pmukit_wrap *w, uint64_t v);

/*
 * Does the read after @elapsed_ns need the overflow flag? Only a narrow
 * counter read after a long time does (the flag's read may cost a system
 * call, so it is asked for only then).
 */
int pmukit_wrap_needs_flag(const struct pmukit_wrap *w, uint64_t elapsed_ns);

/*
 * The counter read @v, @elapsed_ns after the previous read, and what its
 * overflow flag said about that time (@ovf, PMUKIT_OVF_UNKNOWN where
 * pmukit_wrap_needs_flag() said no). Return: 1 when the counter passed its
 * top since the previous read (its flag is then stale: clear it where
 * possible), else 0.
 */
int pmukit_wrap_update(struct pmukit_wrap *w, uint64_t v, uint64_t elapsed_ns,
		       enum pmukit_ovf ovf);

#endif /* PMUKIT_WRAP_H */
