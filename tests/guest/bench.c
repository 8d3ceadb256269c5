// SPDX-License-Identifier: MIT
/*
 * bench: instructions per read of every access path, each beside the most
 * minimal raw code doing the same read in the same process, and the ratio:
 * the isb; mrs loop of include/pmukit/b2b.h and the same read in a C loop
 * (direct), the perf user page's seqlock read by hand (perf-mmap), glibc's
 * read() of one perf descriptor with read_format 0 and with the format of a
 * multi-event group (perf). Run under
 * -icount shift=0, where the cycle counter advances once per instruction,
 * with pmukit.ko loaded (and kernel.perf_user_access=1 for perf-mmap):
 * make bench does both.
 *
 * Each path reads CPU_CYCLES (every level, :uk, where perf's read() is mostly
 * kernel instructions) back to back; the difference of consecutive values
 * is what one read costs. The clock path's values are timer ticks, so it
 * is timed with the cycle counter around its loop instead. Interrupts can
 * lengthen a few reads: the minimum and the median are shown.
 *
 * The region rows: what a PMUKIT_REGION_BEGIN/END pair costs inside an
 * enclosing region, by the regions' own measurement of CPU_CYCLES:uk (the
 * "nested_region" of their JSON report: the smallest of many pairs), beside
 * the two raw reads of that path a pair needs. Each path's regions run in a
 * child process, as the regions read their settings once per process.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pmukit/b2b.h>
#include <pmukit/pmukit.h>

#include "sample_loop.h"

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

/* One row: the raw minimum and pmukit's read side by side (0: none). */
static void row(const char *path, const char *raw_how, uint64_t raw, const char *how,
		uint64_t pk, uint64_t pk_med)
{
	char r[24] = "-", q[24] = "-", p[24] = "-", m[24] = "-";

	if (raw)
		snprintf(r, sizeof(r), "%" PRIu64, raw);
	if (pk) {
		snprintf(p, sizeof(p), "%" PRIu64, pk);
		snprintf(m, sizeof(m), "%" PRIu64, pk_med);
	}
	if (raw && pk)
		snprintf(q, sizeof(q), "%.2f", (double)pk / (double)raw);
	printf("%-10s %-30s %7s  %-26s %7s %7s %6s\n", path, raw_how, r, how, p, m, q);
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

/* ---- the raw minimum of each path ---------------------------------------- */

struct raw {
	uint64_t b2b;		/* isb; mrs loop of b2b.h */
	uint64_t cloop;		/* pmukit_cycles() in a C loop */
	uint64_t seqlock;	/* perf user page, by hand */
	uint64_t read0_u;	/* read(), read_format 0, CPU_CYCLES:u */
	uint64_t read0_uk;	/* read(), read_format 0, CPU_CYCLES:uk */
	uint64_t readg_uk;	/* read(), GROUP|TOTAL_TIME_*|ID, CPU_CYCLES:uk */
};

static uint64_t min_of(uint64_t *v, unsigned int width)
{
	uint64_t min, med;

	summarise(v, N, width, &min, &med);
	return min;
}

static void raw_direct(struct raw *r)
{
	pmukit_ureg_t buf[N];
	uint64_t v[N];
	size_t i;

	rearm();
	if (pmukit_path_detect(PMUKIT_PATH_DIRECT, NULL, 0))
		return;
	pmukit_b2b_cycles(buf, N);
	for (i = 0; i < N; i++)
		v[i] = buf[i];
	r->b2b = min_of(v, sizeof(pmukit_ureg_t) * 8);
	for (i = 0; i < N; i++)
		v[i] = pmukit_cycles();
	r->cloop = min_of(v, sizeof(pmukit_ureg_t) * 8);
}

static int raw_open(uint64_t read_format, int user_only, int user_access)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	a.exclude_kernel = user_only;
	a.exclude_hv = user_only;
	a.read_format = read_format;
	a.config1 = user_access ? 2 : 0;	/* arm64: EL0 access to the counter */
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
}

/* glibc read() of one descriptor: the value is the first word in every format. */
static uint64_t raw_read(uint64_t read_format, int user_only)
{
	uint64_t v[N], buf[8];
	int fd = raw_open(read_format, user_only, 0);
	size_t i;

	if (fd < 0)
		return 0;
	for (i = 0; i < N; i++) {
		if (read(fd, buf, sizeof(buf)) < 8)
			break;
		v[i] = read_format & PERF_FORMAT_GROUP ? buf[3] : buf[0];
	}
	close(fd);
	return i == N ? min_of(v, 64) : 0;
}

/* The seqlock read of the perf user page, the cycle counter at index 32. */
static void raw_seqlock(struct raw *r)
{
#if defined(__aarch64__)
	const volatile struct perf_event_mmap_page *pc;
	long page = sysconf(_SC_PAGESIZE);
	uint64_t v[N], cnt, pmc;
	uint32_t seq, shift;
	int fd = raw_open(0, 0, 1);
	void *m;
	size_t i;

	if (fd < 0)
		return;
	m = mmap(NULL, (size_t)page, PROT_READ, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		close(fd);
		return;
	}
	pc = m;
	if (pc->cap_user_rdpmc && pc->index == 32) {
		for (i = 0; i < N; i++) {
			do {
				seq = pc->lock;
				__asm__ volatile("" ::: "memory");
				cnt = pc->offset;
				shift = 64 - pc->pmc_width;
				if (pc->index != 32)
					break;
				pmc = pmukit_cycles();
				cnt += (uint64_t)((int64_t)(pmc << shift) >> shift);
				__asm__ volatile("" ::: "memory");
			} while (pc->lock != seq);
			v[i] = cnt;
		}
		r->seqlock = min_of(v, 64);
	}
	munmap(m, (size_t)page);
	close(fd);
#else
	(void)r;	/* the 32-bit Arm kernel gives no counter to read */
#endif
}

/* ---- pmukit -------------------------------------------------------------- */

struct pk {
	int ok;
	uint64_t n_min, n_med;	/* pmukit_sample_n() */
	uint64_t s_min, s_med;	/* a loop of pmukit_sample() */
};

static void pk_path(enum pmukit_path path, const char *event, struct pk *out)
{
	const char *ev[] = { event };
	struct pmukit_options o = { .path = path, .cpu = -1 };
	struct pmukit_session *s;
	uint64_t v[N];
	int ret;

	memset(out, 0, sizeof(*out));
	rearm();
	ret = pmukit_open(&s, ev, 1, &o);
	if (ret) {
		printf("%-10s not available: %s\n", pmukit_path_name(path), pmukit_last_error());
		return;
	}
	pmukit_start(s);
	ret = pmukit_sample_n(s, v, N);
	if (!ret)
		summarise(v, N, pmukit_sample_width(s), &out->n_min, &out->n_med);
	if (!ret)
		ret = sample_loop(s, v, N);
	if (!ret)
		summarise(v, N, pmukit_sample_width(s), &out->s_min, &out->s_med);
	if (ret)
		printf("%-10s failed: %s\n", pmukit_path_name(path), pmukit_last_error());
	out->ok = !ret;
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
	row("clock", "-", 0, "sample_n, by PMCCNTR", best / N, best / N);
	pmukit_close(s);
}

/* ---- region markers ------------------------------------------------------ */

#define REGIONS_JSON "/tmp/bench-regions.json"

/* The regions' "nested_region" cost on @path, from a child's report; 0: none. */
static uint64_t region_pair(enum pmukit_path path)
{
	unsigned long long pair = 0;
	char line[256], *p;
	pid_t pid;
	FILE *f;
	int st;

	if (pmukit_path_detect(path, NULL, 0))
		return 0;	/* its bench row above said why */
	unlink(REGIONS_JSON);
	pid = fork();
	if (pid < 0)
		return 0;
	if (pid == 0) {
		setenv("PMUKIT_PATH", pmukit_path_name(path), 1);
		setenv("PMUKIT_REGIONS_EVENTS", "CPU_CYCLES:uk", 1);
		setenv("PMUKIT_REGIONS_FORMAT", "json", 1);
		setenv("PMUKIT_REGIONS_OUTPUT", REGIONS_JSON, 1);
		rearm();
		pmukit_region_begin("bench");
		pmukit_region_end("bench");
		exit(0);	/* the report is written at exit */
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		return 0;
	f = fopen(REGIONS_JSON, "r");
	if (!f)
		return 0;
	while (!pair && fgets(line, sizeof(line), f))
		if ((p = strstr(line, "\"nested_region\": ")))
			pair = strtoull(p + strlen("\"nested_region\": "), NULL, 10);
	fclose(f);
	return pair;
}

static void bench_regions(const struct raw *r)
{
	uint64_t d = region_pair(PMUKIT_PATH_DIRECT);
	uint64_t m = region_pair(PMUKIT_PATH_PERF_MMAP);
	uint64_t p = region_pair(PMUKIT_PATH_PERF);

	if (d)
		row("region", "direct: 2 reads, C loop", 2 * r->cloop, "BEGIN/END pair, direct", d, d);
	if (m)
		row("region", "perf-mmap: 2 seqlock reads", 2 * r->seqlock, "BEGIN/END pair, perf-mmap",
		    m, m);
	if (p)
		row("region", "perf: 2 read(), format 0", 2 * r->read0_uk, "BEGIN/END pair, perf",
		    p, p);
}

int main(void)
{
	struct raw r = { 0 };
	struct pk d, m, pu, puk;

	setvbuf(stdout, NULL, _IOLBF, 0);
	/* The raw reads first: a perf session may take EL0 access away. */
	raw_direct(&r);
	raw_seqlock(&r);
	r.read0_u = raw_read(0, 1);
	r.read0_uk = raw_read(0, 0);
	r.readg_uk = raw_read(PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
			      PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID, 0);
	pk_path(PMUKIT_PATH_DIRECT, "CPU_CYCLES:uk", &d);
	pk_path(PMUKIT_PATH_PERF_MMAP, "CPU_CYCLES:uk", &m);
	pk_path(PMUKIT_PATH_PERF, "CPU_CYCLES:u", &pu);
	pk_path(PMUKIT_PATH_PERF, "CPU_CYCLES:uk", &puk);

	printf("instructions per read (-icount shift=0: one instruction per cycle); min, and pmukit's median\n");
	printf("%-10s %-30s %7s  %-26s %7s %7s %6s\n", "path", "raw minimum", "raw",
	       "pmukit", "min", "median", "ratio");
	if (d.ok) {
		row("direct", "isb; mrs loop (b2b.h)", r.b2b, "pmukit_sample_n()", d.n_min, d.n_med);
		row("direct", "pmukit_cycles() in a C loop", r.cloop, "pmukit_sample()",
		    d.s_min, d.s_med);
	}
	bench_clock();
	if (m.ok)
		row("perf-mmap", "seqlock by hand, :uk", r.seqlock, "pmukit_sample()", m.s_min, m.s_med);
	if (pu.ok)
		row("perf", "read(), format 0, :u", r.read0_u, "pmukit_sample(), :u",
		    pu.s_min, pu.s_med);
	if (puk.ok) {
		row("perf", "read(), format 0, :uk", r.read0_uk, "pmukit_sample(), :uk",
		    puk.s_min, puk.s_med);
		row("perf", "read(), GROUP|TIMES|ID, :uk", r.readg_uk, "pmukit_sample(), :uk",
		    puk.s_min, puk.s_med);
	}
	bench_regions(&r);
	return 0;
}
