// SPDX-License-Identifier: MIT
/*
 * libtest: the library's tests inside the QEMU guests. Each subcommand
 * checks one situation and prints TAP; tests/guest/lib-tests.sh sets the
 * situation up (module loaded or not, sysctls, CPUs) and numbers the
 * results of all subcommands into one stream.
 *
 *   libtest nomodule           direct refused with the clear message; auto works
 *   libtest exact PATH         exact counts of a known loop after overhead correction
 *   libtest samples PATH       back-to-back reads: per-read cost, b2b loop on direct
 *   libtest swincr             SW_INCR counts PMSWINC writes exactly (direct)
 *   libtest wrap               32-bit counters wrapping inside a window (direct)
 *   libtest wrap-long          two wraps between reads far apart: "wrapped", never the low bits
 *   libtest errors             unknown, unsupported, too many, malformed, paths
 *   libtest frozen             PMCR.E cleared behind the session's back (direct)
 *   libtest after-perf         a perf session, then the direct path
 *   libtest revoke-sysctl      perf_user_access=0 during a direct session
 *   libtest revoke-rmmod       rmmod during a direct session
 *   libtest readmode           module in mode=read events=0x08:u,0x11:uk
 *   libtest readmode-user      the same, as a user who may not open /dev/pmukit
 *   libtest mmap-revoke        perf_user_access=0 during a perf-mmap session
 *   libtest multiplex          more perf events than counters: scaled counts
 *   libtest child              counting a command (PMUKIT_F_CHILD)
 *   libtest clock              the clock path
 *   libtest info               pmukit_pmu_info()
 *   libtest migrate            a thread moved between start and read (2 CPUs)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <linux/perf_event.h>
#include <pmukit/b2b.h>
#include <pmukit/pmukit.h>
#include <pmukit/sysreg.h>
#include "core/compiler.h"
#include "guest_irq.h"
#include "libtest_util.h"
#include "sample_loop.h"

#define SYSFS		"/sys/kernel/pmukit"
#define USER_ACCESS	"/proc/sys/kernel/perf_user_access"
#define KO		"/lib/modules/pmukit.ko"
#define NREPEAT		3

static const unsigned long loop_sizes[] = { 1000, 5000 };

static enum pmukit_path path_arg(const char *name)
{
	enum pmukit_path p = PMUKIT_PATH_AUTO;

	if (!name || pmukit_path_parse(name, &p)) {
		fprintf(stderr, "libtest: not a path: %s\n", name ? name : "(none)");
		exit(2);
	}
	return p;
}

static int open_on(enum pmukit_path path, const char *const *ev, unsigned int n,
		   unsigned int flags, struct pmukit_session **s)
{
	struct pmukit_options o = { .path = path, .cpu = -1, .flags = flags };

	return pmukit_open(s, ev, n, &o);
}

/* The event of the tests that need one that counts exactly in user space. */
static const char *const inst_u[] = { "INST_RETIRED:u" };

/* Opening @ev[0] alone on @path fails: expect_error() of what it returns. */
static void expect_open_error(enum pmukit_path path, const char *const *ev, int want,
			      const char *text, const char *what)
{
	struct pmukit_session *s;

	expect_error(open_on(path, ev, 1, 0, &s), want, text, what);
}

/* A test point that holds when @ret is 0; otherwise @ret and the library's message. */
#define ok_ret(ret, ...)							\
	(tap_ok(!(ret), __VA_ARGS__) || (tap_diag("  %d: %s", (ret), pmukit_last_error()), 0))

static int is_pmuv3(void)
{
	struct pmukit_pmu_info i;

	pmukit_pmu_info(&i);
	return i.pmu_version >= 3 || (i.pmu_version == 1 && sizeof(void *) == 8);
}

/* ---- exact counts ----------------------------------------------------- */

typedef int (*window_fn)(struct pmukit_session *, unsigned long, struct pmukit_count *);

/*
 * A window that no interrupt came into (guest_irq.h): one that an interrupt
 * came into is measured again, up to GUEST_IRQ_TRIES times, said in a diagnostic and counted in *again. The
 * windows kept are checked as exactly as before. Without this, the perf
 * path's windows of 32-bit programs on Linux 5.10 under QEMU counted one
 * user instruction more in about one run of the suite in five (2 of 10
 * runs of the aarch32 cell); with it, none in 16 runs.
 */
static int clean_window(window_fn w, struct pmukit_session *s, unsigned long n,
			struct pmukit_count *c, unsigned int *again)
{
	unsigned int k;
	int ret = 0;

	for (k = 0; k < GUEST_IRQ_TRIES; k++) {
		uint64_t before = guest_irq_total();

		ret = w(s, n, c);
		if (ret || guest_irq_total() == before)
			break;
		tap_diag("  an interrupt came into a window of spin(%lu): %" PRIu64 " counted; measured again",
			 n, c[0].value);
		(*again)++;
	}
	return ret;
}

/*
 * One kind of window: its overhead (the window around spin(0)) must be the
 * same every time, and every loop must then count exactly 2n.
 */
static void exact_window(struct pmukit_session *s, const char *how, window_fn w)
{
	struct pmukit_count c[2];
	uint64_t over[2] = { 0, 0 }, min[2] = { UINT64_MAX, UINT64_MAX }, max[2] = { 0, 0 };
	unsigned int i, e, k, ne = pmukit_nevents(s), again = 0;
	int ret = 0;

	for (i = 0; i < NREPEAT && !ret; i++) {
		ret = clean_window(w, s, 0, c, &again);
		for (e = 0; e < ne && !ret; e++) {
			min[e] = c[e].value < min[e] ? c[e].value : min[e];
			max[e] = c[e].value > max[e] ? c[e].value : max[e];
		}
	}
	if (!ok_ret(ret, "%s: %s around an empty loop works", pmukit_path_name(pmukit_session_path(s)), how))
		return;
	for (e = 0; e < ne; e++) {
		over[e] = min[e];
		if (!tap_ok(min[e] == max[e], "%s: %s overhead of %s is the same %d times: %" PRIu64,
			    pmukit_path_name(pmukit_session_path(s)), how, pmukit_event_name(s, e),
			    NREPEAT, min[e]))
			tap_diag("  min %" PRIu64 " max %" PRIu64, min[e], max[e]);
	}
	for (k = 0; k < ARRAY_SIZE(loop_sizes); k++) {
		unsigned long n = loop_sizes[k];

		ret = clean_window(w, s, n, c, &again);
		for (e = 0; e < ne; e++) {
			uint64_t got = ret ? 0 : c[e].value - over[e];

			if (!tap_ok(!ret && got == 2 * n, "%s: %s: %s of a %lu-iteration loop is exactly %lu after the overhead",
				    pmukit_path_name(pmukit_session_path(s)), how,
				    pmukit_event_name(s, e), n, 2 * n))
				tap_diag("  ret %d, count %" PRIu64 " - overhead %" PRIu64 " = %" PRIu64 " (%s)",
					 ret, ret ? 0 : c[e].value, over[e], got, pmukit_last_error());
		}
	}
	if (again)
		tap_diag("  %s: %u window(s) measured again after an interrupt", how, again);
}

static int window_sample_fn(struct pmukit_session *s, unsigned long n, struct pmukit_count *c)
{
	uint64_t d = 0;
	int ret = window_sample(s, n, &d);

	memset(c, 0, 2 * sizeof(*c));
	c[0].value = d;
	return ret;
}

static int cmd_exact(enum pmukit_path path)
{
	static const char *const ev[] = { "INST_RETIRED:u", "CPU_CYCLES:u" };
	struct pmukit_session *s, *one;
	int ret;

	ret = open_on(path, ev, 2, 0, &s);
	if (!ok_ret(ret, "%s: open INST_RETIRED:u, CPU_CYCLES:u", pmukit_path_name(path)))
		return tap_done();
	exact_window(s, "start/stop", window_stop);
	exact_window(s, "start/read", window_read);
	pmukit_close(s);

	/* The sample pair reads event 0 only: one event, so nothing else moves. */
	ret = open_on(path, ev, 1, 0, &one);
	if (tap_ok(!ret, "%s: open INST_RETIRED:u alone", pmukit_path_name(path))) {
		/* perf counts only while enabled; direct counts anyway. */
		ret = pmukit_start(one);
		if (tap_ok(!ret, "%s: start", pmukit_path_name(path)))
			exact_window(one, "sample pair", window_sample_fn);
		pmukit_close(one);
	}
	return tap_done();
}

/* ---- back-to-back reads ------------------------------------------------- */

#define NSAMPLES	64

/* docs/library.md, "Cost of a read: make bench": instructions per pmukit_sample() at EL0. */
#define SAMPLE_COST_A64_DIRECT	11
#define SAMPLE_COST_A64_MMAP	22
#define SAMPLE_COST_A64_PERF	34
#define SAMPLE_COST_A32_DIRECT	13
#define SAMPLE_COST_A32_PERF	35

static void deltas(const uint64_t *v, size_t n, unsigned int width, uint64_t *min, uint64_t *max)
{
	uint64_t mask = width == 64 ? UINT64_MAX : (1ULL << width) - 1;
	size_t i;

	*min = UINT64_MAX;
	*max = 0;
	for (i = 1; i < n; i++) {
		uint64_t d = (v[i] - v[i - 1]) & mask;

		*min = d < *min ? d : *min;
		*max = d > *max ? d : *max;
	}
}

/*
 * What one pmukit_sample() costs at EL0 in sample_loop(), CPU_CYCLES:uk
 * (:u on perf, whose read is mostly the kernel's), exact under -icount: the numbers of docs/library.md ("What
 * a read costs"). A read that grows past its number fails. 0: no number.
 */
static uint64_t sample_cost(enum pmukit_path path)
{
	switch (path) {
#if defined(__aarch64__)
	case PMUKIT_PATH_DIRECT:	return SAMPLE_COST_A64_DIRECT;
	case PMUKIT_PATH_PERF_MMAP:	return SAMPLE_COST_A64_MMAP;
	case PMUKIT_PATH_PERF:		return SAMPLE_COST_A64_PERF;
#elif defined(__arm__)
	case PMUKIT_PATH_DIRECT:	return SAMPLE_COST_A32_DIRECT;
	case PMUKIT_PATH_PERF:		return SAMPLE_COST_A32_PERF;
#endif
	default:			return 0;
	}
}

/* The minimum of @n back-to-back read()s of a CPU_CYCLES:uk descriptor, read_format 0. */
static uint64_t raw_read_cost(void)
{
	struct perf_event_attr a;
	uint64_t v[NSAMPLES], min, max;
	size_t i;
	int fd;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
	if (fd < 0)
		return 0;
	for (i = 0; i < NSAMPLES; i++)
		if (read(fd, &v[i], sizeof(v[i])) != sizeof(v[i]))
			break;
	close(fd);
	if (i < NSAMPLES)
		return 0;
	deltas(v, NSAMPLES, 64, &min, &max);
	return min;
}

/*
 * pmukit_sample() of one perf event, every level, against glibc's read() of
 * a read_format 0 descriptor in the same process: at most 2% more (most of
 * either is the kernel's, which differs between kernels, hence a ratio).
 */
/* Is the running kernel older than @major.@minor? */
static int kernel_before(int major, int minor)
{
	struct utsname u;
	int a = 0, b = 0;

	if (uname(&u) || sscanf(u.release, "%d.%d", &a, &b) != 2)
		return 0;
	return a < major || (a == major && b < minor);
}

static void perf_read_ratio(void)
{
	static const char *const ev[] = { "CPU_CYCLES:uk" };
	uint64_t v[NSAMPLES], raw = raw_read_cost(), min, max;
	struct pmukit_session *s;
	int ret;

	ret = open_on(PMUKIT_PATH_PERF, ev, 1, 0, &s);
	if (!ok_ret(ret, "perf: open CPU_CYCLES:uk"))
		return;
	pmukit_start(s);
	ret = sample_loop(s, v, NSAMPLES);
	deltas(v, NSAMPLES, 64, &min, &max);
	/*
	 * Before Linux 6.1 the kernel's part of a read with the enabled and
	 * running times costs more: 1,479 against 1,448 (arm64), 1,324 against
	 * 1,296 (arm) and 1,296 against 1,268 (aarch32) on 5.10. Only a read
	 * without the times can reach 1.02 there: not done yet.
	 */
	tap_ok_todo(!ret && raw && min * 100 <= raw * 102,
		    kernel_before(6, 1) ? "before Linux 6.1 the times cost more than 2%" : NULL,
		    "perf: pmukit_sample() of CPU_CYCLES:uk costs %" PRIu64 " instructions, at most 1.02 times a read_format 0 read() (%" PRIu64 ")",
		    min, raw);
	pmukit_close(s);
}

static int cmd_samples(enum pmukit_path path)
{
	static const char *const ev[] = { "CPU_CYCLES:u" }, *const ev_all[] = { "CPU_CYCLES:uk" };
	uint64_t v[NSAMPLES], min, max;
	struct pmukit_session *s;
	size_t i;
	int ret;

	ret = open_on(path, ev, 1, 0, &s);
	if (!ok_ret(ret, "%s: open CPU_CYCLES:u", pmukit_path_name(path)))
		return tap_done();
	if (path == PMUKIT_PATH_PERF || path == PMUKIT_PATH_PERF_MMAP)
		pmukit_start(s);	/* perf counts only while enabled */
	/* Reads no interrupt came between (guest_irq.h). */
	GUEST_IRQ_QUIET(ret, ret = pmukit_sample_n(s, v, NSAMPLES));
	deltas(v, NSAMPLES, pmukit_sample_width(s), &min, &max);
	tap_diag("%s: pmukit_sample_n: %" PRIu64 "..%" PRIu64 " instructions per read (%s)",
		 pmukit_path_name(path), min, max, pmukit_event_name(s, 0));
	if (path == PMUKIT_PATH_DIRECT)
		tap_eq(ret ? 0 : max, PMUKIT_B2B_INSNS,
		       "direct: pmukit_sample_n costs the b2b.h loop: every delta is %d", PMUKIT_B2B_INSNS);
	else
		tap_ok(!ret && min == max && min > 0,
		       "%s: pmukit_sample_n: every read costs the same (%" PRIu64 ")",
		       pmukit_path_name(path), min);

	GUEST_IRQ_QUIET(ret, for (i = 0, ret = 0; i < NSAMPLES && !ret; i++)
				ret = pmukit_sample(s, &v[i]));
	deltas(v, NSAMPLES, pmukit_sample_width(s), &min, &max);
	tap_ok(!ret && min == max && min > 0,
	       "%s: a loop of pmukit_sample(): every read costs the same (%" PRIu64 ")",
	       pmukit_path_name(path), min);
	pmukit_close(s);
	/* The documented costs are make bench's: CPU_CYCLES:uk, :u for perf's EL0 part. */
	if (sample_cost(path)) {
		ret = open_on(path, path == PMUKIT_PATH_PERF ? ev : ev_all, 1, 0, &s);
		if (!ok_ret(ret, "%s: open %s", pmukit_path_name(path),
			    path == PMUKIT_PATH_PERF ? ev[0] : ev_all[0]))
			return tap_done();
		pmukit_start(s);
		/* :uk counts an interrupt's handler too */
		GUEST_IRQ_QUIET(ret, ret = sample_loop(s, v, NSAMPLES));
		deltas(v, NSAMPLES, pmukit_sample_width(s), &min, &max);
		tap_ok(!ret && min > 0 && max <= sample_cost(path),
		       "%s: pmukit_sample() costs %" PRIu64 " instructions, at most the documented %" PRIu64,
		       pmukit_path_name(path), max, sample_cost(path));
		pmukit_close(s);
	}
	if (path == PMUKIT_PATH_PERF)
		perf_read_ratio();
	return tap_done();
}

/* ---- SW_INCR ---------------------------------------------------------- */

static int cmd_swincr(void)
{
	static const char *const ev[] = { "SW_INCR" };
	static const unsigned long writes[] = { 1, 1000 };
	struct pmukit_count c;
	struct pmukit_session *s;
	struct pmukit_pmu_info info;
	unsigned int i, k;
	int ret;

	pmukit_pmu_info(&info);
	ret = open_on(PMUKIT_PATH_DIRECT, ev, 1, 0, &s);
	if (!ok_ret(ret, "direct: open SW_INCR"))
		return tap_done();
	for (k = 0; k < 2; k++) {
		pmukit_reset(s);
		ret = pmukit_start(s);
		/* PMSWINC: one increment on every SW_INCR counter (bits 0..N-1). */
		for (i = 0; i < writes[k] && !ret; i++)
			pmukit_write_pmswinc((1UL << info.ncounters) - 1);
		if (!ret)
			ret = pmukit_stop(s);
		if (!ret)
			ret = pmukit_read(s, &c);
		tap_eq(ret ? -1 : (long long)c.value, writes[k],
		       "direct: SW_INCR counts %lu PMSWINC writes exactly", writes[k]);
	}
	pmukit_close(s);
	return tap_done();
}

/* ---- 32-bit counters wrapping inside a measurement ---------------------- */

/*
 * Every counter 2048 below its wrap (full access lets EL0 write them): more
 * than the few hundred instructions of reset and start, fewer than the
 * 2000 of the loop, so each wraps inside the loop.
 */
#define BELOW_WRAP	2048U

static void near_wrap(unsigned int ncounters)
{
	unsigned int i;

	for (i = 0; i < ncounters; i++)
		pmukit_write_pmevcntr(i, 0U - BELOW_WRAP);	/* PMEVCNTRn: 32 bits */
	/* PMCCNTR: 64 bits on AArch64, 32 on AArch32 (without mrrc). */
	pmukit_write_pmccntr(sizeof(long) == 8 ? 0ULL - BELOW_WRAP : 0U - BELOW_WRAP);
	pmukit_isb();
}

static int cmd_wrap(void)
{
	static const char *const ev[] = { "INST_RETIRED:u", "CPU_CYCLES:u", "CPU_CYCLES:uk" };
	struct pmukit_pmu_info info;
	struct pmukit_session *s;
	struct pmukit_count c0[3], c1[3];
	uint64_t after0 = 0, after_cc = 0;
	unsigned int e;
	int ret;

	pmukit_pmu_info(&info);
	if (sizeof(long) == 4)
		tap_diag("64-bit PMCCNTR read (mrrc): %s", info.cycle64 ? "works" :
			 "UNDEFINED here (QEMU 7.2 has none): 32-bit reads, extended in software");
	ret = open_on(PMUKIT_PATH_DIRECT, ev, 3, 0, &s);
	if (!ok_ret(ret, "direct: open INST_RETIRED:u, CPU_CYCLES:u, CPU_CYCLES:uk"))
		return tap_done();
	/* Windows no interrupt came into: CPU_CYCLES:uk counts the handler too. */
	GUEST_IRQ_QUIET(ret,
			ret = window_stop(s, 0, c0);
			near_wrap(info.ncounters);
			if (!ret)
				ret = window_stop(s, 1000, c1);
			after0 = pmukit_read_pmevcntr(0);
			after_cc = pmukit_read_pmccntr());
	/* Small again: the counters went past their top during the window. */
	tap_ok(after0 < 2 * 2000 + 1000 && after_cc < 2 * 2000 + 1000,
	       "direct: event counter 0 and the cycle counter wrapped during the window");
	for (e = 0; e < 3; e++)
		if (!tap_ok(!ret && c1[e].value - c0[e].value == 2000,
			    "direct: %s wraps inside a 1000-iteration loop and still counts exactly 2000",
			    pmukit_event_name(s, e)))
			tap_diag("  %d (%s): %" PRIu64 " - %" PRIu64, ret, pmukit_last_error(),
				 ret ? 0 : c1[e].value, c0[e].value);
	pmukit_close(s);
	return tap_done();
}

/*
 * Two wraps between two reads 600 ms apart (longer than the 62.5 ms, 0.5 s
 * for CPU_CYCLES, in which fewer than 2^32 events fit, so that the library
 * can tell one wrap from none by the values alone): the
 * counters are set near their top, a loop takes each past it, again, and
 * again. A 32-bit counter's count is then not known: pmukit_read() says
 * -EOVERFLOW and pmukit_wrapped() names it, with 0 for the count, never
 * the low bits of one. A 64-bit counter (PMCR.LP, AArch64's PMCCNTR) went
 * past 2^32, which is no wrap: it keeps a count. Interrupts do not matter
 * here (nothing is compared exactly), so no window is measured again.
 */
static int cmd_wrap_long(void)
{
	static const char *const ev[] = { "INST_RETIRED:u", "CPU_CYCLES:u" };
	const struct timespec pause = { 0, 600 * 1000 * 1000 };
	struct pmukit_pmu_info info;
	struct pmukit_session *s;
	struct pmukit_count c[2];
	unsigned int e, width[2];
	int ret, ret_read;

	pmukit_pmu_info(&info);
	ret = open_on(PMUKIT_PATH_DIRECT, ev, 2, 0, &s);
	if (!ok_ret(ret, "direct: open INST_RETIRED:u, CPU_CYCLES:u"))
		return tap_done();
	/* Event 0's width is the event counters'; the cycle counter's: ISA and mrrc. */
	width[0] = pmukit_sample_width(s);
	width[1] = sizeof(long) == 8 || info.cycle64 ? 64 : 32;
	tap_diag("event counters %u bits, cycle counter read %u bits", width[0], width[1]);
	ret = pmukit_reset(s);
	if (!ret)
		ret = pmukit_start(s);
	if (!ret) {
		near_wrap(info.ncounters);
		spin(1000);
		nanosleep(&pause, NULL);
		near_wrap(info.ncounters);
		spin(1000);
		ret = pmukit_stop(s);
	}
	ret_read = ret ? ret : pmukit_read(s, c);
	if (!ok_ret(ret, "direct: start, two wraps 600 ms apart, stop"))
		goto out;
	tap_ok(ret_read == (width[0] == 32 || width[1] == 32 ? -EOVERFLOW : 0),
	       "direct: pmukit_read() says -EOVERFLOW exactly when a 32-bit counter took part (%d: %s)",
	       ret_read, ret_read ? pmukit_last_error() : "no error");
	for (e = 0; e < 2; e++) {
		const char *name = pmukit_event_name(s, e);

		if (width[e] == 32) {
			tap_ok(pmukit_wrapped(s, e) && c[e].value == 0 &&
			       strstr(pmukit_last_error(), name) != NULL,
			       "direct: %s on a 32-bit counter: wrapped, named in the message, count 0 (%" PRIu64 ")",
			       name, c[e].value);
		} else {
			/* Past 2^32 after the first loop, set back below it before the second. */
			tap_ok(!pmukit_wrapped(s, e),
			       "direct: %s on a 64-bit counter went past 2^32 without a wrap (%" PRIu64 ")",
			       name, c[e].value);
		}
	}
	/* A reset forgets the wrap: a short window counts again. */
	ret = window_stop(s, 1000, c);
	tap_ok(!ret && !pmukit_wrapped(s, 0) && !pmukit_wrapped(s, 1) && c[0].value >= 2000,
	       "direct: after pmukit_reset() the counts are known again (%d, %" PRIu64 ")", ret,
	       ret ? 0 : c[0].value);
out:
	pmukit_close(s);
	return tap_done();
}

/* ---- errors ------------------------------------------------------------ */

static int cmd_errors(void)
{
	struct pmukit_session *s = NULL;
	struct pmukit_pmu_info info;
	const char *ev[40];
	char name[64];
	enum pmukit_path p;
	unsigned int i;
	int ret;

	pmukit_pmu_info(&info);
	ev[0] = "INST_RETIRE";
	ret = open_on(PMUKIT_PATH_AUTO, ev, 1, 0, &s);
	expect_error(ret, -ENOENT, "did you mean INST_RETIRED", "unknown event INST_RETIRE");
	tap_ok(s == NULL, "a failed open leaves no session");

	ev[0] = "0x08:x";
	expect_open_error(PMUKIT_PATH_AUTO, ev, -EINVAL, ":u", "malformed modifier 0x08:x");

	ev[0] = "L1D_CACHE_REFILL";
	if (is_pmuv3()) {
		expect_open_error(PMUKIT_PATH_DIRECT, ev, -EOPNOTSUPP,
				  "L1D_CACHE_REFILL (0x03)", "direct: an event PMCEID says the core lacks");
		expect_open_error(PMUKIT_PATH_PERF, ev, -EOPNOTSUPP,
				  "L1D_CACHE_REFILL (0x03)", "perf: an event PMCEID says the core lacks");
	} else {
		tap_skip("ARMv7 has no PMCEID to tell", "direct: an unsupported event");
		tap_skip("ARMv7 has no PMCEID to tell", "perf: an unsupported event");
	}

	tap_eq(pmukit_ncounters(PMUKIT_PATH_DIRECT), info.ncounters,
	       "direct: pmukit_ncounters() is PMCR.N");
	for (i = 0; i <= info.ncounters && i < 40; i++)
		ev[i] = "INST_RETIRED:u";
	snprintf(name, sizeof(name), "%u event counters", info.ncounters);
	expect_error(open_on(PMUKIT_PATH_DIRECT, ev, info.ncounters + 1, 0, &s), -E2BIG, name,
		     "direct: one event more than PMCR.N");
	expect_error(open_on(PMUKIT_PATH_DIRECT, ev, info.ncounters + 1, 0, &s), -E2BIG,
		     "run in passes", "direct: the E2BIG message says what to do");

	ev[0] = "task-clock";
	expect_open_error(PMUKIT_PATH_DIRECT, ev, -EOPNOTSUPP, "use the perf path",
			  "direct: a perf software event");

	tap_ok(!pmukit_path_parse("perf-mmap", &p) && p == PMUKIT_PATH_PERF_MMAP &&
	       !strcmp(pmukit_path_name(p), "perf-mmap"), "path names parse and print");
	expect_error(pmukit_path_parse("mmap", &p), -EINVAL, "auto, direct, perf, perf-mmap or clock",
		     "an unknown path name");
	setenv("PMUKIT_PATH", "bogus", 1);
	ev[0] = "CPU_CYCLES";
	expect_open_error(PMUKIT_PATH_AUTO, ev, -EINVAL, "PMUKIT_PATH=bogus",
			  "PMUKIT_PATH=bogus");
	setenv("PMUKIT_PATH", "clock", 1);
	ret = open_on(PMUKIT_PATH_AUTO, ev, 1, 0, &s);
	tap_ok(!ret && pmukit_session_path(s) == PMUKIT_PATH_CLOCK, "PMUKIT_PATH=clock forces the clock path");
	pmukit_close(s);
	unsetenv("PMUKIT_PATH");
	return tap_done();
}

/* ---- the direct path against the rest of the system ----------------------- */

static void direct_still_exact(const char *what)
{
	struct pmukit_session *s;
	struct pmukit_count c0, c1;
	unsigned int again = 0;
	int ret = open_on(PMUKIT_PATH_DIRECT, inst_u, 1, 0, &s);

	if (!ret)
		ret = clean_window(window_stop, s, 0, &c0, &again);
	if (!ret)
		ret = clean_window(window_stop, s, 1000, &c1, &again);
	if (!tap_ok(!ret && c1.value - c0.value == 2000, "direct: %s: a 1000-iteration loop counts exactly 2000", what))
		tap_diag("  %d (%s), %" PRIu64 " - %" PRIu64, ret, pmukit_last_error(),
			 ret ? 0 : c1.value, ret ? 0 : c0.value);
	if (!ret)
		pmukit_close(s);
}

static int cmd_frozen(void)
{
	uint32_t pmcr;

	/* PMCR.E = 0: every counter frozen, as a perf session leaves them. */
	pmcr = (uint32_t)pmukit_read_pmcr();
	pmukit_write_pmcr(pmcr & ~(PMUKIT_PMCR_E_BIT | PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
	pmukit_isb();
	tap_ok(!(pmukit_read_pmcr() & PMUKIT_PMCR_E_BIT), "PMCR.E cleared by hand (full access lets EL0 write PMCR)");
	direct_still_exact("with PMCR.E found cleared, the session sets it again");
	return tap_done();
}

static int cmd_after_perf(void)
{
	struct pmukit_session *p, *s;
	struct pmukit_count c;
	int ret;

	ret = open_on(PMUKIT_PATH_PERF, inst_u, 1, 0, &p);
	if (!ok_ret(ret, "perf: a session on the PMU"))
		return tap_done();
	ret = window_stop(p, 1000, &c);
	pmukit_close(p);
	tap_ok(!ret && c.value > 2000, "perf: it counted (%" PRIu64 ")", ret ? 0 : c.value);

	ret = open_on(PMUKIT_PATH_DIRECT, inst_u, 1, 0, &s);
	if (ret) {
		/* arm64: the perf driver zeroes PMUSERENR when it starts the PMU. */
		expect_error(ret, -EACCES, "echo 1 > /sys/kernel/pmukit/rearm",
			     "direct after perf: access lost, the message says how to re-arm");
		write_file(SYSFS "/rearm", "1");
		direct_still_exact("after perf and rearm");
	} else {
		pmukit_close(s);
		tap_ok(1, "direct after perf: access kept (this perf driver leaves PMUSERENR alone)");
		direct_still_exact("after perf, PMCR.E found cleared and set again");
	}
	return tap_done();
}

static int revoke_check(const char *how, const char *text, int (*revoke)(void))
{
	static const char *const ev[] = { "INST_RETIRED:u", "CPU_CYCLES:u" };
	struct pmukit_session *s;
	struct pmukit_count c[2];
	uint64_t v;
	int ret;

	ret = open_on(PMUKIT_PATH_DIRECT, ev, 2, 0, &s);
	if (!ok_ret(ret, "direct: open before %s", how))
		return -1;
	pmukit_start(s);
	spin(100);
	ret = pmukit_read(s, c);
	tap_ok(!ret && c[0].value > 0, "direct: reads work before %s", how);
	ret = revoke();
	tap_ok(!ret, "%s done", how);
	ret = pmukit_read(s, c);
	expect_error(ret, -EACCES, text, "direct: pmukit_read after access was revoked");
	ret = pmukit_sample(s, &v);
	expect_error(ret, -EACCES, text, "direct: pmukit_sample after access was revoked");
	ret = pmukit_stop(s);
	tap_ok(ret == -EACCES, "direct: pmukit_stop after access was revoked: -EACCES");
	pmukit_close(s);
	return 0;
}

static int revoke_sysctl(void)
{
	return write_file(USER_ACCESS, "0");
}

static int cmd_revoke_sysctl(void)
{
	if (!file_exists(USER_ACCESS)) {
		tap_skip("no kernel.perf_user_access (a 32-bit kernel, or arm64 before Linux 5.17)",
			 "revoked by perf_user_access=0");
		return tap_done();
	}
	if (revoke_check("writing 0 to kernel.perf_user_access", "echo 1 > /sys/kernel/pmukit/rearm",
			 revoke_sysctl) == 0) {
		tap_ok(!write_file(SYSFS "/rearm", "1"), "echo 1 > /sys/kernel/pmukit/rearm");
		direct_still_exact("after rearm");
	}
	return tap_done();
}

static int revoke_rmmod(void)
{
	return system("rmmod pmukit") == 0 ? 0 : -1;
}

static int cmd_revoke_rmmod(void)
{
	revoke_check("rmmod pmukit", "pmukit.ko was unloaded", revoke_rmmod);
	tap_ok(system("insmod " KO " global_full_access=1") == 0, "insmod again (global_full_access=1, as the suite loaded it)");
	return tap_done();
}

/*
 * Reads 100 ms apart in mode=read: the library needs the module's
 * cpu<N>/overflows to tell "no wrap" (EL0 cannot read PMOVSSET there), and
 * with it the 32-bit count stays known.
 */
static void readmode_long(struct pmukit_session *s)
{
	const struct timespec pause = { 0, 100 * 1000 * 1000 };
	struct pmukit_count c[2];
	char path[64], buf[128] = "";
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "/sys/kernel/pmukit/cpu%d/overflows", sched_getcpu());
	f = fopen(path, "r");
	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
	}
	tap_ok(buf[0] != '\0', "mode=read: cpu<N>/overflows reads on the CPU itself: %s",
	       strtok(buf, "\n") ? buf : "(nothing)");
	ret = pmukit_reset(s);
	if (!ret)
		ret = pmukit_start(s);
	if (!ret) {
		spin(1000);
		nanosleep(&pause, NULL);
		spin(1000);
		ret = pmukit_stop(s);
	}
	if (!ret)
		ret = pmukit_read(s, c);
	if (!tap_ok(!ret && !pmukit_wrapped(s, 0) && c[0].value >= 4000,
		    "mode=read: reads 100 ms apart, no wrap: INST_RETIRED:u is known (%" PRIu64 ")",
		    ret ? 0 : c[0].value))
		tap_diag("  %d (%s)", ret, pmukit_last_error());
}

static int cmd_readmode(void)
{
	static const char *const ev[] = { "INST_RETIRED:u", "CPU_CYCLES" };
	const char *bad[] = { "INST_RETIRED:k" };
	struct pmukit_session *s;
	struct pmukit_count c0[2], c1[2];
	unsigned int again = 0;
	int ret;

	ret = open_on(PMUKIT_PATH_AUTO, ev, 2, 0, &s);
	if (!tap_ok(!ret && pmukit_session_path(s) == PMUKIT_PATH_DIRECT,
		    "mode=read: auto opens INST_RETIRED:u, CPU_CYCLES on the direct path")) {
		tap_diag("  %d: %s", ret, pmukit_last_error());
		return tap_done();
	}
	tap_ok(!strcmp(pmukit_event_name(s, 1), "CPU_CYCLES:uk"),
	       "mode=read: CPU_CYCLES takes the module's cycle counter, which counts EL0 and EL1 (%s)",
	       pmukit_event_name(s, 1));
	ret = clean_window(window_stop, s, 0, c0, &again);
	if (!ret)
		ret = clean_window(window_stop, s, 1000, c1, &again);
	if (!tap_ok(!ret && c1[0].value - c0[0].value == 2000,
		    "mode=read: INST_RETIRED:u on the module's counter 0 counts a 1000-iteration loop exactly"))
		tap_diag("  %d (%s)", ret, pmukit_last_error());
	tap_ok(!ret && c1[1].value >= 2000, "mode=read: CPU_CYCLES counts (%" PRIu64 ")",
	       ret ? 0 : c1[1].value);
	readmode_long(s);
	pmukit_close(s);
	/* Root may open /dev/pmukit: the library programs a free counter through it. */
	bad[0] = "INST_RETIRED";
	ret = open_on(PMUKIT_PATH_DIRECT, bad, 1, 0, &s);
	if (tap_ok(!ret, "mode=read: an event the module did not program opens through /dev/pmukit (root)")) {
		ret = clean_window(window_stop, s, 0, c0, &again);
		if (!ret)
			ret = clean_window(window_stop, s, 1000, c1, &again);
		if (!tap_ok(!ret && c1[0].value - c0[0].value >= 2000,
			    "mode=read: through /dev/pmukit, INST_RETIRED (every level) counts the loop"))
			tap_diag("  %d (%s)", ret, pmukit_last_error());
		pmukit_close(s);
	} else {
		tap_diag("  %d: %s", ret, pmukit_last_error());
	}
	return tap_done();
}

/* mode=read, run as a user who may not open /dev/pmukit. */
static int cmd_readmode_user(void)
{
	const char *bad[] = { "INST_RETIRED:k" };

	expect_open_error(PMUKIT_PATH_DIRECT, bad, -EACCES, "ask the administrator for its group",
			  "mode=read, a user without /dev/pmukit: an event the module did not program is refused, saying how to get access");
	return tap_done();
}

static int cmd_mmap_revoke(void)
{
	struct pmukit_session *s;
	struct pmukit_count c0, c1;
	int ret;

	ret = open_on(PMUKIT_PATH_PERF_MMAP, inst_u, 1, 0, &s);
	if (!ok_ret(ret, "perf-mmap: open"))
		return tap_done();
	ret = window_read(s, 0, &c0);
	tap_ok(!write_file(USER_ACCESS, "0"), "kernel.perf_user_access set to 0 during the session");
	if (!ret)
		ret = window_read(s, 1000, &c1);
	/* No exactness here: read() replaces the self-read, at another cost. */
	if (!tap_ok(!ret && c1.value >= 2000 && c1.value < 2000 + 10 * c0.value,
		    "perf-mmap: after the sysctl the session falls back to read() and still counts"))
		tap_diag("  %d (%s): %" PRIu64, ret, pmukit_last_error(), ret ? 0 : c1.value);
	pmukit_close(s);
	expect_open_error(PMUKIT_PATH_PERF_MMAP, inst_u, -EACCES,
			  "set kernel.perf_user_access=1", "perf-mmap: open with perf_user_access=0");
	write_file(USER_ACCESS, "1");
	return tap_done();
}

static int cmd_multiplex(void)
{
	/* More than the event counters of any core QEMU models (6 at most). */
	enum { n = 10 };
	const char *ev[n];
	struct pmukit_session *s;
	struct pmukit_count c[n];
	unsigned int i, scaled = 0, close_to = 0;
	/* lib-tests.sh rotates every millisecond: 20 ms of icount time. */
	unsigned long loops = 10000000;
	int ret;

	for (i = 0; i < n; i++)
		ev[i] = "INST_RETIRED:u";
	ret = open_on(PMUKIT_PATH_PERF, ev, n, 0, &s);
	if (!ok_ret(ret, "perf: %u INST_RETIRED:u events open, more than the PMU has counters", n))
		return tap_done();
	ret = window_stop(s, loops, c);
	for (i = 0; i < n && !ret; i++) {
		if (c[i].running_ns < c[i].enabled_ns)
			scaled++;
		/* Multiplexed counts are estimates: within 10 % of the truth. */
		if (c[i].value > 2 * loops * 9 / 10 && c[i].value < 2 * loops * 11 / 10)
			close_to++;
		tap_diag("  %s: value %" PRIu64 " raw %" PRIu64 " enabled %" PRIu64 " running %" PRIu64,
			 pmukit_event_name(s, i), c[i].value, c[i].raw, c[i].enabled_ns, c[i].running_ns);
	}
	tap_ok(!ret && scaled > 0, "perf: the kernel multiplexed (running < enabled for %u events)", scaled);
	tap_ok(!ret && close_to == n, "perf: every scaled count is within 10 %% of %lu", 2 * loops);
	pmukit_close(s);
	return tap_done();
}

static int cmd_child(void)
{
	char *argv[] = { "true", NULL }, *nope[] = { "/nonexistent/command", NULL };
	struct pmukit_options o = { .path = PMUKIT_PATH_PERF, .cpu = -1, .flags = PMUKIT_F_CHILD };
	struct pmukit_child child;
	struct pmukit_session *s;
	struct pmukit_count c;
	int ret, st = -1;

	ret = pmukit_child_fork(&child, argv);
	tap_ok(!ret, "child: forked, waiting before its exec");
	o.pid = child.pid;
	ret = pmukit_open(&s, inst_u, 1, &o);
	if (!ok_ret(ret, "child: perf session on the child")) {
		pmukit_child_cancel(&child);
		return tap_done();
	}
	pmukit_start(s);
	ret = pmukit_child_release(&child);
	tap_ok(!ret, "child: released, exec'd");
	waitpid(child.pid, &st, 0);
	pmukit_stop(s);
	ret = pmukit_read(s, &c);
	tap_ok(!ret && WIFEXITED(st) && WEXITSTATUS(st) == 0 && c.value > 1000,
	       "child: 'true' ran and its instructions were counted (%" PRIu64 ")", ret ? 0 : c.value);
	pmukit_close(s);

	ret = pmukit_child_fork(&child, nope);
	if (!ret) {
		ret = pmukit_child_release(&child);
		expect_error(ret, -ENOENT, "could not be started", "child: a command that does not exist");
		waitpid(child.pid, &st, 0);
		tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 127, "child: it exits with 127");
	}
	ret = pmukit_child_fork(&child, argv);
	if (!ret) {
		pmukit_child_cancel(&child);
		tap_ok(child.pid == 0, "child: cancelled before its exec and reaped");
	}
	return tap_done();
}

static int cmd_clock(void)
{
	static const char *const ev[] = { "CPU_CYCLES" };
	const char *bad[] = { "INST_RETIRED" };
	struct pmukit_session *s;
	struct pmukit_count c;
	int ret;

	ret = open_on(PMUKIT_PATH_CLOCK, ev, 1, 0, &s);
	if (!ok_ret(ret, "clock: open CPU_CYCLES"))
		return tap_done();
	tap_ok(!strncmp(pmukit_event_name(s, 0), "clock(", 6), "clock: the event is the clock: %s",
	       pmukit_event_name(s, 0));
	ret = window_stop(s, 1000000, &c);
	tap_ok(!ret && c.value > 0, "clock: a 2M-instruction loop takes %" PRIu64 " ticks", ret ? 0 : c.value);
	pmukit_close(s);
	expect_open_error(PMUKIT_PATH_CLOCK, bad, -EOPNOTSUPP, "counts time only",
			  "clock: an event other than the clock");
	return tap_done();
}

static int cmd_nomodule(void)
{
	struct pmukit_session *s;
	char why[512];
	int ret;

	ret = pmukit_path_detect(PMUKIT_PATH_DIRECT, why, sizeof(why));
	tap_ok(ret == -EACCES && strstr(why, "load pmukit.ko or use the perf path"),
	       "no module: direct detect says \"load pmukit.ko or use the perf path\"");
	tap_diag("  %s", why);
	expect_open_error(PMUKIT_PATH_DIRECT, inst_u, -EACCES,
			  "user access to the PMU is off on CPU", "no module: direct open");
	ret = open_on(PMUKIT_PATH_AUTO, inst_u, 1, 0, &s);
	tap_ok(!ret && pmukit_session_path(s) != PMUKIT_PATH_DIRECT,
	       "no module: auto takes another path (%s)", ret ? pmukit_last_error() :
	       pmukit_path_name(pmukit_session_path(s)));
	if (!ret)
		pmukit_close(s);
	ret = pmukit_path_detect(PMUKIT_PATH_PERF_MMAP, why, sizeof(why));
	if (file_exists(USER_ACCESS))
		tap_ok(ret == -EACCES && strstr(why, "set kernel.perf_user_access=1 (sysctl)"),
		       "perf-mmap with perf_user_access=0: \"set kernel.perf_user_access=1 (sysctl) ...\"");
#ifdef __aarch64__
	else	/* Linux before 5.17 (Debian 11's 5.10) has no arm64 self-read */
		tap_ok(ret == -EOPNOTSUPP && strstr(why, "needs Linux 5.17 or later"),
		       "perf-mmap on an arm64 kernel without perf_user_access: refused, saying why");
#else
	else
		tap_ok(ret == -EOPNOTSUPP && strstr(why, "32-bit Arm kernel"),
		       "perf-mmap on the 32-bit kernel: refused, saying why");
#endif
	tap_diag("  %s", why);
	return tap_done();
}

static int cmd_info(void)
{
	struct pmukit_pmu_info i;
	uint32_t pmcr = 0;
	FILE *f = fopen(SYSFS "/cpu0/pmcr", "r");

	if (f) {
		if (fscanf(f, "%" SCNx32, &pmcr) != 1)
			pmcr = 0;
		fclose(f);
	}
	tap_ok(!pmukit_pmu_info(&i), "pmukit_pmu_info");
	tap_diag("midr 0x%08" PRIx32 " core %s pmu_version %u ncounters %u cycle64 %d module %d %s perf_user_access %d paranoid %d",
		 i.midr, i.core, i.pmu_version, i.ncounters, i.cycle64, i.module_loaded,
		 i.module_mode, i.perf_user_access, i.perf_paranoid);
	tap_ok(i.midr != 0 && strcmp(i.core, "unknown"), "info: the core is known from the MIDR (%s)", i.core);
	tap_ok(i.module_loaded && !strcmp(i.module_mode, "full"), "info: module loaded, mode full");
	tap_eq(i.ncounters, PMUKIT_PMCR_N(pmcr), "info: ncounters is PMCR.N");
	tap_ok(i.perf_paranoid == 2, "info: perf_event_paranoid read (%d)", i.perf_paranoid);
	return tap_done();
}

/* ---- migration ---------------------------------------------------------- */

static pid_t victim;

/* Moves the measuring thread to CPU 1 from another thread, as a user might. */
static void *mover(void *arg)
{
	cpu_set_t set;

	(void)arg;
	CPU_ZERO(&set);
	CPU_SET(1, &set);
	sched_setaffinity(victim, sizeof(set), &set);
	return NULL;
}

static void move_me(void)
{
	pthread_t t;

	victim = (pid_t)syscall(SYS_gettid);
	pthread_create(&t, NULL, mover, NULL);
	pthread_join(t, NULL);
	while (sched_getcpu() != 1)
		sched_yield();
}

static int cmd_migrate(void)
{
	/* Without icount QEMU has no INST_RETIRED: cycles on both kinds of counter. */
	static const char *const ev[] = { "CPU_CYCLES:u", "CPU_CYCLES:u" };
	struct pmukit_options o = { .path = PMUKIT_PATH_DIRECT, .cpu = 0 };
	struct pmukit_session *s;
	struct pmukit_count c[2];
	uint64_t v;
	int ret;

	ret = pmukit_open(&s, ev, 2, &o);
	if (!tap_ok(!ret && sched_getcpu() == 0, "migrate: direct session pinned to CPU 0")) {
		tap_diag("  %s", pmukit_last_error());
		return tap_done();
	}
	ret = pmukit_sample(s, &v);
	tap_ok(!ret, "migrate: pmukit_sample on CPU 0 works");
	pmukit_start(s);
	spin(1000);
	move_me();
	tap_ok(sched_getcpu() == 1, "migrate: another thread moved this one to CPU 1 between start and read");
	ret = pmukit_read(s, c);
	expect_error(ret, -EINTR, "moved from CPU 0 to CPU 1", "migrate: pmukit_read");
	ret = pmukit_sample(s, &v);
	expect_error(ret, -EINTR, "moved from CPU 0 to CPU 1", "migrate: pmukit_sample");
	ret = pmukit_sample_n(s, &v, 1);
	tap_ok(ret == -EINTR, "migrate: pmukit_sample_n: -EINTR");
	pmukit_stop(s);
	ret = pmukit_start(s);
	tap_ok(!ret && sched_getcpu() == 0, "migrate: the next start pins the thread back to CPU 0");
	spin(1000);
	ret = pmukit_stop(s);
	if (!ret)
		ret = pmukit_read(s, c);
	tap_ok(!ret && c[0].value > 0 && c[1].value > 0, "migrate: and counts again (%" PRIu64 ")",
	       ret ? 0 : c[0].value);
	pmukit_close(s);

	o.cpu = 1;
	ret = pmukit_open(&s, ev, 2, &o);
	tap_ok(!ret && sched_getcpu() == 1, "opts.cpu = 1: the session runs the thread on CPU 1");
	if (!ret) {
		ret = window_stop(s, 1000, c);
		tap_ok(!ret && c[0].value > 0 && c[1].value > 0, "CPU 1: counts (%" PRIu64 ")",
		       ret ? 0 : c[0].value);
		pmukit_close(s);
	}
	return tap_done();
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(cmd, "nomodule"))
		return cmd_nomodule();
	if (!strcmp(cmd, "exact"))
		return cmd_exact(path_arg(argv[2]));
	if (!strcmp(cmd, "samples"))
		return cmd_samples(path_arg(argv[2]));
	if (!strcmp(cmd, "swincr"))
		return cmd_swincr();
	if (!strcmp(cmd, "wrap"))
		return cmd_wrap();
	if (!strcmp(cmd, "wrap-long"))
		return cmd_wrap_long();
	if (!strcmp(cmd, "errors"))
		return cmd_errors();
	if (!strcmp(cmd, "frozen"))
		return cmd_frozen();
	if (!strcmp(cmd, "after-perf"))
		return cmd_after_perf();
	if (!strcmp(cmd, "revoke-sysctl"))
		return cmd_revoke_sysctl();
	if (!strcmp(cmd, "revoke-rmmod"))
		return cmd_revoke_rmmod();
	if (!strcmp(cmd, "readmode-user"))
		return cmd_readmode_user();
	if (!strcmp(cmd, "readmode"))
		return cmd_readmode();
	if (!strcmp(cmd, "mmap-revoke"))
		return cmd_mmap_revoke();
	if (!strcmp(cmd, "multiplex"))
		return cmd_multiplex();
	if (!strcmp(cmd, "child"))
		return cmd_child();
	if (!strcmp(cmd, "clock"))
		return cmd_clock();
	if (!strcmp(cmd, "info"))
		return cmd_info();
	if (!strcmp(cmd, "migrate"))
		return cmd_migrate();
	fprintf(stderr, "usage: libtest nomodule|exact PATH|samples PATH|swincr|wrap|wrap-long|errors|frozen|after-perf|revoke-sysctl|revoke-rmmod|readmode|mmap-revoke|multiplex|child|clock|info|migrate\n");
	return 2;
}
