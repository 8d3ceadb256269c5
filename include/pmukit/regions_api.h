/* SPDX-License-Identifier: MIT */
/*
 * Region markers (lib/regions*.c): counts between two calls added up by
 * name, written at exit.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_REGIONS_API_H
#define PMUKIT_REGIONS_API_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- region markers --------------------------------------------------- */

/*
 * Build with -DPMUKIT_MARKERS to count regions; without it the markers
 * compile to nothing. Per region: calls and totals of each event, written at
 * exit to stderr (or $PMUKIT_REGIONS_OUTPUT, replaced but never through a
 * symbolic link; "-": stdout) as a table, CSV or JSON
 * ($PMUKIT_REGIONS_FORMAT=table|csv|json). Events: $PMUKIT_REGIONS_EVENTS
 * (default CPU_CYCLES), path: $PMUKIT_PATH (default auto). A set-user-ID
 * program ignores these variables (secure_getenv).
 *
 * Totals are inclusive of nested regions ("self" leaves them out); a
 * region entered again while open (recursion) counts its calls but adds to
 * the total once. The markers' own cost, measured once per process, is
 * taken off every region unless $PMUKIT_REGIONS_RAW=1. Each thread counts
 * in its own session (on the direct path: pinned to the CPU it was on). An
 * event that read 0 across that measurement of the markers did not count
 * (pmukit_count_verdict()): the report says so in place of its totals.
 */
PMUKIT_API void pmukit_region_begin(const char *name);
PMUKIT_API void pmukit_region_end(const char *name);

#ifdef PMUKIT_MARKERS
#define PMUKIT_REGION_BEGIN(name)	pmukit_region_begin(name)
#define PMUKIT_REGION_END(name)		pmukit_region_end(name)
#else
#define PMUKIT_REGION_BEGIN(name)	((void)0)
#define PMUKIT_REGION_END(name)		((void)0)
#endif

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_REGIONS_API_H */
