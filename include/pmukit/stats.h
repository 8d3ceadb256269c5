/* SPDX-License-Identifier: MIT */
/*
 * Statistics of repeated readings (lib/stats.c): mean, deviation,
 * outliers, deltas of wrapping counters.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_STATS_H
#define PMUKIT_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- statistics ----------------------------------------------------- */

struct pmukit_stats {
	size_t n;		/* samples used */
	size_t discarded;	/* samples left out (wrapped counter, migration) */
	uint64_t min, max;
	double mean, sd;	/* population standard deviation */
	double median, p5, p95;	/* nearest-rank percentiles */
};

/**
 * pmukit_stats_compute() - statistics of @n samples (the array is not changed).
 * @discarded: carried into the result, for the caller's own discards.
 * Return: 0, or -EINVAL when n is 0.
 */
PMUKIT_API int pmukit_stats_compute(const uint64_t *samples, size_t n, size_t discarded,
				    struct pmukit_stats *out);

/**
 * pmukit_deltas() - differences of consecutive @readings of a counter @width
 * bits wide; a pair where the counter wrapped is left out and added to
 * *@discarded (may be NULL). Return: number of deltas written to @deltas
 * (at most n - 1).
 */
PMUKIT_API size_t pmukit_deltas(const uint64_t *readings, size_t n, unsigned int width,
				uint64_t *deltas, size_t *discarded);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_STATS_H */
