// SPDX-License-Identifier: MIT
/*
 * The markers' own cost, measured once per process by the first thread
 * that counts (regions.c): the smallest of many empty regions, of regions
 * holding one, and of regions holding one whose begin goes the long way.
 * Each calibration region's raw count comes from its close (reg_calib_on());
 * the calibration's names are hidden from the report.
 */
#include <stdint.h>
#include <string.h>

#include "pmukit/pmukit.h"
#include "regions_state.h"

const char reg_calib_outer[] = "pmukit calibration";
const char reg_calib_inner[] = "pmukit calibration, nested";
const char reg_calib_slow[] = "pmukit calibration, out of line";

static uint64_t sub0(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

/* The raw count of a calibration region holding a pair of @inner, into @out. */
static void calib_pair(const char *inner, uint64_t *out)
{
	memset(out, 0xff, REG_MAX_EVENTS * sizeof(*out));
	pmukit_region_begin(reg_calib_outer);
	pmukit_region_begin(inner);
	pmukit_region_end(inner);
	reg_calib_on(out);
	pmukit_region_end(reg_calib_outer);
	reg_calib_off();
}

/* @best[i]: the smallest of itself and @b[i] - @a[i], per event. */
static void calib_min(uint64_t *best, const uint64_t *a, const uint64_t *b)
{
	unsigned int i;

	for (i = 0; i < reg_cfg.nevents; i++)
		if (sub0(b[i], a[i]) < best[i])
			best[i] = sub0(b[i], a[i]);
}

void reg_calibrate(uint64_t *read_cost, uint64_t *slow_cost)
{
	uint64_t empty[REG_MAX_EVENTS], outer[REG_MAX_EVENTS], slow[REG_MAX_EVENTS];
	uint64_t best_empty[REG_MAX_EVENTS], best_outer[REG_MAX_EVENTS], best_slow[REG_MAX_EVENTS];
	uint64_t a[REG_MAX_EVENTS], b[REG_MAX_EVENTS], glue[REG_MAX_EVENTS];
	unsigned int i, k;
	int ok;

	for (i = 0; i < reg_cfg.nevents; i++)
		best_empty[i] = best_outer[i] = best_slow[i] = read_cost[i] = glue[i] = UINT64_MAX;
	for (k = 0; k < REG_CALIBRATE_RUNS; k++) {
		if (!reg_read_counts(a) && !reg_read_counts(b))
			calib_min(read_cost, a, b);
		if (reg_read_counts(a))
			continue;
		reg_calib_on(empty);
		ok = !reg_read_counts(b);
		reg_calib_off();
		if (ok)
			calib_min(glue, a, b);
	}
	for (i = 0; i < reg_cfg.nevents; i++) {
		if (read_cost[i] == UINT64_MAX)
			read_cost[i] = 0;
		glue[i] = glue[i] == UINT64_MAX ? 0 : sub0(glue[i], read_cost[i]);
	}
	/* The names first, so that none of the measured calls adds one. */
	reg_calib_names();
	for (k = 0; k < REG_CALIBRATE_RUNS; k++) {
		memset(empty, 0xff, sizeof(empty));
		reg_calib_on(empty);
		pmukit_region_begin(reg_calib_outer);
		pmukit_region_end(reg_calib_outer);
		reg_calib_off();
		calib_pair(reg_calib_inner, outer);
		calib_pair(reg_calib_slow, slow);

		for (i = 0; i < reg_cfg.nevents; i++) {
			if (empty[i] < best_empty[i])
				best_empty[i] = empty[i];
			if (outer[i] < best_outer[i])
				best_outer[i] = outer[i];
			if (slow[i] < best_slow[i])
				best_slow[i] = slow[i];
		}
	}
	for (i = 0; i < reg_cfg.nevents; i++) {
		reg_in_cost[i] = best_empty[i] == UINT64_MAX ? 0 : best_empty[i];
		/* reg_calib_on() is in the region holding the pair: not the pair's */
		reg_pair_cost[i] = best_outer[i] == UINT64_MAX ? 0 :
			       sub0(best_outer[i], reg_in_cost[i] + glue[i]);
		slow_cost[i] = best_slow[i] == UINT64_MAX || best_outer[i] == UINT64_MAX ?
			       0 : sub0(best_slow[i], best_outer[i]);
	}
}
