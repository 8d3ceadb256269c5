// SPDX-License-Identifier: MIT
/*
 * 'pmukit stat' of a command that may run on several core types: the
 * library counts it on each type's PMU (one group per type, perf path) and
 * gives each type's counts (pmukit_read_type()) and the sums of the events
 * that mean the same on every type (pmukit_read()). Here each type's runs
 * become a report of their own, summarised and with metrics exactly as a
 * report of one type (so a metric only ever combines counts of one type),
 * and the report of the sums keeps only the events that have one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "stat.h"

int stat_types_setup(struct stat_typed *ty, const struct pmukit_evplan *p)
{
	unsigned int t, n = pmukit_evplan_ntypes(p), npasses = pmukit_evplan_npasses(p);

	memset(ty->pd, 0, sizeof(ty->pd));
	ty->n = 0;
	ty->npasses = npasses;
	if (n < 2)
		return 0;
	if (n > STAT_MAX_TYPES)
		n = STAT_MAX_TYPES;
	for (t = 0; t < n; t++) {
		if (pmukit_evplan_type(p, t, &ty->info[t]))
			return -EINVAL;
		ty->pd[t] = calloc(npasses, sizeof(*ty->pd[t]));
		if (!ty->pd[t])
			return -ENOMEM;
	}
	memset(ty->summed, 0, sizeof(ty->summed));
	ty->n = n;
	return 0;
}

void stat_types_free(struct stat_typed *ty)
{
	unsigned int t, k;

	for (t = 0; t < STAT_MAX_TYPES; t++) {
		/* The passes' times are the sums' (freed with them). */
		for (k = 0; ty->pd[t] && k < ty->npasses; k++)
			free(ty->pd[t][k].val);
		free(ty->pd[t]);
		ty->pd[t] = NULL;
	}
	ty->n = 0;
}

/* Does event @i of @tr not count on its type in some run? */
static int type_missed(const struct stat_report *tr, unsigned int i)
{
	return i < tr->nev && tr->ev[i].nc_runs;
}

void stat_types_finish(struct stat_typed *ty, const struct stat_opts *o,
		       const struct pmukit_evplan *p, struct stat_report *r)
{
	const struct pmukit_ev *te;
	unsigned int t, i, nev = r->nev;

	for (t = 0; t < ty->n; t++) {
		/* Each row as its type's table has it: its name there, its number for the metrics. */
		for (i = 0; i < ty->r[t].nev; i++) {
			te = pmukit_evplan_type_event(p, t, i);
			if (!te)
				continue;
			ty->r[t].ev[i].ev = *te;
			snprintf(ty->r[t].ev[i].name, sizeof(ty->r[t].ev[i].name), "%.63s", te->name);
		}
		snprintf(ty->block[t].name, sizeof(ty->block[t].name), "%s",
			 ty->info[t].name[0] ? ty->info[t].name : ty->info[t].pmu);
		/* Both "0-3" strings of the same size (a copy, no format). */
		_Static_assert(sizeof(ty->block[t].cpus) == sizeof(ty->info[t].cpus), "cpus sizes");
		memcpy(ty->block[t].cpus, ty->info[t].cpus, sizeof(ty->block[t].cpus));
		ty->block[t].cpus[sizeof(ty->block[t].cpus) - 1] = '\0';
		ty->block[t].r = &ty->r[t];
	}
	/*
	 * The sums: an event without one is shown per type only; it fails the
	 * measurement when no type counted it (a type the command never ran
	 * on counts nothing, as perf's <not counted> there).
	 */
	r->not_counted = 0;
	for (i = 0; i < nev; i++) {
		struct stat_event *e = &r->ev[i];

		e->per_type = !ty->summed[i];
		if (!e->per_type) {
			r->not_counted += e->nc_runs > 0;
			continue;
		}
		for (t = 0; t < ty->n && type_missed(&ty->r[t], i); t++)
			;
		/* Named in stat's error (its notes are the types'), or not counted as failed. */
		e->nc_runs = t == ty->n ? ty->r[0].ev[i].nc_runs : 0;
		e->verdict = ty->r[0].ev[i].verdict;
		r->not_counted += t == ty->n;
	}
	/* The rows of the events left out, in each type's report too (plan indexes are done with). */
	for (t = 0; t < ty->n; t++)
		stat_insert_unsupported(o, &ty->r[t]);
	/* A ratio of sums over different cores describes none of them: metrics are per type. */
	r->nmetrics = 0;
	r->types = ty->block;
	r->ntypes = ty->n;
}

void stat_types_summarise(struct stat_typed *ty, const struct stat_opts *o,
			  const struct pmukit_evplan *p, struct stat_report *r)
{
	unsigned int t;

	if (!ty->n)
		return;
	for (t = 0; t < ty->n; t++) {
		struct stat_report *tr = &ty->r[t];

		/* The sums' command, path, runs and times; its own counts. */
		*tr = *r;
		tr->types = NULL;
		tr->ntypes = 0;
		stat_summarise(p, ty->pd[t], tr);
	}
	stat_types_finish(ty, o, p, r);
}
