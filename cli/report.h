/* SPDX-License-Identifier: MIT */
/*
 * Results of 'pmukit calibrate' and 'pmukit stat' and their output as a
 * table, CSV or JSON (report_calibrate.c, report_stat.c). Kept apart from
 * the measuring so that the host tests can check the output of known
 * values against fixtures.
 */
#ifndef PMUKIT_CLI_REPORT_H
#define PMUKIT_CLI_REPORT_H

#include <stdio.h>

#include "pmukit/pmukit.h"
#include "pmukit/events_api.h"
#include "output.h"

struct an_sel;

struct calib_row {
	const char *path;	/* "direct" */
	const char *event;	/* what one sample counts: "CPU_CYCLES:u", "clock" */
	int ok;
	char why[200];		/* when not ok */
	struct pmukit_stats st;
	/* When ok: pmukit_count_verdict() of the counter over all the pairs. */
	int verdict;
	char vwhy[PMUKIT_VERDICT_WHY_LEN];
};

/* pmukit_count_verdict()'s verdict in the words every output uses: "did not count", ... */
const char *verdict_words(int verdict);

void calib_report(FILE *f, enum out_format fmt, const char *sep,
		  const struct calib_row *rows, size_t n, unsigned long pairs);

/* The rows of one core type of several, measured on one of its CPUs. */
struct calib_type {
	const struct pmukit_thread_type *type;	/* NULL: one type, measured where it runs */
	const struct calib_row *rows;
	size_t n;
};

/*
 * calibrate on several core types: a block per type (the table's heading
 * "cortex-a53 (cpus 0-3), on CPU 0:"), CSV lines led by the core and the
 * CPU, JSON's "types", each with "core", "cpus", "cpu" and its "paths".
 */
void calib_report_types(FILE *f, enum out_format fmt, const char *sep,
			const struct calib_type *t, size_t ntypes, unsigned long pairs);

#define STAT_MAX_EVENTS		64	/* -e, and the events of one pass */
#define STAT_MAX_PASSES		64
/* The events of all passes: metrics (-M, --topdown) plan one per event and pass. */
#define STAT_MAX_SPECS		256
#define STAT_MAX_METRICS	8

/* An event whose count wrapped (pmukit_wrapped()): its value, then why. */
#define STAT_WRAPPED_VALUE	"<wrapped>"
#define STAT_WRAPPED_NOTE	"wrapped: more than 2^32 events may have passed between two reads of its 32-bit counter, so the count is not known (--path perf keeps 64-bit counts)"

struct stat_event {
	char name[64];		/* canonical: "INST_RETIRED:u" */
	/* What it counts, at the levels it counted (the plan's): metrics find it by this. */
	struct pmukit_ev ev;
	unsigned int pass;	/* 1-based */
	int added;		/* CPU_CYCLES added to compare the passes */
	struct pmukit_stats st;	/* over the runs, overhead subtracted unless raw */
	double counting;	/* percent of the time on a counter (perf multiplexing) */
	uint64_t overhead;	/* subtracted from each run */
	/*
	 * pmukit_count_verdict() of its runs: not PMUKIT_COUNTED when one run
	 * did not count (nc_runs of them), why says why (that of the first).
	 */
	int verdict;
	unsigned int nc_runs;
	char why[PMUKIT_VERDICT_WHY_LEN];
	int wrapped;		/* not known in some run: its 32-bit counter wrapped (no number) */
	double run_ns;		/* perf's run time: ns on a counter per run (mean) */
	/* Not counted at all: the path cannot count it here (why); no pass holds it. */
	int unsupported;
	/*
	 * Counted on several core types, where it does not mean the same on
	 * each (not an architectural event): it has no sum, only the types' rows.
	 */
	int per_type;
};

struct stat_metric {
	char name[48];		/* "IPC", "L1D refill rate" */
	double value;
	const char *unit;	/* "" or "%" */
	int cross_pass;		/* its events were counted in different passes */
	unsigned int event;	/* the row it is printed next to */
	int na;			/* no value: an event of it did not count (why) */
	char why[PMUKIT_VERDICT_WHY_LEN + 80];
	/*
	 * What its value is of (stat_metrics.c): the metric table's entry
	 * (def, or STAT_METRIC_CPUS for "CPUs utilized"), each event's row
	 * and pass; kept so that a report of the same rows with new counts
	 * (an interval's) is valued again without being chosen again.
	 */
	unsigned int def;
	int row[PMUKIT_METRIC_MAX_EVENTS];
	unsigned int pass[PMUKIT_METRIC_MAX_EVENTS];
};
#define STAT_METRIC_CPUS	(~0u)

/*
 * The units of a scope, one row each (-A: a CPU, --per-thread: a thread),
 * and the counts of one interval or of the whole count (report_scope.c).
 */
struct stat_units {
	unsigned int n;			/* units (1, label "", for the sum of all) */
	unsigned int nev;		/* events of each unit, in the report's order */
	char (*label)[40];		/* perf's names: "CPU2", "sleep-1234" */
	int *cpu;			/* the unit's CPU, or -1 */
	pid_t *tid;			/* the unit's thread, or -1 */
	struct pmukit_count *c;		/* [u * nev + i] */
	unsigned char *offline;		/* the CPU went offline while counted: its counts stop there */
	/* [u * nev + i]: unit u has no row of event i (a sum over core types of an event without one) */
	unsigned char *absent;
	/*
	 * Each unit's counts as a report of their own ([n]; NULL: none): its
	 * metrics beside the unit's rows, or with -M, --topdown its analysis
	 * after them. Its events are the counted ones, in the units' order.
	 */
	const struct stat_report *ur;
};

/* One core type of a report on several (stat_types.c): its name, CPUs and counts. */
struct stat_type_block {
	char name[32];			/* the core: "cortex-a53" */
	char cpus[64];			/* its CPUs: "0-3" */
	const struct stat_report *r;	/* its counts and metrics, as a report of one type */
};

struct stat_report {
	char *const *argv;	/* the command; NULL: none (a scope counted alone) */
	/* A scope: perf's words for it ("system wide", "CPU(s) 0,2-3", "process id '12'"), else NULL. */
	const char *target;
	/* -A, --per-thread: the rows of each unit in place of the sums; NULL: the sums. */
	const struct stat_units *units;
	const char *path;
	int cpu;		/* -1: any */
	unsigned int runs;
	int raw;
	unsigned int npasses;
	unsigned int ncounters;	/* events a pass holds */
	unsigned int nev;
	struct stat_event ev[STAT_MAX_SPECS];
	int cycles_ref;		/* ev[] index of the cycles counted in every pass, or -1 */
	unsigned int nmetrics;
	struct stat_metric metric[STAT_MAX_METRICS];
	double pass_cycles[STAT_MAX_PASSES];	/* mean cycles of each pass */
	double pass_spread;	/* (max - min) / mean of those, percent */
	/*
	 * One run of the command (each pass's runs are runs too): the mean
	 * wall time, its standard deviation of the mean, and the mean CPU
	 * time in user and system mode; total_s: the whole measurement.
	 */
	double elapsed_s, elapsed_sd_s, user_s, sys_s, total_s;
	unsigned int nruns_all;	/* runs x passes: the runs the times are of */
	double pass_elapsed_s[STAT_MAX_PASSES];	/* mean wall time of a run of each pass */
	/* The command's end in the last run; failed_runs: of runs x passes, not 0. */
	int exit_code;		/* -1 if killed */
	int signal;
	unsigned int failed_runs;
	/* ^C: runs is what every pass completed, of runs_asked; the run under way left out. */
	int interrupted;
	unsigned int runs_asked;
	unsigned int not_counted;	/* events whose verdict is not PMUKIT_COUNTED */
	/* -M, --topdown: the metrics, printed after the counts (analysis.h); else NULL. */
	const struct an_sel *analysis;
	/*
	 * Several core types (a command that may run on each): each type's
	 * block, and this report holds the sums of the events that have one
	 * (not per_type), without metrics; else NULL.
	 */
	unsigned int ntypes;
	const struct stat_type_block *types;
};

/*
 * The standard deviation of the mean of @s's samples, as perf's "+-":
 * the sample standard deviation over the square root of their number
 * (0 for one sample); s->sd is the spread of the samples themselves.
 */
double stat_sd_of_mean(const struct pmukit_stats *s);

void stat_report(FILE *f, enum out_format fmt, const char *sep, const struct stat_report *r);
/* perf's clocks (task-clock, cpu-clock): counts of ns, shown in msec. */
int stat_is_clock_ns(const struct stat_event *e);
/* report_stat.c: the word in a count's place when it is none ("<not supported>", perf's), else NULL. */
const char *stat_no_count_word(const struct stat_event *e);
/* report_stat.c: the metric shown beside row @i of @r, or NULL; its value as the table shows it. */
const struct stat_metric *stat_metric_of(const struct stat_report *r, unsigned int i);
void stat_metric_text(const struct stat_metric *m, char *buf, size_t len);
/* report_stat.c: pmukit's words for the verdict field ("not supported"): "" for a count. */
const char *stat_verdict_field(const struct stat_event *e);

/*
 * report_scope.c: the counts of one interval (-I) ending @t_ns ns after
 * the start, one row an event of each of @u's units, with a leading time:
 * the table's header before the first (*@header 0, then set), CSV's time
 * field, one JSON object an interval. @r names the events (r->ev).
 */
void stat_interval_report(FILE *f, enum out_format fmt, const char *sep,
			  const struct stat_report *r, uint64_t t_ns, const struct stat_units *u,
			  int *header);
/* report_stat.c: the rows of one report of stat_report(), for those of several core types. */
void stat_table_rows(FILE *f, const struct stat_report *r, int sums);
void stat_table_notes(FILE *f, const struct stat_report *r, const char *prefix);
void stat_csv_rows(FILE *f, const char *sep, const struct stat_report *r, const char *core,
		   int sums);
struct pmukit_json;
void stat_json_events(struct pmukit_json *j, const struct stat_report *r, const char *core,
		      const char *cpus, int sums);
void stat_json_metrics(struct pmukit_json *j, const struct stat_report *r, const char *core);
/*
 * report_types.c: r->types' blocks, then the sums, in the table, CSV
 * (the event field "cortex-a53/NAME/"; a sum has the name alone) and JSON
 * (each event's "core", "all" for a sum; "types": each type's metrics).
 */
void stat_types_table(FILE *f, const struct stat_report *r);
/* report_types.c: the notes under the table, each type's and the sums'; each type's -M metrics. */
void stat_types_notes(FILE *f, const struct stat_report *r);
void stat_types_csv(FILE *f, const char *sep, const struct stat_report *r);
void stat_types_json_events(struct pmukit_json *j, const struct stat_report *r);
void stat_types_json(struct pmukit_json *j, const struct stat_report *r);

/* report_scope.c: the rows of r->units, for the table, CSV and JSON of stat_report(). */
void stat_units_table(FILE *f, const struct stat_report *r);
void stat_units_csv(FILE *f, const char *sep, const struct stat_report *r);
void stat_units_json(struct pmukit_json *j, const struct stat_report *r);

#endif /* PMUKIT_CLI_REPORT_H */
