/* SPDX-License-Identifier: MIT */
/*
 * Region markers: what regions_exit.c (their report at exit) hands to regions_report.c
 * (the writer of that report).
 */
#ifndef PMUKIT_REGIONS_H
#define PMUKIT_REGIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pmukit/pmukit.h"

#define REG_MAX_EVENTS	8
#define REG_NAME_LEN	64

enum reg_format { REG_TABLE, REG_CSV, REG_JSON };

/* One region's counts, all threads added up. */
struct reg_sum {
	const char *name;
	uint64_t calls;
	uint64_t total[REG_MAX_EVENTS];
	uint64_t self[REG_MAX_EVENTS];
};

struct reg_report {
	enum reg_format format;
	int raw;
	const char *path;		/* the access path's name */
	unsigned int nevents;
	const char (*event)[REG_NAME_LEN];
	const uint64_t *in_cost;	/* taken off each region */
	const uint64_t *pair_cost;	/* and for each region inside it */
	/*
	 * Per event, pmukit_count_verdict() of its count over the markers'
	 * calibration (code that ran): not PMUKIT_COUNTED, no region's count
	 * of it is one, for why.
	 */
	const int *verdict;
	const char (*why)[PMUKIT_VERDICT_WHY_LEN];
	const struct reg_sum *sum;
	size_t n;
	/* ends without a begin, regions not closed, failed reads, too many */
	unsigned long unmatched, unclosed, failed, lost;
	int max_depth, max_regions;	/* the limits, for the warning */
};

void pmukit_regions_write(FILE *f, const struct reg_report *r);

#endif /* PMUKIT_REGIONS_H */
