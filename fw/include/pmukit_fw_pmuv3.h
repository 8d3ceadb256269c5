/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Compatibility names for firmware written against Arm's published PMUv3
 * profiling example: selection arrays of struct pmu_event_selected whose
 * last entry is the cycle counter (event number -1), and the two profiling
 * points pmuv3_startProfiling() / pmuv3_stopProfiling(). Switching to
 * pmukit is a change of the include line:
 *
 *	struct pmu_event_selected evt_select_cache[] = {
 *		{ .event.name = "L1D_CACHE_REFILL", .event.number = 0x03 },
 *		{ .event.name = "L1D_CACHE", .event.number = 0x04 },
 *		{ .event.name = "CYCLES", .event.number = -1 },	// last entry
 *	};
 *	pmuv3_startProfiling(evt_select_cache);
 *	code_to_profile();
 *	pmuv3_stopProfiling(evt_select_cache);	// fills preval/postval, prints
 *
 * Underneath these call pmukit_fw_start()/pmukit_fw_stop(), with all of
 * their checks, level handling, overflow reporting and state restore.
 */
#ifndef PMUKIT_FW_PMUV3_H
#define PMUKIT_FW_PMUV3_H

#include "pmukit_fw.h"

struct pmu_event {
	const int number;	/* -1: the cycle counter, and the end of the array */
	const char *name;
};

struct pmu_event_selected {
	struct pmu_event event;
	pmukit_fw_u64 preval;
	pmukit_fw_u64 postval;
};

void pmuv3_startProfiling(struct pmu_event_selected *evt);
void pmuv3_stopProfiling(struct pmu_event_selected *evt);

#endif /* PMUKIT_FW_PMUV3_H */
