// SPDX-License-Identifier: MIT
/*
 * The report of the region markers, written once at exit: a table for
 * people, CSV (a header line, then a line per region and event) or JSON.
 * An event that did not count (rep->verdict) says so in each: the table in
 * place of its numbers and with the reason below, CSV in its not_counted
 * and why_not fields, JSON with "counted": false and "reason".
 */
#include <string.h>

#include "pmukit/json.h"
#include "regions.h"

static void csv_string(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

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
			csv_string(f, s[r].name);
			fputc(',', f);
			csv_string(f, rep->event[i]);
			fprintf(f, ",%llu,%llu,%.1f,%llu,", calls, total, per_call(&s[r], i), self);
			if (not_counted(rep, i)) {
				fprintf(f, "%s,", words(rep, i));
				csv_string(f, rep->why[i]);
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
	size_t n = rep->n;
	unsigned int i;
	size_t r;

	fprintf(f, "{\n  \"path\": ");
	pmukit_json_string(f, rep->path);
	fprintf(f, ",\n  \"raw\": %s,\n  \"overhead\": {", rep->raw ? "true" : "false");
	for (i = 0; i < rep->nevents; i++) {
		fprintf(f, "%s\n    ", i ? "," : "");
		pmukit_json_string(f, rep->event[i]);
		fprintf(f, ": { \"region\": %llu, \"nested_region\": %llu }",
			(unsigned long long)(rep->raw ? 0 : rep->in_cost[i]),
			(unsigned long long)(rep->raw ? 0 : rep->pair_cost[i]));
	}
	fprintf(f, "\n  },\n  \"regions\": [");
	for (r = 0; r < n; r++) {
		fprintf(f, "%s\n    { \"name\": ", r ? "," : "");
		pmukit_json_string(f, s[r].name);
		fprintf(f, ", \"calls\": %llu, \"events\": {", (unsigned long long)s[r].calls);
		for (i = 0; i < rep->nevents; i++) {
			fprintf(f, "%s ", i ? "," : "");
			pmukit_json_string(f, rep->event[i]);
			fprintf(f, ": { \"total\": %llu, \"self\": %llu, \"counted\": %s",
				(unsigned long long)s[r].total[i],
				(unsigned long long)s[r].self[i],
				not_counted(rep, i) ? "false" : "true");
			if (not_counted(rep, i)) {
				fprintf(f, ", \"verdict\": \"%s\", \"reason\": ", words(rep, i));
				pmukit_json_string(f, rep->why[i]);
			}
			fprintf(f, " }");
		}
		fprintf(f, " } }");
	}
	fprintf(f, "\n  ],\n  \"unmatched_ends\": %lu,\n  \"not_closed\": %lu,\n"
		"  \"failed_reads\": %lu,\n  \"too_many\": %lu\n}\n", rep->unmatched, rep->unclosed,
		rep->failed, rep->lost);
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
