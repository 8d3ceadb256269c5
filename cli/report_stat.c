// SPDX-License-Identifier: MIT
/*
 * The output of 'pmukit stat', shaped like perf stat's: the mean of each
 * event over the runs with its relative standard deviation, derived metrics
 * after a '#', and for CSV (-x SEP) perf's field order:
 *
 *	value, unit, event, sd %, pass, counting %, metric value, metric name
 *
 *	..., counted, why not
 *
 * (unit is always empty: counts have none; counting % is below 100 when
 * perf had to share counters among more events than there are). A count
 * the library's verdict (pmukit_count_verdict()) says is none, in any
 * run, is shown as "<did not count>" in the table, "did not count" and
 * the reason in CSV's last two fields and JSON's "verdict" and "reason":
 * its value there is what was read, and a metric of it has none (n/a).
 */
#include <stdarg.h>
#include <string.h>

#include "analysis.h"
#include "report.h"

static double sd_percent(const struct pmukit_stats *s)
{
	return s->mean > 0 ? s->sd / s->mean * 100.0 : 0.0;
}

static void add(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void add(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

static const struct stat_metric *metric_of(const struct stat_report *r, unsigned int i)
{
	unsigned int k;

	for (k = 0; k < r->nmetrics; k++)
		if (r->metric[k].event == i)
			return &r->metric[k];
	return NULL;
}

static void metric_text(const struct stat_metric *m, char *buf, size_t len)
{
	if (m->na)
		snprintf(buf, len, "n/a");
	else if (!strcmp(m->unit, "%"))
		snprintf(buf, len, "%.2f%%", m->value);
	else
		snprintf(buf, len, "%.2f", m->value);
}

static void command_text(FILE *f, char *const *argv)
{
	int i;

	for (i = 0; argv && argv[i]; i++)
		fprintf(f, "%s%s", i ? " " : "", argv[i]);
}

static void report_table(FILE *f, const struct stat_report *r)
{
	unsigned int i, k;
	char num[48], met[32], line[256];

	fprintf(f, "\n Performance counter stats for '");
	command_text(f, r->argv);
	fprintf(f, "'");
	if (r->runs > 1)
		fprintf(f, " (%u runs", r->runs);
	else
		fprintf(f, " (");
	fprintf(f, "%spath %s", r->runs > 1 ? "; " : "", r->path);
	if (r->cpu >= 0)
		fprintf(f, ", cpu %d", r->cpu);
	fprintf(f, "):\n\n");

	for (i = 0; i < r->nev; i++) {
		const struct stat_event *e = &r->ev[i];
		const struct stat_metric *m = metric_of(r, i);

		if (e->added)
			continue;
		if (e->nc_runs)
			snprintf(num, sizeof(num), "<%s>", verdict_words(e->verdict));
		else if (e->wrapped)
			snprintf(num, sizeof(num), "%s", STAT_WRAPPED_VALUE);
		else
			fmt_count(num, sizeof(num), (uint64_t)(e->st.mean + 0.5));
		line[0] = '\0';
		add(line, sizeof(line), " %18s      %-24s", num, e->name);
		if (m) {
			metric_text(m, met, sizeof(met));
			add(line, sizeof(line), " # %9s  %-24s", met, m->name);
		} else {
			add(line, sizeof(line), " %38s", "");
		}
		if (r->runs > 1 && !e->nc_runs && !e->wrapped)
			add(line, sizeof(line), " ( +- %5.2f%% )", sd_percent(&e->st));
		if (e->counting < 99.995)
			add(line, sizeof(line), "  [%.2f%% counting]", e->counting);
		if (r->npasses > 1)
			add(line, sizeof(line), "  (pass %u)", e->pass);
		/* Padding is for what follows; none at the end of the line. */
		for (k = (unsigned int)strlen(line); k > 0 && line[k - 1] == ' '; k--)
			line[k - 1] = '\0';
		fprintf(f, "%s\n", line);
	}
	fprintf(f, "\n");
	for (i = 0; i < r->nev; i++) {
		const struct stat_event *e = &r->ev[i];

		if (!e->nc_runs)
			continue;
		fprintf(f, " %s %s%s: %s", e->name, verdict_words(e->verdict),
			e->added ? " (counted to compare the passes)" : "", e->why);
		if (r->runs > 1)
			fprintf(f, " (%u of %u runs)", e->nc_runs, r->runs);
		fprintf(f, "\n");
	}
	for (i = 0; i < r->nev; i++)
		if (r->ev[i].wrapped && !r->ev[i].added)
			fprintf(f, " %s: %s\n", r->ev[i].name, STAT_WRAPPED_NOTE);
	for (k = 0; k < r->nmetrics; k++)
		if (r->metric[k].na)
			fprintf(f, " note: %s is n/a: %s\n", r->metric[k].name, r->metric[k].why);
	if (r->analysis)
		an_print_table(f, r->analysis);
	for (k = 0; k < r->nmetrics; k++)
		if (r->metric[k].cross_pass)
			fprintf(f, " note: %s uses events of different passes\n", r->metric[k].name);
	if (r->npasses > 1) {
		const char *cyc = r->cycles_ref >= 0 ? r->ev[r->cycles_ref].name : "CPU_CYCLES";

		fprintf(f, " %u passes of at most %u events each, %s counted in every pass:\n  ",
			r->npasses, r->ncounters, cyc);
		for (k = 0; k < r->npasses; k++) {
			fmt_count(num, sizeof(num), (uint64_t)(r->pass_cycles[k] + 0.5));
			fprintf(f, " pass %u %s%s", k + 1, num, k + 1 < r->npasses ? "," : "");
		}
		fprintf(f, " (spread %.2f%%: the passes %s)\n", r->pass_spread,
			r->pass_spread <= 1.0 ? "did comparable work" :
			r->pass_spread <= 5.0 ? "differ a little" :
			"differ: compare events of different passes with care");
	}
	if (!r->raw) {
		int any = 0;

		for (i = 0; i < r->nev; i++)
			if (r->ev[i].overhead)
				any = 1;
		if (any) {
			fprintf(f, " overhead subtracted from each run:");
			for (i = 0; i < r->nev; i++)
				if (!r->ev[i].added && r->ev[i].overhead)
					fprintf(f, " %s %llu", r->ev[i].name,
						(unsigned long long)r->ev[i].overhead);
			fprintf(f, " (--raw: none)\n");
		}
	}
	if (r->interrupted)
		fprintf(f, " interrupted (SIGINT): %u of %u runs counted; the run under way was left out\n",
			r->runs, r->runs_asked);
	fprintf(f, " %14.6f seconds time elapsed\n", r->elapsed_s);
	fprintf(f, " '");
	command_text(f, r->argv);
	if (r->exit_code >= 0)
		fprintf(f, "' exited with status %d", r->exit_code);
	else
		fprintf(f, "' was killed by signal %d", r->signal);
	if (r->failed_runs && r->runs * r->npasses > 1)
		fprintf(f, " (%u of %u runs did not exit with 0)", r->failed_runs,
			r->runs * r->npasses);
	fprintf(f, "\n\n");
}

static void report_csv(FILE *f, const char *sep, const struct stat_report *r)
{
	unsigned int i;
	char v[8][48];

	for (i = 0; i < r->nev; i++) {
		const struct stat_event *e = &r->ev[i];
		const struct stat_metric *m = metric_of(r, i);
		int k;

		if (e->added)
			continue;
		snprintf(v[0], sizeof(v[0]), "%.0f", e->st.mean);
		v[1][0] = '\0';
		snprintf(v[2], sizeof(v[2]), "%s", e->name);
		snprintf(v[3], sizeof(v[3]), "%.2f", sd_percent(&e->st));
		snprintf(v[4], sizeof(v[4]), "%u", e->pass);
		snprintf(v[5], sizeof(v[5]), "%.2f", e->counting);
		/* A wrapped count: the value says so, no spread of it. */
		if (e->wrapped) {
			snprintf(v[0], sizeof(v[0]), "%s", STAT_WRAPPED_VALUE);
			v[3][0] = '\0';
		}
		if (m) {
			snprintf(v[6], sizeof(v[6]), m->na ? "n/a" : "%.4f", m->value);
			snprintf(v[7], sizeof(v[7]), "%s", m->name);
		} else {
			v[6][0] = v[7][0] = '\0';
		}
		for (k = 0; k < 8; k++)
			csv_field(f, sep, k == 0, v[k]);
		csv_field(f, sep, 0, e->nc_runs ? verdict_words(e->verdict) : "");
		csv_field(f, sep, 0, e->nc_runs ? e->why : "");
		fputc('\n', f);
	}
	if (r->analysis)
		an_print_csv(f, sep, r->analysis);
}

/* The metrics beside their events (without -M and --topdown). */
static void json_metrics(struct json *j, const struct stat_report *r)
{
	unsigned int i;

	json_arr(j, "metrics");
	for (i = 0; i < r->nmetrics; i++) {
		const struct stat_metric *m = &r->metric[i];

		json_obj(j, NULL);
		json_str(j, "name", m->name);
		if (m->na)
			json_null(j, "value");
		else
			json_real(j, "value", m->value, 4);
		json_str(j, "unit", m->unit);
		json_str(j, "event", r->ev[m->event].name);
		json_bool(j, "cross_pass", m->cross_pass);
		if (m->na)
			json_str(j, "reason", m->why);
		json_obj_end(j);
	}
	json_arr_end(j);
}

static void report_json(FILE *f, const struct stat_report *r)
{
	struct json j;
	unsigned int i;

	json_start(&j, f);
	json_obj(&j, NULL);
	json_arr(&j, "command");
	for (i = 0; r->argv && r->argv[i]; i++)
		json_str(&j, NULL, r->argv[i]);
	json_arr_end(&j);
	json_str(&j, "path", r->path);
	json_int(&j, "cpu", r->cpu);
	json_u64(&j, "runs", r->runs);
	if (r->interrupted) {
		json_bool(&j, "interrupted", 1);
		json_u64(&j, "runs_asked", r->runs_asked);
	}
	json_bool(&j, "raw", r->raw);
	json_u64(&j, "passes", r->npasses);
	json_u64(&j, "events_per_pass", r->ncounters);
	json_arr(&j, "events");
	for (i = 0; i < r->nev; i++) {
		const struct stat_event *e = &r->ev[i];

		json_obj(&j, NULL);
		json_str(&j, "event", e->name);
		json_bool(&j, "added", e->added);
		json_u64(&j, "pass", e->pass);
		json_bool(&j, "wrapped", e->wrapped);
		if (e->wrapped) {
			/* No number: a count that is not known. */
			json_null(&j, "value");
			json_str(&j, "note", STAT_WRAPPED_NOTE);
		} else {
			json_u64(&j, "value", (uint64_t)(e->st.mean + 0.5));
			json_real(&j, "mean", e->st.mean, 2);
			json_real(&j, "sd", e->st.sd, 2);
			json_real(&j, "sd_percent", sd_percent(&e->st), 2);
			json_u64(&j, "min", e->st.min);
			json_u64(&j, "max", e->st.max);
		}
		json_real(&j, "counting_percent", e->counting, 2);
		json_u64(&j, "overhead", e->overhead);
		json_bool(&j, "counted", !e->nc_runs);
		json_str(&j, "verdict", e->nc_runs ? verdict_words(e->verdict) : "counted");
		if (e->nc_runs) {
			json_str(&j, "reason", e->why);
			json_u64(&j, "not_counted_runs", e->nc_runs);
		}
		json_obj_end(&j);
	}
	json_arr_end(&j);
	if (r->analysis)
		an_print_json(&j, r->analysis);
	else
		json_metrics(&j, r);
	if (r->npasses > 1) {
		json_arr(&j, "pass_cycles");
		for (i = 0; i < r->npasses; i++)
			json_real(&j, NULL, r->pass_cycles[i], 1);
		json_arr_end(&j);
		json_real(&j, "pass_spread_percent", r->pass_spread, 2);
	}
	json_real(&j, "elapsed_seconds", r->elapsed_s, 6);
	json_obj(&j, "exit");
	if (r->exit_code >= 0)
		json_int(&j, "status", r->exit_code);
	else
		json_null(&j, "status");
	json_int(&j, "signal", r->signal);
	json_u64(&j, "failed_runs", r->failed_runs);
	json_obj_end(&j);
	json_obj_end(&j);
	json_finish(&j);
}

void stat_report(FILE *f, enum out_format fmt, const char *sep, const struct stat_report *r)
{
	switch (fmt) {
	case OUT_CSV:
		report_csv(f, sep, r);
		break;
	case OUT_JSON:
		report_json(f, r);
		break;
	default:
		report_table(f, r);
		break;
	}
}
