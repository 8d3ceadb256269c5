/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Integer arithmetic for the derived metrics and the pass planner: the
 * core's (core/arith.c), which divides by shift and subtract, as 32-bit
 * ARM has no 64-bit divide instruction and firmware links no libgcc. It
 * runs outside the profiled region.
 */
#include "pmu_fw_internal.h"
#include "core/core.h"

uint64_t pmukit_fw_udiv64(uint64_t n, uint64_t d, uint64_t *rem)
{
	return pmukit_core_udiv64(n, d, rem);
}

uint64_t pmukit_fw_ratio(uint64_t n, uint64_t d, uint64_t scale)
{
	return pmukit_core_ratio(n, d, scale);
}
