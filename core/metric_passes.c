// SPDX-License-Identifier: MIT OR BSD-3-Clause
/*
 * The rules for a metric whose events were counted over several passes,
 * written once for the three that evaluate metrics: the command's
 * 'pmukit metrics' and 'pmukit stat', and the firmware's report.
 *
 * 1. Where each count is read (pmukit_metric_passes()): in the first pass
 *    that counted all the metric's events, so that every count comes from
 *    one run; else each in the first pass that counted it, CPU_CYCLES (in
 *    every pass) in the pass of the metric's first other event.
 * 2. Which pass the others are scaled to (pmukit_metric_ref_event()): the
 *    pass of the metric's CPU_CYCLES, else of its first event.
 * 3. How (pmukit_metric_align()): count x cycles(reference) / cycles(its
 *    pass).
 * 4. The order of the topdown methodology (pmukit_topdown_group_at()):
 *    the stage-1 groups, then the stage-2 groups.
 */
#include <stddef.h>
#include <stdint.h>

#include "pmukit/analysis.h"
#include "pmukit/pmu_fields.h"	/* PMUKIT_EVT_CPU_CYCLES */
#include "core.h"

/* The lowest pass (1-based) of @in, 0 for none. */
static unsigned int first_pass(uint64_t in)
{
	unsigned int p;

	for (p = 1; in && p <= 64; p++, in >>= 1)
		if (in & 1)
			return p;
	return 0;
}

/**
 * pmukit_metric_passes() - the pass each of a metric's counts is read in
 * @mi:   the metric
 * @in:   for each of its events, in the order of @mi->event[]: bit p - 1 set
 *        when pass p (1 to 64) counted it
 * @pass: the pass each event is read in, 1-based (0: counted in none)
 *
 * All of them in the first pass that counted them all, so that they come
 * from one run. Where no pass did, each from the first pass that counted
 * it, but CPU_CYCLES, counted in every pass to compare them, from the pass
 * of the metric's first other event where that pass counted it; the counts
 * are then made comparable by pmukit_metric_align().
 *
 * Return: that one pass; 0 when the passes are combined; -1 when an event
 * was counted in no pass.
 */
int pmukit_metric_passes(const struct pmukit_metric_info *mi, const uint64_t *in,
			 unsigned int *pass)
{
	uint64_t all = ~(uint64_t)0;
	unsigned int k, anchor = 0;
	int missing = 0;

	for (k = 0; k < mi->nevents; k++)
		all &= in[k];
	if (mi->nevents && all) {
		for (k = 0; k < mi->nevents; k++)
			pass[k] = first_pass(all);
		return (int)pass[0];
	}
	for (k = 0; k < mi->nevents; k++) {
		pass[k] = first_pass(in[k]);
		missing |= !pass[k];
		if (!anchor && mi->event[k] != PMUKIT_EVT_CPU_CYCLES)
			anchor = pass[k];
	}
	for (k = 0; k < mi->nevents; k++)
		if (mi->event[k] == PMUKIT_EVT_CPU_CYCLES && anchor &&
		    (in[k] >> (anchor - 1) & 1))
			pass[k] = anchor;
	return missing ? -1 : 0;
}

/**
 * pmukit_metric_ref_event() - the event whose pass is a metric's reference
 * @mi: the metric
 *
 * When a metric's events were counted in different passes, the counts of
 * the other passes are scaled to one pass, the reference: the pass of the
 * metric's CPU_CYCLES, else of its first event. (CPU_CYCLES, counted in
 * every pass, is read in the pass of the metric's first other event.)
 *
 * Return: the index in @mi->event[] of that event.
 */
unsigned int pmukit_metric_ref_event(const struct pmukit_metric_info *mi)
{
	unsigned int k;

	for (k = 0; k < mi->nevents; k++)
		if (mi->event[k] == PMUKIT_EVT_CPU_CYCLES)
			return k;
	return 0;
}

/**
 * pmukit_metric_align() - a metric's counts from different passes made comparable
 * @mi:     the metric
 * @pass:   the pass each of its events was counted in (any numbering)
 * @cycles: the cycles of that pass, for each event; 0 when not known
 * @count:  the counts, in the order of @mi->event[]; scaled in place
 *
 * A count of a pass other than the reference's (pmukit_metric_ref_event())
 * becomes count x cycles(reference pass) / cycles(its pass), rounded to
 * nearest: the passes ran the same work, so each count becomes a rate per
 * cycle of the same run. A count whose pass, or the reference's, has no
 * cycles stays as counted.
 *
 * Return: bit k set for each count scaled.
 */
unsigned int pmukit_metric_align(const struct pmukit_metric_info *mi, const unsigned int *pass,
				 const uint64_t *cycles, uint64_t *count)
{
	unsigned int ref = pmukit_metric_ref_event(mi), k, scaled = 0;

	for (k = 0; k < mi->nevents; k++) {
		if (pass[k] == pass[ref] || !cycles[k] || !cycles[ref])
			continue;
		count[k] = pmukit_core_ratio(count[k], cycles[k], cycles[ref]);
		scaled |= 1u << k;
	}
	return scaled;
}


/**
 * pmukit_topdown_group_at() - the @i-th group of the topdown methodology
 * @t: the methodology (pmukit_metric_set_topdown())
 * @i: 0 to @t->nstage1 + @t->nstage2 - 1
 * @stage: its stage, 1 or 2, if not NULL
 *
 * The stage-1 groups first, then the stage-2 groups, in the data's order.
 *
 * Return: the group's index in its set, or -1 for a bad @i.
 */
int pmukit_topdown_group_at(const struct pmukit_topdown *t, unsigned int i, unsigned int *stage)
{
	if (!t || i >= t->nstage1 + t->nstage2)
		return -1;
	if (stage)
		*stage = i < t->nstage1 ? 1 : 2;
	return i < t->nstage1 ? (int)t->stage1[i] : (int)t->stage2[i - t->nstage1];
}
