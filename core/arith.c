// SPDX-License-Identifier: MIT OR BSD-3-Clause
/*
 * Integer division for the pass planner and the metric engine, the same on
 * every target: shift and subtract, so that neither 32-bit ARM firmware
 * (no libgcc) nor the library depends on a divide instruction or helper.
 */
#include "core.h"

uint64_t pmukit_core_udiv64(uint64_t n, uint64_t d, uint64_t *rem)
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

uint64_t pmukit_core_ratio(uint64_t n, uint64_t d, uint64_t scale)
{
	uint64_t limit = pmukit_core_udiv64(~(uint64_t)0 >> 1, scale, 0);

	/* Keep n * scale within 64 bits: drop low bits of both terms. */
	while (n > limit) {
		n >>= 1;
		d >>= 1;
	}
	if (d == 0)
		return 0;
	return pmukit_core_udiv64(n * scale + (d >> 1), d, 0);
}
