// SPDX-License-Identifier: MIT
/*
 * The report of a command counted on several core types (big.LITTLE), as
 * perf stat shows a hybrid machine: each type's counts apart, in a block
 * named by its core and CPUs, with that type's metrics; then the sums of
 * the events that mean the same on every type (the architectural ones:
 * CPU_CYCLES, INST_RETIRED, ...), marked as sums and without metrics (a
 * ratio of sums over different cores describes neither).
 *
 * CSV: each type's lines name the event as perf names an event of one PMU
 * of a hybrid machine ("cpu_atom/instructions/"), with the core in the
 * PMU's place: "cortex-a53/INST_RETIRED:u/"; a sum has the event's name
 * alone, as on a machine of one type; a metric line of -M has the core in
 * its event field. JSON: each event has "core" (the
 * core's name, or "all" for a sum) and, for a type's, "cpus"; "types"
 * holds each type's name, CPUs and metrics.
 */
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "cli.h"
#include "report.h"

/* "cpu 7" for a type of one CPU, "cpus 0-3" for more: the library's words too. */
static const char *cpus_word(const char *list)
{
	return strpbrk(list, ",-") ? "cpus" : "cpu";
}

/* "cortex-a53 and cortex-a72", "cortex-a510, cortex-a715 and cortex-x3" */
static void type_names(const struct stat_report *r, char *buf, size_t len)
{
	size_t used = 0;
	unsigned int t;

	buf[0] = '\0';
	for (t = 0; t < r->ntypes; t++)
		cli_list_add(buf, len, &used, t, r->ntypes, "%s", r->types[t].name);
}

void stat_types_table(FILE *f, const struct stat_report *r)
{
	char names[200];
	unsigned int t;

	for (t = 0; t < r->ntypes; t++) {
		fprintf(f, " %s (%s %s):\n", r->types[t].name, cpus_word(r->types[t].cpus),
			r->types[t].cpus);
		stat_table_rows(f, r->types[t].r, 0);
		fprintf(f, "\n");
	}
	type_names(r, names, sizeof(names));
	fprintf(f, " sums over %s (the events that mean the same on each):\n", names);
	stat_table_rows(f, r, 1);
}

void stat_types_notes(FILE *f, const struct stat_report *r)
{
	char prefix[40];
	unsigned int t;

	/* Each type's notes, named by its core; the sums' own. */
	for (t = 0; t < r->ntypes; t++) {
		snprintf(prefix, sizeof(prefix), "%.31s: ", r->types[t].name);
		stat_table_notes(f, r->types[t].r, prefix);
	}
	stat_table_notes(f, r, "sum: ");
	/* -M's metrics name their core; topdown's name the set: the type first. */
	for (t = 0; t < r->ntypes; t++) {
		const struct an_sel *sel = r->types[t].r->analysis;

		if (!sel)
			continue;
		if (sel->level)
			fprintf(f, " %s (%s %s):\n", r->types[t].name, cpus_word(r->types[t].cpus),
				r->types[t].cpus);
		an_print_table(f, sel);
	}
}

void stat_types_csv(FILE *f, const char *sep, const struct stat_report *r)
{
	static struct an_sel sel;
	unsigned int t;

	for (t = 0; t < r->ntypes; t++) {
		const struct stat_report *tr = r->types[t].r;

		stat_csv_rows(f, sep, tr, r->types[t].name, 0);
		if (!tr->analysis)
			continue;
		/* -M's lines of this type: its core in the event field (else empty). */
		sel = *tr->analysis;
		sel.csv_event = r->types[t].name;
		an_print_csv(f, sep, &sel, tr->runs > 1);
	}
	stat_csv_rows(f, sep, r, NULL, 1);
}

void stat_types_json_events(struct pmukit_json *j, const struct stat_report *r)
{
	unsigned int t;

	for (t = 0; t < r->ntypes; t++)
		stat_json_events(j, r->types[t].r, r->types[t].name, r->types[t].cpus, 0);
	stat_json_events(j, r, "all", NULL, 1);
}

void stat_types_json(struct pmukit_json *j, const struct stat_report *r)
{
	unsigned int t;

	/* Every type's metrics beside their events, as one type's "metrics", each with its core. */
	pmukit_json_arr(j, "metrics");
	for (t = 0; t < r->ntypes; t++)
		if (!r->types[t].r->analysis)
			stat_json_metrics(j, r->types[t].r, r->types[t].name);
	pmukit_json_arr_end(j);
	pmukit_json_arr(j, "types");
	for (t = 0; t < r->ntypes; t++) {
		const struct stat_report *tr = r->types[t].r;

		pmukit_json_obj(j, NULL);
		pmukit_json_str(j, "core", r->types[t].name);
		pmukit_json_str(j, "cpus", r->types[t].cpus);
		if (tr->analysis) {
			an_print_json(j, tr->analysis);
		} else {
			pmukit_json_arr(j, "metrics");
			stat_json_metrics(j, tr, NULL);
			pmukit_json_arr_end(j);
		}
		pmukit_json_obj_end(j);
	}
	pmukit_json_arr_end(j);
}
