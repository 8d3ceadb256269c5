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
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pmukit/analysis.h"
#include "pmukit/pmu_fields.h"
#include "core.h"
#include "pass_plan.h"

static unsigned int div32(unsigned int n, unsigned int d, unsigned int *rem)
{
	uint64_t r;
	unsigned int q = (unsigned int)pmukit_core_udiv64(n, d, &r);

	if (rem)
		*rem = (unsigned int)r;
	return q;
}

/*
 * The counters a pass has for the events other than the cycles: all @cap
 * when the cycles have a counter of their own (@apart), else all but the
 * one the cycles take. -1: not even one for the cycles, so no pass can run.
 */
static int others_cap(unsigned int cap, bool apart)
{
	if (apart)
		return (int)cap;
	return cap ? (int)cap - 1 : -1;
}

int pmukit_plan_make(struct pmukit_plan *p, unsigned int n, int cycles, unsigned int cap,
		     unsigned int flags)
{
	unsigned int per, rem;
	int room = others_cap(cap, cycles < 0);

	if (!p || (cycles >= 0 && (unsigned int)cycles >= n) || cycles < -1 ||
	    (flags & ~PMUKIT_PLAN_BALANCED) || room < 0)
		return -PMUKIT_CORE_EINVAL;
	p->n = n;
	p->cycles = cycles;
	p->others = n - (cycles >= 0);
	per = (unsigned int)room;
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
 * A pass needs a counter for each of its events: with @cap 0 and the
 * cycles on one of the @cap counters (@cycles >= 0) there is none, not even
 * for a selection of the cycles alone. With @cycles -1 and @cap 0 only an
 * empty selection has a plan: one pass, in which the cycle counter alone
 * counts.
 *
 * Return: the number of passes; -EINVAL for a bad @cycles or @flags, no
 * counter at all (@cap 0 and @cycles >= 0), or @cap too small to hold one
 * event beside the cycles.
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

/* ---- passes for metrics ---------------------------------------------- */

struct mplan {
	struct pmukit_plan_slot *slot;
	unsigned int n, max, npasses, cap;
};

static bool in_pass(const struct mplan *p, uint16_t ev, unsigned int pass)
{
	unsigned int i;

	for (i = 0; i < p->n; i++)
		if (p->slot[i].event == ev && p->slot[i].pass == pass)
			return true;
	return false;
}

static bool anywhere(const struct mplan *p, uint16_t ev)
{
	unsigned int i;

	for (i = 0; i < p->n; i++)
		if (p->slot[i].event == ev)
			return true;
	return false;
}

/* Counters taken in @pass, the cycles apart. */
static unsigned int used(const struct mplan *p, unsigned int pass)
{
	unsigned int i, u = 0;

	for (i = 0; i < p->n; i++)
		u += p->slot[i].pass == pass && p->slot[i].event != PMUKIT_EVT_CPU_CYCLES;
	return u;
}

static int add(struct mplan *p, uint16_t ev, unsigned int pass)
{
	if (p->n >= p->max)
		return -PMUKIT_CORE_E2BIG;
	p->slot[p->n].event = ev;
	p->slot[p->n++].pass = (uint16_t)pass;
	return 0;
}

static int new_pass(struct mplan *p)
{
	int ret = add(p, PMUKIT_EVT_CPU_CYCLES, p->npasses);

	return ret ? ret : (int)p->npasses++;
}

/* The events of @mi but CPU_CYCLES, each once, into @ev; how many. */
static unsigned int others(const struct pmukit_metric_info *mi, uint16_t *ev)
{
	unsigned int k, j, n = 0;

	for (k = 0; k < mi->nevents; k++) {
		if (mi->event[k] == PMUKIT_EVT_CPU_CYCLES)
			continue;
		for (j = 0; j < n && ev[j] != mi->event[k]; j++)
			;
		if (j == n)
			ev[n++] = mi->event[k];
	}
	return n;
}

/* Events of @ev missing from @pass. */
static unsigned int missing(const struct mplan *p, const uint16_t *ev, unsigned int n,
			    unsigned int pass)
{
	unsigned int k, miss = 0;

	for (k = 0; k < n; k++)
		miss += !in_pass(p, ev[k], pass);
	return miss;
}

/* All of @ev in one pass: the one that lacks the fewest, or a new one. */
static int place_together(struct mplan *p, const uint16_t *ev, unsigned int n)
{
	unsigned int pass, k, best = 0, best_miss = ~0u;
	int ret;

	for (pass = 0; pass < p->npasses; pass++) {
		unsigned int miss = missing(p, ev, n, pass);

		if (used(p, pass) + miss <= p->cap && miss < best_miss) {
			best = pass;
			best_miss = miss;
		}
	}
	if (best_miss == ~0u) {
		ret = new_pass(p);
		if (ret < 0)
			return ret;
		best = (unsigned int)ret;
	}
	for (k = 0; k < n; k++)
		if (!in_pass(p, ev[k], best) && (ret = add(p, ev[k], best)) < 0)
			return ret;
	return (int)best;
}

/* More events than a pass holds: each once, in the first pass with room. */
static int place_apart(struct mplan *p, const uint16_t *ev, unsigned int n)
{
	unsigned int k, pass;
	int ret;

	for (k = 0; k < n; k++) {
		if (anywhere(p, ev[k]))
			continue;
		for (pass = 0; pass < p->npasses && used(p, pass) >= p->cap; pass++)
			;
		if (pass == p->npasses && (ret = new_pass(p)) < 0)
			return ret;
		if ((ret = add(p, ev[k], pass)) < 0)
			return ret;
	}
	return -1;
}

/* Slots in pass order, keeping the order within a pass (a stable sort). */
static void sort_slots(struct mplan *p)
{
	unsigned int i, j;

	for (i = 1; i < p->n; i++) {
		struct pmukit_plan_slot x = p->slot[i];

		for (j = i; j > 0 && p->slot[j - 1].pass > x.pass; j--)
			p->slot[j] = p->slot[j - 1];
		p->slot[j] = x;
	}
}

/**
 * pmukit_metric_plan() - the passes that count a list of metrics
 * @s:           the metric set
 * @metric:      indices of metrics in @s, @nmetric of them
 * @nmetric:     how many
 * @counters:    the event counters a pass has (PMCR.N)
 * @flags:       PMUKIT_PLAN_CYCLE_COUNTER: CPU_CYCLES is counted by the
 *               cycle counter; else it takes one of @counters in each pass
 * @slot:        filled with the (event, pass) pairs, by pass; each pass
 *               starts with CPU_CYCLES, counted in every pass so that the
 *               passes can be compared
 * @max:         room in @slot (@nmetric * PMUKIT_METRIC_MAX_EVENTS + 1 is
 *               always enough)
 * @nslot:       set to the number of pairs stored
 * @metric_pass: may be NULL; filled with the pass that counts all of
 *               metric k's events, or -1 when they are more than a pass
 *               holds and were spread over passes (each event once)
 *
 * Metrics are placed in the order given: each in the pass that lacks
 * fewest of its events and has room for them, else in a new pass. An event
 * is counted at most once in a pass, and in several passes when metrics
 * placed in different passes need it.
 *
 * Return: the number of passes; -EINVAL for a NULL pointer, a bad metric
 * index, no counter for the events, or no counter at all (@counters 0
 * without PMUKIT_PLAN_CYCLE_COUNTER: CPU_CYCLES, in every pass, would have
 * none), -E2BIG when @max is too small.
 */
int pmukit_metric_plan(const struct pmukit_metric_set *s, const unsigned int *metric,
		       unsigned int nmetric, unsigned int counters, unsigned int flags,
		       struct pmukit_plan_slot *slot, unsigned int max,
		       unsigned int *nslot, int *metric_pass)
{
	struct mplan p = { slot, 0, max, 0, 0 };
	unsigned int m;
	int ret;

	int room = others_cap(counters, flags & PMUKIT_PLAN_CYCLE_COUNTER);

	if (!s || (nmetric && !metric) || !slot || !nslot || (flags & ~PMUKIT_PLAN_CYCLE_COUNTER) ||
	    room < 0)
		return -PMUKIT_CORE_EINVAL;
	p.cap = (unsigned int)room;
	*nslot = 0;
	ret = new_pass(&p);
	for (m = 0; ret >= 0 && m < nmetric; m++) {
		const struct pmukit_metric_info *mi = pmukit_metric_set_metric(s, metric[m]);
		uint16_t ev[PMUKIT_METRIC_MAX_EVENTS];
		unsigned int n;

		if (!mi)
			return -PMUKIT_CORE_EINVAL;
		n = others(mi, ev);
		if (n && !p.cap)
			return -PMUKIT_CORE_EINVAL;
		ret = n <= p.cap ? place_together(&p, ev, n) : place_apart(&p, ev, n);
		if (metric_pass && ret >= -1)
			metric_pass[m] = ret;
		if (ret == -1)
			ret = 0;
	}
	if (ret < 0)
		return ret;
	sort_slots(&p);
	*nslot = p.n;
	return (int)p.npasses;
}
