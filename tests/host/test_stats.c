/* SPDX-License-Identifier: MIT */
/*
 * pmukit_stats_compute() and pmukit_deltas() against values worked out by
 * hand. Each row carries its __LINE__, so a failure points at the row.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "pmukit/pmukit.h"
#include "core/compiler.h"
#include "../tap.h"

#define MAXS		100

static int near(double got, double want)
{
	return fabs(got - want) <= 1e-9 * (fabs(want) > 1 ? fabs(want) : 1);
}

static void test_stats(void)
{
	static const struct {
		int line;
		size_t n, discarded;
		uint64_t v[12];
		uint64_t min, max;
		double mean, sd, median, p5, p95;
	} rows[] = {
		{ __LINE__, 1, 0, { 5 }, 5, 5, 5, 0, 5, 5, 5 },
		{ __LINE__, 4, 0, { 1, 2, 3, 4 }, 1, 4, 2.5, 1.118033988749895, 2.5, 1, 4 },
		{ __LINE__, 3, 0, { 9, 1, 5 }, 1, 9, 5, 3.265986323710904, 5, 1, 9 },
		{ __LINE__, 5, 7, { 7, 7, 7, 7, 7 }, 7, 7, 7, 0, 7, 7, 7 },
		/* Even count: the median is the mean of the middle two. */
		{ __LINE__, 6, 0, { 6, 1, 5, 2, 4, 3 }, 1, 6, 3.5, 1.707825127659933, 3.5, 1, 6 },
		/* One slow sample: the mean moves, the median does not. */
		{ __LINE__, 5, 1, { 5, 5, 5, 5, 1005 }, 5, 1005, 205, 400, 5, 5, 1005 },
		/* Counts near 2^63 (doubles resolve 2048 there): no overflow. */
		{ __LINE__, 2, 0, { UINT64_C(9223372036854775808), UINT64_C(9223372036854779904) },
		  UINT64_C(9223372036854775808), UINT64_C(9223372036854779904),
		  9223372036854777856.0, 2048, 9223372036854777856.0, 9223372036854775808.0,
		  9223372036854779904.0 },
		{ __LINE__, 2, 0, { 0, UINT64_MAX }, 0, UINT64_MAX, 9223372036854775807.5,
		  9223372036854775807.5, 9223372036854775807.5, 0, 18446744073709551615.0 },
	};
	struct pmukit_stats st;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		uint64_t copy[12];
		int ret, ok;

		memcpy(copy, rows[i].v, sizeof(copy));
		ret = pmukit_stats_compute(rows[i].v, rows[i].n, rows[i].discarded, &st);
		ok = ret == 0 && st.n == rows[i].n && st.discarded == rows[i].discarded &&
		     st.min == rows[i].min && st.max == rows[i].max &&
		     near(st.mean, rows[i].mean) && near(st.sd, rows[i].sd) &&
		     near(st.median, rows[i].median) && near(st.p5, rows[i].p5) &&
		     near(st.p95, rows[i].p95);
		if (!tap_ok(ok, "line %d: statistics of %zu samples", rows[i].line, rows[i].n))
			tap_diag("  got ret %d n %zu disc %zu min %llu max %llu mean %.17g sd %.17g median %.17g p5 %.17g p95 %.17g",
				 ret, st.n, st.discarded, (unsigned long long)st.min,
				 (unsigned long long)st.max, st.mean, st.sd, st.median, st.p5, st.p95);
		tap_ok(!memcmp(copy, rows[i].v, sizeof(copy)),
		       "line %d: the samples are left as they were", rows[i].line);
	}
}

/* 1..100 and 1..20: where the nearest-rank percentiles fall. */
static void test_percentiles(void)
{
	static const struct {
		int line;
		size_t n;
		double p5, p95, median;
	} rows[] = {
		{ __LINE__, 100, 5, 95, 50.5 },
		{ __LINE__, 20, 1, 19, 10.5 },
		{ __LINE__, 19, 1, 19, 10 },
		{ __LINE__, 21, 2, 20, 11 },
		{ __LINE__, 2, 1, 2, 1.5 },
	};
	uint64_t v[MAXS];
	struct pmukit_stats st;
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		/* Descending, to show the order does not matter. */
		for (k = 0; k < rows[i].n; k++)
			v[k] = rows[i].n - k;
		pmukit_stats_compute(v, rows[i].n, 0, &st);
		if (!tap_ok(st.p5 == rows[i].p5 && st.p95 == rows[i].p95 &&
			    st.median == rows[i].median,
			    "line %d: 1..%zu: p5 %.0f, p95 %.0f, median %.1f", rows[i].line,
			    rows[i].n, rows[i].p5, rows[i].p95, rows[i].median))
			tap_diag("  got p5 %g p95 %g median %g", st.p5, st.p95, st.median);
	}
}

static void test_stats_errors(void)
{
	struct pmukit_stats st;
	uint64_t v = 1;

	tap_eq(pmukit_stats_compute(&v, 0, 0, &st), -EINVAL, "no samples: -EINVAL");
	tap_eq(pmukit_stats_compute(NULL, 1, 0, &st), -EINVAL, "no array: -EINVAL");
	tap_eq(pmukit_stats_compute(&v, 1, 0, NULL), -EINVAL, "no result: -EINVAL");
}

static void test_deltas(void)
{
	static const struct {
		int line;
		unsigned int width;
		size_t n;
		uint64_t r[6];
		size_t want_n, want_disc;
		uint64_t want[5];
	} rows[] = {
		{ __LINE__, 64, 3, { 1, 5, 12 }, 2, 0, { 4, 7 } },
		{ __LINE__, 64, 3, { 7, 7, 7 }, 2, 0, { 0, 0 } },
		/* A 32-bit counter that wrapped: the pair is left out. */
		{ __LINE__, 32, 2, { 0xfffffff0, 0x10 }, 0, 1, { 0 } },
		{ __LINE__, 32, 4, { 0xfffffff0, 0xfffffff5, 0x3, 0x9 }, 2, 1, { 5, 6 } },
		/* Bits above the width are not the counter's. */
		{ __LINE__, 32, 2, { UINT64_C(0x100000005), UINT64_C(0x200000009) }, 1, 0, { 4 } },
		/* The same readings at 64 bits are just far apart. */
		{ __LINE__, 64, 2, { UINT64_C(0x100000005), UINT64_C(0x200000009) }, 1, 0,
		  { UINT64_C(0x100000004) } },
		{ __LINE__, 64, 2, { 100, 99 }, 0, 1, { 0 } },
		{ __LINE__, 0, 2, { 1, UINT64_MAX }, 1, 0, { UINT64_MAX - 1 } },
		{ __LINE__, 200, 2, { 1, 3 }, 1, 0, { 2 } },
		{ __LINE__, 16, 3, { 0xfffe, 0x10001, 0x10003 }, 1, 1, { 2 } },
		{ __LINE__, 64, 1, { 5 }, 0, 0, { 0 } },
		{ __LINE__, 64, 0, { 0 }, 0, 0, { 0 } },
	};
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		uint64_t d[6] = { 0 };
		size_t disc = 0, n = pmukit_deltas(rows[i].r, rows[i].n, rows[i].width, d, &disc);
		int ok = n == rows[i].want_n && disc == rows[i].want_disc;

		for (k = 0; ok && k < n; k++)
			ok = d[k] == rows[i].want[k];
		if (!tap_ok(ok, "line %d: deltas of %zu readings at %u bits", rows[i].line,
			    rows[i].n, rows[i].width))
			tap_diag("  got %zu deltas (first %llu), %zu discarded", n,
				 (unsigned long long)d[0], disc);
	}
	{
		uint64_t r[3] = { 1, 0, 2 }, d[2];
		size_t disc = 5;

		tap_eq(pmukit_deltas(r, 3, 64, d, &disc), 1, "one pair left out of two");
		tap_eq(disc, 6, "discards are added to what *discarded held");
		tap_eq(pmukit_deltas(r, 3, 64, d, NULL), 1, "discarded may be NULL");
	}
}

int main(void)
{
	test_stats();
	test_percentiles();
	test_stats_errors();
	test_deltas();
	return tap_done();
}
