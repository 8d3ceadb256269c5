/* SPDX-License-Identifier: MIT */
/*
 * The pmukit command's reports of known results (stat, calibrate) as a
 * table, CSV and JSON, compared with the expected text in
 * tests/fixtures/cli/ (the pieces they are made of: test_cli_format.c).
 * After an intended change of the output, PMUKIT_UPDATE_FIXTURES=1
 * rewrites the fixtures (review the diff before committing them).
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/compiler.h"
#include "cli.h"
#include "stat_metrics.h"
#include "output.h"
#include "pmukit/json.h"
#include "recorded.h"
#include "report.h"
#include "../tap.h"
#include "util.h"

/* tests/host/test_cli_output.c -> tests/fixtures/cli/ */
static void fixture_path(char *buf, size_t len, const char *name)
{
	const char *f = __FILE__, *cut = strstr(f, "host/test_cli_output.c");

	snprintf(buf, len, "%.*sfixtures/cli/%s", cut ? (int)(cut - f) : 0, f, name);
}

/* Shows the first line that differs, with both versions. */
static void show_difference(const char *got, const char *want)
{
	int line = 1;
	const char *g = got, *w = want;

	while (*g && *g == *w) {
		if (*g == '\n')
			line++;
		g++;
		w++;
	}
	while (g > got && g[-1] != '\n') {
		g--;
		w--;
	}
	tap_diag("  first difference in line %d:", line);
	tap_diag("  got:  %.*s", (int)strcspn(g, "\n"), g);
	tap_diag("  want: %.*s", (int)strcspn(w, "\n"), w);
}

static void check_fixture(const char *name, const char *got)
{
	char path[512];
	char *want;

	fixture_path(path, sizeof(path), name);
	if (secure_getenv("PMUKIT_UPDATE_FIXTURES")) {
		FILE *f = fopen(path, "w");

		if (f) {
			fputs(got, f);
			fclose(f);
		}
		tap_skip("fixtures rewritten", "%s", name);
		return;
	}
	want = slurp(path);
	if (!tap_ok(want && !strcmp(got, want), "output matches %s", name)) {
		if (!want)
			tap_diag("  cannot read %s", path);
		else
			show_difference(got, want);
	}
	free(want);
}

static struct pmukit_stats st(uint64_t min, uint64_t max, double mean, double sd, size_t n)
{
	struct pmukit_stats s = { .n = n, .min = min, .max = max, .mean = mean, .sd = sd,
				  .median = mean, .p5 = (double)min, .p95 = (double)max };
	return s;
}

static void add_event(struct stat_report *r, const char *name, unsigned int pass,
		      struct pmukit_stats s, double counting, uint64_t overhead)
{
	struct stat_event *e = &r->ev[r->nev++];

	memset(e, 0, sizeof(*e));
	snprintf(e->name, sizeof(e->name), "%s", name);
	e->ev = parsed_event(name);	/* the event stat's plan gave the row */
	e->pass = pass;
	e->st = s;
	e->counting = counting;
	e->overhead = overhead;
	/* The direct path's run time: the pass's wall time (perf's is the counter's). */
	e->run_ns = r->pass_elapsed_s[pass - 1] * 1e9;
}

/* The times of @runs runs of the command (every pass's alike). */
static void set_times(struct stat_report *r, unsigned int runs, double wall, double sd,
		      double user, double sys)
{
	unsigned int k;

	r->nruns_all = runs;
	r->elapsed_s = wall;
	r->elapsed_sd_s = sd;
	r->user_s = user;
	r->sys_s = sys;
	r->total_s = wall * runs + 0.01;
	for (k = 0; k < STAT_MAX_PASSES; k++)
		r->pass_elapsed_s[k] = wall;
}

/* A single-pass direct measurement over 3 runs, with two derived metrics. */
static void one_pass(struct stat_report *r)
{
	static char *argv[] = { "stat_loop", "100000", NULL };

	memset(r, 0, sizeof(*r));
	r->argv = argv;
	r->path = "direct";
	r->cpu = 0;
	r->runs = 3;
	r->npasses = 1;
	r->ncounters = 6;
	r->cycles_ref = -1;
	set_times(r, 3, 0.0123456, 0.0000231, 0.0101, 0.0012);
	add_event(r, "INST_RETIRED:u", 1, st(200012, 200012, 200012, 0, 3), 100, 11);
	add_event(r, "CPU_CYCLES:u", 1, st(400020, 400030, 400024.333, 4.19, 3), 100, 11);
	add_event(r, "L1D_CACHE:u", 1, st(50000, 50010, 50004, 4, 3), 100, 3);
	add_event(r, "L1D_CACHE_REFILL:u", 1, st(1200, 1300, 1250, 40.82, 3), 100, 0);
	metrics_compute(r);
}

/* Eight events on a six-counter PMU through perf: two passes, cycles added. */
static void two_passes(struct stat_report *r)
{
	static char *argv[] = { "sh", "-c", "exit 3", NULL };
	static const char *names[] = {
		"INST_RETIRED:u", "BR_MIS_PRED:u", "BR_PRED:u", "L1D_CACHE:u",
		"L2D_CACHE:u", "L1D_CACHE_REFILL:u", "L2D_CACHE_REFILL:u", "MEM_ACCESS:u",
	};
	static const uint64_t v[] = { 100000, 200, 10000, 40000, 2000, 1000, 100, 41000 };
	unsigned int i;

	memset(r, 0, sizeof(*r));
	r->argv = argv;
	r->path = "perf";
	r->cpu = -1;
	r->runs = 1;
	r->npasses = 2;
	r->ncounters = 6;
	set_times(r, 2, 1.5, 0.25, 1.25, 0.125);
	r->exit_code = 3;
	r->failed_runs = 2;
	for (i = 0; i < 8; i++)
		add_event(r, names[i], i < 5 ? 1 : 2, st(v[i], v[i], (double)v[i], 0, 1),
			  i == 7 ? 87.5 : 100, 0);
	add_event(r, "CPU_CYCLES:u", 1, st(9000, 9100, 9050, 50, 2), 100, 0);
	r->ev[8].added = 1;
	r->cycles_ref = 8;
	r->pass_cycles[0] = 9000;
	r->pass_cycles[1] = 9100;
	r->pass_spread = 100.0 / 9050 * 100;
	metrics_compute(r);
}

/*
 * perf on a machine whose kernel has no hardware events (a virtual
 * machine): cycles cannot be counted and is reported so, the software
 * events are counts; task-clock in msec, with perf's CPUs utilized.
 */
static void partial(struct stat_report *r)
{
	static char *argv[] = { "true", NULL };

	memset(r, 0, sizeof(*r));
	r->argv = argv;
	r->path = "perf";
	r->cpu = -1;
	r->runs = 1;
	r->npasses = 1;
	r->ncounters = 64;
	r->cycles_ref = -1;
	set_times(r, 1, 0.0013, 0, 0.0011, 0.0002);
	add_event(r, "cycles", 1, st(0, 0, 0, 0, 0), 100, 0);
	add_event(r, "task-clock", 1, st(758888, 758888, 758888, 0, 1), 100, 0);
	add_event(r, "page-faults", 1, st(48, 48, 48, 0, 1), 100, 0);
	r->ev[0].unsupported = 1;
	r->ev[0].run_ns = 0;
	snprintf(r->ev[0].why, sizeof(r->ev[0].why), "%s",
		 "perf has no hardware 'cycles' event on this machine");
	metrics_compute(r);
}

/*
 * A Cortex-A9 in QEMU: the counters read 0 for a command that ran. What the
 * library's verdict said of each run (stat_run.c fills these), and IPC of it.
 */
static void not_counted(struct stat_report *r)
{
	static char *argv[] = { "stat_loop", "1000", NULL };
	static const char why[] = "a 0 for code that ran at a level it counts; likely an emulator's "
				  "CPU model that does not count it";
	unsigned int i;

	memset(r, 0, sizeof(*r));
	r->argv = argv;
	r->path = "direct";
	r->cpu = 0;
	r->runs = 2;
	r->npasses = 1;
	r->ncounters = 7;
	r->cycles_ref = -1;
	set_times(r, 2, 0.002, 0.0001, 0.0019, 0.0001);
	add_event(r, "INST_RETIRED:uk", 1, st(0, 0, 0, 0, 2), 100, 0);
	add_event(r, "CPU_CYCLES:uk", 1, st(0, 0, 0, 0, 2), 100, 0);
	add_event(r, "SW_INCR:uk", 1, st(0, 0, 0, 0, 2), 100, 0);
	for (i = 0; i < 2; i++) {
		r->ev[i].verdict = PMUKIT_NOT_COUNTED;
		r->ev[i].nc_runs = 2;
		snprintf(r->ev[i].why, sizeof(r->ev[i].why), "%s", why);
		r->not_counted++;
	}
	metrics_compute(r);
}

static char *render_stat(const struct stat_report *r, enum out_format fmt, const char *sep)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	stat_report(m, fmt, sep, r);
	fclose(m);
	return buf;
}

/* A rendering of a report and the fixture it must match. */
struct rendering {
	enum out_format fmt;
	const char *sep, *fixture;
};

static void check_renderings(const struct stat_report *r, const struct rendering *rows,
			     size_t n)
{
	size_t i;
	char *out;

	for (i = 0; i < n; i++) {
		out = render_stat(r, rows[i].fmt, rows[i].sep);
		check_fixture(rows[i].fixture, out);
		free(out);
	}
}

/*
 * stat's CSV and JSON read back (cli/recorded.c): the events that did not
 * count are not counted there, with the reason, and the others are counts.
 */
static void test_read_back(const struct stat_report *r)
{
	static const struct {
		enum out_format fmt;
		const char *sep, *what;
	} outs[] = {
		{ OUT_CSV, ",", "-x," },
		{ OUT_CSV, ";", "-x';'" },
		{ OUT_JSON, NULL, "--json" },
	};
	static struct recorded rec;
	char err[256];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(outs); i++) {
		char *out = render_stat(r, outs[i].fmt, outs[i].sep);
		int ret = recorded_parse(out, strlen(out), NULL, &rec, err, sizeof(err));

		if (!tap_ok(ret == 0 && rec.nev == 3 && rec.ev[0].status == REC_NOT_COUNTED &&
			    rec.ev[1].status == REC_NOT_COUNTED && rec.ev[2].status == REC_OK &&
			    strstr(rec.ev[1].why, "emulator's CPU model"),
			    "stat %s read back: INST_RETIRED:uk and CPU_CYCLES:uk did not count, "
			    "SW_INCR:uk is a count", outs[i].what))
			tap_diag("  %d %s; %u events: %d %d %d '%s'", ret, ret ? err : "", rec.nev,
				 rec.ev[0].status, rec.ev[1].status, rec.ev[2].status, rec.ev[1].why);
		free(out);
	}
}

static void test_stat(void)
{
	static const struct rendering one[] = {
		{ OUT_TABLE, NULL, "stat-one-pass.txt" },
		{ OUT_CSV, ",", "stat-one-pass.csv" },
		{ OUT_CSV, ";", "stat-one-pass-semicolon.csv" },
		{ OUT_JSON, NULL, "stat-one-pass.json" },
	};
	static const struct rendering two[] = {
		{ OUT_TABLE, NULL, "stat-passes.txt" },
		{ OUT_CSV, ",", "stat-passes.csv" },
		{ OUT_JSON, NULL, "stat-passes.json" },
	};
	static const struct rendering nc[] = {
		{ OUT_TABLE, NULL, "stat-not-counted.txt" },
		{ OUT_CSV, ",", "stat-not-counted.csv" },
		{ OUT_JSON, NULL, "stat-not-counted.json" },
	};
	static const struct rendering wrapped[] = {
		{ OUT_TABLE, NULL, "stat-wrapped.txt" },
		{ OUT_CSV, ",", "stat-wrapped.csv" },
		{ OUT_JSON, NULL, "stat-wrapped.json" },
	};
	static const struct rendering part[] = {
		{ OUT_TABLE, NULL, "stat-partial.txt" },
		{ OUT_CSV, ",", "stat-partial.csv" },
		{ OUT_JSON, NULL, "stat-partial.json" },
	};
	static const uint64_t three[] = { 1200, 1250, 1300 };
	static struct stat_report r;
	struct pmukit_stats s3;

	/* perf's "+-": sqrt(sum of squared deviations / (n (n - 1))) = sqrt(5000 / 6) */
	pmukit_stats_compute(three, 3, 0, &s3);
	tap_ok(fabs(stat_sd_of_mean(&s3) - sqrt(5000.0 / 6.0)) < 1e-9,
	       "the standard deviation of the mean of 1200, 1250, 1300 is sqrt(5000/6) (%.6f)",
	       stat_sd_of_mean(&s3));
	s3.n = 1;
	tap_ok(stat_sd_of_mean(&s3) == 0.0, "one run: no standard deviation of the mean");

	partial(&r);
	tap_ok(r.nmetrics == 1 && r.metric[0].event == 1 && !strcmp(r.metric[0].name, "CPUs utilized") &&
	       fabs(r.metric[0].value - 0.758888 / 1.3) < 1e-9,
	       "task-clock: CPUs utilized = its time over the wall time (%.6f)", r.metric[0].value);
	check_renderings(&r, part, ARRAY_SIZE(part));

	one_pass(&r);
	tap_eq(r.nmetrics, 2, "one pass: IPC and the L1D refill rate");
	check_renderings(&r, one, ARRAY_SIZE(one));

	two_passes(&r);
	tap_eq(r.nmetrics, 3, "two passes: no IPC without the user's cycles; three rates");
	tap_eq(r.metric[0].cross_pass + r.metric[1].cross_pass + r.metric[2].cross_pass, 2,
	       "two passes: the two refill rates mix passes");
	check_renderings(&r, two, ARRAY_SIZE(two));

	not_counted(&r);
	tap_ok(r.nmetrics == 1 && r.metric[0].na && strstr(r.metric[0].why, "did not count"),
	       "not counted: IPC is n/a, because an event did not count");
	check_renderings(&r, nc, ARRAY_SIZE(nc));
	test_read_back(&r);

	/* A count the direct path could not know: words, no number, no metric from it. */
	one_pass(&r);
	r.ev[0].wrapped = 1;
	metrics_compute(&r);
	tap_eq(r.nmetrics, 1, "INST_RETIRED:u wrapped: no IPC, the L1D refill rate stays");
	check_renderings(&r, wrapped, ARRAY_SIZE(wrapped));
}

static void test_calibrate(void)
{
	static struct calib_row rows[4];
	char *buf = NULL;
	size_t len = 0;
	FILE *m;
	static const struct {
		const char *name;
		enum out_format fmt;
		const char *sep;
	} outs[] = {
		{ "calibrate.txt", OUT_TABLE, NULL },
		{ "calibrate.csv", OUT_CSV, "," },
		{ "calibrate-tab.csv", OUT_CSV, "\t" },
		{ "calibrate.json", OUT_JSON, NULL },
	};
	size_t i;

	memset(rows, 0, sizeof(rows));
	rows[0].path = "direct";
	rows[0].event = "CPU_CYCLES:u";
	rows[0].ok = 1;
	rows[0].st = (struct pmukit_stats){ .n = 998, .discarded = 2, .min = 5, .max = 1234,
					    .mean = 6.254, .sd = 38.9, .median = 5,
					    .p5 = 5, .p95 = 7 };
	rows[1].path = "perf-mmap";
	snprintf(rows[1].why, sizeof(rows[1].why),
		 "kernel.perf_user_access is 0: set it to 1, or use --path perf");
	rows[2].path = "perf";
	rows[2].event = "CPU_CYCLES:u";
	rows[2].ok = 1;
	rows[2].st = (struct pmukit_stats){ .n = 1000, .min = 1820, .max = 25102,
					    .mean = 2012.5, .sd = 801.25, .median = 1900.5,
					    .p5 = 1830, .p95 = 2400 };
	/* A timer that stood still: no cost of a read, a counter that did not count. */
	rows[3].path = "clock";
	rows[3].event = "clock";
	rows[3].ok = 1;
	rows[3].st = (struct pmukit_stats){ .n = 1000 };
	rows[3].verdict = PMUKIT_NOT_COUNTED;
	snprintf(rows[3].vwhy, sizeof(rows[3].vwhy), "the clock read 0 for code that ran");
	for (i = 0; i < ARRAY_SIZE(outs); i++) {
		m = open_memstream(&buf, &len);
		calib_report(m, outs[i].fmt, outs[i].sep, rows, 4, 1000);
		fclose(m);
		check_fixture(outs[i].name, buf);
		free(buf);
		buf = NULL;
	}
}

int main(void)
{
	test_stat();
	test_calibrate();
	return tap_done();
}
