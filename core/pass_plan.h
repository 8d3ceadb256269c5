/* SPDX-License-Identifier: MIT OR BSD-3-Clause */
/*
 * The pass planner: more events than counters are run in passes, each
 * with the cycles so that the passes can be compared. Events are indices
 * 0..n-1 of the caller's selection; the k-th event that is not the cycles
 * event is the k-th "other". Passes take the others in order, so a pass
 * is a run of consecutive others.
 *
 * The public entry is pmukit_plan_passes() (include/pmukit/analysis.h);
 * the firmware, which keeps no pass_of[] array, asks pmukit_plan_pass().
 */
#ifndef PMUKIT_CORE_PASS_PLAN_H
#define PMUKIT_CORE_PASS_PLAN_H

#include "pmukit/analysis.h"

struct pmukit_plan {
	unsigned int n;		/* events, the cycles event included */
	int cycles;		/* the event in every pass, or -1: counted apart */
	unsigned int others;	/* events but the cycles event */
	unsigned int npasses;
	unsigned int size;	/* others in each of the first nlarge passes */
	unsigned int nlarge;
	unsigned int small;	/* others in each later pass */
};

/*
 * Plans @n events on @cap counters (the cycles event @cycles takes one of
 * them; -1: the cycles are counted apart and take none). @flags:
 * PMUKIT_PLAN_BALANCED or 0 (analysis.h). Return: the number of passes,
 * or -EINVAL (no room for an event beside the cycles, a bad @cycles).
 */
int pmukit_plan_make(struct pmukit_plan *p, unsigned int n, int cycles, unsigned int cap,
		     unsigned int flags);

/* 0-based pass of event @i (the cycles event: 0). */
unsigned int pmukit_plan_pass(const struct pmukit_plan *p, unsigned int i);

/* Others in pass @k. */
unsigned int pmukit_plan_count(const struct pmukit_plan *p, unsigned int k);

/* Index among the others of the first other in pass @k. */
unsigned int pmukit_plan_first(const struct pmukit_plan *p, unsigned int k);

#endif /* PMUKIT_CORE_PASS_PLAN_H */
