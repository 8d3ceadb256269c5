/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Multi-pass runs: a selection with more events than counters is split into
 * passes of nearly equal size, each with the cycle counter (the balanced
 * plan of core/pass_plan.c, shared with the library); the caller runs the
 * profiled code once per pass. Results are copied back into the caller's
 * selection, and the CYCLES of every pass are kept to show how repeatable the
 * runs were (their spread), which bounds how far counts from different passes
 * may be compared.
 */
#include "pmu_fw_internal.h"
#include "core/core.h"	/* pmukit_core_ratio */
#include "core/pass_plan.h"
#include "core/metric_set.h"

static void copy_event(struct pmukit_fw_event *to, const struct pmukit_fw_event *from)
{
	to->name = from->name;
	to->number = from->number;
	to->flags = from->flags;
	to->counter = from->counter;
	to->preset = from->preset;
	to->preval = from->preval;
	to->postval = from->postval;
}

static void set_marker(struct pmukit_fw_event *e, const char *name, int number)
{
	e->name = name;
	e->number = number;
	e->flags = 0;
	e->counter = 0;
	e->preset = 0;
	e->preval = 0;
	e->postval = 0;
}

/* Index in p->all of the k-th event that is not CYCLES, or -1. */
static int nth_event(const struct pmukit_fw_passes *p, unsigned int k)
{
	unsigned int i;

	for (i = 0; p->all[i].number != PMUKIT_FW_END; i++) {
		if (p->all[i].number == PMUKIT_FW_CYCLES)
			continue;
		if (k-- == 0)
			return (int)i;
	}
	return -1;
}

/* 0-based pass of the k-th event that is not CYCLES. */
static unsigned int pass_of(const struct pmukit_fw_passes *p, unsigned int k)
{
	unsigned int i;

	for (i = 1; i < p->npasses && k >= p->first[i]; i++)
		;
	return i - 1;
}

/* Counts the selection (@all), clears the results; 0 or an error. */
static int reset(struct pmukit_fw_passes *p, struct pmukit_fw_event *all)
{
	unsigned int i;

	p->all = all;
	p->nall = 0;
	p->pass = 0;
	p->running = 0;
	for (i = 0; i < PMUKIT_FW_MAX_PASSES; i++) {
		p->cycles[i] = 0;
		p->cycles_flags[i] = 0;
	}
	for (i = 0; all[i].number != PMUKIT_FW_END; i++) {
		if (i >= PMUKIT_FW_MAX_PASSES * PMUKIT_FW_MAX_COUNTERS)
			return PMUKIT_FW_EINVAL;
		all[i].flags &= ~PMUKIT_FW_OUT_FLAGS;
		if (all[i].number != PMUKIT_FW_CYCLES)
			p->nall++;
	}
	return 0;
}

static int no_counter(void)
{
	pmukit_fw_print("pmukit: no event counter at this level: CYCLES only\n");
	return PMUKIT_FW_E2BIG;
}

static int too_many_passes(void)
{
	pmukit_fw_print("pmukit: too many events for PMUKIT_FW_MAX_PASSES passes\n");
	return PMUKIT_FW_E2BIG;
}

int pmukit_fw_passes_init(struct pmukit_fw_passes *p, struct pmukit_fw_event *all,
			  unsigned int max_per_pass)
{
	unsigned int i, n = pmukit_fw_num_counters();
	struct pmukit_plan pl;
	int rc;

	p->nmetrics = 0;
	rc = reset(p, all);
	if (rc)
		return rc;
	if (max_per_pass && max_per_pass < n)
		n = max_per_pass;
	if (n == 0 && p->nall)
		return no_counter();
	p->cap = n;
	/* The events but CYCLES, balanced: 7 events on 6 counters run as 4 + 3. */
	pmukit_plan_make(&pl, p->nall, -1, p->cap, PMUKIT_PLAN_BALANCED);
	p->npasses = pl.npasses;
	if (p->npasses > PMUKIT_FW_MAX_PASSES)
		return too_many_passes();
	p->per_pass = pl.size;
	for (i = 0; i <= p->npasses; i++)
		p->first[i] = (unsigned short)(i < p->npasses ? pmukit_plan_first(&pl, i) : p->nall);
	return (int)p->npasses;
}

/* ---- passes planned from metrics ---------------------------------------- */

/* Adds metric @x to the plan once; 0 or PMUKIT_FW_E2BIG. */
static int add_metric(struct pmukit_fw_passes *p, unsigned int x)
{
	unsigned int k;

	for (k = 0; k < p->nmetrics; k++)
		if (p->metric[k] == x)
			return 0;
	if (p->nmetrics >= PMUKIT_FW_MAX_METRICS) {
		pmukit_fw_print("pmukit: more metrics than PMUKIT_FW_MAX_METRICS\n");
		return PMUKIT_FW_E2BIG;
	}
	p->metric[p->nmetrics++] = x;
	return 0;
}

static int add_group(struct pmukit_fw_passes *p, const struct pmukit_metric_group *g)
{
	unsigned int k;
	int rc = 0;

	for (k = 0; g && k < g->nmetrics && !rc; k++)
		rc = add_metric(p, g->metric[k]);
	return rc;
}

/*
 * The groups of the topdown stages @flags names, in the methodology's
 * order (pmukit_topdown_group_at(): stage 1's, then stage 2's), the order
 * the report prints them in and the command's too.
 */
static int add_stages(struct pmukit_fw_passes *p, const struct pmukit_metric_set *s,
		      const struct pmukit_topdown *t, unsigned int flags)
{
	unsigned int g = flags & PMUKIT_FW_TOPDOWN1 ? 0 : t->nstage1;
	unsigned int end = flags & PMUKIT_FW_TOPDOWN2 & ~PMUKIT_FW_TOPDOWN1 ?
			   t->nstage1 + t->nstage2 : t->nstage1;
	int rc = 0;

	for (; g < end && !rc; g++) {
		int x = pmukit_topdown_group_at(t, g, 0);

		rc = add_group(p, pmukit_metric_set_group(s, (unsigned int)x));
	}
	return rc;
}

/* "pmukit: no metric or group NAME in SET; did you mean: A, B" */
static int unknown(const struct pmukit_metric_set *s, const char *name)
{
	const char *sug[4];
	struct pmukit_fw_line l;
	size_t n = pmukit_metric_set_suggest(s, name, sug, 4), k;

	l.len = 0;
	pmukit_fw_line_str(&l, "pmukit: no metric or group ");
	pmukit_fw_line_str(&l, name);
	pmukit_fw_line_str(&l, " in the set ");
	pmukit_fw_line_str(&l, pmukit_metric_set_info(s)->name);
	for (k = 0; k < n; k++) {
		pmukit_fw_line_str(&l, k ? ", " : "; did you mean: ");
		pmukit_fw_line_str(&l, sug[k]);
	}
	pmukit_fw_line_end(&l);
	return PMUKIT_FW_ENOENT;
}

/* The metrics of @flags' topdown stages, then those @names name. */
static int choose(struct pmukit_fw_passes *p, const struct pmukit_metric_set *s,
		  const char *const *names, unsigned int flags)
{
	const struct pmukit_topdown *t = pmukit_metric_set_topdown(s);
	int rc = 0, x;

	p->nmetrics = 0;
	if (flags & ~PMUKIT_FW_TOPDOWN2)
		return PMUKIT_FW_EINVAL;
	if (flags && !t) {
		pmukit_fw_print("pmukit: no topdown methodology in the set ");
		pmukit_fw_print(pmukit_metric_set_info(s)->name);
		pmukit_fw_print("\n");
		return PMUKIT_FW_ENOENT;
	}
	if (flags)
		rc = add_stages(p, s, t, flags);
	for (; !rc && names && *names; names++) {
		if ((x = pmukit_metric_set_find(s, *names)) >= 0)
			rc = add_metric(p, (unsigned int)x);
		else if ((x = pmukit_metric_set_find_group(s, *names)) >= 0)
			rc = add_group(p, pmukit_metric_set_group(s, (unsigned int)x));
		else
			rc = unknown(s, *names);
	}
	return rc ? rc : p->nmetrics ? 0 : PMUKIT_FW_EINVAL;
}

/* The name a planned metric gives event @number. */
static const char *event_name(const struct pmukit_fw_passes *p,
			      const struct pmukit_metric_set *s, uint16_t number)
{
	unsigned int m, k;

	for (m = 0; m < p->nmetrics; m++) {
		const struct pmukit_metric_info *mi = pmukit_metric_set_metric(s, p->metric[m]);

		for (k = 0; k < mi->nevents; k++)
			if (mi->event[k] == number)
				return mi->event_name[k];
	}
	return "?";
}

int pmukit_fw_passes_init_metrics(struct pmukit_fw_passes *p, struct pmukit_fw_event *storage,
				  unsigned int nstorage, const char *const *names,
				  unsigned int flags)
{
	const struct pmukit_metric_set *s = pmukit_fw_metric_set();
	struct pmukit_plan_slot slot[PMUKIT_FW_MAX_PLANNED];
	unsigned int i, j = 0, nslot, n = pmukit_fw_num_counters(), size;
	int rc = choose(p, s, names, flags), np;

	if (rc)
		return rc;
	if (!n)
		return no_counter();
	np = pmukit_metric_plan(s, p->metric, p->nmetrics, n, PMUKIT_PLAN_CYCLE_COUNTER,
				slot, PMUKIT_FW_MAX_PLANNED, &nslot, 0);
	if (np < 0) {
		pmukit_fw_print("pmukit: more events than PMUKIT_FW_MAX_PLANNED\n");
		return PMUKIT_FW_E2BIG;
	}
	if (np > PMUKIT_FW_MAX_PASSES)
		return too_many_passes();
	/* The slots are by pass, each pass led by CPU_CYCLES: the cycle counter. */
	p->per_pass = 0;
	for (i = 0; i < nslot; i++) {
		if (slot[i].event == PMUKIT_EVT_CPU_CYCLES) {
			p->first[slot[i].pass] = (unsigned short)j;
			continue;
		}
		if (j + 1 >= nstorage) {
			pmukit_fw_print("pmukit: the storage has too few entries for the plan\n");
			return PMUKIT_FW_E2BIG;
		}
		storage[j].name = event_name(p, s, slot[i].event);
		storage[j].number = slot[i].event;
		storage[j].flags = 0;
		storage[j++].counter = 0;
	}
	storage[j].name = 0;
	storage[j].number = PMUKIT_FW_END;
	rc = reset(p, storage);
	if (rc)
		return rc;
	p->cap = n;
	p->npasses = (unsigned int)np;
	p->first[np] = (unsigned short)j;
	for (i = 0; i < p->npasses; i++) {
		size = p->first[i + 1] - p->first[i];
		if (size > p->per_pass)
			p->per_pass = size;
	}
	return np;
}

/* Indices in p->all of the events of the current pass; returns how many. */
static unsigned int pass_events(const struct pmukit_fw_passes *p,
				int idx[PMUKIT_FW_MAX_COUNTERS])
{
	unsigned int k, first, end, n = 0;

	first = p->first[p->pass];
	end = p->first[p->pass + 1];
	for (k = first; k < end && n < PMUKIT_FW_MAX_COUNTERS; k++) {
		int i = nth_event(p, k);

		if (i < 0)
			break;
		idx[n++] = i;
	}
	return n;
}

static const char *const pass_titles[PMUKIT_FW_MAX_PASSES] = {
	"pass 1", "pass 2", "pass 3", "pass 4", "pass 5", "pass 6", "pass 7", "pass 8",
	"pass 9", "pass 10", "pass 11", "pass 12", "pass 13", "pass 14", "pass 15", "pass 16",
};

int pmukit_fw_passes_next(struct pmukit_fw_passes *p)
{
	int idx[PMUKIT_FW_MAX_COUNTERS];
	unsigned int n, g;
	int rc;

	if (p->running)
		return PMUKIT_FW_EBUSY;
	if (p->pass >= p->npasses)
		return 0;
	n = pass_events(p, idx);
	for (g = 0; g < n; g++) {
		copy_event(&p->group[g], &p->all[idx[g]]);
		p->group[g].flags &= ~PMUKIT_FW_OUT_FLAGS;
	}
	set_marker(&p->group[g++], "CYCLES", PMUKIT_FW_CYCLES);
	set_marker(&p->group[g], 0, PMUKIT_FW_END);

	pmukit_fw_set_title(pass_titles[p->pass]);
	rc = pmukit_fw_start(p->group);
	if (rc)
		return rc;
	p->running = 1;
	return 1;
}

int pmukit_fw_passes_stop(struct pmukit_fw_passes *p)
{
	int idx[PMUKIT_FW_MAX_COUNTERS];
	unsigned int k, n, g;
	int rc;

	if (!p->running)
		return PMUKIT_FW_ENOENT;
	rc = pmukit_fw_stop(p->group);
	p->running = 0;
	n = pass_events(p, idx);
	for (g = 0; g < n; g++) {
		int i = idx[g];

		p->all[i].counter = p->group[g].counter;
		p->all[i].preval = p->group[g].preval;
		p->all[i].postval = p->group[g].postval;
		p->all[i].flags = (p->all[i].flags & ~PMUKIT_FW_OUT_FLAGS) |
				  (p->group[g].flags & PMUKIT_FW_OUT_FLAGS);
	}
	/* group[g] (g == n) is the CYCLES entry of this pass. */
	p->cycles[p->pass] = p->group[g].postval - p->group[g].preval;
	p->cycles_flags[p->pass] = p->group[g].flags;
	if (p->pass == 0) {
		/* A CYCLES entry of the caller's selection gets the first pass. */
		for (k = 0; p->all[k].number != PMUKIT_FW_END; k++) {
			if (p->all[k].number != PMUKIT_FW_CYCLES)
				continue;
			p->all[k].counter = PMUKIT_CYCLE_COUNTER_IDX;
			p->all[k].preval = p->group[g].preval;
			p->all[k].postval = p->group[g].postval;
			p->all[k].flags = (p->all[k].flags & ~PMUKIT_FW_OUT_FLAGS) |
					  (p->group[g].flags & PMUKIT_FW_OUT_FLAGS);
		}
	}
	p->pass++;
	return rc;
}


static void merged_line(const char *name, unsigned int pass, const struct pmukit_fw_event *e,
			uint64_t count, unsigned int flags)
{
	struct pmukit_fw_line l;

	l.len = 0;
	pmukit_fw_line_str(&l, name ? name : "?");
	pmukit_fw_line_char(&l, ',');
	pmukit_fw_line_u64(&l, pass);
	pmukit_fw_line_char(&l, ',');
	if (!(flags & PMUKIT_FW_VALID))
		pmukit_fw_line_str(&l, "NOT RUN");
	else if (flags & PMUKIT_FW_OVERFLOW)
		pmukit_fw_line_str(&l, "OVERFLOW");
	else
		pmukit_fw_line_u64(&l, e ? e->postval - e->preval : count);
	pmukit_fw_line_end(&l);
}

static void spread_line(const struct pmukit_fw_passes *p)
{
	struct pmukit_fw_line l;
	uint64_t min = ~(uint64_t)0, max = 0;
	unsigned int i, runs = 0;

	for (i = 0; i < p->pass; i++) {
		if ((p->cycles_flags[i] & PMUKIT_FW_OVERFLOW) || !(p->cycles_flags[i] & PMUKIT_FW_VALID))
			continue;
		runs++;
		if (p->cycles[i] < min)
			min = p->cycles[i];
		if (p->cycles[i] > max)
			max = p->cycles[i];
	}
	l.len = 0;
	if (!runs) {
		pmukit_fw_line_str(&l, "CYCLES spread: no valid pass");
		pmukit_fw_line_end(&l);
		return;
	}
	pmukit_fw_line_str(&l, "CYCLES spread: min ");
	pmukit_fw_line_u64(&l, min);
	pmukit_fw_line_str(&l, ", max ");
	pmukit_fw_line_u64(&l, max);
	pmukit_fw_line_str(&l, ", spread ");
	pmukit_fw_line_u64(&l, max - min);
	pmukit_fw_line_str(&l, " (");
	pmukit_fw_line_fixed(&l, pmukit_core_ratio(max - min, min, 10000), 2);
	pmukit_fw_line_str(&l, "% of min) over ");
	pmukit_fw_line_u64(&l, runs);
	pmukit_fw_line_str(&l, " passes");
	pmukit_fw_line_end(&l);
}

/* Metric inputs of the merged result: an event's first valid count (in @want). */
static int passes_get(const void *ctx, int number, unsigned int want, struct pmukit_fw_mval *v)
{
	const struct pmukit_fw_passes *p = ctx;
	unsigned int k, c = want ? want - 1 : 0;

	if (number == PMUKIT_FW_CYCLES) {
		if (c >= p->pass)
			return 0;
		v->prohibited = 0;
		v->valid = !(p->cycles_flags[c] & PMUKIT_FW_OVERFLOW);
		v->count = p->cycles[c];
		v->have_cycles = 0;
		v->cycles = 0;
		v->cycles_valid = 0;
		v->pass = c + 1;
		return 1;
	}
	for (k = 0; k < p->nall; k++) {
		const struct pmukit_fw_event *e = &p->all[nth_event(p, k)];
		unsigned int pass = pass_of(p, k) + 1;	/* 1-based */

		if (e->number != number || !(e->flags & PMUKIT_FW_VALID) || (want && pass != want))
			continue;
		v->prohibited = !!(e->flags & PMUKIT_FW_PROHIBITED);
		v->valid = !(e->flags & (PMUKIT_FW_OVERFLOW | PMUKIT_FW_PROHIBITED));
		v->count = v->valid ? e->postval - e->preval : 0;
		v->pass = pass;
		v->cycles = p->cycles[pass - 1];
		v->have_cycles = 1;
		v->cycles_valid = !(p->cycles_flags[pass - 1] & PMUKIT_FW_OVERFLOW);
		return 1;
	}
	return 0;
}

void pmukit_fw_passes_report(const struct pmukit_fw_passes *p)
{
	struct pmukit_fw_line l;
	unsigned int i, k;

	l.len = 0;
	pmukit_fw_rule();
	pmukit_fw_line_str(&l, "pmukit: merged result of ");
	pmukit_fw_line_u64(&l, p->pass);
	pmukit_fw_line_str(&l, " of ");
	pmukit_fw_line_u64(&l, p->npasses);
	pmukit_fw_line_str(&l, " passes | ");
	pmukit_fw_line_str(&l, pmukit_fw_level_name());
	pmukit_fw_line_end(&l);
	pmukit_fw_rule();
	pmukit_fw_print("PMU EVENT, PASS, DELTA\n");

	for (k = 0; k < p->nall; k++) {
		const struct pmukit_fw_event *e = &p->all[nth_event(p, k)];

		merged_line(e->name, pass_of(p, k) + 1, e, 0, e->flags);
	}
	for (i = 0; i < p->npasses; i++)
		merged_line("CYCLES", i + 1, 0, p->cycles[i],
			    i < p->pass ? p->cycles_flags[i] : 0);
	spread_line(p);
	pmukit_fw_metrics_emit(passes_get, p, p->metric, p->nmetrics);
	pmukit_fw_rule();
}
