// SPDX-License-Identifier: MIT
/*
 * A scope's metrics where perf stat shows them: beside each row of -A and
 * --per-thread (a CPU's, a thread's counts) and of each interval (a CPU's,
 * a thread's, a core type's, or the sum's), as well as on the totals. Each
 * row's counts become a report of their own, summarised as one run of one
 * pass, so that a metric only ever combines the counts of one unit; a core
 * type's row takes its events as that type's table has them (their
 * numbers, which the metrics match), as its block does (stat_types.c).
 * With -M and --topdown each row gets the metrics asked for, printed after
 * the rows under its name, as 'pmukit metrics' prints those of a CPU.
 */
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "stat_metrics.h"
#include "stat_scope.h"

int scope_metrics_new(struct scope_metrics *m, unsigned int n, const struct an_sel *sel)
{
	m->n = n;
	m->sel = sel;
	m->ur = calloc(n, sizeof(*m->ur));
	m->usel = sel ? calloc(n, sizeof(*m->usel)) : NULL;
	m->made = calloc(n, sizeof(*m->made));
	return !m->ur || (sel && !m->usel) || !m->made ? -ENOMEM : 0;
}

void scope_metrics_free(struct scope_metrics *m)
{
	free(m->ur);
	free(m->usel);
	free(m->made);
	memset(m, 0, sizeof(*m));
}

/* @src into @dst of @len bytes, cut to fit. */
static void name_copy(char *dst, size_t len, const char *src)
{
	size_t n = strnlen(src, len - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/*
 * Row @k of @u as one run of one pass over @wall_ns into @ur: what the
 * metrics read of a report (each event, its count as the mean of one run,
 * the pass's time), filled for each row and interval without the
 * statistics of a whole report; @type: its core type's events (-1: the
 * plan's). @made: the type @ur was made for before (+ 2; 0: none): the
 * events and the metrics chosen of them stay, only the counts change (an
 * interval's rows, each interval).
 */
static void unit_report(const struct scope_run *x, const struct stat_units *u, unsigned int k,
			uint64_t wall_ns, int type, struct stat_report *ur, int *made)
{
	const struct pmukit_ev *te;
	unsigned int i, nev = u->nev;

	ur->pass_elapsed_s[0] = (double)wall_ns / 1e9;
	if (*made == type + 2 && ur->nev == nev) {
		for (i = 0; i < nev; i++)
			ur->ev[i].st.mean = (double)u->c[k * nev + i].value;
		metrics_recount(ur);
		return;
	}
	ur->runs = 1;
	ur->npasses = 1;
	ur->analysis = NULL;
	ur->cycles_ref = -1;
	ur->nev = nev;
	for (i = 0; i < nev; i++) {
		struct stat_event *e = &ur->ev[i];

		te = type >= 0 ? pmukit_evplan_type_event(x->plan, (unsigned int)type, i) : NULL;
		e->ev = *(te ? te : pmukit_evplan_counted(x->plan, i));
		name_copy(e->name, sizeof(e->name), e->ev.name);
		e->st.mean = (double)u->c[k * nev + i].value;
		e->pass = 1;
		e->added = e->wrapped = e->unsupported = e->per_type = 0;
		e->nc_runs = 0;
	}
	metrics_compute(ur);
	*made = type + 2;
}

void scope_unit_metrics(const struct scope_run *x, struct stat_units *u, struct scope_metrics *m,
			int by_type, uint64_t wall_ns)
{
	const struct pmukit_core_def *core;
	struct pmukit_type_info ti;
	unsigned int k;

	for (k = 0; k < u->n && k < m->n; k++) {
		/* A row's core type: an interval's by type, or a unit's own (a CPU's, a task's on it). */
		int type = by_type && x->ty ? (int)k :
			   !by_type && x->utype && u->n == x->nunits ? x->utype[k] : -1;

		unit_report(x, u, k, wall_ns, type, &m->ur[k], &m->made[k]);
		/* The sums over the types (the last row): a ratio of them describes no core. */
		if (by_type && x->ty && k >= x->ty->n) {
			m->ur[k].nmetrics = 0;
			continue;
		}
		if (!m->sel)
			continue;
		m->usel[k] = *m->sel;
		core = type >= 0 && !pmukit_evplan_type(x->plan, (unsigned int)type, &ti) ?
		       pmukit_core_by_name(ti.name) : NULL;
		if (core)
			m->usel[k].core = core;
		stat_metric_values(&m->ur[k], &m->usel[k]);
	}
	u->ur = m->ur;
}
