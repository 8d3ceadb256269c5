// SPDX-License-Identifier: MIT OR BSD-3-Clause
/*
 * One pass planner for the command, the library's users and the firmware.
 *
 * Two ways to fill the passes, both with the others in order:
 *  - fill (0): every pass but the last is full: 7 events and the cycles
 *    on 6 counters run as 5 + 2 (the command's 'pmukit stat');
 *  - balanced (PMUKIT_PLAN_BALANCED): the same number of passes, with
 *    sizes that differ by at most one: 7 on 6 counters run as 4 + 3 (the
 *    firmware's multi-pass runs).
 */
#include <stddef.h>

#include "pmukit/analysis.h"
#include "core.h"
#include "passes.h"

static unsigned int div32(unsigned int n, unsigned int d, unsigned int *rem)
{
	uint64_t r;
	unsigned int q = (unsigned int)pmukit_core_udiv64(n, d, &r);

	if (rem)
		*rem = (unsigned int)r;
	return q;
}

int pmukit_plan_make(struct pmukit_plan *p, unsigned int n, int cycles, unsigned int cap,
		     unsigned int flags)
{
	unsigned int per, rem;

	if (!p || (cycles >= 0 && (unsigned int)cycles >= n) || cycles < -1 ||
	    (flags & ~PMUKIT_PLAN_BALANCED))
		return -PMUKIT_CORE_EINVAL;
	p->n = n;
	p->cycles = cycles;
	p->others = n - (cycles >= 0);
	per = cycles >= 0 ? (cap ? cap - 1 : 0) : cap;
	if (!p->others) {
		p->npasses = 1;
		p->size = p->nlarge = p->small = 0;
		return 1;
	}
	if (!per)
		return -PMUKIT_CORE_EINVAL;
	p->npasses = div32(p->others + per - 1, per, NULL);
	if (flags & PMUKIT_PLAN_BALANCED) {
		p->small = div32(p->others, p->npasses, &rem);
		p->size = p->small + (rem != 0);
		p->nlarge = rem ? rem : p->npasses;
	} else {
		p->size = per;
		p->nlarge = div32(p->others, per, &rem);
		p->small = rem;
	}
	return (int)p->npasses;
}

unsigned int pmukit_plan_pass(const struct pmukit_plan *p, unsigned int i)
{
	unsigned int k = i, in_large;

	if (p->cycles >= 0) {
		if (i == (unsigned int)p->cycles)
			return 0;
		if (i > (unsigned int)p->cycles)
			k--;
	}
	in_large = p->nlarge * p->size;
	if (k < in_large)
		return div32(k, p->size, NULL);
	return p->nlarge + (p->small ? div32(k - in_large, p->small, NULL) : 0);
}

unsigned int pmukit_plan_count(const struct pmukit_plan *p, unsigned int k)
{
	if (k < p->nlarge)
		return p->size;
	return k < p->npasses ? p->small : 0;
}

unsigned int pmukit_plan_first(const struct pmukit_plan *p, unsigned int k)
{
	if (k <= p->nlarge)
		return k * p->size;
	return p->nlarge * p->size + (k - p->nlarge) * p->small;
}

/**
 * pmukit_plan_passes() - split events into passes of at most @cap counters
 * @n:       events in the selection, the cycles event included
 * @cycles:  index of the cycles event, which every pass counts and which
 *           takes one of the @cap counters; -1 when the cycles are counted
 *           on a counter of their own (then @cap is for the others)
 * @cap:     counters a pass has
 * @flags:   0: fill every pass but the last; PMUKIT_PLAN_BALANCED: passes
 *           whose sizes differ by at most one
 * @pass_of: filled with the 0-based pass of each of the @n events (the
 *           cycles event: 0); may be NULL
 *
 * Return: the number of passes; -EINVAL for a bad @cycles or @flags, or
 * @cap too small to hold one event beside the cycles.
 */
int pmukit_plan_passes(unsigned int n, int cycles, unsigned int cap, unsigned int flags,
		       unsigned int *pass_of)
{
	struct pmukit_plan p;
	unsigned int i;
	int ret = pmukit_plan_make(&p, n, cycles, cap, flags);

	if (ret < 0)
		return ret;
	for (i = 0; pass_of && i < n; i++)
		pass_of[i] = pmukit_plan_pass(&p, i);
	return ret;
}
