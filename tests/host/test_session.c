/* SPDX-License-Identifier: MIT */
/*
 * Sessions on the build machine (x86-64, or an Arm board): the direct path
 * (the TSC on x86-64), perf's software events (and hardware ones where the
 * machine has them), the clock, and everything that does not need a PMU:
 * refusals and their messages, path names, error texts, the per-thread
 * message, $PMUKIT_PATH, a child command, migration on two CPUs, the
 * SIGILL handler passing faults that are not the library's on, a SIGILL
 * sent by kill() or raise() killing the process as without the library,
 * and pmukit_call_guarded().
 *
 * It runs on any x86-64 host (or Arm board) as root or not, in a container
 * or a virtual machine, on 1 to 256 CPUs, at any CPU frequency. It may not
 * assume: that the TSC is the core clock (it is not, see check_counts), how
 * fast a loop runs beyond "no core runs above 10 GHz", a PMU (a VM has none),
 * that perf is allowed (open_perf), that CPUs 0 and 1 exist, or a
 * perf_event_paranoid file. Where something is absent the test says so:
 * "# SKIP" with the library's reason.
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
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <pmukit/pmukit.h>
#include "core/compiler.h"
#include "../tap.h"
#include "util.h"


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

/*
 * perf on any host: it may count everything (root, or perf_event_paranoid
 * 1 or lower), user space only (paranoid 2, the default, without root), or
 * nothing (Debian's paranoid 3 without root, a seccomp filter, a kernel or
 * emulator without perf: -EACCES or -ENODEV). Opens @ev on the perf path;
 * where perf refuses only the kernel's share, opens them again as :u.
 */
static int perf_user_only;	/* open_perf() added :u */

static int open_perf(const char *const *ev, unsigned int n, struct pmukit_options *o,
		     struct pmukit_session **s)
{
	char names[4][64];
	const char *u[4];
	unsigned int i;
	int ret = pmukit_open(s, ev, n, o);

	perf_user_only = 0;
	if (ret != -EACCES || !says("count user space only") || n > ARRAY_SIZE(u))
		return ret;
	perf_user_only = 1;
	tap_diag("  perf counts user space only here (%s): the events as :u", pmukit_last_error());
	for (i = 0; i < n; i++) {
		snprintf(names[i], sizeof(names[i]), "%s:u", ev[i]);
		u[i] = names[i];
	}
	return pmukit_open(s, u, n, o);
}

/* perf_event_open() is refused or absent here: a reason to skip, not a failure. */
static int perf_unusable(int ret)
{
	return ret == -EACCES || ret == -ENODEV;
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

/*
 * What a counter may be assumed to do on any host, x86-64 or Arm: it counts
 * up while the session runs. On x86-64 the direct path's "cycles" is the
 * TSC, which is NOT the core clock: it ticks at a fixed rate (the clock
 * path's, which the library reports) whatever the core's frequency, so a
 * fast or turbo core runs two or more loop iterations per tick, and no
 * ticks-per-iteration figure holds everywhere. What holds is time: a counter
 * of known rate reads between its rate times a window timed inside
 * start..stop and its rate times a window timed around it, whatever the
 * load, preemption or CPU frequency. The 5% tolerance is far above the
 * error of the library's 10 ms measurement of the TSC's rate (under 0.3%)
 * and far below what a wrong count gives: ns for ticks (unless the TSC
 * runs at 1 GHz), counted twice, from open() or on past stop().
 */
#define RATE_TOLERANCE	0.05
/* Sane rates of a clock: 1 MHz .. 20 GHz; no counter runs faster. */
#define RATE_MIN_HZ	1e6
#define RATE_MAX_HZ	20e9

/* CLOCK_MONOTONIC_RAW: the clock the library measures the TSC against. */
static uint64_t raw_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

struct span {
	int ret;
	uint64_t ticks;
	uint64_t inner_ns;	/* timed inside start..stop */
	uint64_t outer_ns;	/* timed around start..stop */
	int plain;		/* value == raw, no enabled/running times */
};

/*
 * busy(@n) counted on @s. The same loop runs before start and after stop:
 * a session that counted from open() or on past stop() would read about
 * twice the outer window.
 */
static struct span measure(struct pmukit_session *s, unsigned long n)
{
	struct span m = { 0 };
	struct pmukit_count c = { 0 };
	uint64_t g0, g1, h0, h1;

	m.ret = pmukit_reset(s);
	busy(n);
	g0 = raw_ns();
	if (!m.ret)
		m.ret = pmukit_start(s);
	h0 = raw_ns();
	busy(n);
	h1 = raw_ns();
	if (!m.ret)
		m.ret = pmukit_stop(s);
	g1 = raw_ns();
	busy(n);
	if (!m.ret)
		m.ret = pmukit_read(s, &c);
	m.ticks = c.value;
	m.inner_ns = h1 - h0;
	m.outer_ns = g1 - g0;
	m.plain = c.value == c.raw && !c.enabled_ns && !c.running_ns;
	return m;
}

static int within(const struct span *m, double lo_hz, double hi_hz)
{
	return !m->ret && m->ticks > 0 && (double)m->ticks >= lo_hz * (double)m->inner_ns / 1e9 &&
	       (double)m->ticks <= hi_hz * (double)m->outer_ns / 1e9;
}

/* The clock path's counter and its rate as the library reports them (0: none). */
static uint64_t clock_rate(char *why, size_t len)
{
	unsigned long long hz = 0;
	const char *at;

	pmukit_path_detect(PMUKIT_PATH_CLOCK, why, len);
	at = strstr(why, " at ");
	if (at && sscanf(at, " at %llu Hz", &hz) != 1)
		hz = 0;
	return hz;
}

/*
 * The bounds for a counter named @name ("cycles(TSC)", "clock(ns)", ...):
 * its reported rate within the tolerance where known, else at most the
 * fastest sane rate.
 */
static void rate_bounds(const char *name, double *lo, double *hi, char *how, size_t len)
{
	char why[256];
	uint64_t hz = 0;

	if (strstr(name, "(ns)"))
		hz = 1000000000;	/* clock_gettime() itself */
	else if (strstr(name, "TSC") || !strncmp(name, "clock(", 6)) {
		/* The clock path's counter; on x86-64 the TSC is the direct path's too. */
		hz = clock_rate(why, sizeof(why));
		if (strstr(name, "TSC") && !strstr(why, "TSC"))
			hz = 0;		/* the clock path does not use the TSC here */
	}
	if (hz) {
		*lo = (double)hz * (1 - RATE_TOLERANCE);
		*hi = (double)hz * (1 + RATE_TOLERANCE);
		snprintf(how, len, "%" PRIu64 " Hz +-%.0f%%", hz, RATE_TOLERANCE * 100);
	} else {
		/* Core cycles (Arm) may count user space only: none while preempted. */
		*lo = 0;
		*hi = RATE_MAX_HZ;
		snprintf(how, len, "no rate reported: above 0, at most 20 GHz");
	}
}

/*
 * @name counted over loops of 10^4 and 10^6 iterations, three of each:
 * every count within the rate bounds, and the longer loop's smallest
 * count above the shorter one's. (The smallest: preemption only adds; a
 * factor 100 outlasts any change of the core's frequency.)
 */
static void check_counts(struct pmukit_session *s, const char *what)
{
	const char *name = pmukit_event_name(s, 0);
	uint64_t lo_short = UINT64_MAX, lo_long = UINT64_MAX;
	struct span m;
	double lo, hi;
	char how[96];
	int i, ok = 1, plain = 1;

	rate_bounds(name, &lo, &hi, how, sizeof(how));
	m = measure(s, 100000);
	if (!tap_ok(within(&m, lo, hi), "%s: %s over 100000 loop iterations: %" PRIu64
		    " ticks in %" PRIu64 "..%" PRIu64 " ns (%s)", what, name, m.ticks, m.inner_ns,
		    m.outer_ns, how))
		tap_diag("  ret %d; want %.0f..%.0f ticks", m.ret, lo * (double)m.inner_ns / 1e9,
			 hi * (double)m.outer_ns / 1e9);
	plain &= m.plain;
	for (i = 0; i < 6; i++) {
		m = measure(s, i < 3 ? 10000 : 1000000);
		if (!within(&m, lo, hi)) {
			tap_diag("  %lu iterations: ret %d, %" PRIu64 " ticks in %" PRIu64 "..%"
				 PRIu64 " ns", i < 3 ? 10000UL : 1000000UL, m.ret, m.ticks,
				 m.inner_ns, m.outer_ns);
			ok = 0;
		}
		plain &= m.plain;
		if (i < 3 && m.ticks < lo_short)
			lo_short = m.ticks;
		if (i >= 3 && m.ticks < lo_long)
			lo_long = m.ticks;
	}
	tap_ok(ok && lo_long > lo_short, "%s: 10^6 iterations read more than 10^4 (%" PRIu64
	       " > %" PRIu64 "), every count within the rate", what, lo_long, lo_short);
	tap_ok(plain, "%s: value == raw, no enabled or running times", what);
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
	check_counts(s, "direct");
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
	/* 64 bits: reads 100 ms apart (past the 62.5 ms of 32-bit counters) are known. */
	ret = pmukit_start(s);
	usleep(100000);
	if (!ret)
		ret = pmukit_stop(s);
	if (!ret)
		ret = pmukit_read(s, &c);
	tap_ok(!ret && c.value > 0 && !pmukit_wrapped(s, 0) && !pmukit_wrapped(s, 1) &&
	       !pmukit_wrapped(NULL, 0),
	       "direct: reads 100 ms apart on a 64-bit counter: a count, not wrapped (%d)", ret);
	pmukit_reset(s);
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

	struct pmukit_options o = { .path = PMUKIT_PATH_PERF, .cpu = -1 };

	ret = open_perf(ev, 3, &o, &s);
	if (perf_unusable(ret)) {
		tap_skip(pmukit_last_error(), "perf: software events");
		return;
	}
	if (!tap_ok(!ret, "perf: open task-clock, page-faults, context-switches")) {
		tap_diag("  %s", pmukit_last_error());
		return;
	}
	tap_ok(!strcmp(pmukit_event_name(s, 1), perf_user_only ? "page-faults:u" : "page-faults"),
	       "perf: canonical names (%s)", pmukit_event_name(s, 1));
	mem = mmap(NULL, 64 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/*
	 * Transparent huge pages (or mTHP's 16-64 KiB folios) would map many
	 * of the pages in one fault: one fault per page only without them. A
	 * kernel without THP refuses the advice, and has none.
	 */
	if (mem != MAP_FAILED)
		madvise(mem, 64 * page, MADV_NOHUGEPAGE);
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
	/*
	 * Each iteration adds to a volatile through memory: at least one cycle,
	 * and no core runs at 10 GHz, so 10^6 iterations take over 100 us.
	 */
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

/*
 * Hardware events: a virtual machine without a PMU has none (ENOENT or
 * EOPNOTSUPP: refused, pointing at software events); a host with one must
 * count the loop; a host where perf is refused altogether is skipped.
 */
static void test_perf_hardware(void)
{
	static const char *const ev[] = { "cycles", "instructions" };
	struct pmukit_options o = { .path = PMUKIT_PATH_PERF, .cpu = -1 };
	struct pmukit_session *s;
	struct pmukit_count c[2];
	char why[512];
	int ret;

	ret = pmukit_path_detect(PMUKIT_PATH_PERF, why, sizeof(why));
	tap_diag("perf: %s", why);
	if (ret) {
		tap_skip(why, "perf: hardware events");
		return;
	}
	ret = open_perf(ev, 2, &o, &s);
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
	if (!ret && c[1].enabled_ns && !c[1].running_ns)
		/* Every counter taken (NMI watchdog, other perf users), or a hybrid core type without this PMU. */
		tap_skip("perf never put the events on a counter (running 0 ns)",
			 "perf: instructions of the loop");
	else
		/* Each iteration is at least four instructions: load, add, store, branch. */
		tap_ok(!ret && c[1].value > 100000, "perf: instructions of the loop: %" PRIu64,
		       ret ? 0 : c[1].value);
	pmukit_close(s);
}

/*
 * The clock path: its counter (the TSC where invariant, CNTVCT, or
 * clock_gettime in ns) at the rate the library reports, which must itself
 * be a sane rate for a clock.
 */
static void test_clock(void)
{
	static const char *const ev[] = { "clock" };
	struct pmukit_session *s;
	char why[256];
	uint64_t hz = clock_rate(why, sizeof(why));
	int ret = open_on(PMUKIT_PATH_CLOCK, ev, 1, &s);

	if (!tap_ok(!ret, "clock: open")) {
		tap_diag("  %s", pmukit_last_error());
		return;
	}
	tap_diag("%s", why);
	if (strstr(pmukit_event_name(s, 0), "(ns)"))
		tap_ok(strstr(why, "clock_gettime") != NULL,
		       "clock: counts ns, and detection says clock_gettime");
	else
		tap_ok(hz >= RATE_MIN_HZ && hz <= RATE_MAX_HZ,
		       "clock: %s's rate is reported, 1 MHz..20 GHz (%" PRIu64 " Hz)",
		       pmukit_event_name(s, 0), hz);
	check_counts(s, "clock");
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

/*
 * pmukit_child_run() on the clock path (a session opened before the fork,
 * as pmukit stat does): the release, the wait and the stop in one call;
 * the exact window is the direct path's alone (the guests check it).
 */
static void test_child_run(char **argv, char **nope)
{
	static const char *const clk[] = { "clock" };
	struct pmukit_child child;
	struct pmukit_session *s;
	struct pmukit_count c;
	int ret, st = -1;

	if (!tap_ok(!open_on(PMUKIT_PATH_CLOCK, clk, 1, &s), "child_run: a clock session"))
		return;
	if (!pmukit_child_fork(&child, argv)) {
		pmukit_start(s);
		ret = pmukit_child_run(&child, s, &st);
		tap_ok(ret == 0 && WIFEXITED(st) && !WEXITSTATUS(st) && !pmukit_read(s, &c) &&
		       c.value > 0, "child_run: released, waited for, stopped (%d, status %d)",
		       ret, st);
	}
	if (!pmukit_child_fork(&child, nope)) {
		pmukit_start(s);
		expect(pmukit_child_run(&child, s, &st), -ENOENT, "could not be started",
		       "child_run: a missing command");
		tap_ok(child.pid == 0 && WIFEXITED(st) && WEXITSTATUS(st) == 127,
		       "child_run: the child that could not exec was reaped (status %d)", st);
	}
	/*
	 * A child killed before its release (a ^C from the terminal reaches
	 * it, or a signal passed on to it): the release fails with -EPIPE, the
	 * caller does not die of SIGPIPE, and the child is reaped.
	 */
	if (!pmukit_child_fork(&child, argv)) {
		kill(child.pid, SIGKILL);
		while (waitid(P_PID, (id_t)child.pid, NULL, WEXITED | WNOWAIT) < 0 && errno == EINTR)
			;
		pmukit_start(s);
		ret = pmukit_child_run(&child, s, &st);
		tap_ok(ret == -EPIPE && child.pid == 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
		       "child_run: a child killed before its release: -EPIPE (%d), no SIGPIPE, reaped (status 0x%x)",
		       ret, (unsigned int)st);
	}
	pmukit_close(s);
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
	ret = open_perf(ev, 1, &o, &s);
	if (perf_unusable(ret)) {
		tap_skip(pmukit_last_error(), "child: perf task-clock on the child");
		pmukit_child_cancel(&child);
	} else if (!tap_ok(!ret, "child: perf task-clock on the child")) {
		tap_diag("  %s", pmukit_last_error());
		pmukit_child_cancel(&child);
	} else {
		pmukit_start(s);
		tap_ok(!pmukit_child_release(&child), "child: exec'd");
		waitpid(child.pid, &st, 0);
		pmukit_stop(s);
		ret = pmukit_read(s, &c);
		tap_ok(!ret && WIFEXITED(st) && !WEXITSTATUS(st) && c.value > 0,
		       "child: its task-clock was counted (%" PRIu64 " ns)", ret ? 0 : c.value);
		pmukit_close(s);
	}
	/* Needs no perf: the exec fails before anything is counted. */
	if (!pmukit_child_fork(&child, nope)) {
		expect(pmukit_child_release(&child), -ENOENT, "could not be started",
		       "child: a missing command");
		waitpid(child.pid, &st, 0);
	}
	test_child_run(argv, nope);
}

/*
 * pmukit_child_fork() returns once the child has stopped itself (none of
 * its code after the fork is left to run inside a window opened next), and
 * the command's file found in PATH is searched again when PATH changes.
 */
static void test_child_stop(void)
{
	char dir[2][64], file[160], *path_was = getenv("PATH");
	char *argv[] = { "pmukit-test-cmd", NULL };
	struct pmukit_child child;
	siginfo_t si;
	unsigned int i;
	int st = -1;
	FILE *f;

	if (!tap_ok(!pmukit_child_fork(&child, argv), "child stop: forked"))
		return;
	memset(&si, 0, sizeof(si));
	st = waitid(P_PID, (id_t)child.pid, &si, WSTOPPED | WNOHANG | WNOWAIT);
	tap_ok(!st && si.si_pid == child.pid && si.si_code == CLD_STOPPED,
	       "child stop: stopped when pmukit_child_fork() returns (code %d)", si.si_code);
	pmukit_child_cancel(&child);
	tap_ok(child.pid == 0, "child stop: a cancel continues and reaps it");

	/* Two directories, each with the command exiting with its own status. */
	for (i = 0; i < 2; i++) {
		snprintf(dir[i], sizeof(dir[i]), "/tmp/pmukit-child-%d-%u", (int)getpid(), i);
		mkdir(dir[i], 0700);
		snprintf(file, sizeof(file), "%s/pmukit-test-cmd", dir[i]);
		f = fopen(file, "w");
		if (f) {
			fprintf(f, "#!/bin/sh\nexit %u\n", 3 + i);
			fclose(f);
		}
		chmod(file, 0700);
	}
	for (i = 0; i < 3; i++) {
		/* dir 0, dir 0 again (the file kept), then dir 1 (PATH changed). */
		setenv("PATH", dir[i / 2], 1);
		st = -1;
		if (!pmukit_child_fork(&child, argv)) {
			pmukit_child_release(&child);
			waitpid(child.pid, &st, 0);
		}
		tap_ok(WIFEXITED(st) && (unsigned int)WEXITSTATUS(st) == 3 + i / 2,
		       "child stop: run %u finds the command of PATH=%s (status 0x%x)", i + 1,
		       dir[i / 2], (unsigned int)st);
	}
	/* The file found is gone: the exec searches PATH anew, and fails as execvp does. */
	snprintf(file, sizeof(file), "%s/pmukit-test-cmd", dir[1]);
	unlink(file);
	if (!pmukit_child_fork(&child, argv)) {
		expect(pmukit_child_release(&child), -ENOENT, "could not be started",
		       "child stop: a command gone since the last run");
		waitpid(child.pid, &st, 0);
	}
	if (path_was)
		setenv("PATH", path_was, 1);
	else
		unsetenv("PATH");
	for (i = 0; i < 2; i++) {
		snprintf(file, sizeof(file), "%s/pmukit-test-cmd", dir[i]);
		unlink(file);
		rmdir(dir[i]);
	}
}

static pid_t victim;
static int victim_to, mover_err;

static void *mover(void *arg)
{
	cpu_set_t set;

	(void)arg;
	CPU_ZERO(&set);
	CPU_SET(victim_to, &set);
	mover_err = sched_setaffinity(victim, sizeof(set), &set) ? errno : 0;
	return NULL;
}

/* The first two CPUs this thread may run on (-1 where it has fewer). */
static void two_cpus(const cpu_set_t *set, int *a, int *b)
{
	int cpu;

	*a = *b = -1;
	for (cpu = 0; cpu < CPU_SETSIZE && *b < 0; cpu++)
		if (CPU_ISSET(cpu, set)) {
			if (*a < 0)
				*a = cpu;
			else
				*b = cpu;
		}
}

/*
 * Migration needs two CPUs the thread may use, whichever they are (a
 * cpuset or taskset may leave one, or CPUs 2 and 5): skipped with one.
 */
static void test_migration(void)
{
	static const char *const ev[] = { "cycles" };
	struct pmukit_options o = { .path = PMUKIT_PATH_DIRECT };
	struct pmukit_session *s;
	struct pmukit_count c;
	char moved[64];
	cpu_set_t set;
	pthread_t t;
	uint64_t v, t0;
	int a, b;

	if (sched_getaffinity(0, sizeof(set), &set)) {
		tap_skip(strerror(errno), "direct: migration between start and read");
		return;
	}
	two_cpus(&set, &a, &b);
	if (b < 0) {
		tap_skip("this thread may run on one CPU only", "direct: migration between start and read");
		return;
	}
	o.cpu = a;
	snprintf(moved, sizeof(moved), "moved from CPU %d to CPU %d", a, b);
	if (!tap_ok(!pmukit_open(&s, ev, 1, &o) && sched_getcpu() == a, "direct: pinned to CPU %d", a))
		return;
	pmukit_start(s);
	victim = (pid_t)syscall(SYS_gettid);
	victim_to = b;
	pthread_create(&t, NULL, mover, NULL);
	pthread_join(t, NULL);
	/* The move takes effect at the next schedule; give it up to a second. */
	t0 = raw_ns();
	while (!mover_err && sched_getcpu() != b && raw_ns() - t0 < 1000000000ULL)
		sched_yield();
	if (!tap_ok(!mover_err && sched_getcpu() == b, "direct: another thread moved this one to CPU %d", b))
		tap_diag("  sched_setaffinity: %s; on CPU %d", mover_err ? strerror(mover_err) : "ok",
			 sched_getcpu());
	expect(pmukit_read(s, &c), -EINTR, moved, "direct: read after a move");
	expect(pmukit_sample(s, &v), -EINTR, moved, "direct: sample after a move");
	pmukit_stop(s);
	tap_ok(!pmukit_start(s) && sched_getcpu() == a, "direct: start pins the thread back");
	pmukit_close(s);
	sched_getaffinity(0, sizeof(set), &set);
	tap_ok(CPU_ISSET(b, &set), "direct: close gives the thread its affinity back");
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

/*
 * An instruction the CPU refuses: a synchronous SIGILL (ILL_ILLOPN or
 * ILL_ILLOPC), as a PMU register closed to user space raises, unlike
 * raise(), whose SIGILL is sent (SI_TKILL).
 */
static void undefined_insn(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__asm__ volatile("ud2" ::: "memory");
#elif defined(__aarch64__) || defined(__arm__)
	__asm__ volatile("udf #0" ::: "memory");
#else
#error "no undefined instruction for this ISA"
#endif
}

static volatile int guarded_steps;

static void guarded_returns(void *arg)
{
	(void)arg;
	guarded_steps++;
}

static void guarded_traps(void *arg)
{
	(void)arg;
	guarded_steps++;
	undefined_insn();
	guarded_steps += 100;	/* never: the call is abandoned at the SIGILL */
}

static void guarded_nested(void *arg)
{
	int *inner = arg;

	*inner = pmukit_call_guarded(guarded_traps, NULL);
	guarded_steps++;
}

/* pmukit_call_guarded(): a SIGILL anywhere in the function returns -EACCES to its caller. */
static void test_call_guarded(void)
{
	struct sigaction sa = { .sa_handler = on_ud }, old, now;
	int ret, inner = 1;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, &old);
	ud_seen = 0;
	guarded_steps = 0;
	ret = pmukit_call_guarded(guarded_returns, NULL);
	tap_ok(ret == 0 && guarded_steps == 1, "pmukit_call_guarded: a function that returns: 0 (%d)", ret);
	guarded_steps = 0;
	ret = pmukit_call_guarded(guarded_traps, NULL);
	tap_ok(ret == -EACCES && guarded_steps == 1 && !ud_seen,
	       "pmukit_call_guarded: a function that faults (SIGILL) is abandoned there: -EACCES (%d), not the previous handler's",
	       ret);
	guarded_steps = 0;
	ret = pmukit_call_guarded(guarded_nested, &inner);
	tap_ok(ret == 0 && inner == -EACCES && guarded_steps == 2,
	       "pmukit_call_guarded inside another: the inner call gets the SIGILL (%d), the outer goes on (%d)",
	       inner, ret);
	sigaction(SIGILL, NULL, &now);
	tap_ok(now.sa_handler == on_ud, "pmukit_call_guarded: the previous SIGILL handler is back after the call");
	if (!sigsetjmp(ud_jmp, 1))
		raise(SIGILL);
	tap_ok(ud_seen, "pmukit_call_guarded: a SIGILL after the call reaches the previous handler");
	sigaction(SIGILL, &old, NULL);
}

/* How a SIGILL reaches a process (see sigill_fate()). */
enum sigill_how { BY_RAISE, BY_KILL, BY_SIGQUEUE, BY_RAISE_IN_GUARDED_CALL };

static void raise_sigill(void *arg)
{
	(void)arg;
	raise(SIGILL);
}

/*
 * In a child: SIGILL's disposition set to @before (SIG_DFL or SIG_IGN), a
 * session open on the direct path (its SIGILL handler installed), then a
 * SIGILL sent as @how says; then a real fault in pmukit_call_guarded(),
 * which must still return -EACCES. The child's wait status; the child
 * exits with 0 when it got there, 3 when the call did not return -EACCES,
 * 4 when the session would not open (@skip then says why), 6 when it
 * outlived a SIGILL whose default action should have ended it.
 */
static int sigill_fate(void (*before)(int), enum sigill_how how, char *skip, size_t len)
{
	static const char *const ev[] = { "cycles" };
	int status, pipefd[2];
	ssize_t got;
	pid_t pid;

	skip[0] = '\0';
	if (pipe(pipefd))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct rlimit no_core = { 0, 0 };
		struct pmukit_session *s;
		union sigval v = { .sival_int = 0 };

		close(pipefd[0]);
		setrlimit(RLIMIT_CORE, &no_core);	/* a death by SIGILL is expected */
		signal(SIGILL, before);
		if (open_on(PMUKIT_PATH_DIRECT, ev, 1, &s)) {
			const char *why = pmukit_last_error();

			if (write(pipefd[1], why, strlen(why)) < 0)
				_exit(5);
			_exit(4);
		}
		switch (how) {
		case BY_RAISE:
			raise(SIGILL);
			break;
		case BY_KILL:
			kill(getpid(), SIGILL);
			break;
		case BY_SIGQUEUE:
			sigqueue(getpid(), SIGILL, v);
			break;
		case BY_RAISE_IN_GUARDED_CALL:
			pmukit_call_guarded(raise_sigill, NULL);
			break;
		}
		if (before == SIG_DFL)
			_exit(6);	/* survived a SIGILL that should have killed it */
		_exit(pmukit_call_guarded(guarded_traps, NULL) == -EACCES ? 0 : 3);
	}
	close(pipefd[1]);
	got = pid > 0 ? read(pipefd[0], skip, len - 1) : 0;
	skip[got > 0 ? got : 0] = '\0';
	close(pipefd[0]);
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	return status;
}

/*
 * A SIGILL sent to the process (kill -ILL, raise, sigqueue) is not a fault
 * of the library's: with SIGILL's default action the process dies of it,
 * as it would without pmukit, even inside pmukit_call_guarded(); ignored,
 * it stays ignored, and the library's handler stays in place for the
 * faults of the session still open.
 */
static void test_sigill_sent(void)
{
	static const struct {
		enum sigill_how how;
		const char *name;
	} ways[] = {
		{ BY_RAISE, "raise(SIGILL)" },
		{ BY_KILL, "kill(getpid(), SIGILL)" },
		{ BY_SIGQUEUE, "sigqueue(getpid(), SIGILL)" },
		{ BY_RAISE_IN_GUARDED_CALL, "raise(SIGILL) inside pmukit_call_guarded()" },
	};
	char why[256];
	size_t i;
	int st;

	for (i = 0; i < ARRAY_SIZE(ways); i++) {
		st = sigill_fate(SIG_DFL, ways[i].how, why, sizeof(why));
		if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 4) {
			tap_skip(why, "%s with a session open: death by SIGILL", ways[i].name);
			continue;
		}
		if (!tap_ok(st >= 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGILL,
			    "%s with a session open and SIGILL's default action: the process dies of SIGILL",
			    ways[i].name))
			tap_diag("  wait status 0x%x (exit %d, signal %d)", (unsigned int)st,
				 WIFEXITED(st) ? WEXITSTATUS(st) : -1, WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	}
	st = sigill_fate(SIG_IGN, BY_KILL, why, sizeof(why));
	if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 4) {
		tap_skip(why, "an ignored kill -ILL with a session open");
		return;
	}
	if (!tap_ok(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
		    "SIGILL ignored, kill -ILL with a session open: ignored, and a fault after it still returns -EACCES"))
		tap_diag("  wait status 0x%x (exit %d, signal %d)", (unsigned int)st,
			 WIFEXITED(st) ? WEXITSTATUS(st) : -1, WIFSIGNALED(st) ? WTERMSIG(st) : 0);
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
	test_direct();
	test_perf_software();
	test_perf_hardware();
	test_clock();
	test_refusals();
	test_auto_and_env();
	test_thread_message();
	test_long_messages();
	test_child();
	test_child_stop();
	test_migration();
	test_sigill_chain();
	test_call_guarded();
	test_sigill_sent();
	test_info();
	return tap_done();
}
