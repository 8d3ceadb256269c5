/* SPDX-License-Identifier: MIT */
/*
 * More events than counters: 'pmukit stat' runs the command once per pass,
 * each pass a group that fits, and counts CPU_CYCLES in every pass so that
 * the passes can be compared.
 */
#ifndef PMUKIT_CLI_PASSES_H
#define PMUKIT_CLI_PASSES_H

#include "report.h"

struct pmukit_core_def;
struct pmukit_metric_set;

struct pass_plan {
	unsigned int npasses;
	unsigned int nspecs;		/* the user's events, then the added cycles if any */
	const char *spec[STAT_MAX_SPECS];
	int cycles;			/* spec index of the cycles in every pass; -1: one pass */
	int added;			/* that cycles event was added (spec[nspecs - 1]) */
	unsigned int count[STAT_MAX_PASSES];
	unsigned int idx[STAT_MAX_PASSES][STAT_MAX_EVENTS + 1];
	unsigned int pass_of[STAT_MAX_SPECS];	/* 0-based; the cycles: 0 */
};

/* Does @spec count CPU cycles (CPU_CYCLES, r11, 0x11, cycles, with any levels)? */
int spec_is_cycles(const char *spec);

/*
 * Groups @n specs into passes of at most @cap events. Return: 0, -E2BIG
 * when @cap leaves no room beside the cycles or more than STAT_MAX_PASSES
 * passes would be needed, -EINVAL for no events or too many.
 */
int pass_plan(struct pass_plan *p, const char *const *spec, unsigned int n, unsigned int cap);

/*
 * The passes of metrics (pmukit stat -M, --topdown): the library's plan of
 * @nmetric metrics of @set on @cap event counters (@flags: analysis.h's
 * PMUKIT_PLAN_*), each planned event a spec of its own, named from @core's
 * table; CPU_CYCLES first in each pass, p->cycles the one of pass 1.
 * Return: 0, -E2BIG (more than STAT_MAX_PASSES passes or too many events),
 * or the planner's error.
 */
int pass_plan_metrics(struct pass_plan *p, const struct pmukit_metric_set *set,
		      const struct pmukit_core_def *core, const unsigned int *metric,
		      unsigned int nmetric, unsigned int cap, unsigned int flags);

#endif /* PMUKIT_CLI_PASSES_H */
