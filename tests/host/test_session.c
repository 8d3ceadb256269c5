/* SPDX-License-Identifier: MIT */
/*
 * Sessions on the build machine (x86-64, or an Arm board): the direct path
 * (the TSC on x86-64), perf's software events (and hardware ones where the
 * machine has them), the clock, and everything that does not need a PMU:
 * refusals and their messages, path names, error texts, the per-thread
 * message, $PMUKIT_PATH, a child command, migration on two CPUs, and the
 * SIGILL handler passing faults that are not the library's on.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pmukit/pmukit.h>
#include "../tap.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static volatile unsigned long sink;

static void busy(unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		sink += i;
}

static int open_on(enum pmukit_path path, const char *const *ev, unsigned int n,
		   struct pmukit_session **s)
{
	struct pmukit_options o = { .path = path, .cpu = -1 };

	return pmukit_open(s, ev, n, &o);
}

static int says(const char *text)
{
	return strstr(pmukit_last_error(), text) != NULL;
}

static void expect(int ret, int want, const char *text, const char *what)
{
	if (!tap_ok(ret == want && says(text), "%s: %d, \"%s\"", what, want, text))
		tap_diag("  got %d: %s", ret, pmukit_last_error());
}

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

static void test_direct(void)
{
	static const char *const ev[] = { "cycles" };
	struct pmukit_session *s;
	struct pmukit_count c;
	uint64_t v[16], a, b;
	size_t i;
	int ret, mono = 1;

	ret = open_on(PMUKIT_PATH_DIRECT, ev, 1, &s);
	if (!tap_ok(!ret, "direct: open cycles")) {
		tap_diag("  %s", pmukit_last_error());
		return;
	}
	tap_ok(pmukit_session_path(s) == PMUKIT_PATH_DIRECT && pmukit_nevents(s) == 1,
	       "direct: session path and event count");
	tap_diag("direct: event 0 is %s", pmukit_event_name(s, 0));
	ret = pmukit_start(s);
	busy(100000);
	if (!ret)
		ret = pmukit_stop(s);
	if (!ret)
		ret = pmukit_read(s, &c);
	tap_ok(!ret && c.value > 100000 && c.value == c.raw && !c.enabled_ns,
	       "direct: 100000 loop iterations take %" PRIu64 " cycles", ret ? 0 : c.value);
	ret = pmukit_sample_n(s, v, ARRAY_SIZE(v));
	for (i = 1; i < ARRAY_SIZE(v); i++)
		mono &= v[i] > v[i - 1];
	tap_ok(!ret && mono && pmukit_sample_width(s) == 64,
	       "direct: pmukit_sample_n gives rising 64-bit values");
	ret = pmukit_sample(s, &a);
	busy(1000);
	ret |= pmukit_sample(s, &b);
	tap_ok(!ret && b > a, "direct: pmukit_sample pair around a loop: %" PRIu64, b - a);
	ret = pmukit_reset(s);
	if (!ret)
		ret = pmukit_read(s, &c);
	tap_ok(!ret && c.value == 0, "direct: reset while stopped zeroes the count");
	tap_ok(pmukit_start(s) == 0 && pmukit_start(s) == -EBUSY, "direct: a second start is refused");
	pmukit_close(s);
}

static void test_perf_software(void)
{
	static const char *const ev[] = { "task-clock", "page-faults", "context-switches" };
	long page = sysconf(_SC_PAGESIZE);
	struct pmukit_session *s;
	struct pmukit_count c[3];
	char *mem;
	int ret, i;

	ret = open_on(PMUKIT_PATH_PERF, ev, 3, &s);
	if (ret == -EACCES || ret == -ENODEV) {
		tap_skip(pmukit_last_error(), "perf: software events");
		return;
	}
	if (!tap_ok(!ret, "perf: open task-clock, page-faults, context-switches")) {
		tap_diag("  %s", pmukit_last_error());
		return;
	}
	tap_ok(!strcmp(pmukit_event_name(s, 1), "page-faults"), "perf: canonical names (%s)",
	       pmukit_event_name(s, 1));
	mem = mmap(NULL, 64 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ret = pmukit_start(s);
	busy(1000000);
	for (i = 0; i < 64 && mem != MAP_FAILED; i++)
		mem[i * page] = 1;	/* a fresh page: one fault each */
	if (!ret)
		ret = pmukit_stop(s);
	if (!ret)
		ret = pmukit_read(s, c);
	for (i = 0; i < 3; i++)
		tap_diag("  %s: value %" PRIu64 " raw %" PRIu64 " enabled %" PRIu64 " running %" PRIu64,
			 pmukit_event_name(s, (unsigned int)i), c[i].value, c[i].raw,
			 c[i].enabled_ns, c[i].running_ns);
	tap_ok(!ret && c[0].value > 100000, "perf: task-clock counted the loop (%" PRIu64 " ns)",
	       ret ? 0 : c[0].value);
	tap_ok(!ret && c[1].value >= 64, "perf: page-faults counted 64 fresh pages (%" PRIu64 ")",
	       ret ? 0 : c[1].value);
	tap_ok(!ret && c[0].enabled_ns > 0 && c[0].running_ns == c[0].enabled_ns,
	       "perf: enabled and running times come with the counts");
	if (mem != MAP_FAILED)
		munmap(mem, 64 * page);
	pmukit_close(s);
}

static void test_perf_hardware(void)
{
	static const char *const ev[] = { "cycles", "instructions" };
	struct pmukit_session *s;
	struct pmukit_count c[2];
	char why[512];
	int ret;

	pmukit_path_detect(PMUKIT_PATH_PERF, why, sizeof(why));
	tap_diag("perf: %s", why);
	ret = open_on(PMUKIT_PATH_PERF, ev, 2, &s);
	if (strstr(why, "software events only")) {
		expect(ret, -EOPNOTSUPP, "software events work",
		       "perf: no hardware PMU here: cycles refused, pointing at software events");
		return;
	}
	if (!tap_ok(!ret, "perf: open cycles, instructions")) {
		tap_diag("  %s", pmukit_last_error());
		return;
	}
	pmukit_start(s);
	busy(100000);
	pmukit_stop(s);
	ret = pmukit_read(s, c);
	tap_ok(!ret && c[1].value > 100000, "perf: instructions of the loop: %" PRIu64,
	       ret ? 0 : c[1].value);
	pmukit_close(s);
}

static void test_clock(void)
{
	static const char *const ev[] = { "clock" };
	struct pmukit_session *s;
	struct pmukit_count c;
	int ret = open_on(PMUKIT_PATH_CLOCK, ev, 1, &s);

	if (!tap_ok(!ret, "clock: open")) {
		tap_diag("  %s", pmukit_last_error());
		return;
	}
	pmukit_start(s);
	busy(100000);
	pmukit_stop(s);
	ret = pmukit_read(s, &c);
	tap_ok(!ret && c.value > 0, "clock: %s counts %" PRIu64 " over a loop",
	       pmukit_event_name(s, 0), ret ? 0 : c.value);
	pmukit_close(s);
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
	expect(open_on(PMUKIT_PATH_DIRECT, ev, 1, &s), -EOPNOTSUPP, "--path perf",
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

static void test_child(void)
{
	static const char *const ev[] = { "task-clock" };
	char *argv[] = { "sh", "-c", "i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done", NULL };
	char *nope[] = { "/nonexistent/command", NULL };
	struct pmukit_options o = { .path = PMUKIT_PATH_PERF, .cpu = -1, .flags = PMUKIT_F_CHILD };
	struct pmukit_child child;
	struct pmukit_session *s;
	struct pmukit_count c;
	int ret, st = -1;

	if (!tap_ok(!pmukit_child_fork(&child, argv), "child: forked"))
		return;
	o.pid = child.pid;
	ret = pmukit_open(&s, ev, 1, &o);
	if (!tap_ok(!ret, "child: perf task-clock on the child")) {
		tap_diag("  %s", pmukit_last_error());
		pmukit_child_cancel(&child);
		return;
	}
	pmukit_start(s);
	tap_ok(!pmukit_child_release(&child), "child: exec'd");
	waitpid(child.pid, &st, 0);
	pmukit_stop(s);
	ret = pmukit_read(s, &c);
	tap_ok(!ret && WIFEXITED(st) && !WEXITSTATUS(st) && c.value > 0,
	       "child: its task-clock was counted (%" PRIu64 " ns)", ret ? 0 : c.value);
	pmukit_close(s);
	if (!pmukit_child_fork(&child, nope)) {
		expect(pmukit_child_release(&child), -ENOENT, "could not be started",
		       "child: a missing command");
		waitpid(child.pid, &st, 0);
	}
}

static pid_t victim;

static void *mover(void *arg)
{
	cpu_set_t set;

	(void)arg;
	CPU_ZERO(&set);
	CPU_SET(1, &set);
	sched_setaffinity(victim, sizeof(set), &set);
	return NULL;
}

static void test_migration(void)
{
	static const char *const ev[] = { "cycles" };
	struct pmukit_options o = { .path = PMUKIT_PATH_DIRECT, .cpu = 0 };
	struct pmukit_session *s;
	struct pmukit_count c;
	cpu_set_t set;
	pthread_t t;
	uint64_t v;

	if (sched_getaffinity(0, sizeof(set), &set) || !CPU_ISSET(0, &set) || !CPU_ISSET(1, &set)) {
		tap_skip("needs CPUs 0 and 1", "direct: migration between start and read");
		return;
	}
	if (!tap_ok(!pmukit_open(&s, ev, 1, &o) && sched_getcpu() == 0, "direct: pinned to CPU 0"))
		return;
	pmukit_start(s);
	victim = (pid_t)syscall(SYS_gettid);
	pthread_create(&t, NULL, mover, NULL);
	pthread_join(t, NULL);
	while (sched_getcpu() != 1)
		sched_yield();
	expect(pmukit_read(s, &c), -EINTR, "moved from CPU 0 to CPU 1", "direct: read after a move");
	expect(pmukit_sample(s, &v), -EINTR, "moved from CPU 0 to CPU 1", "direct: sample after a move");
	pmukit_stop(s);
	tap_ok(!pmukit_start(s) && sched_getcpu() == 0, "direct: start pins the thread back");
	pmukit_close(s);
	sched_getaffinity(0, sizeof(set), &set);
	tap_ok(CPU_ISSET(1, &set), "direct: close gives the thread its affinity back");
}

static sigjmp_buf ud_jmp;
static volatile int ud_seen;

static void on_ud(int sig)
{
	(void)sig;
	ud_seen = 1;
	siglongjmp(ud_jmp, 1);
}

/* A SIGILL that is not the library's goes to the handler that was there. */
static void test_sigill_chain(void)
{
	static const char *const ev[] = { "cycles" };
	struct sigaction sa = { .sa_handler = on_ud }, old, now;
	struct pmukit_session *s;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, &old);
	if (open_on(PMUKIT_PATH_DIRECT, ev, 1, &s)) {
		tap_skip(pmukit_last_error(), "SIGILL chaining");
		sigaction(SIGILL, &old, NULL);
		return;
	}
	if (!sigsetjmp(ud_jmp, 1))
		raise(SIGILL);
	tap_ok(ud_seen, "a SIGILL that is not the library's reaches the previous handler");
	pmukit_close(s);
	sigaction(SIGILL, NULL, &now);
	tap_ok(now.sa_handler == on_ud, "closing the last session puts the previous handler back");
	sigaction(SIGILL, &old, NULL);
}

static void test_info(void)
{
	struct pmukit_pmu_info i;
	int ret = pmukit_pmu_info(&i);

	tap_ok(!ret && i.perf_paranoid != -100,
	       "pmukit_pmu_info: core %s, perf_event_paranoid %d", i.core, i.perf_paranoid);
	tap_ok(pmukit_pmu_info(NULL) == -EINVAL, "pmukit_pmu_info(NULL): -EINVAL");
}

int main(void)
{
	test_paths();
	test_strerror();
	test_direct();
	test_perf_software();
	test_perf_hardware();
	test_clock();
	test_refusals();
	test_auto_and_env();
	test_thread_message();
	test_child();
	test_migration();
	test_sigill_chain();
	test_info();
	return tap_done();
}
