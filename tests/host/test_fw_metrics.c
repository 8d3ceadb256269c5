/* SPDX-License-Identifier: MIT */
/*
 * The firmware's metric report (fw/metrics.c, built here for the host with
 * fw/output.c) with a core's set chosen at build time, as a firmware image
 * does it: this file includes pmukit_fw_metrics.h with
 * PMUKIT_FW_CORE_METRICS naming Neoverse N1's table. The report prints the
 * topdown stage 1 first, every metric whose events were counted, in fixed
 * point, with the cycle counter as CYCLES, n/a and why otherwise; the
 * values are the library's for the same counts.
 */
#include <stdio.h>
#include <string.h>

#define PMUKIT_FW_CORE_METRICS "metrics/neoverse_n1.def"
#include "pmukit_fw.h"
#include "pmukit_fw_metrics.h"
#include "pmukit/pmukit.h"
#include "../tap.h"

static char out[8192];
static size_t len;

static void put(const char *s)
{
	size_t n = strlen(s);

	if (len + n < sizeof(out)) {
		memcpy(out + len, s, n + 1);
		len += n;
	}
}

/* In place of pmu_fw.c's (not linked here): the events below are all valid. */
int pmukit_fw_event_delta(const struct pmukit_fw_event *e, pmukit_fw_u64 *delta);
int pmukit_fw_event_delta(const struct pmukit_fw_event *e, pmukit_fw_u64 *delta)
{
	*delta = e->postval - e->preval;
	return e->flags & PMUKIT_FW_OVERFLOW ? PMUKIT_FW_EOVERFLOW : 0;
}

#define EV(n, num, delta)	{ .name = (n), .number = (num), .flags = PMUKIT_FW_VALID, \
				  .preval = 100, .postval = 100 + (delta) }

static int starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static const char *report(struct pmukit_fw_event *ev)
{
	len = 0;
	out[0] = 0;
	pmukit_fw_set_output(0, put);
	pmukit_fw_print_metrics(ev);
	return out;
}

int main(void)
{
	struct pmukit_fw_event ev[] = {
		EV("STALL_BACKEND", 0x24, 250),
		EV("STALL_FRONTEND", 0x23, 0),
		EV("INST_RETIRED", 0x08, 1000),
		EV("BR_MIS_PRED_RETIRED", 0x22, 3),
		EV("CYCLES", PMUKIT_FW_CYCLES, 1000),
		PMUKIT_FW_EV_END
	};
	const char *r;

	tap_ok(!strcmp(pmukit_metric_set_info(pmukit_fw_metric_set())->name, "neoverse-n1"),
	       "the image's set is Neoverse N1's, chosen at build time");
	r = report(ev);
	tap_ok(starts(r, "METRIC, VALUE, FORMULA\n"
			 "frontend_stalled_cycles,0.00%,STALL_FRONTEND / CYCLES * 100\n"
			 "backend_stalled_cycles,25.00%,STALL_BACKEND / CYCLES * 100\n"
			 "ipc,1.000,INST_RETIRED / CYCLES\n"),
	       "stage 1 first (the cycle accounting), then stage 2 (general: IPC), in fixed "
	       "point, CPU_CYCLES as CYCLES");
	tap_ok(strstr(r, "\nbranch_mpki,3.000,BR_MIS_PRED_RETIRED / INST_RETIRED * 1000\n") != NULL,
	       "branch MPKI = 3 / 1000 * 1000");
	tap_ok(strstr(r, "l1d_cache_mpki") == NULL, "a metric without its events is not printed");
	tap_ok(strstr(r, "Instructions") == NULL, "no descriptions in the image");

	ev[4].postval = ev[4].preval;
	r = report(ev);
	tap_ok(strstr(r, "backend_stalled_cycles,n/a,STALL_BACKEND / CYCLES * 100 "
			 "(CYCLES counted 0)\n") != NULL, "0 cycles: n/a, CYCLES counted 0");
	ev[4].number = PMUKIT_EVT_CPU_CYCLES;
	ev[4].postval = ev[4].preval + 500;
	r = report(ev);
	tap_ok(strstr(r, "backend_stalled_cycles,50.00%,") != NULL,
	       "no cycle counter: the CPU_CYCLES event serves");
	ev[0].flags |= PMUKIT_FW_OVERFLOW;
	r = report(ev);
	tap_ok(strstr(r, "backend_stalled_cycles,n/a,STALL_BACKEND / CYCLES * 100 "
			 "(a counter overflowed)\n") != NULL, "an overflowed counter: n/a and why");
	return tap_done();
}
