/* SPDX-License-Identifier: MIT */
/*
 * Distributions of samples: a histogram in the terminal, and an SVG file
 * with one histogram per series, written by hand (no library).
 */
#ifndef PMUKIT_CLI_PLOT_H
#define PMUKIT_CLI_PLOT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HIST_MAX_BINS	40

struct hist {
	uint64_t lo;		/* first bin starts here */
	uint64_t width;		/* values per bin, >= 1 */
	unsigned int nbins;
	uint64_t count[HIST_MAX_BINS];
	uint64_t above;		/* samples past the last bin (the slow tail) */
	uint64_t total;
	uint64_t max;		/* the largest sample */
};

/* Bins over [min, p99]; the few slower samples are counted in 'above'. */
void hist_build(struct hist *h, const uint64_t *v, size_t n, unsigned int maxbins);
void hist_print(FILE *f, const struct hist *h, int barwidth);

struct plot_series {
	const char *name;	/* "direct" */
	const char *unit;	/* "CPU_CYCLES" */
	const uint64_t *v;
	size_t n;
};

/* The SVG document, one panel per series, on @f. */
void svg_write(FILE *f, const char *title, const struct plot_series *s, size_t n);

#endif /* PMUKIT_CLI_PLOT_H */
