/* SPDX-License-Identifier: MIT */
/*
 * Sessions on the build machine, what needs no counter at all: path
 * names, error texts, every refusal and its message, $PMUKIT_PATH and
 * automatic choice, long specs and names quoted in messages, the
 * per-thread message, and pmukit_pmu_info().
 *
 * It runs on any x86-64 host (or Arm board) as root or not, in a container
 * or a virtual machine; it may not assume a PMU or a perf_event_paranoid
 * file.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <strings.h>

#include "session_util.h"

static void test_paths(void)
{
	static const struct {
		int line;
		const char *name;
		int ret;
		enum pmukit_path path;
	} rows[] = {
		{ __LINE__, "auto", 0, PMUKIT_PATH_AUTO },
		{ __LINE__, "direct", 0, PMUKIT_PATH_DIRECT },
		{ __LINE__, "perf", 0, PMUKIT_PATH_PERF },
		{ __LINE__, "perf-mmap", 0, PMUKIT_PATH_PERF_MMAP },
		{ __LINE__, "clock", 0, PMUKIT_PATH_CLOCK },
		{ __LINE__, "PERF-MMAP", 0, PMUKIT_PATH_PERF_MMAP },
		{ __LINE__, "mmap", -EINVAL, 0 },
		{ __LINE__, "", -EINVAL, 0 },
	};
	enum pmukit_path p;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		int ret = pmukit_path_parse(rows[i].name, &p);

		tap_ok(ret == rows[i].ret && (ret || p == rows[i].path),
		       "line %d: path \"%s\" parses to %d", rows[i].line, rows[i].name, rows[i].ret);
		if (!ret)
			tap_ok(!strcasecmp(pmukit_path_name(p), rows[i].name),
			       "line %d: and prints as %s", rows[i].line, pmukit_path_name(p));
	}
	tap_ok(!strcmp(pmukit_path_name(PMUKIT_PATH_COUNT), "?"), "an out-of-range path prints as ?");
	tap_ok(pmukit_path_parse(NULL, &p) == -EINVAL, "a NULL path name: -EINVAL");
}

static void test_strerror(void)
{
	static const struct {
		int line;
		int err;
		const char *text;
	} rows[] = {
		{ __LINE__, 0, "success" },
		{ __LINE__, -ENOENT, "unknown event" },
		{ __LINE__, -EOPNOTSUPP, "not supported" },
		{ __LINE__, -E2BIG, "more events than counters" },
		{ __LINE__, -EACCES, "no access" },
		{ __LINE__, -EINTR, "another CPU" },
		{ __LINE__, -EOVERFLOW, "wrapped" },
		{ __LINE__, -ENODEV, "not available" },
		{ __LINE__, EACCES, "no access" },
		{ __LINE__, -EBADF, "Bad file descriptor" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++)
		if (!tap_ok(strstr(pmukit_strerror(rows[i].err), rows[i].text) != NULL,
			    "line %d: pmukit_strerror(%d) says \"%s\"", rows[i].line, rows[i].err,
			    rows[i].text))
			tap_diag("  got \"%s\"", pmukit_strerror(rows[i].err));
}

static void test_refusals(void)
{
	const char *ev[40];
	struct pmukit_session *s = (struct pmukit_session *)&s;
	unsigned int i;
	int ret;

	ev[0] = "INST_RETIRE";
	expect(open_on(PMUKIT_PATH_AUTO, ev, 1, &s), -ENOENT, "did you mean INST_RETIRED",
	       "unknown event INST_RETIRE");
	tap_ok(s == NULL, "a failed open sets the session to NULL");
	ev[0] = "task-clok";
	expect(open_on(PMUKIT_PATH_AUTO, ev, 1, &s), -ENOENT, "task-clock", "unknown event task-clok");
	ev[0] = "0x08:q";
	expect(open_on(PMUKIT_PATH_AUTO, ev, 1, &s), -EINVAL, ":u (user)", "bad modifier");
	for (i = 0; i < 33; i++)
		ev[i] = "task-clock";
	expect(open_on(PMUKIT_PATH_PERF, ev, 33, &s), -E2BIG, "run in passes", "33 events");
	expect(open_on(PMUKIT_PATH_PERF, ev, 0, &s), -EINVAL, "no events", "no events");
	ev[0] = "instructions";
	expect(open_on(PMUKIT_PATH_CLOCK, ev, 1, &s), -EOPNOTSUPP, "counts time only",
	       "clock: instructions");
	ev[0] = "task-clock";
	expect(open_on(PMUKIT_PATH_DIRECT, ev, 1, &s), -EOPNOTSUPP, "use the perf path",
	       "direct: a software event");
	/* On an arm64 board with perf_user_access 0 the sysctl is refused first. */
	ret = open_on(PMUKIT_PATH_PERF_MMAP, ev, 1, &s);
	tap_ok((ret == -EOPNOTSUPP && says("software event")) || ret == -EACCES,
	       "perf-mmap: a software event has no counter to self-read");
	tap_ok(pmukit_open(NULL, ev, 1, NULL) == -EINVAL, "pmukit_open(NULL): -EINVAL");
	tap_ok(pmukit_read(NULL, NULL) == -EINVAL && pmukit_start(NULL) == -EINVAL,
	       "calls on a NULL session: -EINVAL");
	pmukit_close(NULL);
}

static void test_auto_and_env(void)
{
	static const char *const ev[] = { "cycles" };
	struct pmukit_session *s;
	char why[512];
	int ret;

	tap_ok(pmukit_path_detect(PMUKIT_PATH_AUTO, why, sizeof(why)) == 0 && !strncmp(why, "auto: ", 6),
	       "auto detect names a path: %s", why);
	ret = open_on(PMUKIT_PATH_AUTO, ev, 1, &s);
	tap_ok(!ret, "auto: open cycles (%s)", ret ? pmukit_last_error() :
	       pmukit_path_name(pmukit_session_path(s)));
	if (!ret)
		pmukit_close(s);
	setenv("PMUKIT_PATH", "clock", 1);
	ret = open_on(PMUKIT_PATH_AUTO, ev, 1, &s);
	tap_ok(!ret && pmukit_session_path(s) == PMUKIT_PATH_CLOCK, "PMUKIT_PATH=clock forces the clock");
	if (!ret)
		pmukit_close(s);
	ret = open_on(PMUKIT_PATH_DIRECT, ev, 1, &s);
	tap_ok(!ret && pmukit_session_path(s) == PMUKIT_PATH_DIRECT,
	       "PMUKIT_PATH does not override a path the caller chose");
	if (!ret)
		pmukit_close(s);
	setenv("PMUKIT_PATH", "bogus", 1);
	expect(open_on(PMUKIT_PATH_AUTO, ev, 1, &s), -EINVAL, "PMUKIT_PATH=bogus", "PMUKIT_PATH=bogus");
	unsetenv("PMUKIT_PATH");
	tap_ok(pmukit_ncounters(PMUKIT_PATH_CLOCK) == 1 && pmukit_ncounters(PMUKIT_PATH_PERF) == 32,
	       "pmukit_ncounters: clock 1, perf 32 (it multiplexes)");
}

/*
 * A long spec or path name is quoted up to 64 bytes and "...", never cut
 * inside a UTF-8 sequence, and the reason follows whole.
 */
static void test_long_messages(void)
{
	static const char spec_reason[] = "' is not an event spec: NAME, 0xHEX or rHEX, then :u, :k or :uk";
	static const char path_reason[] = "' is not an access path: auto, direct, perf, perf-mmap or clock";
	static char in[2001], want[256];
	const char *ev[1] = { in };
	struct pmukit_session *s;
	enum pmukit_path p;
	int ret;

	memset(in, 'A', 2000);
	ret = open_on(PMUKIT_PATH_AUTO, ev, 1, &s);
	snprintf(want, sizeof(want), "'%.64s...%s", in, spec_reason);
	if (!tap_ok(ret == -EINVAL && !strcmp(pmukit_last_error(), want),
		    "a 2000-byte spec: 64 bytes of it, then the reason"))
		tap_diag("  got %d: %s", ret, pmukit_last_error());
	ret = pmukit_path_parse(in, &p);
	snprintf(want, sizeof(want), "'%.64s...%s", in, path_reason);
	if (!tap_ok(ret == -EINVAL && !strcmp(pmukit_last_error(), want),
		    "a 2000-byte path name: 64 bytes of it, then the reason"))
		tap_diag("  got %d: %s", ret, pmukit_last_error());
	/* U+00E9 across the 64th byte: the quote stops before it. */
	memcpy(in + 63, "\xc3\xa9", 2);
	ret = pmukit_path_parse(in, &p);
	snprintf(want, sizeof(want), "'%.63s...%s", in, path_reason);
	if (!tap_ok(ret == -EINVAL && !strcmp(pmukit_last_error(), want),
		    "a long name is not cut inside a UTF-8 sequence"))
		tap_diag("  got %d: %s", ret, pmukit_last_error());
	in[64] = '\0';
	ret = pmukit_path_parse(in, &p);
	snprintf(want, sizeof(want), "'%.64s%s", in, path_reason);
	tap_ok(ret == -EINVAL && !strcmp(pmukit_last_error(), want),
	       "a name of 64 bytes is quoted whole");
}

static void *other_thread(void *arg)
{
	*(int *)arg = pmukit_last_error()[0] == '\0';
	return NULL;
}

static void test_thread_message(void)
{
	static const char *const ev[] = { "NO_SUCH_EVENT" };
	struct pmukit_session *s;
	pthread_t t;
	int empty = 0;

	open_on(PMUKIT_PATH_AUTO, ev, 1, &s);
	pthread_create(&t, NULL, other_thread, &empty);
	pthread_join(t, NULL);
	tap_ok(says("NO_SUCH_EVENT") && empty, "pmukit_last_error() is per thread");
}


/* perf_event_paranoid as the file says, or -100 where there is none (no perf in the kernel). */
static void test_info(void)
{
	struct pmukit_pmu_info i;
	int ret = pmukit_pmu_info(&i), want = -100;
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");

	if (f) {
		if (fscanf(f, "%d", &want) != 1)
			want = -100;
		fclose(f);
	}
	tap_ok(!ret && i.perf_paranoid == want,
	       "pmukit_pmu_info: core %s, perf_event_paranoid %d (the file says %d)", i.core,
	       i.perf_paranoid, want);
	tap_ok(pmukit_pmu_info(NULL) == -EINVAL, "pmukit_pmu_info(NULL): -EINVAL");
}

int main(void)
{
	test_paths();
	test_strerror();
	test_refusals();
	test_auto_and_env();
	test_thread_message();
	test_long_messages();
	test_info();
	return tap_done();
}
