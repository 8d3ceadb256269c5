/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Integer arithmetic for the derived metrics and the pass planner. 32-bit
 * ARM has no 64-bit divide instruction and firmware links no libgcc, so
 * division is done here by shift and subtract; it runs outside the
 * profiled region.
 */
#include "pmu_fw_internal.h"

uint64_t pmukit_fw_udiv64(uint64_t n, uint64_t d, uint64_t *rem)
{
	uint64_t q = 0, r = 0;
	int i;

	if (d == 0) {
		if (rem)
			*rem = 0;
		return 0;
	}
	for (i = 63; i >= 0; i--) {
		r = (r << 1) | ((n >> i) & 1);
		if (r >= d) {
			r -= d;
			q |= (uint64_t)1 << i;
		}
	}
	if (rem)
		*rem = r;
	return q;
}

uint64_t pmukit_fw_ratio(uint64_t n, uint64_t d, uint64_t scale)
{
	uint64_t limit = pmukit_fw_udiv64(~(uint64_t)0 >> 1, scale, 0);

	/* Keep n * scale within 64 bits: drop low bits of both terms. */
	while (n > limit) {
		n >>= 1;
		d >>= 1;
	}
	if (d == 0)
		return 0;
	return pmukit_fw_udiv64(n * scale + (d >> 1), d, 0);
}
