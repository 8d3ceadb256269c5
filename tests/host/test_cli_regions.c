/* SPDX-License-Identifier: MIT */
/*
 * Region markers (lib/regions.c) end to end: a child process opens nested,
 * repeated and recursive regions and exits; its report, written at exit in
 * the format $PMUKIT_REGIONS_FORMAT asks for, is read back and checked:
 * calls, totals that hold their nested regions, self counts, recursion
 * counted once, unmatched ends, the overhead taken off unless raw; a
 * symbolic link named as the report's file refused, a full one said.
 *
 * Counts are compared only within one run, or as the smallest of several
 * runs: on x86-64 the counter is the TSC (time, not cycles), so a run's
 * counts change with interrupts and the CPU's frequency. A missing report is
 * a skip only where the library finds no access path; a child that crashed
 * fails.
 */
#define _GNU_SOURCE
#define PMUKIT_MARKERS
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pmukit/pmukit.h"
#include "../tap.h"
#include "util.h"

static void recurse(int depth)
{
	PMUKIT_REGION_BEGIN("recurse");
	busy(1000);
	if (depth > 1)
		recurse(depth - 1);
	PMUKIT_REGION_END("recurse");
}

/* What the child does: the same sequence for every format. */
static void regions(void)
{
	int i;

	PMUKIT_REGION_BEGIN("outer");
	busy(20000);
	for (i = 0; i < 3; i++) {
		PMUKIT_REGION_BEGIN("inner");
		busy(5000);
		PMUKIT_REGION_END("inner");
	}
	PMUKIT_REGION_END("outer");
	for (i = 0; i < 100; i++) {
		PMUKIT_REGION_BEGIN("empty");
		PMUKIT_REGION_END("empty");
	}
	recurse(3);
	PMUKIT_REGION_END("never begun");
	PMUKIT_REGION_BEGIN("left open");
}

/* The child's exit status of the last run(): it must exit 0 on every host. */
static int child_status;

/* Runs regions() in a child with these settings; returns its report. */
static char *run(const char *format, int raw)
{
	const char *dir = getenv("TMPDIR");
	char path[512];
	int fd, status;
	char *buf;
	FILE *f;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/pmukit-regions-XXXXXX", dir && *dir ? dir : "/tmp");
	child_status = -1;
	fd = mkstemp(path);
	if (fd < 0) {
		tap_diag("cannot create %s: %s (TMPDIR)", path, strerror(errno));
		return NULL;
	}
	close(fd);
	pid = fork();
	if (pid == 0) {
		setenv("PMUKIT_REGIONS_FORMAT", format, 1);
		setenv("PMUKIT_REGIONS_OUTPUT", path, 1);
		if (raw)
			setenv("PMUKIT_REGIONS_RAW", "1", 1);
		/* The warning about an unknown format is expected: keep TAP clean. */
		if (!strcmp(format, "yaml") && !freopen("/dev/null", "w", stderr))
			exit(1);
		regions();
		exit(0);
	}
	status = -1;
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		status = -1;
	child_status = status;
	f = fopen(path, "r");
	if (!f) {
		unlink(path);
		return NULL;
	}
	buf = read_stream(f);
	fclose(f);
	unlink(path);
	return buf;
}

/* The number after "key": in the JSON object that begins at @from. */
static long long num_after(const char *from, const char *key)
{
	char pat[64];
	const char *p;

	snprintf(pat, sizeof(pat), "\"%s\": ", key);
	p = from ? strstr(from, pat) : NULL;
	return p ? atoll(p + strlen(pat)) : -1;
}

static const char *region(const char *json, const char *name)
{
	char pat[96];

	snprintf(pat, sizeof(pat), "\"name\": \"%s\"", name);
	return json ? strstr(json, pat) : NULL;
}

/*
 * A child without a report is a skip only where no access path works here
 * (@why: the library's reason); one that crashed or works but wrote none fails.
 */
static int no_report(const char *report, const char *what, char *why, size_t len)
{
	if (!tap_ok(WIFEXITED(child_status) && !WEXITSTATUS(child_status),
		    "%s: the child exits 0 (status 0x%x)", what, (unsigned int)child_status))
		return 1;
	if (report && strstr(report, "region"))
		return 0;
	if (pmukit_path_detect(PMUKIT_PATH_AUTO, why, len) == 0) {
		tap_ok(0, "%s: the child wrote a report (%s)", what, why);
		return 1;
	}
	tap_skip(why, "%s", what);
	return 1;
}

/* The total of the 100 empty regions: the smallest of three runs. */
static long long empty_total(int raw)
{
	long long best = -1, t;
	char *j;
	int k;

	for (k = 0; k < 3; k++) {
		j = run("json", raw);
		t = num_after(region(j, "empty"), "total");
		if (t >= 0 && (best < 0 || t < best))
			best = t;
		free(j);
	}
	return best;
}

static void test_json(void)
{
	char *j = run("json", 0);
	const char *outer = region(j, "outer"), *inner = region(j, "inner");
	const char *rec = region(j, "recurse"), *empty = region(j, "empty");
	long long ot, os, it, rt, rs, et, rawt;
	char why[256];

	if (no_report(j, "regions in JSON", why, sizeof(why))) {
		free(j);
		return;
	}
	ot = num_after(outer, "total");
	os = num_after(outer, "self");
	it = num_after(inner, "total");
	rt = num_after(rec, "total");
	rs = num_after(rec, "self");
	tap_eq(num_after(outer, "calls"), 1, "outer: 1 call");
	tap_eq(num_after(inner, "calls"), 3, "inner: 3 calls");
	tap_eq(num_after(empty, "calls"), 100, "empty: 100 calls");
	tap_eq(num_after(rec, "calls"), 3, "recurse: 3 calls, one per level");
	tap_ok(ot > it && it > 0, "outer's total holds inner's (%lld > %lld)", ot, it);
	tap_ok(os >= 0 && os <= ot - it, "outer's self leaves inner out (%lld <= %lld - %lld)",
	       os, ot, it);
	tap_ok(rs == rt, "recursion: the levels' self counts add up to the total once (%lld, %lld)",
	       rs, rt);
	tap_eq(num_after(j, "unmatched_ends"), 1, "an end without its begin is counted");
	tap_eq(num_after(j, "not_closed"), 1, "a region left open at exit is counted");
	tap_ok(strstr(j, "\"raw\": false") != NULL, "overhead subtracted by default");
	tap_ok(num_after(j, "region") >= 0, "the report says what was subtracted");
	tap_ok(region(j, "pmukit calibration") == NULL, "the calibration's own regions are not shown");
	free(j);

	j = run("json", 1);
	tap_ok(j && strstr(j, "\"raw\": true"), "PMUKIT_REGIONS_RAW=1: raw");
	free(j);
	/*
	 * Raw and corrected counts come from different runs, each with its own
	 * interrupts and CPU frequency (the TSC counts time, not cycles): the
	 * smallest of three runs each, which preemption cannot have inflated.
	 */
	et = empty_total(0);
	rawt = empty_total(1);
	tap_ok(et >= 0 && rawt >= et,
	       "raw: 100 empty regions count at least what corrected ones do (%lld >= %lld, least of 3 runs)",
	       rawt, et);
}

static void test_formats(void)
{
	char *t = run("table", 0), *c = NULL, *bad = NULL;
	char why[256];

	if (!no_report(t, "table and CSV reports", why, sizeof(why))) {
		c = run("csv", 0);
		bad = run("yaml", 0);
		tap_ok(strstr(t, "pmukit regions (path ") && strstr(t, "inner") &&
		       strstr(t, "warning: 1 ends without a begin"), "table: regions and the warning");
		tap_ok(c && !strncmp(c, "region,event,calls,total,per_call,self,not_counted,why_not\n",
				     59) &&
		       strstr(c, "\ninner,"), "CSV: header and a row per region");
		tap_ok(bad && strstr(bad, "pmukit regions (path "), "an unknown format writes a table");
	}
	free(t);
	free(c);
	free(bad);
}

/*
 * regions() in a child whose report goes to @output, as CSV; returns what
 * the child wrote to stderr (where the report goes when @output cannot
 * take it), NULL if it could not be run.
 */
static char *run_stderr(const char *dir, const char *output)
{
	char errname[512];
	char *buf;
	int status;
	FILE *f;
	pid_t pid;

	snprintf(errname, sizeof(errname), "%s/stderr", dir);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		setenv("PMUKIT_REGIONS_FORMAT", "csv", 1);
		setenv("PMUKIT_REGIONS_OUTPUT", output, 1);
		if (!freopen(errname, "w", stderr))
			exit(1);
		regions();
		exit(0);
	}
	child_status = -1;
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return NULL;
	child_status = status;
	f = fopen(errname, "r");
	if (!f)
		return NULL;
	buf = read_stream(f);
	fclose(f);
	unlink(errname);
	return buf;
}

/*
 * $PMUKIT_REGIONS_OUTPUT naming a symbolic link: not followed (the file it
 * points to keeps its text), said, and the report on stderr instead; a
 * report the file cannot take (/dev/full) is said, not lost in silence.
 */
static void test_output_file(void)
{
	const char *tmp = getenv("TMPDIR");
	char dir[512], target[600], link[600], why[256], text[16] = "";
	char *err;
	FILE *f;

	snprintf(dir, sizeof(dir), "%s/pmukit-regions-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		tap_skip(strerror(errno), "a symbolic link as the report's file");
		return;
	}
	snprintf(target, sizeof(target), "%s/target", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	f = fopen(target, "w");
	if (!f || fputs("keep\n", f) < 0 || fclose(f) || symlink(target, link)) {
		tap_skip(strerror(errno), "a symbolic link as the report's file");
		rmdir(dir);
		return;
	}
	err = run_stderr(dir, link);
	if (!no_report(err, "a symbolic link as the report's file", why, sizeof(why))) {
		char want[800];
		struct stat st;

		snprintf(want, sizeof(want),
			 "pmukit regions: cannot write %s: a symbolic link, which the report does not follow (name the file itself); writing to stderr\n",
			 link);
		if (!tap_ok(strstr(err, want) && strstr(err, "region,event,calls"),
			    "a symbolic link as the report's file: refused with the reason, the report on stderr"))
			tap_diag("  stderr: %s", err);
		f = fopen(target, "r");
		if (f) {
			if (!fgets(text, sizeof(text), f))
				text[0] = '\0';
			fclose(f);
		}
		tap_ok(!strcmp(text, "keep\n") && !lstat(link, &st) && S_ISLNK(st.st_mode),
		       "a symbolic link as the report's file: the link and the file it names unchanged");
	}
	free(err);
	unlink(link);
	unlink(target);
	if (access("/dev/full", W_OK)) {
		tap_skip("no /dev/full", "a report the file cannot take");
	} else if (pmukit_path_detect(PMUKIT_PATH_AUTO, why, sizeof(why))) {
		tap_skip(why, "a report the file cannot take");
	} else {
		err = run_stderr(dir, "/dev/full");
		if (!tap_ok(err && WIFEXITED(child_status) &&
			    strstr(err, "pmukit regions: cannot write the report to /dev/full: No space left on device\n"),
			    "a report the file cannot take (/dev/full): said on stderr"))
			tap_diag("  stderr: %s", err ? err : "(none)");
		free(err);
	}
	rmdir(dir);
}

int main(void)
{
	test_json();
	test_formats();
	test_output_file();
	return tap_done();
}
