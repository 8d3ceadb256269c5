/* SPDX-License-Identifier: MIT */
/*
 * Sessions on the build machine that count: the direct path (the TSC on
 * x86-64), perf's software events (and hardware ones where the machine has
 * them), the clock, and migration on two CPUs.
 *
 * It runs on any x86-64 host (or Arm board) as root or not, in a container
 * or a virtual machine, on 1 to 256 CPUs, at any CPU frequency. It may not
 * assume: that the TSC is the core clock (it is not, see check_counts), how
 * fast a loop runs beyond "no core runs above 10 GHz", a PMU (a VM has none),
 * that perf is allowed (open_perf), or that CPUs 0 and 1 exist. Where
 * something is absent the test says so: "# SKIP" with the library's reason.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "session_util.h"

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

int main(void)
{
	test_direct();
	test_perf_software();
	test_perf_hardware();
	test_clock();
	test_migration();
	return tap_done();
}
