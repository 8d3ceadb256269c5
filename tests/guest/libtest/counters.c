// SPDX-License-Identifier: MIT
/*
 * libtest swincr, wrap and wrap-long: the direct path's counters written
 * by hand (full access lets EL0 do it): SW_INCR counting PMSWINC writes,
 * 32-bit counters wrapping inside a window, and two wraps between reads.
 */
#define _GNU_SOURCE
#include <time.h>
#include <pmukit/sysreg.h>

#include "libtest.h"

/* ---- SW_INCR ---------------------------------------------------------- */

int cmd_swincr(void)
{
	static const char *const ev[] = { "SW_INCR" };
	static const unsigned long writes[] = { 1, 1000 };
	struct pmukit_count c;
	struct pmukit_session *s;
	struct pmukit_pmu_info info;
	unsigned int i, k;
	int ret;

	pmukit_pmu_info(&info);
	ret = open_on(PMUKIT_PATH_DIRECT, ev, 1, 0, &s);
	if (!ok_ret(ret, "direct: open SW_INCR"))
		return tap_done();
	for (k = 0; k < 2; k++) {
		pmukit_reset(s);
		ret = pmukit_start(s);
		/* PMSWINC: one increment on every SW_INCR counter (bits 0..N-1). */
		for (i = 0; i < writes[k] && !ret; i++)
			pmukit_write_pmswinc((1UL << info.ncounters) - 1);
		if (!ret)
			ret = pmukit_stop(s);
		if (!ret)
			ret = pmukit_read(s, &c);
		tap_eq(ret ? -1 : (long long)c.value, writes[k],
		       "direct: SW_INCR counts %lu PMSWINC writes exactly", writes[k]);
	}
	pmukit_close(s);
	return tap_done();
}

/* ---- 32-bit counters wrapping inside a measurement ---------------------- */

/*
 * Every counter 2048 below its wrap (full access lets EL0 write them): more
 * than the few hundred instructions of reset and start, fewer than the
 * 2000 of the loop, so each wraps inside the loop.
 */
#define BELOW_WRAP	2048U

static void near_wrap(unsigned int ncounters)
{
	unsigned int i;

	for (i = 0; i < ncounters; i++)
		pmukit_write_pmevcntr(i, 0U - BELOW_WRAP);	/* PMEVCNTRn: 32 bits */
	/* PMCCNTR: 64 bits on AArch64, 32 on AArch32 (without mrrc). */
	pmukit_write_pmccntr(sizeof(long) == 8 ? 0ULL - BELOW_WRAP : 0U - BELOW_WRAP);
	pmukit_isb();
}

int cmd_wrap(void)
{
	static const char *const ev[] = { "INST_RETIRED:u", "CPU_CYCLES:u", "CPU_CYCLES:uk" };
	struct pmukit_pmu_info info;
	struct pmukit_session *s;
	struct pmukit_count c0[3], c1[3];
	uint64_t after0 = 0, after_cc = 0;
	unsigned int e;
	int ret;

	pmukit_pmu_info(&info);
	if (sizeof(long) == 4)
		tap_diag("64-bit PMCCNTR read (mrrc): %s", info.cycle64 ? "works" :
			 "UNDEFINED here (QEMU 7.2 has none): 32-bit reads, extended in software");
	ret = open_on(PMUKIT_PATH_DIRECT, ev, 3, 0, &s);
	if (!ok_ret(ret, "direct: open INST_RETIRED:u, CPU_CYCLES:u, CPU_CYCLES:uk"))
		return tap_done();
	/* Windows no interrupt came into: CPU_CYCLES:uk counts the handler too. */
	GUEST_IRQ_QUIET(ret,
			ret = window_stop(s, 0, c0);
			near_wrap(info.ncounters);
			if (!ret)
				ret = window_stop(s, 1000, c1);
			after0 = pmukit_read_pmevcntr(0);
			after_cc = pmukit_read_pmccntr());
	/* Small again: the counters went past their top during the window. */
	tap_ok(after0 < 2 * 2000 + 1000 && after_cc < 2 * 2000 + 1000,
	       "direct: event counter 0 and the cycle counter wrapped during the window");
	for (e = 0; e < 3; e++)
		if (!tap_ok(!ret && c1[e].value - c0[e].value == 2000,
			    "direct: %s wraps inside a 1000-iteration loop and still counts exactly 2000",
			    pmukit_event_name(s, e)))
			tap_diag("  %d (%s): %" PRIu64 " - %" PRIu64, ret, pmukit_last_error(),
				 ret ? 0 : c1[e].value, c0[e].value);
	pmukit_close(s);
	return tap_done();
}

/*
 * Two wraps between two reads 600 ms apart (longer than the 62.5 ms, 0.5 s
 * for CPU_CYCLES, in which fewer than 2^32 events fit, so that the library
 * can tell one wrap from none by the values alone): the
 * counters are set near their top, a loop takes each past it, again, and
 * again. A 32-bit counter's count is then not known: pmukit_read() says
 * -EOVERFLOW and pmukit_wrapped() names it, with 0 for the count, never
 * the low bits of one. A 64-bit counter (PMCR.LP, AArch64's PMCCNTR) went
 * past 2^32, which is no wrap: it keeps a count. Interrupts do not matter
 * here (nothing is compared exactly), so no window is measured again.
 */
int cmd_wrap_long(void)
{
	static const char *const ev[] = { "INST_RETIRED:u", "CPU_CYCLES:u" };
	const struct timespec pause = { 0, 600 * 1000 * 1000 };
	struct pmukit_pmu_info info;
	struct pmukit_session *s;
	struct pmukit_count c[2];
	unsigned int e, width[2];
	int ret, ret_read;

	pmukit_pmu_info(&info);
	ret = open_on(PMUKIT_PATH_DIRECT, ev, 2, 0, &s);
	if (!ok_ret(ret, "direct: open INST_RETIRED:u, CPU_CYCLES:u"))
		return tap_done();
	/* Event 0's width is the event counters'; the cycle counter's: ISA and mrrc. */
	width[0] = pmukit_sample_width(s);
	width[1] = sizeof(long) == 8 || info.cycle64 ? 64 : 32;
	tap_diag("event counters %u bits, cycle counter read %u bits", width[0], width[1]);
	ret = pmukit_reset(s);
	if (!ret)
		ret = pmukit_start(s);
	if (!ret) {
		near_wrap(info.ncounters);
		spin(1000);
		nanosleep(&pause, NULL);
		near_wrap(info.ncounters);
		spin(1000);
		ret = pmukit_stop(s);
	}
	ret_read = ret ? ret : pmukit_read(s, c);
	if (!ok_ret(ret, "direct: start, two wraps 600 ms apart, stop"))
		goto out;
	tap_ok(ret_read == (width[0] == 32 || width[1] == 32 ? -EOVERFLOW : 0),
	       "direct: pmukit_read() says -EOVERFLOW exactly when a 32-bit counter took part (%d: %s)",
	       ret_read, ret_read ? pmukit_last_error() : "no error");
	for (e = 0; e < 2; e++) {
		const char *name = pmukit_event_name(s, e);

		if (width[e] == 32) {
			tap_ok(pmukit_wrapped(s, e) && c[e].value == 0 &&
			       strstr(pmukit_last_error(), name) != NULL,
			       "direct: %s on a 32-bit counter: wrapped, named in the message, count 0 (%" PRIu64 ")",
			       name, c[e].value);
		} else {
			/* Past 2^32 after the first loop, set back below it before the second. */
			tap_ok(!pmukit_wrapped(s, e),
			       "direct: %s on a 64-bit counter went past 2^32 without a wrap (%" PRIu64 ")",
			       name, c[e].value);
		}
	}
	/* A reset forgets the wrap: a short window counts again. */
	ret = window_stop(s, 1000, c);
	tap_ok(!ret && !pmukit_wrapped(s, 0) && !pmukit_wrapped(s, 1) && c[0].value >= 2000,
	       "direct: after pmukit_reset() the counts are known again (%d, %" PRIu64 ")", ret,
	       ret ? 0 : c[0].value);
out:
	pmukit_close(s);
	return tap_done();
}
