// SPDX-License-Identifier: MIT
/*
 * Statistics of repeated measurements: pmukit_stats_compute() and
 * pmukit_deltas(). Counts are integers; the mean and the spread are doubles
 * so that 64-bit sums cannot overflow.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pmukit/pmukit.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Nearest rank: the smallest sample with at least pct percent of the samples
 * at or below it. Integer arithmetic, so that 5% of 20 samples is exactly
 * the first one and not a rounding accident.
 */
static uint64_t nearest_rank(const uint64_t *sorted, size_t n, unsigned int pct)
{
	size_t rank = (size_t)(((unsigned long long)n * pct + 99) / 100);

	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

/**
 * pmukit_stats_compute() - statistics of @n samples (the array is not changed).
 * @samples: the values, in any order
 * @n: how many
 * @discarded: carried into the result, for the caller's own discards
 * @out: the result
 *
 * The median of an even number of samples is the mean of the two middle
 * ones; p5 and p95 are nearest-rank percentiles, so they are always one of
 * the samples. The standard deviation is the population one (divided by n),
 * as the samples are the whole measurement, not an estimate of one.
 *
 * Return: 0, -EINVAL when n is 0 or a pointer is NULL, -ENOMEM.
 */
int pmukit_stats_compute(const uint64_t *samples, size_t n, size_t discarded,
			 struct pmukit_stats *out)
{
	uint64_t *sorted;
	double mean = 0, m2 = 0;
	size_t i;

	if (!samples || !out || n == 0)
		return -EINVAL;
	sorted = malloc(n * sizeof(*sorted));
	if (!sorted)
		return -ENOMEM;
	memcpy(sorted, samples, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_u64);

	/* Welford's update: no sum of squares of large counts to lose digits in. */
	for (i = 0; i < n; i++) {
		double x = (double)samples[i], d = x - mean;

		mean += d / (double)(i + 1);
		m2 += d * (x - mean);
	}

	memset(out, 0, sizeof(*out));
	out->n = n;
	out->discarded = discarded;
	out->min = sorted[0];
	out->max = sorted[n - 1];
	out->mean = mean;
	out->sd = m2 > 0 ? sqrt(m2 / (double)n) : 0.0;
	if (n % 2)
		out->median = (double)sorted[n / 2];
	else
		out->median = ((double)sorted[n / 2 - 1] + (double)sorted[n / 2]) / 2.0;
	out->p5 = (double)nearest_rank(sorted, n, 5);
	out->p95 = (double)nearest_rank(sorted, n, 95);
	free(sorted);
	return 0;
}

/**
 * pmukit_deltas() - differences of consecutive readings of one counter.
 * @readings: the counter values in the order they were read
 * @n: how many readings
 * @width: the counter's width in bits (32 for ARMv7 PMCCNTR, 64 for
 *	PMCCNTR_EL0); 0 or more than 64 mean 64
 * @deltas: room for n - 1 differences
 * @discarded: incremented for each pair left out; may be NULL
 *
 * Readings are first cut to @width bits, as a 32-bit counter read into a
 * 64-bit variable may carry garbage above. A pair where the later reading
 * is smaller wrapped (or was reset) in between: its true distance cannot be
 * told from one wrap or several, so it is left out rather than guessed.
 *
 * Return: the number of deltas written (at most n - 1).
 */
size_t pmukit_deltas(const uint64_t *readings, size_t n, unsigned int width,
		     uint64_t *deltas, size_t *discarded)
{
	uint64_t mask = width == 0 || width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
	size_t i, out = 0;

	if (!readings || !deltas || n < 2)
		return 0;
	for (i = 1; i < n; i++) {
		uint64_t a = readings[i - 1] & mask, b = readings[i] & mask;

		if (b < a) {
			if (discarded)
				(*discarded)++;
			continue;
		}
		deltas[out++] = b - a;
	}
	return out;
}
