// SPDX-License-Identifier: MIT
/*
 * Derived metrics: the library's metric table (pmukit_metric_info()),
 * evaluated on the means of the runs. A ratio of two events is only as
 * good as the runs they were counted in agree: where both are in one pass,
 * that pass is used; the cycles counted in every pass give IPC for
 * instructions in any pass.
 */
#include <linux/perf_event.h>
#include <string.h>

#include "cli.h"
#include "metrics.h"
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

/* The best row for event @k beside the first event's row @i: same pass, then same levels. */
static int pick_den(const struct stat_report *r, unsigned int i,
		    const struct pmukit_metric_info *mi, unsigned int k, int cycles_ref)
{
	int best = -1, score = -1;
	unsigned int j;

	for (j = 0; j < r->nev; j++) {
		int s;

		if (r->ev[j].added || !is_event(&r->ev[j], mi, k))
			continue;
		s = (r->ev[j].pass == r->ev[i].pass || (int)j == cycles_ref) * 2 +
		    same_levels(&r->ev[j], &r->ev[i]);
		if (s > score) {
			score = s;
			best = (int)j;
		}
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

/*
 * perf's "CPUs utilized" beside task-clock: the time the command's tasks
 * ran on a CPU over the wall time of a run of its pass.
 */
static void cpus_utilized(struct stat_report *r)
{
	unsigned int i;

	for (i = 0; i < r->nev && r->nmetrics < STAT_MAX_METRICS; i++) {
		const struct stat_event *e = &r->ev[i];
		struct stat_metric *m;
		double wall;

		if (e->added || e->wrapped || e->unsupported || !is_task_clock(e) ||
		    !e->pass || e->pass > r->npasses)
			continue;
		wall = r->pass_elapsed_s[e->pass - 1];
		if (!(wall > 0))
			continue;
		m = &r->metric[r->nmetrics++];
		memset(m, 0, sizeof(*m));
		snprintf(m->name, sizeof(m->name), "CPUs utilized");
		m->unit = "";
		m->event = i;
		m->value = e->st.mean / 1e9 / wall;
		if (e->nc_runs) {
			m->na = 1;
			m->value = 0.0;
			did_not_count(m, e);
		}
		break;
	}
}

/*
 * Events of different passes are made comparable by the library's rule
 * (pmukit_metric_align()): CPU_CYCLES, counted in every pass, is read in
 * the pass of the metric's first event, which is so the reference pass,
 * and a count of another pass is scaled by the two passes' cycles.
 */
void metrics_compute(struct stat_report *r)
{
	int cycles_ref = r->cycles_ref;
	unsigned int nm = pmukit_metric_count(), x, i, k;

	r->nmetrics = 0;
	for (x = 0; x < nm && r->nmetrics < STAT_MAX_METRICS; x++) {
		const struct pmukit_metric_info *mi = pmukit_metric_info(x);

		for (i = 0; i < r->nev; i++) {
			uint64_t count[PMUKIT_METRIC_MAX_EVENTS], cycles[PMUKIT_METRIC_MAX_EVENTS];
			unsigned int pass[PMUKIT_METRIC_MAX_EVENTS];
			struct pmukit_metric_value v;
			const struct stat_event *bad = NULL;
			struct stat_metric *m;
			unsigned int counted = 1;
			int cross = 0, j = 0, wrapped = 0;

			/* A wrapped count is not known: no metric from it. */
			if (r->ev[i].added || r->ev[i].wrapped || !is_event(&r->ev[i], mi, 0))
				continue;
			count[0] = count_of(r->ev[i].st.mean);
			pass[0] = r->ev[i].pass;
			if (r->ev[i].nc_runs)
				bad = &r->ev[i];
			for (k = 1; k < mi->nevents; k++) {
				j = pick_den(r, i, mi, k, cycles_ref);
				if (j < 0)
					break;
				if (r->ev[j].wrapped) {
					wrapped = 1;
					break;
				}
				if (j == cycles_ref && r->npasses > 1 && r->ev[i].pass >= 1) {
					pass[k] = r->ev[i].pass;
					count[k] = cycles_of(r, pass[k]);
				} else {
					pass[k] = r->ev[j].pass;
					count[k] = count_of(r->ev[j].st.mean);
				}
				counted |= 1u << k;
				if (r->ev[j].nc_runs && !bad)
					bad = &r->ev[j];
				cross |= pass[k] != pass[0];
			}
			if (j < 0)
				break;
			if (wrapped)
				continue;
			for (k = 0; k < mi->nevents; k++)
				cycles[k] = cycles_of(r, pass[k]);
			pmukit_metric_align(mi, pass, cycles, count);
			pmukit_metric_eval(x, count, counted, &v);
			m = &r->metric[r->nmetrics++];
			memset(m, 0, sizeof(*m));
			snprintf(m->name, sizeof(m->name), "%s", mi->name);
			m->unit = mi->unit;
			/* n/a (a zero divisor) reads 0, as it always has. */
			m->value = v.status == PMUKIT_METRIC_OK ? (double)v.num / (double)v.den : 0.0;
			m->cross_pass = cross;
			m->event = i;
			/* A count that is no count gives no value, whatever the formula makes of it. */
			if (bad) {
				m->na = 1;
				m->value = 0.0;
				did_not_count(m, bad);
			}
			break;	/* one of each metric: the first numerator */
		}
	}
	cpus_utilized(r);
}
