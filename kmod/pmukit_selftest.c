// SPDX-License-Identifier: GPL-2.0
/*
 * In-kernel back-to-back cycle-counter reads with integer statistics: the
 * cost of one read as the hardware sees it, without user space in the way.
 */
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/string.h>

#include <pmukit/b2b.h>
#include "pmukit_kmod.h"

/*
 * Deltas above this are not reads but something else (an SError, an NMI):
 * leaving them out keeps every sum below 2^64 (100 * (10^6 * 100)^2 < 2^64).
 */
#define PMUKIT_SELFTEST_MAX_DELTA	1000000ULL

/* Runs on the CPU being tested, with interrupts disabled (IPI context). */
void pmukit_selftest_cpu(struct pmukit_selftest_result *res)
{
	pmukit_ureg_t buf[PMUKIT_SELFTEST_READS];
	u64 sum = 0, sq = 0, d, dev;
	unsigned int i, n = 0;

	memset(res, 0, sizeof(*res));
	res->pmcr = pmukit_read_pmcr();
	res->pmcntenset = pmukit_read_pmcntenset();
	if (!(res->pmcr & PMUKIT_PMCR_E_BIT) || !(res->pmcntenset & PMUKIT_CYCLE_COUNTER_BIT)) {
		res->stopped = true;	/* every delta would be 0: not a measurement */
		return;
	}
	if (pmukit_cfg.pmuv3) {
		/* PMCCFILTR: perf may hold the cycle counter with EL1 (and EL2) filtered out. */
		res->pmccfiltr = pmukit_read_pmccfiltr();
		if (pmukit_cfg.kernel_el == 2 ? !(res->pmccfiltr & PMUKIT_PMEVTYPER_NSH_BIT) :
		    (res->pmccfiltr & PMUKIT_PMEVTYPER_P_BIT)) {
			res->filtered = true;
			return;
		}
	}
	pmukit_b2b_cycles(buf, PMUKIT_SELFTEST_READS);

	res->min = U64_MAX;
	for (i = 1; i < PMUKIT_SELFTEST_READS; i++) {
		if (buf[i] < buf[i - 1]) {	/* the counter wrapped */
			res->wrapped++;
			continue;
		}
		d = buf[i] - buf[i - 1];
		if (d > PMUKIT_SELFTEST_MAX_DELTA) {
			res->outliers++;
			continue;
		}
		buf[n++] = d;	/* reuse the buffer for the deltas kept */
		sum += d;
		res->min = min(res->min, d);
		res->max = max(res->max, d);
	}
	res->samples = n;
	if (!n)
		return;
	res->mean_x100 = div_u64(sum * 100 + n / 2, n);
	for (i = 0; i < n; i++) {
		u64 x = (u64)buf[i] * 100;

		dev = x > res->mean_x100 ? x - res->mean_x100 : res->mean_x100 - x;
		sq += dev * dev;
	}
	res->sd_x100 = int_sqrt64(div_u64(sq, n));
	res->valid = true;
}
