/* SPDX-License-Identifier: MIT */
/*
 * stat of a scope or in intervals: stat_scope.c sets the count up and
 * reports it, stat_scope_run.c runs it (once, or -r N times).
 */
#ifndef PMUKIT_CLI_STAT_SCOPE_H
#define PMUKIT_CLI_STAT_SCOPE_H

#include "stat.h"
#include "stat_wait.h"

#define SCOPE_BY_TYPE	(-2)	/* scope_fill(): a row per core type */

/* Each row's own report, for its metrics (stat_scope_metrics.c). */
struct scope_metrics {
	unsigned int n;
	const struct an_sel *sel;	/* -M, --topdown; NULL: the metrics beside the counts */
	struct stat_report *ur;		/* [n] */
	struct an_sel *usel;		/* [n] with sel */
	int *made;			/* [n]: ur[k] made for core type made[k] - 2; 0: not yet */
};

/* Everything the count holds, for one cleanup. */
struct scope_run {
	struct pmukit_evplan *plan;
	struct pmukit_session *s;
	struct pmukit_child ch;
	int forked;
	struct waits w;
	struct stat_units rows, sum, ivl;
	/*
	 * The cumulative counts read, those at the interval before, at the end
	 * of the run before, and the sum of the runs kept.
	 */
	struct pmukit_count *cum, *prev, *base, *acc;
	unsigned char *offline;
	/* The sums of each run (slot order), for the mean and variation of -r. */
	struct pass_data pd;
	/* CPUs of several core types (-a, -C): each unit's type, one type's sum. */
	struct stat_typed *ty;
	int *utype;
	struct stat_units tsum;
	/* What an interval's report needs. */
	const struct stat_opts *o;
	const struct stat_report *r;
	FILE *out;
	int header;
	unsigned int nunits, nev;
	uint64_t t0;
	/* The metrics of the rows (-A, --per-thread) and of an interval's rows. */
	struct scope_metrics mrows, mivl;
	uint64_t ivl_t;		/* the end of the interval before, ns from the run's start */
	/* A command alone (-I): its options, for a session of each run (-r). */
	int alone;
	struct pmukit_options po;
	/* The runs done; the wall time of the last (ns); SIGINT came. */
	unsigned long runs;
	uint64_t wall_ns;
	int sig_int;
};

/*
 * @out (by unit, or the sum of all when out->n is 1 and there are more)
 * from @cum minus @prev (NULL: nothing before); the plan's event order.
 * @utype, @type: only the units of core type @type (-1: all;
 * SCOPE_BY_TYPE: out's unit t the sum of type t's, its last unit the sum
 * of all).
 */
void scope_fill(struct stat_units *out, const struct pmukit_evplan *p, unsigned int nunits,
		unsigned int nev, const struct pmukit_count *cum, const struct pmukit_count *prev,
		const unsigned char *offline, const int *utype, int type);

/*
 * stat_scope_run.c: the command o->argv forked and held before its exec,
 * unless there is none or it is forked already (a command alone is, before
 * its session is opened). Return: 0 or a negative errno (said).
 */
int scope_fork_command(struct scope_run *x);
/*
 * stat_scope_run.c: the runs of the count (o->runs with a command, else
 * one), each until the command ends, the tasks end, --duration or SIGINT,
 * its intervals reported as they end; each run's sums into x->pd (and
 * each type's pass data), the units' counts summed into x->acc. SIGINT
 * in a run after the first leaves that run out. Return: 0 or a negative
 * errno (said on stderr).
 */
int scope_runs(struct scope_run *x);

/* stat_scope_metrics.c: room for @n rows' reports (@sel: -M, --topdown, else NULL). */
int scope_metrics_new(struct scope_metrics *m, unsigned int n, const struct an_sel *sel);
void scope_metrics_free(struct scope_metrics *m);
/*
 * stat_scope_metrics.c: each row of @u (counted over @wall_ns) as a report
 * of its own into @m, with its metrics (or those of m->sel), u->ur set;
 * @by_type: the rows are x->ty's core types.
 */
void scope_unit_metrics(const struct scope_run *x, struct stat_units *u, struct scope_metrics *m,
			int by_type, uint64_t wall_ns);

#endif /* PMUKIT_CLI_STAT_SCOPE_H */
