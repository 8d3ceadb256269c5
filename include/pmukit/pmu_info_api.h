/* SPDX-License-Identifier: MIT */
/*
 * This machine's PMU (lib/pmu_info.c): its version and counters.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_PMU_INFO_API_H
#define PMUKIT_PMU_INFO_API_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the PMU of this machine ---------------------------------------- */

struct pmukit_pmu_info {
	uint32_t midr;		/* 0 when unknown (x86-64) */
	char core[32];		/* "cortex-a53", or "unknown" */
	unsigned int pmu_version;	/* ID_AA64DFR0.PMUVer / ID_DFR0.PerfMon; 0 unknown */
	unsigned int ncounters;	/* event counters (PMCR.N), 0 unknown */
	int cycle64;		/* 1: 64-bit cycle counter reads */
	int module_loaded;	/* /sys/kernel/pmukit exists */
	char module_mode[8];	/* "full", "read", "" */
	int perf_user_access;	/* kernel.perf_user_access, -1 if absent */
	int perf_paranoid;	/* kernel.perf_event_paranoid, or -100 */
};

PMUKIT_API int pmukit_pmu_info(struct pmukit_pmu_info *info);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_PMU_INFO_API_H */
