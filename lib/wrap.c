// SPDX-License-Identifier: MIT
/*
 * The direct path's counts from successive reads of counters that may be
 * narrower than 64 bits: the rule is in wrap.h.
 */
#include "wrap.h"

void pmukit_wrap_start(struct pmukit_wrap *w, uint64_t v)
{
	w->last = v & w->mask;
	w->acc = 0;
	w->wrapped = 0;
}

uint64_t pmukit_wrap_chain(uint32_t hi0, uint32_t lo, uint32_t hi1, uint32_t lo1)
{
	if (hi0 == hi1)
		return (uint64_t)hi0 << 32 | lo;
	return (uint64_t)hi1 << 32 | lo1;
}

void pmukit_wrap_resume(struct pmukit_wrap *w, uint64_t v)
{
	w->last = v & w->mask;
}

int pmukit_wrap_needs_flag(const struct pmukit_wrap *w, uint64_t elapsed_ns)
{
	return w->mask != UINT64_MAX &&
	       elapsed_ns >= (w->short_ns ? w->short_ns : PMUKIT_WRAP_SHORT_NS);
}

int pmukit_wrap_update(struct pmukit_wrap *w, uint64_t v, uint64_t elapsed_ns,
		       enum pmukit_ovf ovf)
{
	uint64_t last = w->last;
	int crossed;

	v &= w->mask;
	w->last = v;
	crossed = v < last;
	if (w->mask == UINT64_MAX) {
		w->acc += v - last;	/* 2^64 events: centuries */
		return crossed;
	}
	if (!pmukit_wrap_needs_flag(w, elapsed_ns)) {
		/* At most one crossing: the values tell. */
		if (!w->wrapped)
			w->acc += (v - last) & w->mask;
		return crossed;
	}
	/*
	 * Long enough for 2^32 events: only a clear flag with no crossing in
	 * the values leaves the count known. A crossing the flag did not show
	 * means that something else cleared it (perf's overflow handler clears
	 * every flag of the CPU).
	 */
	if (ovf != PMUKIT_OVF_CLEAR || crossed)
		w->wrapped = 1;
	if (!w->wrapped)
		w->acc += v - last;
	return crossed || ovf == PMUKIT_OVF_SET;
}
