/* SPDX-License-Identifier: MIT */
/*
 * 'pmukit stat' between its command line (cmd_stat.c) and the runs of the
 * command (stat_run.c).
 */
#ifndef PMUKIT_CLI_STAT_H
#define PMUKIT_CLI_STAT_H

#include "report.h"
#include "output.h"
#include "cli.h"

struct stat_opts {
	const char *ev[STAT_MAX_EVENTS];
	unsigned int nev;
	unsigned long runs;
	enum pmukit_path path;
	struct out_args out;	/* -x, --json, --cpu */
	int raw;
	const char *output;
	char **argv;
	const char *metrics;	/* -M NAMES */
	int topdown;		/* --topdown */
	unsigned int level;	/* --level: 1 or 2; 0 not given */
	/* ev[i] is the at[i]-th event given (-e): the others are in unsup[]. */
	unsigned int at[STAT_MAX_EVENTS];
	/* Events the path cannot count here: reported "<not supported>", why. */
	struct stat_unsupported {
		const char *spec;
		struct pmukit_ev ev;	/* as parsed */
		unsigned int at;
		char why[PMUKIT_VERDICT_WHY_LEN];
	} unsup[STAT_MAX_EVENTS];
	unsigned int nunsup;
	/* What is counted besides a command (stat_scope.c): perf stat's options. */
	int all_cpus;		/* -a */
	const char *cpu_list;	/* -C LIST */
	int no_aggr;		/* -A, --no-aggr */
	const char *pids;	/* -p PID[,PID...] */
	const char *tids;	/* -t TID[,TID...] */
	int per_thread;		/* --per-thread */
	unsigned long interval_ms;	/* -I MS; 0: none */
	unsigned long interval_count;	/* --interval-count N: the count ends after N; 0: none */
	unsigned long duration_ms;	/* --duration SECONDS, in ms; 0: none */
};

/* A scope (-a, -C, -p, -t) or intervals (-I) asked for: stat_scope() counts. */
int stat_scope_wanted(const struct stat_opts *o);
/*
 * stat_scope.c: the counting of a scope or in intervals, until the command
 * (o->argv, may be NULL) ends, the tasks end, --duration or SIGINT; its
 * report. Return: the exit status.
 */
int stat_scope(struct stat_opts *o);

/* The times of one run of the command: wall clock, and its CPU time in user and system mode. */
enum { STAT_WALL, STAT_USER, STAT_SYS, STAT_TIMES };

/* What one pass measured: runs x events values, and perf's times. */
struct pass_data {
	uint64_t *val;		/* [run * count + k] */
	/* Each run's times in ns: [run * STAT_TIMES + STAT_WALL, _USER, _SYS] */
	uint64_t *times;
	unsigned long runs;	/* the runs done: o->runs unless interrupted */
	uint64_t ovh[STAT_MAX_EVENTS + 1];
	double enabled[STAT_MAX_EVENTS + 1], running[STAT_MAX_EVENTS + 1];
	uint32_t wrapped;	/* bit k: slot k's count wrapped in some run (pmukit_wrapped) */
	/* pmukit_count_verdict() of the runs: the runs that did not count, the first's */
	unsigned int nc_runs[STAT_MAX_EVENTS + 1];
	int verdict[STAT_MAX_EVENTS + 1];
	char why[STAT_MAX_EVENTS + 1][PMUKIT_VERDICT_WHY_LEN];
};

/*
 * A command counted on several core types (stat_types.c): each type's pass
 * data, report and block, and which of the plan's events have a sum.
 */
#define STAT_MAX_TYPES	4
struct stat_typed {
	unsigned int n;				/* the types; 0: one, counted as before */
	unsigned int npasses;			/* the passes of each pd[] */
	struct pmukit_type_info info[STAT_MAX_TYPES];
	struct pass_data *pd[STAT_MAX_TYPES];	/* [type][pass]; times shared with the sums' */
	struct stat_report r[STAT_MAX_TYPES];
	struct stat_type_block block[STAT_MAX_TYPES];
	unsigned char summed[STAT_MAX_SPECS];	/* the plan's event i has a sum over the types */
};

/*
 * stat_types.c: @ty for made plan @p: its types when they are several,
 * else ty->n 0. Return: 0 or -ENOMEM.
 */
int stat_types_setup(struct stat_typed *ty, const struct pmukit_evplan *p);
void stat_types_free(struct stat_typed *ty);
/*
 * stat_types.c: after stat_summarise() of the sums into @r (before
 * stat_insert_unsupported()): each type's report, @r's events without a
 * sum marked per_type, its metrics left to the types, r->types set.
 */
void stat_types_summarise(struct stat_typed *ty, const struct stat_opts *o,
			  const struct pmukit_evplan *p, struct stat_report *r);
/*
 * stat_types.c: with each type's report ty->r[] made (a scope's, from its
 * CPUs' counts), the rest of stat_types_summarise(): the blocks, @r's
 * events without a sum, r->types.
 */
void stat_types_finish(struct stat_typed *ty, const struct stat_opts *o,
		       const struct pmukit_evplan *p, struct stat_report *r);

/*
 * stat_msel.c, -M and --topdown: this core's metric set and the metrics
 * asked for into @sel; into @metric (@nm of them) those whose events this
 * machine implements (the others are n/a, and say why). Return: 0, or the
 * exit status (said).
 */
struct an_sel;
int stat_metric_setup(const struct stat_opts *o, struct an_sel *sel, unsigned int *metric,
		      unsigned int *nm);
/* stat_msel.c: @sel's metrics from @r's means, in place of r's own; r->analysis set. */
void stat_metric_values(struct stat_report *r, struct an_sel *sel);
/* stat_msel.c: the same for each core type of @ty, its events named as its core names them. */
void stat_type_metric_values(struct stat_typed *ty, const struct an_sel *sel);

/*
 * stat_plan.c: a plan for the path of the options (its reasons said when
 * none works), o->path set to the path it takes so far. Return: 0, or the
 * exit status.
 */
int stat_plan_new(struct stat_opts *o, struct pmukit_evplan **plan);
/*
 * stat_plan.c: the events into @plan and the plan made: those of -e
 * (without those the path cannot count here, into o->unsup), the defaults,
 * or with @sel the @nm metrics @metric; o->path and *@cap (the events a
 * pass holds; metrics: the event counters) set. Return: 0, or the exit
 * status (the error said).
 */
int stat_plan_make(struct stat_opts *o, struct pmukit_evplan *plan, const struct an_sel *sel,
		   const unsigned int *metric, unsigned int nm, int *cap);
/*
 * stat_plan.c: the rows of the events left out (o->unsup) put into @r
 * where they were given among the others, "<not supported>" with the
 * reason: perf's partial count. Call after stat_summarise().
 */
void stat_insert_unsupported(const struct stat_opts *o, struct stat_report *r);
/* Each event left out said on stderr; 1 when there was one (the exit status is then 1), else 0. */
int stat_say_unsupported(const struct stat_opts *o);

/*
 * Runs the command o->runs times for each pass of the plan @p (made),
 * opening each pass's sessions from it; fills @pd (slot k of pass j: the
 * plan's event pmukit_evplan_pass_event(p, j, k)), with several core types
 * (ty->n) each type's too, and the command's exit in @r. Return: 0 or a
 * negative errno (said on stderr).
 */
int stat_run_passes(const struct stat_opts *o, const struct pmukit_evplan *p,
		    struct pass_data *pd, struct stat_typed *ty, struct stat_report *r);
/* stat_run.c: one run's counts @c of @count events into @pd as run @run; @exact: no overhead. */
void stat_record_run(struct pass_data *pd, unsigned long run, unsigned int count,
		     const struct pmukit_count *c, int exact);
/*
 * The statistics over r->runs runs of each pass, the passes' cycles and
 * the derived metrics.
 */
void stat_summarise(const struct pmukit_evplan *p, const struct pass_data *pd,
		    struct stat_report *r);

/*
 * Signals during the runs (stat_run.c): SIGINT ends them after the run
 * under way, which is left out; SIGTERM and SIGHUP go on to the command
 * and end them; an inherited SIG_IGN is kept. stat_interrupted(): SIGINT
 * came; stat_ended_by(): SIGTERM or SIGHUP came (its number), else 0.
 */
void stat_signals_catch(void);
void stat_signals_restore(void);
int stat_interrupted(void);
/* The command SIGTERM and SIGHUP go on to (0: none). */
void stat_signals_child(pid_t pid);
int stat_ended_by(void);

#endif /* PMUKIT_CLI_STAT_H */
