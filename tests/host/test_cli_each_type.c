/* SPDX-License-Identifier: MIT */
/*
 * pmukit selftest and calibrate on a machine of several core types, without
 * such a machine: the library reads the sysfs trees of tests/fixtures/sysfs
 * (RK3399: cortex-a53 on 0-3, cortex-a72 on 4-5; SM8550: cortex-a510 on
 * 0-2, cortex-a715 on 3-6, cortex-x3 on 7) and the thread's affinity is the
 * test's (fake_types.h; mk/check.mk links it with -Wl,--wrap), and so is
 * the pinning to a type's CPU (__wrap_pin_to_cpu()).
 *
 * Checked without a PMU: the types and the CPU each is measured on
 * (pmukit_thread_types(): the first CPU of each type the affinity allows;
 * one type where the affinity stays on one), the sections' and blocks'
 * headings, the verdict over the types, calibrate's table, CSV and JSON of
 * several types; and whole selftest and calibrate runs on the fixtures
 * (this host's own paths, pinned in the library's view to each type's CPU),
 * with a CPU this process may not run on as well.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pmukit/pmukit.h>
#include "cli.h"
#include "each_type.h"
#include "report.h"
#include "../tap.h"
#include "fake_types.h"
#include "sys_tree.h"
#include "util.h"

static char fixtures[PATH_MAX];

/*
 * Pinning to a type's CPU (each_type.c): the fixture's CPU becomes the
 * thread's whole affinity as the library sees it (this host may have fewer
 * CPUs); @refuse_cpu fails as a CPU this process may not run on.
 */
static int refuse_cpu = -1, pinned_to = -1;
int __wrap_pin_to_cpu(int cpu);
int __wrap_pin_to_cpu(int cpu)
{
	if (cpu == refuse_cpu)
		return -EINVAL;
	CPU_ZERO(&fake_affinity);
	CPU_SET(cpu, &fake_affinity);
	pinned_to = cpu;
	return 0;
}

static void use_fixture(const char *dir, const char *cpus)
{
	char root[PATH_MAX + 64];
	int list[16], n, i;

	snprintf(root, sizeof(root), "%s/%s", fixtures, dir);
	setenv("PMUKIT_SYSFS_ROOT", root, 1);
	n = pmukit_cpus_parse(cpus, list, 16);
	CPU_ZERO(&fake_affinity);
	for (i = 0; i < n; i++)
		CPU_SET(list[i], &fake_affinity);
}

/* What @fn(@argc, @argv) writes on stdout (to free()); its exit status in *@rc. */
static char *output_of(int (*fn)(int, char **), int argc, char **argv, int *rc)
{
	char path[] = "/tmp/pmukit-test-each-type-XXXXXX";
	int fd = mkstemp(path), saved;
	FILE *f;
	char *text = NULL;

	*rc = -1;
	if (fd < 0)
		return strdup("");
	fflush(stdout);
	saved = dup(1);
	dup2(fd, 1);
	optind = 0;
	*rc = fn(argc, argv);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	f = fdopen(fd, "r");
	if (f) {
		rewind(f);
		text = read_stream(f);
		fclose(f);
	}
	unlink(path);
	return text ? text : strdup("");
}

static void test_types(void)
{
	static const struct {
		const char *dir, *affinity;
		int n;
		const char *want;	/* name:cpus:cpu of each */
	} rows[] = {
		{ "rk3399", "0-7", 2, "cortex-a53:0-3:0 cortex-a72:4-5:4" },
		{ "rk3399", "1,5", 2, "cortex-a53:1:1 cortex-a72:5:5" },
		{ "rk3399", "0-3", 1, "cortex-a53:0-3:0" },
		{ "rk3399", "4-5", 1, "cortex-a72:4-5:4" },
		{ "sm8550", "0-7", 3, "cortex-a510:0-2:0 cortex-a715:3-6:3 cortex-x3:7:7" },
		{ "sm8550", "2-3", 2, "cortex-a510:2:2 cortex-a715:3:3" },
	};
	struct pmukit_thread_type t[EACH_MAX_TYPES];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		char got[256] = "";
		size_t used = 0;
		int n, k;

		use_fixture(rows[i].dir, rows[i].affinity);
		n = pmukit_thread_types(t, EACH_MAX_TYPES);
		for (k = 0; k < n && used < sizeof(got); k++)
			used += (size_t)snprintf(got + used, sizeof(got) - used, "%s%s:%s:%d",
						 k ? " " : "", t[k].name, t[k].cpus, t[k].cpu);
		tap_ok(n == rows[i].n && !strcmp(got, rows[i].want),
		       "%s, affinity %s: %d types '%s' (got %d '%s')", rows[i].dir, rows[i].affinity,
		       rows[i].n, rows[i].want, n, got);
	}
	tap_ok(pmukit_thread_types(t, 1) == 1 && !strcmp(t[0].name, "cortex-a510"),
	       "pmukit_thread_types(): at most @max");
}

static void test_verdict(void)
{
	static const struct {
		int rc[2], want;
		const char *line;
	} rows[] = {
		{ { CLI_OK, CLI_FAIL }, CLI_FAIL,
		  "selftest: FAILED: cortex-a53 (cpus 0-3) ok, cortex-a72 (cpus 4-5) failed\n" },
		{ { CLI_OK, CLI_OK }, CLI_OK,
		  "selftest: ok: cortex-a53 (cpus 0-3) ok, cortex-a72 (cpus 4-5) ok\n" },
		{ { CLI_SKIP, CLI_OK }, CLI_OK,
		  "selftest: ok: cortex-a53 (cpus 0-3) skipped, cortex-a72 (cpus 4-5) ok\n" },
		{ { CLI_SKIP, CLI_SKIP }, CLI_SKIP,
		  "selftest: skipped: cortex-a53 (cpus 0-3) skipped, cortex-a72 (cpus 4-5) skipped\n" },
	};
	static struct each_type e;
	char label[160], buf[512];
	size_t i;

	use_fixture("rk3399", "0-7");
	each_type_find(&e);
	each_type_label(&e.t[1], label, sizeof(label));
	tap_ok(!strcmp(label, "cortex-a72 (cpus 4-5), on CPU 4"), "a type's heading: '%s'", label);
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		FILE *f = fmemopen(buf, sizeof(buf), "w");
		int ret = each_type_verdict(f, "selftest", &e, rows[i].rc);

		fclose(f);
		tap_ok(ret == rows[i].want && !strcmp(buf, rows[i].line), "verdict %d: %.*s", ret,
		       (int)strcspn(buf, "\n"), buf);
	}
	use_fixture("sm8550", "7");
	each_type_find(&e);
	each_type_label(&e.t[0], label, sizeof(label));
	tap_ok(e.n == 1 && !strcmp(label, "cortex-x3 (cpu 7), on CPU 7"), "one CPU: '%s'", label);
}

/* calibrate's report of two types, from rows of known numbers. */
static void test_calib_report(void)
{
	static const char table[] =
		"cortex-a53 (cpus 0-3), on CPU 0:\n"
		"Cost of one read, from 10 back-to-back read pairs per path:\n\n"
		"  path  event          n  min  max  mean    sd  median  p5  p95  discarded\n"
		"  perf  CPU_CYCLES:u  10    5    9  6.00  1.00     6.0   5    8          0\n"
		"  direct    not measured: off\n"
		"\n"
		"cortex-a72 (cpus 4-5), on CPU 4:\n"
		"Cost of one read, from 10 back-to-back read pairs per path:\n\n"
		"  path  event          n  min  max  mean    sd  median  p5  p95  discarded\n"
		"  perf  CPU_CYCLES:u  10    3    7  4.00  1.00     4.0   3    6          0\n"
		"  direct    not measured: off\n";
	static const char csv[] =
		"core,cpu,path,event,n,min,max,mean,sd,median,p5,p95,discarded,not_counted,why_not\n"
		"cortex-a53,0,perf,CPU_CYCLES:u,10,5,9,6.00,1.00,6.0,5,8,0,,\n"
		"cortex-a72,4,perf,CPU_CYCLES:u,10,3,7,4.00,1.00,4.0,3,6,0,,\n";
	static struct each_type e;
	struct calib_row rows[2][2];
	struct calib_type cal[2];
	static char buf[8192];
	unsigned int t;
	FILE *f;

	use_fixture("rk3399", "0-7");
	each_type_find(&e);
	memset(rows, 0, sizeof(rows));
	for (t = 0; t < 2; t++) {
		struct calib_row *r = &rows[t][0];

		r->path = "perf";
		r->event = "CPU_CYCLES:u";
		r->ok = 1;
		r->st = (struct pmukit_stats){ .n = 10, .min = 5 - 2 * t, .max = 9 - 2 * t,
					       .mean = 6.0 - 2 * t, .sd = 1.0, .median = 6.0 - 2 * t,
					       .p5 = 5 - 2 * t, .p95 = 8 - 2 * t };
		rows[t][1].path = "direct";
		snprintf(rows[t][1].why, sizeof(rows[t][1].why), "off");
		cal[t] = (struct calib_type){ &e.t[t], rows[t], 2 };
	}
	f = fmemopen(buf, sizeof(buf), "w");
	calib_report_types(f, OUT_TABLE, NULL, cal, 2, 10);
	fclose(f);
	tap_ok(!strcmp(buf, table), "calibrate of two types: a table per type under its heading");
	if (strcmp(buf, table))
		tap_diag("%s", buf);
	f = fmemopen(buf, sizeof(buf), "w");
	calib_report_types(f, OUT_CSV, ",", cal, 2, 10);
	fclose(f);
	tap_ok(!strcmp(buf, csv), "calibrate -x, of two types: one header, lines led by core and CPU");
	if (strcmp(buf, csv))
		tap_diag("%s", buf);
	f = fmemopen(buf, sizeof(buf), "w");
	calib_report_types(f, OUT_JSON, NULL, cal, 2, 10);
	fclose(f);
	tap_ok(strstr(buf, "\"types\": [") && strstr(buf, "\"core\": \"cortex-a72\"") &&
	       strstr(buf, "\"cpus\": \"4-5\"") && strstr(buf, "\"cpu\": 4") &&
	       strstr(buf, "\"paths\": [") && !strstr(buf, "\n  \"paths\""),
	       "calibrate --json of two types: \"types\", each with core, cpus, cpu and paths");
}

/* @fn's output on fixture @dir with affinity @cpus, CPU @refuse (-1: none) refused; *@rc its status. */
static char *run_on(const char *dir, const char *cpus, int refuse, int (*fn)(int, char **),
		    char **argv, int *rc)
{
	int argc = 0;
	char *out;

	while (argv[argc])
		argc++;
	use_fixture(dir, cpus);
	refuse_cpu = refuse;
	pinned_to = -1;
	out = output_of(fn, argc, argv, rc);
	refuse_cpu = -1;
	return out;
}

/* The check @good of @out, which is shown when it failed (or with SHOW set), then freed. */
static void judged(char *out, int good, const char *what, int rc)
{
	tap_ok(good, "%s (%d)", what, rc);
	if (!good || getenv("SHOW"))
		tap_diag("%s", out);
	free(out);
}

/* Whole runs: the sections and blocks in order, each type measured on its CPU; a CPU refused. */
static void test_runs(void)
{
	char *st[] = { "selftest", "-n", "10", NULL };
	char *cal[] = { "calibrate", "-n", "10", NULL };
	char *cal_json[] = { "calibrate", "-n", "10", "--json", NULL };
	char *out, *a, *b, *c;
	int rc;

	out = run_on("rk3399", "0-7", -1, cmd_selftest, st, &rc);
	a = strstr(out, "\n== cortex-a53 (cpus 0-3), on CPU 0 ==\n\npmukit selftest on ");
	b = strstr(out, "\n== cortex-a72 (cpus 4-5), on CPU 4 ==\n\npmukit selftest on ");
	/* The host's own paths count no exact event here, or do: ok or skipped, the status the same. */
	c = strstr(out, "\nselftest: ok: cortex-a53 (cpus 0-3) ");
	if (!c)
		c = strstr(out, "\nselftest: skipped: cortex-a53 (cpus 0-3) skipped, cortex-a72 (cpus 4-5) skipped\n");
	judged(out, !strncmp(out, "pmukit selftest: this process may run on 2 core types", 53) && a &&
	       b && a < b && c && b < c && pinned_to == 4 && !strstr(out, "counts on one core type") &&
	       rc == (c[12] == 'o' ? CLI_OK : CLI_SKIP),
	       "selftest on the RK3399: a section per type on its CPU, in order, then the verdict and its status",
	       rc);

	out = run_on("rk3399", "0-7", 4, cmd_selftest, st, &rc);
	judged(out, rc == CLI_FAIL &&
	       strstr(out, "\n== cortex-a72 (cpus 4-5), on CPU 4 ==\n\nnot checked: cannot run on CPU 4: ") &&
	       strstr(out, "\nselftest: FAILED: cortex-a53 (cpus 0-3) ") &&
	       strstr(out, ", cortex-a72 (cpus 4-5) failed\n"),
	       "selftest: a type whose CPU this may not run on fails, said in its section", rc);

	out = run_on("sm8550", "0-7", -1, cmd_calibrate, cal, &rc);
	a = strstr(out, "cortex-a510 (cpus 0-2), on CPU 0:\nCost of one read");
	b = strstr(out, "\ncortex-a715 (cpus 3-6), on CPU 3:\nCost of one read");
	c = strstr(out, "\ncortex-x3 (cpu 7), on CPU 7:\nCost of one read");
	judged(out, rc == CLI_OK && a == out && b && c && b < c && pinned_to == 7,
	       "calibrate on the SM8550: a block per type on its CPU, in order", rc);

	out = run_on("sm8550", "0-7", 7, cmd_calibrate, cal_json, &rc);
	judged(out, rc == CLI_FAIL && strstr(out, "\"core\": \"cortex-a510\"") &&
	       strstr(out, "\"core\": \"cortex-x3\"") && strstr(out, "\"cpu\": 7") &&
	       strstr(out, "cannot run on CPU 7"),
	       "calibrate --json on the SM8550: each type; one not measured fails", rc);

	/* One type: as before, no heading, no types, not pinned. */
	out = run_on("sm8550", "3-6", -1, cmd_calibrate, cal_json, &rc);
	judged(out, !strstr(out, "\"types\"") && strstr(out, "\n  \"paths\": [") && pinned_to == -1,
	       "calibrate of one type (affinity 3-6): the output of one type, where it runs", rc);
}

int main(void)
{
	if (sys_fixtures_dir(fixtures)) {
		printf("1..0 # SKIP tests/fixtures/sysfs not found: run from the top of the source tree\n");
		return 0;
	}
	tap_header();
	test_types();
	test_verdict();
	test_calib_report();
	test_runs();
	unsetenv("PMUKIT_SYSFS_ROOT");
	return tap_done();
}
