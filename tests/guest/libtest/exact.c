// SPDX-License-Identifier: MIT
/*
 * libtest exact PATH and samples PATH: exact counts of a known loop, less
 * the window's own overhead as measured; what back-to-back reads cost,
 * against the documented numbers and perf's own read().
 */
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <sys/utsname.h>

#include <pmukit/b2b.h>
#include "libtest.h"
#include "sample_loop.h"

static const unsigned long loop_sizes[] = { 1000, 5000 };

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

int cmd_exact(enum pmukit_path path)
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

int cmd_samples(enum pmukit_path path)
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
