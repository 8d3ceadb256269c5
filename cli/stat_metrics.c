// SPDX-License-Identifier: MIT
/*
 * Derived metrics: the library's metric table (pmukit_metric_info()),
 * evaluated on the means of the runs. A ratio of two events is only as
 * good as the runs they were counted in agree: where one pass counted them
 * all, that pass is used; the cycles counted in every pass give IPC for
 * instructions in any pass.
 */
#include <linux/perf_event.h>
#include <string.h>

#include "cli.h"
#include "stat_metrics.h"
#include "pmukit/pmu_fields.h"

/*
 * The Arm event number a row counts: perf's cycles and instructions (where
 * there is no Arm PMU) are CPU_CYCLES and INST_RETIRED; -1 for none.
 */
static int code_of(const struct pmukit_ev *e)
{
	switch (e->kind) {
	case PMUKIT_EV_PMU:
		return e->code;
	case PMUKIT_EV_CYCLES:
		return PMUKIT_EVT_CPU_CYCLES;
	case PMUKIT_EV_INSTRUCTIONS:
		return PMUKIT_EVT_INST_RETIRED;
	default:
		return -1;
	}
}

/* Is report row @e the metric's event @k? */
static int is_event(const struct stat_event *e, const struct pmukit_metric_info *mi, unsigned int k)
{
	return code_of(&e->ev) == (int)mi->event[k];
}

/* Do two rows count at the same levels? */
static int same_levels(const struct stat_event *a, const struct stat_event *b)
{
	return a->ev.excl_user == b->ev.excl_user && a->ev.excl_kernel == b->ev.excl_kernel;
}

/* perf's task-clock: the time the command's tasks ran on a CPU. */
static int is_task_clock(const struct stat_event *e)
{
	return e->ev.kind == PMUKIT_EV_SOFTWARE && e->ev.config == PERF_COUNT_SW_TASK_CLOCK;
}

/*
 * The passes of row @j as the library's rule takes them
 * (pmukit_metric_passes()): bit p - 1 for pass p; the cycles counted in
 * every pass are in each. A wrapped count is not known: in none. An event
 * no pass could hold is taken as pass 1's, so that its metric says why.
 */
static uint64_t passes_of(const struct stat_report *r, unsigned int j)
{
	const struct stat_event *e = &r->ev[j];

	if (e->added || e->wrapped)
		return 0;
	if ((int)j == r->cycles_ref && r->npasses > 1)
		return r->npasses >= 64 ? ~0ull : (1ull << r->npasses) - 1;
	return e->pass >= 1 && e->pass <= 64 ? 1ull << (e->pass - 1) : 1;
}

/*
 * The row of the metric's event @k in @pass, of the same levels as row
 * @i where one is (-1: @i not chosen yet): the first of those.
 */
static int row_in(const struct stat_report *r, const struct pmukit_metric_info *mi,
		  unsigned int k, unsigned int pass, int i)
{
	int best = -1;
	unsigned int j;

	for (j = 0; j < r->nev; j++) {
		if (!is_event(&r->ev[j], mi, k) || !(passes_of(r, j) >> (pass - 1) & 1))
			continue;
		if (i < 0 || same_levels(&r->ev[j], &r->ev[i]))
			return (int)j;
		if (best < 0)
			best = (int)j;
	}
	return best;
}

/* A mean as the engine's integer count. */
static uint64_t count_of(double mean)
{
	if (!(mean > 0))
		return 0;
	if (mean >= 9.2e18)
		return (uint64_t)9.2e18;
	return (uint64_t)(mean + 0.5);
}

/* The cycles of 1-based pass @pass as the engine's count, or 0 (one pass, or none known). */
static uint64_t cycles_of(const struct stat_report *r, unsigned int pass)
{
	return r->npasses > 1 && pass >= 1 ? count_of(r->pass_cycles[pass - 1]) : 0;
}

/* @m has no value: row @e did not count. */
static void did_not_count(struct stat_metric *m, const struct stat_event *e)
{
	char name[sizeof(e->name)];

	memcpy(name, e->name, sizeof(name));
	snprintf(m->why, sizeof(m->why), "%s %s", name, PMUKIT_DID_NOT_COUNT);
}

/* The wall time of a run of row @e's pass, or 0 (none known). */
static double pass_wall(const struct stat_report *r, const struct stat_event *e)
{
	return e->pass && e->pass <= r->npasses ? r->pass_elapsed_s[e->pass - 1] : 0.0;
}

/*
 * @m's value from the rows it was chosen of (m->def, m->row[], m->pass[]):
 * the counts, those of another pass scaled to the reference pass (the
 * library's pmukit_metric_align()), the formula; no value where a count
 * is no count, whatever the formula makes of it.
 */
static void metric_value(const struct stat_report *r, struct stat_metric *m)
{
	const struct pmukit_metric_info *mi;
	uint64_t count[PMUKIT_METRIC_MAX_EVENTS], cycles[PMUKIT_METRIC_MAX_EVENTS];
	const struct stat_event *bad = NULL, *e;
	struct pmukit_metric_value v;
	unsigned int k;

	m->na = 0;
	m->why[0] = '\0';
	if (m->def == STAT_METRIC_CPUS) {
		/* perf's "CPUs utilized": the time the tasks ran on a CPU over the wall time. */
		e = &r->ev[m->event];
		m->value = pass_wall(r, e) > 0 ? e->st.mean / 1e9 / pass_wall(r, e) : 0.0;
		bad = e->nc_runs ? e : NULL;
	} else {
		mi = pmukit_metric_info(m->def);
		for (k = 0; k < mi->nevents; k++) {
			e = &r->ev[m->row[k]];
			/* The cycles counted in every pass: their mean in this one. */
			if (m->row[k] == r->cycles_ref && r->npasses > 1)
				count[k] = cycles_of(r, m->pass[k]);
			else
				count[k] = count_of(e->st.mean);
			if (e->nc_runs && !bad)
				bad = e;
			cycles[k] = cycles_of(r, m->pass[k]);
		}
		pmukit_metric_align(mi, m->pass, cycles, count);
		pmukit_metric_eval(m->def, count, (1u << mi->nevents) - 1, &v);
		/* n/a (a zero divisor) reads 0, as it always has. */
		m->value = v.status == PMUKIT_METRIC_OK ? (double)v.num / (double)v.den : 0.0;
	}
	if (bad) {
		m->na = 1;
		m->value = 0.0;
		did_not_count(m, bad);
	}
}

/* A new metric of @r, chosen: its name and unit, the row it is printed beside. */
static struct stat_metric *metric_add(struct stat_report *r, unsigned int def, const char *name,
				      const char *unit, unsigned int row)
{
	struct stat_metric *m = &r->metric[r->nmetrics++];

	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "%s", name);
	m->unit = unit;
	m->def = def;
	m->event = row;
	return m;
}

/*
 * perf's "CPUs utilized" beside task-clock: the time the command's tasks
 * ran on a CPU over the wall time of a run of its pass.
 */
static void cpus_utilized(struct stat_report *r)
{
	unsigned int i;

	for (i = 0; i < r->nev && r->nmetrics < STAT_MAX_METRICS; i++) {
		const struct stat_event *e = &r->ev[i];

		if (e->added || e->wrapped || e->unsupported || !is_task_clock(e) ||
		    !(pass_wall(r, e) > 0))
			continue;
		metric_value(r, metric_add(r, STAT_METRIC_CPUS, "CPUs utilized", "", i));
		break;
	}
}

/*
 * The rules for a metric over passes are the library's: which pass each
 * event is read in (pmukit_metric_passes(): one pass that counted them
 * all, else each in its own, CPU_CYCLES in the first other event's) and
 * the scaling to the reference pass (pmukit_metric_align()). This adds
 * the rows: within a pass, the first of the first event's levels.
 */
void metrics_compute(struct stat_report *r)
{
	unsigned int nm = pmukit_metric_count(), x, k, j;

	r->nmetrics = 0;
	for (x = 0; x < nm && r->nmetrics < STAT_MAX_METRICS; x++) {
		const struct pmukit_metric_info *mi = pmukit_metric_info(x);
		uint64_t in[PMUKIT_METRIC_MAX_EVENTS];
		unsigned int pass[PMUKIT_METRIC_MAX_EVENTS];
		struct stat_metric *m;
		int row0;

		for (k = 0; k < mi->nevents; k++) {
			in[k] = 0;
			for (j = 0; j < r->nev; j++)
				if (is_event(&r->ev[j], mi, k))
					in[k] |= passes_of(r, j);
		}
		if (!mi->nevents || pmukit_metric_passes(mi, in, pass) < 0)
			continue;
		row0 = row_in(r, mi, 0, pass[0], -1);
		m = metric_add(r, x, mi->name, mi->unit, (unsigned int)row0);
		for (k = 0; k < mi->nevents; k++) {
			m->row[k] = k ? row_in(r, mi, k, pass[k], row0) : row0;
			m->pass[k] = pass[k];
			m->cross_pass |= pass[k] != pass[0];
		}
		metric_value(r, m);
	}
	cpus_utilized(r);
}

void metrics_recount(struct stat_report *r)
{
	unsigned int k;

	for (k = 0; k < r->nmetrics; k++)
		metric_value(r, &r->metric[k]);
}
