// SPDX-License-Identifier: MIT
/*
 * bench: instructions per read of every access path, beside the raw
 * isb; mrs loop of include/pmukit/b2b.h (5 instructions). Run under
 * -icount shift=0, where the cycle counter advances once per instruction,
 * with pmukit.ko loaded (and kernel.perf_user_access=1 for perf-mmap):
 * make bench does both.
 *
 * Each path reads CPU_CYCLES:uk (every level: perf's read() is mostly
 * kernel instructions) back to back; the difference of consecutive values
 * is what one read costs. The clock path's values are timer ticks, so it
 * is timed with the cycle counter around its loop instead. Interrupts can
 * lengthen a few reads: the minimum and the median are shown.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pmukit/b2b.h>
#include <pmukit/pmukit.h>

#define N	256

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Min and median of consecutive differences, in place. */
static void summarise(uint64_t *v, size_t n, unsigned int width, uint64_t *min, uint64_t *med)
{
	uint64_t mask = width == 64 ? UINT64_MAX : (1ULL << width) - 1;
	size_t i;

	for (i = 0; i + 1 < n; i++)
		v[i] = (v[i + 1] - v[i]) & mask;
	qsort(v, n - 1, sizeof(*v), cmp_u64);
	*min = v[0];
	*med = v[(n - 1) / 2];
}

static void row(const char *path, const char *how, uint64_t min, uint64_t med, const char *note)
{
	printf("%-10s %-34s %8" PRIu64 " %8" PRIu64 "  %s\n", path, how, min, med, note);
}

static void rearm(void)
{
	FILE *f = fopen("/sys/kernel/pmukit/rearm", "w");

	/* A perf session may have taken EL0 access away: give it back. */
	if (f) {
		fputs("1\n", f);
		fclose(f);
	}
}

static void raw_loop(void)
{
	pmukit_ureg_t buf[N];
	uint64_t v[N], min, med;
	size_t i;

	rearm();
	pmukit_b2b_cycles(buf, N);
	for (i = 0; i < N; i++)
		v[i] = buf[i];
	summarise(v, N, sizeof(pmukit_ureg_t) * 8, &min, &med);
	row("raw", "isb; mrs loop (b2b.h)", min, med, "the floor");
}

static void bench_path(enum pmukit_path path)
{
	static const char *const ev[] = { "CPU_CYCLES:uk" };
	struct pmukit_options o = { .path = path, .cpu = -1 };
	struct pmukit_session *s;
	uint64_t v[N], min, med;
	size_t i;
	int ret;

	rearm();
	ret = pmukit_open(&s, ev, 1, &o);
	if (ret) {
		printf("%-10s not available: %s\n", pmukit_path_name(path), pmukit_last_error());
		return;
	}
	pmukit_start(s);
	ret = pmukit_sample_n(s, v, N);
	if (!ret) {
		summarise(v, N, pmukit_sample_width(s), &min, &med);
		row(pmukit_path_name(path), "pmukit_sample_n()", min, med, pmukit_event_name(s, 0));
	}
	for (i = 0; i < N && !ret; i++)
		ret = pmukit_sample(s, &v[i]);
	if (!ret) {
		summarise(v, N, pmukit_sample_width(s), &min, &med);
		row(pmukit_path_name(path), "loop of pmukit_sample()", min, med, "");
	}
	if (ret)
		printf("%-10s failed: %s\n", pmukit_path_name(path), pmukit_last_error());
	pmukit_stop(s);
	pmukit_close(s);
}

/* The clock's values are ticks: time its reads with the cycle counter. */
static void bench_clock(void)
{
	static const char *const ev[] = { "clock" };
	struct pmukit_options o = { .path = PMUKIT_PATH_CLOCK, .cpu = -1 };
	struct pmukit_session *s;
	uint64_t v[N], t0, t1, best = UINT64_MAX;
	int k;

	rearm();
	if (pmukit_open(&s, ev, 1, &o)) {
		printf("%-10s not available: %s\n", "clock", pmukit_last_error());
		return;
	}
	for (k = 0; k < 5; k++) {
		t0 = pmukit_cycles();
		pmukit_sample_n(s, v, N);
		t1 = pmukit_cycles();
		if (sizeof(long) == 4)
			t1 = (uint32_t)(t1 - t0) + t0;
		if (t1 - t0 < best)
			best = t1 - t0;
	}
	row("clock", "pmukit_sample_n(), by PMCCNTR", best / N, best / N,
	    pmukit_event_name(s, 0));
	pmukit_close(s);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("instructions per read (-icount shift=0: one instruction per cycle)\n");
	printf("%-10s %-34s %8s %8s  %s\n", "path", "read", "min", "median", "event");
	raw_loop();
	bench_path(PMUKIT_PATH_DIRECT);
	bench_clock();
	bench_path(PMUKIT_PATH_PERF_MMAP);
	bench_path(PMUKIT_PATH_PERF);
	return 0;
}
