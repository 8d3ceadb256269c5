// SPDX-License-Identifier: MIT
/*
 * The report of the region markers, written once at exit: a table for
 * people, CSV (a header line, then a line per region and event) or JSON.
 * An event that did not count (rep->verdict) says so in each: the table in
 * place of its numbers and with the reason below, CSV in its not_counted
 * and why_not fields, JSON with "counted": false and "reason".
 */
#include <string.h>

#include "pmukit/csv.h"
#include "pmukit/json.h"
#include "regions.h"

static int not_counted(const struct reg_report *rep, unsigned int i)
{
	return rep->verdict && rep->verdict[i] > PMUKIT_COUNTED;
}

static const char *words(const struct reg_report *rep, unsigned int i)
{
	return rep->verdict[i] == PMUKIT_NOT_IMPLEMENTED ? "not implemented" : PMUKIT_DID_NOT_COUNT;
}

static double per_call(const struct reg_sum *s, unsigned int i)
{
	return s->calls ? (double)s->total[i] / (double)s->calls : 0.0;
}

/* A line per region and event: the table's, names @w wide, or (@w < 0) CSV's. */
static void report_rows(FILE *f, const struct reg_report *rep, int w)
{
	const struct reg_sum *s = rep->sum;
	unsigned int i;
	size_t r;

	for (r = 0; r < rep->n; r++)
		for (i = 0; i < rep->nevents; i++) {
			unsigned long long calls = s[r].calls, total = s[r].total[i];
			unsigned long long self = s[r].self[i];

			if (w >= 0 && not_counted(rep, i)) {
				fprintf(f, "%-*s  %-20s %10llu %16s %16s %16s\n", w, s[r].name,
					rep->event[i], calls, "<did not count>", "-", "-");
				continue;
			}
			if (w >= 0) {
				fprintf(f, "%-*s  %-20s %10llu %16llu %16.1f %16llu\n", w, s[r].name,
					rep->event[i], calls, total, per_call(&s[r], i), self);
				continue;
			}
			pmukit_csv_field(f, ",", 1, s[r].name);
			pmukit_csv_field(f, ",", 0, rep->event[i]);
			fprintf(f, ",%llu,%llu,%.1f,%llu,", calls, total, per_call(&s[r], i), self);
			if (not_counted(rep, i)) {
				pmukit_csv_field(f, ",", 1, words(rep, i));
				pmukit_csv_field(f, ",", 0, rep->why[i]);
			} else {
				fputc(',', f);
			}
			fputc('\n', f);
		}
}

static void report_table(FILE *f, const struct reg_report *rep)
{
	const struct reg_sum *s = rep->sum;
	size_t n = rep->n;
	int w = 6;
	unsigned int i;
	size_t r;

	for (r = 0; r < n; r++)
		if ((int)strlen(s[r].name) > w)
			w = (int)strlen(s[r].name);
	fprintf(f, "pmukit regions (path %s; ", rep->path);
	if (rep->raw) {
		fprintf(f, "raw: the markers' cost not subtracted)\n");
	} else {
		fprintf(f, "subtracted per region:");
		for (i = 0; i < rep->nevents; i++)
			fprintf(f, "%s %s %llu (+%llu per region inside)", i ? ";" : "", rep->event[i],
				(unsigned long long)rep->in_cost[i], (unsigned long long)rep->pair_cost[i]);
		fprintf(f, ")\n");
	}
	fprintf(f, "%-*s  %-20s %10s %16s %16s %16s\n", w, "region", "event", "calls",
		"total", "per call", "self");
	report_rows(f, rep, w);
	for (i = 0; i < rep->nevents; i++)
		if (not_counted(rep, i))
			fprintf(f, "%s %s: %s\n", rep->event[i], words(rep, i), rep->why[i]);
}

static void report_csv(FILE *f, const struct reg_report *rep)
{
	fprintf(f, "region,event,calls,total,per_call,self,not_counted,why_not\n");
	report_rows(f, rep, -1);
}

static void report_json(FILE *f, const struct reg_report *rep)
{
	const struct reg_sum *s = rep->sum;
	struct pmukit_json j;
	unsigned int i;
	size_t r;

	pmukit_json_start(&j, f);
	pmukit_json_obj(&j, NULL);
	pmukit_json_str(&j, "path", rep->path);
	pmukit_json_bool(&j, "raw", rep->raw);
	pmukit_json_obj(&j, "overhead");
	for (i = 0; i < rep->nevents; i++) {
		pmukit_json_obj_flow(&j, rep->event[i], 1);
		pmukit_json_u64(&j, "region", rep->raw ? 0 : rep->in_cost[i]);
		pmukit_json_u64(&j, "nested_region", rep->raw ? 0 : rep->pair_cost[i]);
		pmukit_json_obj_end(&j);
	}
	pmukit_json_obj_end(&j);
	pmukit_json_arr(&j, "regions");
	for (r = 0; r < rep->n; r++) {
		pmukit_json_obj_flow(&j, NULL, 1);
		pmukit_json_str(&j, "name", s[r].name);
		pmukit_json_u64(&j, "calls", s[r].calls);
		pmukit_json_obj_flow(&j, "events", 1);
		for (i = 0; i < rep->nevents; i++) {
			pmukit_json_obj_flow(&j, rep->event[i], 1);
			pmukit_json_u64(&j, "total", s[r].total[i]);
			pmukit_json_u64(&j, "self", s[r].self[i]);
			pmukit_json_bool(&j, "counted", !not_counted(rep, i));
			if (not_counted(rep, i)) {
				pmukit_json_str(&j, "verdict", words(rep, i));
				pmukit_json_str(&j, "reason", rep->why[i]);
			}
			pmukit_json_obj_end(&j);
		}
		pmukit_json_obj_end(&j);
		pmukit_json_obj_end(&j);
	}
	pmukit_json_arr_end(&j);
	pmukit_json_u64(&j, "unmatched_ends", rep->unmatched);
	pmukit_json_u64(&j, "not_closed", rep->unclosed);
	pmukit_json_u64(&j, "failed_reads", rep->failed);
	pmukit_json_u64(&j, "too_many", rep->lost);
	pmukit_json_obj_end(&j);
	pmukit_json_finish(&j);
}

void pmukit_regions_write(FILE *f, const struct reg_report *rep)
{
	switch (rep->format) {
	case REG_CSV:
		report_csv(f, rep);
		break;
	case REG_JSON:
		report_json(f, rep);
		break;
	default:
		report_table(f, rep);
		if (rep->unmatched || rep->unclosed || rep->failed || rep->lost)
			fprintf(f, "warning: %lu ends without a begin, %lu regions not closed, "
				"%lu failed reads, %lu regions past %d deep or %d names\n",
				rep->unmatched, rep->unclosed, rep->failed, rep->lost,
				rep->max_depth, rep->max_regions);
		break;
	}
}
