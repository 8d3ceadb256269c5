/* SPDX-License-Identifier: MIT */
/*
 * Metrics of a core's metric set (include/pmukit/analysis.h) in the
 * command: which to compute (-M names, Arm's topdown stages), where their
 * events are in recorded counts (recorded.h: counted by 'pmukit stat' or
 * read back by 'pmukit metrics'), their values, and their output as text,
 * CSV or JSON. Both commands go through here, so the same counts give the
 * same values online and offline. The files: analysis_set.c (the set, and
 * its list), analysis_select.c (which metrics), analysis_eval.c (their
 * events among the counts, and values), analysis_print.c (text, CSV, JSON).
 */
#ifndef PMUKIT_CLI_ANALYSIS_H
#define PMUKIT_CLI_ANALYSIS_H

#include <stdio.h>

#include "cli.h"
#include "output.h"
#include "recorded.h"

#define AN_MAX_ITEMS	512

/* One metric to show, in the group (and topdown stage) it is shown in. */
struct an_item {
	unsigned int metric;	/* index in the set */
	int group;		/* index in the set, -1: asked for by name */
	unsigned int stage;	/* topdown stage 1 or 2; 0: not topdown */
	int root;		/* stage 2: the node (index) whose metric names the group */
};

struct an_result {
	int ok;			/* value is the metric's value, else why says why not */
	double value;
	char why[PMUKIT_VERDICT_WHY_LEN + 100];	/* "CPU_CYCLES:uk did not count: ..." */
	char passes[64];	/* "1", "1,2" */
	char note[320];		/* how counts of different passes were combined, and why */
	double percent;		/* the lowest share of the time its events were counted (perf's scaling) */
	int apart;		/* two of its events may never have been counted at the same time */
};

struct an_sel {
	const struct pmukit_metric_set *set;
	const struct pmukit_core_def *core;	/* for event names */
	unsigned int level;	/* topdown level 1 or 2; 0: -M or every metric */
	unsigned int npasses;	/* of the counts evaluated */
	unsigned int counters;	/* event counters a pass had (pmukit stat), 0: not known */
	unsigned int n;
	struct an_item item[AN_MAX_ITEMS];
	struct an_result res[AN_MAX_ITEMS];
	/* Events this machine does not implement (left out of the passes), and who says so. */
	unsigned int nabsent;
	uint16_t absent[64];
	char absent_source[160];
	/* Names of the counts evaluated that are no event of the core (into those counts). */
	unsigned int nunknown;
	const char *unknown[32];
	/* Printed before each CSV line: the interval and CPU of the counts, or NULL. */
	const char *csv_prefix;
	/* The event field of each CSV line (stat on several core types: the core), or NULL: empty. */
	const char *csv_event;
};

/*
 * The metric set of @core (its MIDR first, then its name), else the generic
 * set; NULL when there is none at all.
 */
const struct pmukit_metric_set *an_set_of(const struct pmukit_core_def *core, uint32_t midr);

/*
 * The core @name names: one with an event table (*core set) and its set,
 * else one that has only metric data (the C1 cores: *core NULL); NULL
 * when it is neither.
 */
const struct pmukit_metric_set *an_set_named(const char *name, const struct pmukit_core_def **core);

/* The name shown for @s: "neoverse-n1", "generic". */
const char *an_set_name(const struct pmukit_metric_set *s);

/* "did you mean: A, B" on stderr, nothing when @n is 0. */
void an_did_you_mean(const char *const *sugg, size_t n);

/*
 * "did you mean" for a core name that is not one: the cores with an event
 * table, else (@with_metric_data) those that have only metric data.
 */
void an_suggest_core(const char *name, int with_metric_data);

/*
 * -M NAME,...: metrics or groups (their metrics) of the set, any case.
 * An unknown name: the message, what the set has and "did you mean" on
 * stderr, return CLI_USAGE. Return: 0 or CLI_USAGE.
 */
int an_select_names(struct an_sel *sel, const char *cmd, const char *list);

/*
 * --topdown: stage 1's metrics, and at @level 2 those of the stage-2
 * groups the decision tree names. A set without the methodology: the
 * message and what the set has, return CLI_USAGE.
 */
int an_select_topdown(struct an_sel *sel, const char *cmd, unsigned int level);

/*
 * The event number of a recorded name (a table name or number with its
 * levels, perf's cycles and instructions, the firmware's CYCLES, a name of
 * the set's metric data), -1 when none.
 */
int an_event_code(const struct an_sel *sel, const char *name);

/* Every metric of the set whose events are all in @r (pmukit metrics without -M). */
void an_select_counted(struct an_sel *sel, const struct recorded *r);

/* Prints the set's metrics by group (pmukit list --metrics). */
void an_list(FILE *f, const struct pmukit_metric_set *s);

/* The distinct event numbers of the selected metrics, CPU_CYCLES included. */
unsigned int an_metrics(const struct an_sel *sel, unsigned int *metric, unsigned int max);

/*
 * The values from @r; the topdown's stage 2 is then ordered as the
 * decision tree says: the groups of the larger stage-1 metric first.
 */
void an_eval(struct an_sel *sel, const struct recorded *r);

/*
 * The metrics after a table of counts, as CSV lines after the counts (perf's
 * metric lines: the count's fields empty, @variance: with -r's field), in
 * a JSON object.
 */
void an_print_table(FILE *f, const struct an_sel *sel);
void an_print_csv(FILE *f, const char *sep, const struct an_sel *sel, int variance);
void an_print_json(struct pmukit_json *j, const struct an_sel *sel);

/* ---- between the files of the metrics' side: analysis_*.c ---- */

/* Metric @x of the selection's set. */
static inline const struct pmukit_metric_info *an_metric(const struct an_sel *sel, unsigned int x)
{
	return pmukit_metric_set_metric(sel->set, x);
}

/* The set's name in a message, with the core where that is the generic set's. */
const char *an_set_label(const struct an_sel *sel);

/*
 * Metric @metric, in @group (-1: by name) and topdown @stage (0: none),
 * under the decision tree's node @root (-1: none); once. Return: 0, or
 * -E2BIG when AN_MAX_ITEMS are chosen.
 */
int an_add_item(struct an_sel *sel, unsigned int metric, int group, unsigned int stage, int root);

/* Names, comma-separated and wrapped, after @indent. */
void an_name_list(FILE *f, const char *indent, const char *const *name, unsigned int n);

#endif /* PMUKIT_CLI_ANALYSIS_H */
