// SPDX-License-Identifier: MIT
/*
 * The output of 'pmukit stat', shaped like perf stat's and meaning what
 * perf's means: the mean of each event over the runs, "( +- x% )" its
 * standard deviation of the mean (the runs' own spread is JSON's "sd"),
 * derived metrics after a '#', the mean wall time of one run of the command
 * +- its standard deviation of the mean, and its user and system time.
 * Counts of perf's clocks (task-clock, cpu-clock) are in msec, as perf's.
 *
 * CSV (-x SEP) has perf's fields, then pmukit's:
 *
 *	value, unit, event, [variance %, with -r beside a count], run time
 *	(ns), percentage counted, metric value, metric unit, pass, verdict,
 *	reason
 *
 * so that a perf CSV reader reads it. A value that is no count is one of
 * perf's words: "<not counted>" (the counter did not count), "<not
 * supported>" (the event is not implemented, or the path cannot count it
 * here), or "<wrapped>" (a 32-bit counter wrapped: not known). The verdict
 * field then says which in pmukit's words ("did not count", ...) and the
 * reason why; the table says it under the counts, JSON in "verdict" and
 * "reason". A metric of such a count has none (n/a).
 */
#include <linux/perf_event.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "analysis.h"
#include "report.h"

double stat_sd_of_mean(const struct pmukit_stats *s)
{
	/* The population sd of n samples over sqrt(n - 1): sqrt(sum d^2 / (n - 1) / n). */
	return s->n > 1 ? s->sd / sqrt((double)(s->n - 1)) : 0.0;
}

/* The runs' own spread, in percent of the mean. */
static double sd_percent(const struct pmukit_stats *s)
{
	return s->mean > 0 ? s->sd / s->mean * 100.0 : 0.0;
}

/* perf's "( +- x% )": the standard deviation of the mean, in percent of it. */
static double noise_percent(const struct pmukit_stats *s)
{
	return s->mean > 0 ? stat_sd_of_mean(s) / s->mean * 100.0 : 0.0;
}

/* perf's clocks count nanoseconds, shown as msec. */
int stat_is_clock_ns(const struct stat_event *e)
{
	return e->ev.kind == PMUKIT_EV_SOFTWARE &&
	       (e->ev.config == PERF_COUNT_SW_TASK_CLOCK || e->ev.config == PERF_COUNT_SW_CPU_CLOCK);
}

const char *stat_no_count_word(const struct stat_event *e)
{
	if (e->unsupported || (e->nc_runs && e->verdict == PMUKIT_NOT_IMPLEMENTED))
		return "<not supported>";
	if (e->nc_runs)
		return "<not counted>";
	if (e->wrapped)
		return STAT_WRAPPED_VALUE;
	return NULL;
}

const char *stat_verdict_field(const struct stat_event *e)
{
	if (e->unsupported)
		return "not supported";
	if (e->nc_runs)
		return verdict_words(e->verdict);
	return e->wrapped ? "wrapped" : "";
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

const struct stat_metric *stat_metric_of(const struct stat_report *r, unsigned int i)
{
	unsigned int k;

	for (k = 0; k < r->nmetrics; k++)
		if (r->metric[k].event == i)
			return &r->metric[k];
	return NULL;
}

void stat_metric_text(const struct stat_metric *m, char *buf, size_t len)
{
	if (m->na)
		snprintf(buf, len, "n/a");
	else if (!strcmp(m->name, "CPUs utilized"))
		snprintf(buf, len, "%.3f", m->value);	/* as perf's: a sleeping command's is small */
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

/* Decimals that show two significant digits of @sd (9 for none). */
static int sd_decimals(double sd)
{
	int d = 1;

	if (!(sd > 0))
		return 9;
	while (sd < 1.0 && d < 9) {
		sd *= 10.0;
		d++;
	}
	return d;
}

/*
 * perf's lines of times: the wall time of one run (+- its standard
 * deviation of the mean over several), the command's user and system time
 * (means over several runs: perf leaves them out there).
 */
static void report_times(FILE *f, const struct stat_report *r)
{
	if (r->nruns_all > 1) {
		int d = sd_decimals(r->elapsed_sd_s);

		fprintf(f, " %17.*f +- %.*f seconds time elapsed", d, r->elapsed_s, d,
			r->elapsed_sd_s);
		if (r->elapsed_s > 0)
			fprintf(f, "  ( +- %5.2f%% )", r->elapsed_sd_s / r->elapsed_s * 100.0);
		if (r->npasses > 1)
			fprintf(f, "\n (a run of the command, over the %u runs of its %u passes)",
				r->nruns_all, r->npasses);
		fprintf(f, "\n\n");
		fprintf(f, " %17.9f seconds user (mean of a run)\n", r->user_s);
		fprintf(f, " %17.9f seconds sys (mean of a run)\n", r->sys_s);
	} else {
		fprintf(f, " %17.9f seconds time elapsed\n\n", r->elapsed_s);
		fprintf(f, " %17.9f seconds user\n", r->user_s);
		fprintf(f, " %17.9f seconds sys\n", r->sys_s);
	}
	fprintf(f, "\n");
}

/*
 * The table's rows of r->ev, each with its metric; @sums: only the events
 * that have a sum over several core types (not per_type).
 */
void stat_table_rows(FILE *f, const struct stat_report *r, int sums)
{
	unsigned int i, k;
	char num[48], met[32], line[256];

	for (i = 0; i < r->nev; i++) {
		const struct stat_event *e = &r->ev[i];
		const struct stat_metric *m = stat_metric_of(r, i);

		if (e->added || (sums && e->per_type))
			continue;
		if (e->unsupported)
			snprintf(num, sizeof(num), "<not supported>");
		else if (e->nc_runs)
			snprintf(num, sizeof(num), "<%s>", verdict_words(e->verdict));
		else if (e->wrapped)
			snprintf(num, sizeof(num), "%s", STAT_WRAPPED_VALUE);
		else if (stat_is_clock_ns(e))
			snprintf(num, sizeof(num), "%.2f", e->st.mean / 1e6);
		else
			fmt_count(num, sizeof(num), (uint64_t)(e->st.mean + 0.5));
		line[0] = '\0';
		add(line, sizeof(line), " %18s %-5s%-24s", num,
		    stat_is_clock_ns(e) && !stat_no_count_word(e) ? "msec" : "", e->name);
		if (m) {
			stat_metric_text(m, met, sizeof(met));
			add(line, sizeof(line), " # %9s  %-24s", met, m->name);
		} else {
			add(line, sizeof(line), " %38s", "");
		}
		if (r->runs > 1 && !stat_no_count_word(e))
			add(line, sizeof(line), " ( +- %5.2f%% )", noise_percent(&e->st));
		if (e->counting < 99.995 && !e->unsupported)
			add(line, sizeof(line), "  [%.2f%% counting]", e->counting);
		if (r->npasses > 1)
			add(line, sizeof(line), "  (pass %u)", e->pass);
		/* Padding is for what follows; none at the end of the line. */
		for (k = (unsigned int)strlen(line); k > 0 && line[k - 1] == ' '; k--)
			line[k - 1] = '\0';
		fprintf(f, "%s\n", line);
	}
}

/* The notes under the table: events not counted, wrapped, metrics n/a; each after @prefix. */
void stat_table_notes(FILE *f, const struct stat_report *r, const char *prefix)
{
	unsigned int i, k;

	for (i = 0; i < r->nev; i++) {
		const struct stat_event *e = &r->ev[i];

		/* Said by each type's notes. */
		if (e->per_type)
			continue;
		if (e->unsupported)
			fprintf(f, " %s%s not supported: %s\n", prefix, e->name, e->why);
		if (!e->nc_runs)
			continue;
		fprintf(f, " %s%s %s%s: %s", prefix, e->name, verdict_words(e->verdict),
			e->added ? " (counted to compare the passes)" : "", e->why);
		if (r->runs > 1)
			fprintf(f, " (%u of %u runs)", e->nc_runs, r->runs);
		fprintf(f, "\n");
	}
	for (i = 0; i < r->nev; i++)
		if (r->ev[i].wrapped && !r->ev[i].added && !r->ev[i].per_type)
			fprintf(f, " %s%s: %s\n", prefix, r->ev[i].name, STAT_WRAPPED_NOTE);
	for (k = 0; k < r->nmetrics; k++)
		if (r->metric[k].na)
			fprintf(f, " note: %s%s is n/a: %s\n", prefix, r->metric[k].name,
				r->metric[k].why);
}

static void report_table(FILE *f, const struct stat_report *r)
{
	unsigned int i, k;
	char num[48];

	fprintf(f, "\n Performance counter stats for ");
	if (r->target && strncmp(r->target, "process", 7) && strncmp(r->target, "thread", 6))
		fprintf(f, "'%s'", r->target);
	else if (r->target)
		fprintf(f, "%s", r->target);
	else
		fprintf(f, "'");
	if (!r->target) {
		command_text(f, r->argv);
		fprintf(f, "'");
	}
	if (r->runs > 1)
		fprintf(f, " (%u runs", r->runs);
	else
		fprintf(f, " (");
	fprintf(f, "%spath %s", r->runs > 1 ? "; " : "", r->path);
	if (r->cpu >= 0)
		fprintf(f, ", cpu %d", r->cpu);
	fprintf(f, "):\n\n");

	if (r->types)
		stat_types_table(f, r);
	else if (r->units)
		stat_units_table(f, r);
	else
		stat_table_rows(f, r, 0);
	fprintf(f, "\n");
	if (r->types)
		stat_types_notes(f, r);
	else
		stat_table_notes(f, r, "");
	if (r->analysis)
		an_print_table(f, r->analysis);
	for (k = 0; k < r->nmetrics; k++)
		if (r->metric[k].cross_pass)
			fprintf(f, " note: %s uses events of different passes\n", r->metric[k].name);
	if (r->npasses > 1) {
		const char *cyc = r->cycles_ref >= 0 ? r->ev[r->cycles_ref].name : "CPU_CYCLES";

		fprintf(f, " %u passes of at most %u events each (pmukit runs the command once a pass where perf would share the counters in time), %s counted in every pass:\n  ",
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
	if (!r->argv) {
		/* Nothing ran of pmukit's: the time the scope was counted, as perf's. */
		fprintf(f, " %17.9f seconds time elapsed\n\n", r->elapsed_s);
		return;
	}
	report_times(f, r);
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

/*
 * The CSV lines of r->ev; @core: the event field is perf's "PMU/event/"
 * with the core type's name in the PMU's place ("cortex-a53/CPU_CYCLES:u/"),
 * else the name alone; @sums: only the events that have a sum.
 */
void stat_csv_rows(FILE *f, const char *sep, const struct stat_report *r, const char *core,
		   int sums)
{
	unsigned int i;
	char v[12][48];

	for (i = 0; i < r->nev; i++) {
		const struct stat_event *e = &r->ev[i];
		const struct stat_metric *m = stat_metric_of(r, i);
		const char *word = stat_no_count_word(e);
		int k = 0, ns = stat_is_clock_ns(e) && !word;

		if (e->added || (sums && e->per_type))
			continue;
		if (word)
			snprintf(v[k++], sizeof(v[0]), "%s", word);
		else
			snprintf(v[k++], sizeof(v[0]), ns ? "%.2f" : "%.0f", ns ? e->st.mean / 1e6 :
				 e->st.mean);
		snprintf(v[k++], sizeof(v[0]), "%s", ns ? "msec" : "");
		if (core)
			snprintf(v[k++], sizeof(v[0]), "%.16s/%.28s/", core, e->name);
		else
			snprintf(v[k++], sizeof(v[0]), "%s", e->name);
		/* perf's variance field: only with -r, and only beside a count, as perf's. */
		if (r->runs > 1 && !word)
			snprintf(v[k++], sizeof(v[0]), "%.2f%%", noise_percent(&e->st));
		snprintf(v[k++], sizeof(v[0]), "%.0f", e->unsupported ? 0.0 : e->run_ns);
		snprintf(v[k++], sizeof(v[0]), "%.2f", e->unsupported ? 0.0 : e->counting);
		if (m) {
			snprintf(v[k++], sizeof(v[0]), m->na ? "n/a" : "%.4f", m->value);
			snprintf(v[k++], sizeof(v[0]), "%s", m->name);
		} else {
			v[k++][0] = '\0';
			v[k++][0] = '\0';
		}
		if (e->unsupported)
			v[k++][0] = '\0';
		else
			snprintf(v[k++], sizeof(v[0]), "%u", e->pass);
		for (int j = 0; j < k; j++)
			pmukit_csv_field(f, sep, j == 0, v[j]);
		pmukit_csv_field(f, sep, 0, stat_verdict_field(e));
		pmukit_csv_field(f, sep, 0, e->unsupported || e->nc_runs ? e->why :
				     e->wrapped ? STAT_WRAPPED_NOTE : "");
		fputc('\n', f);
	}
}

static void report_csv(FILE *f, const char *sep, const struct stat_report *r)
{
	if (r->types)
		stat_types_csv(f, sep, r);
	else if (r->units)
		stat_units_csv(f, sep, r);
	else
		stat_csv_rows(f, sep, r, NULL, 0);
	if (r->analysis)
		an_print_csv(f, sep, r->analysis, r->runs > 1);
}

/* The metrics beside their events (without -M and --topdown), of core type @core (NULL: one). */
void stat_json_metrics(struct pmukit_json *j, const struct stat_report *r, const char *core)
{
	unsigned int i;

	for (i = 0; i < r->nmetrics; i++) {
		const struct stat_metric *m = &r->metric[i];

		pmukit_json_obj(j, NULL);
		if (core)
			pmukit_json_str(j, "core", core);
		pmukit_json_str(j, "name", m->name);
		if (m->na)
			pmukit_json_null(j, "value");
		else
			pmukit_json_real(j, "value", m->value, 4);
		pmukit_json_str(j, "unit", m->unit);
		pmukit_json_str(j, "event", r->ev[m->event].name);
		pmukit_json_bool(j, "cross_pass", m->cross_pass);
		if (m->na)
			pmukit_json_str(j, "reason", m->why);
		pmukit_json_obj_end(j);
	}
}

/*
 * The objects of r->events; @core, @cpus: the core type they were counted
 * on ("all": summed over the types), else NULL; @sums: only the events
 * that have a sum.
 */
void stat_json_events(struct pmukit_json *j, const struct stat_report *r, const char *core,
		      const char *cpus, int sums)
{
	unsigned int i;

	for (i = 0; i < r->nev; i++) {
		const struct stat_event *e = &r->ev[i];

		if (sums && e->per_type)
			continue;
		pmukit_json_obj(j, NULL);
		if (core)
			pmukit_json_str(j, "core", core);
		if (cpus)
			pmukit_json_str(j, "cpus", cpus);
		pmukit_json_str(j, "event", e->name);
		pmukit_json_bool(j, "added", e->added);
		pmukit_json_u64(j, "pass", e->pass);
		pmukit_json_bool(j, "wrapped", e->wrapped);
		if (stat_is_clock_ns(e))
			pmukit_json_str(j, "unit", "ns");
		if (e->unsupported) {
			pmukit_json_null(j, "value");
		} else if (e->wrapped) {
			/* No number: a count that is not known. */
			pmukit_json_null(j, "value");
			pmukit_json_str(j, "note", STAT_WRAPPED_NOTE);
		} else {
			pmukit_json_u64(j, "value", (uint64_t)(e->st.mean + 0.5));
			pmukit_json_real(j, "mean", e->st.mean, 2);
			/* sd: the runs' own spread; sd_of_mean: perf's "+-" */
			pmukit_json_real(j, "sd", e->st.sd, 2);
			pmukit_json_real(j, "sd_percent", sd_percent(&e->st), 2);
			pmukit_json_real(j, "sd_of_mean", stat_sd_of_mean(&e->st), 2);
			pmukit_json_real(j, "sd_of_mean_percent", noise_percent(&e->st), 2);
			pmukit_json_u64(j, "min", e->st.min);
			pmukit_json_u64(j, "max", e->st.max);
		}
		pmukit_json_real(j, "counting_percent", e->counting, 2);
		pmukit_json_real(j, "run_ns", e->run_ns, 0);
		pmukit_json_u64(j, "overhead", e->overhead);
		pmukit_json_bool(j, "counted", !e->nc_runs && !e->unsupported);
		pmukit_json_str(j, "verdict", e->unsupported || e->nc_runs ? stat_verdict_field(e) : "counted");
		if (e->unsupported)
			pmukit_json_str(j, "reason", e->why);
		if (e->nc_runs) {
			pmukit_json_str(j, "reason", e->why);
			pmukit_json_u64(j, "not_counted_runs", e->nc_runs);
		}
		pmukit_json_obj_end(j);
	}
}

static void report_json(FILE *f, const struct stat_report *r)
{
	struct pmukit_json j;
	unsigned int i;

	pmukit_json_start(&j, f);
	pmukit_json_obj(&j, NULL);
	pmukit_json_arr(&j, "command");
	for (i = 0; r->argv && r->argv[i]; i++)
		pmukit_json_str(&j, NULL, r->argv[i]);
	pmukit_json_arr_end(&j);
	if (r->target)
		pmukit_json_str(&j, "scope", r->target);
	pmukit_json_str(&j, "path", r->path);
	pmukit_json_int(&j, "cpu", r->cpu);
	pmukit_json_u64(&j, "runs", r->runs);
	if (r->interrupted) {
		pmukit_json_bool(&j, "interrupted", 1);
		pmukit_json_u64(&j, "runs_asked", r->runs_asked);
	}
	pmukit_json_bool(&j, "raw", r->raw);
	pmukit_json_u64(&j, "passes", r->npasses);
	pmukit_json_u64(&j, "events_per_pass", r->ncounters);
	pmukit_json_arr(&j, "events");
	if (r->types)
		stat_types_json_events(&j, r);
	else
		stat_json_events(&j, r, NULL, NULL, 0);
	pmukit_json_arr_end(&j);
	if (r->units)
		stat_units_json(&j, r);
	if (r->types) {
		stat_types_json(&j, r);
	} else if (r->analysis) {
		an_print_json(&j, r->analysis);
	} else {
		pmukit_json_arr(&j, "metrics");
		stat_json_metrics(&j, r, NULL);
		pmukit_json_arr_end(&j);
	}
	if (r->npasses > 1) {
		pmukit_json_arr(&j, "pass_cycles");
		for (i = 0; i < r->npasses; i++)
			pmukit_json_real(&j, NULL, r->pass_cycles[i], 1);
		pmukit_json_arr_end(&j);
		pmukit_json_real(&j, "pass_spread_percent", r->pass_spread, 2);
	}
	/* One run of the command (perf's "seconds time elapsed"), and the whole measurement. */
	pmukit_json_real(&j, "elapsed_seconds", r->elapsed_s, 9);
	pmukit_json_real(&j, "elapsed_sd_of_mean_seconds", r->elapsed_sd_s, 9);
	pmukit_json_real(&j, "user_seconds", r->user_s, 9);
	pmukit_json_real(&j, "sys_seconds", r->sys_s, 9);
	pmukit_json_u64(&j, "timed_runs", r->nruns_all);
	pmukit_json_real(&j, "total_seconds", r->total_s, 6);
	pmukit_json_obj(&j, "exit");
	if (!r->argv)
		pmukit_json_null(&j, "status");
	else if (r->exit_code >= 0)
		pmukit_json_int(&j, "status", r->exit_code);
	else
		pmukit_json_null(&j, "status");
	pmukit_json_int(&j, "signal", r->signal);
	pmukit_json_u64(&j, "failed_runs", r->failed_runs);
	pmukit_json_obj_end(&j);
	pmukit_json_obj_end(&j);
	pmukit_json_finish(&j);
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
