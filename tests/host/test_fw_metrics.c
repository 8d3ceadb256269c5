/* SPDX-License-Identifier: MIT */
/*
 * The firmware's metric report (fw/report_metrics.c, built here for the host with
 * fw/output.c) with a core's set chosen at build time, as a firmware image
 * does it: this file includes pmukit_fw_metrics.h with
 * PMUKIT_FW_CORE_METRICS naming Neoverse N1's table. The report prints the
 * topdown stage 1 first, every metric whose events were counted, in fixed
 * point, with the cycle counter as CYCLES, n/a and why otherwise; the
 * values are the library's for the same counts.
 *
 * Then the passes planned from metrics (fw/fw_passes.c, built here too, over
 * a stand-in PMU of a chosen number of counters whose counts come from a
 * table): topdown stage 1, stage 1 + 2, names of metrics and groups, each
 * metric's events in one pass where the counters allow, unknown names.
 */
#include <stdio.h>
#include <string.h>

#define PMUKIT_FW_CORE_METRICS "metrics/neoverse_n1.def"
#include "pmukit_fw.h"
#include "pmukit_fw_metrics.h"
#include "pmukit/pmukit.h"
#include "../tap.h"
#include "fw_host.h"

/*
 * In place of pmu_fw.c's, which decodes the registers it read the same
 * way: PMCEID unknown, or (qemu_ceid) PMCEID0/1 as QEMU 7.2's Neoverse N1
 * has them at EL1, read as 64 bits: 0x00, 0x08, 0x11, 0x23, 0x24.
 */
static int qemu_ceid;

int pmukit_fw_event_implemented(int number);
int pmukit_fw_event_implemented(int number)
{
	static const uint64_t ceid[2] = { 0x20101, 0x18 };

	if (!qemu_ceid || number < 0)
		return -1;
	return pmukit_pmceid_has(ceid, 64, (unsigned int)number);
}

/* ---- a stand-in PMU for fw/fw_passes.c ---- */

static unsigned int ncounters = 6;
static unsigned int nstarts;
static unsigned int slow_run;	/* this run (1-based) takes twice as long: every count doubled */

unsigned int pmukit_fw_num_counters(void)
{
	return ncounters;
}

void pmukit_fw_set_title(const char *title)
{
	(void)title;
}

const char *pmukit_fw_level_name(void)
{
	return "EL1";
}

/* What each event counts in one run: a loop of 1000 cycles. */
static pmukit_fw_u64 count_of(int number)
{
	switch (number) {
	case PMUKIT_FW_CYCLES:
	case 0x08:		/* INST_RETIRED */
	case 0x1b:		/* INST_SPEC */
		return 1000;
	case 0x24:		/* STALL_BACKEND */
		return 250;
	case 0x78:		/* BR_IMMED_SPEC */
		return 100;
	case 0x7a:		/* BR_INDIRECT_SPEC */
		return 10;
	default:
		return 0;
	}
}

int pmukit_fw_start(struct pmukit_fw_event *ev)
{
	unsigned int i, n = 0;

	for (i = 0; ev[i].number != PMUKIT_FW_END; i++) {
		n += ev[i].number != PMUKIT_FW_CYCLES;
		ev[i].counter = ev[i].number == PMUKIT_FW_CYCLES ? 31 : i;
		ev[i].preval = 100;
	}
	if (n > ncounters)
		return PMUKIT_FW_E2BIG;
	nstarts++;
	return 0;
}

int pmukit_fw_stop(struct pmukit_fw_event *ev)
{
	unsigned int i;

	for (i = 0; ev[i].number != PMUKIT_FW_END; i++) {
		ev[i].postval = ev[i].preval + count_of(ev[i].number) * (nstarts == slow_run ? 2 : 1);
		ev[i].flags |= PMUKIT_FW_VALID;
	}
	return 0;
}

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

static struct pmukit_fw_passes passes;
static struct pmukit_fw_event storage[96];

/* Plans @names/@flags, runs every pass and reports; the output in out[]. */
static int plan_run(const char *const *names, unsigned int flags, unsigned int nstorage)
{
	int np;

	len = 0;
	out[0] = 0;
	pmukit_fw_set_output(0, put);
	np = pmukit_fw_passes_init_metrics(&passes, storage, nstorage, names, flags);
	if (np <= 0)
		return np;
	while (pmukit_fw_passes_next(&passes) > 0)
		pmukit_fw_passes_stop(&passes);
	len = 0;
	out[0] = 0;
	pmukit_fw_passes_report(&passes);
	return np;
}

/* The 1-based pass of storage entry @i. */
static unsigned int pass_at(unsigned int i)
{
	unsigned int k;

	for (k = 0; k + 1 < passes.npasses && i >= passes.first[k + 1]; k++)
		;
	return k + 1;
}

/*
 * The plan's properties: no pass has more events than counters, an event
 * at most once in a pass, the entries end with the end marker, and every
 * planned metric with at most @ncounters events other than CPU_CYCLES has
 * them all in one pass. Returns the first failure, or NULL.
 */
static const char *plan_props(void)
{
	const struct pmukit_metric_set *s = pmukit_fw_metric_set();
	unsigned int i, j, k, m, pass;

	if (storage[passes.nall].number != PMUKIT_FW_END)
		return "no end marker after the planned events";
	for (k = 0; k < passes.npasses; k++)
		if ((unsigned int)(passes.first[k + 1] - passes.first[k]) > ncounters)
			return "a pass with more events than counters";
	for (i = 0; i < passes.nall; i++)
		for (j = i + 1; j < passes.nall; j++)
			if (storage[i].number == storage[j].number && pass_at(i) == pass_at(j))
				return "an event twice in one pass";
	for (m = 0; m < passes.nmetrics; m++) {
		const struct pmukit_metric_info *mi = pmukit_metric_set_metric(s, passes.metric[m]);
		unsigned int others = 0, together = 0;

		for (k = 0; k < mi->nevents; k++)
			others += mi->event[k] != PMUKIT_EVT_CPU_CYCLES;
		if (others > ncounters)
			continue;
		for (pass = 1; pass <= passes.npasses && !together; pass++) {
			unsigned int have = 0;

			for (k = 0; k < mi->nevents; k++)
				for (i = 0; i < passes.nall && mi->event[k] != PMUKIT_EVT_CPU_CYCLES; i++)
					if (storage[i].number == mi->event[k] && pass_at(i) == pass) {
						have++;
						break;
					}
			together = have == others;
		}
		if (!together)
			return mi->name;
	}
	return NULL;
}

static void test_plans(void)
{
	static const char *const ipc[] = { "ipc", 0 };
	static const char *const group[] = { "Branch_Effectiveness", "ipc", 0 };
	static const char *const bad[] = { "ipc", "ipcc", 0 };
	static const char *const mix[] = { "branch_percentage", 0 };
	const char *r, *why;
	int np;

	np = plan_run(0, PMUKIT_FW_TOPDOWN1, 96);
	tap_ok(np == 1 && passes.nmetrics == 2 && passes.nall == 2,
	       "topdown stage 1: 2 metrics, their 2 events and the cycle counter in 1 pass");
	r = strstr(out, "METRIC, VALUE, FORMULA\n");
	tap_ok(r && starts(r, "METRIC, VALUE, FORMULA\n"
				"frontend_stalled_cycles,0.00%,STALL_FRONTEND / CYCLES * 100\n"
				"backend_stalled_cycles,25.00%,STALL_BACKEND / CYCLES * 100\n---"),
	       "stage 1: only its metrics are reported");

	nstarts = 0;
	np = plan_run(0, PMUKIT_FW_TOPDOWN2, 96);
	why = plan_props();
	tap_ok(np > 1 && (unsigned int)np == passes.npasses && nstarts == passes.npasses,
	       "topdown stage 1 + 2 on 6 counters: %d passes, each run once", np);
	tap_ok(passes.nmetrics == 31, "stage 1 + 2: the 31 metrics of the stage groups (%u)",
	       passes.nmetrics);
	tap_ok(!why, "stage 1 + 2: each metric's events in one pass, no pass over 6 counters, "
	       "no event twice in a pass (%s)", why ? why : "ok");
	r = strstr(out, "METRIC, VALUE, FORMULA\n");
	tap_ok(r && starts(r + strlen("METRIC, VALUE, FORMULA\n"),
			   "frontend_stalled_cycles,0.00%,") && strstr(r, "\nipc,1.000,") &&
	       !strstr(r, "(passes "), "stage 1 first, IPC 1.000, no metric from two passes");

	qemu_ceid = 1;
	plan_run(0, PMUKIT_FW_TOPDOWN2, 96);
	tap_ok(strstr(out, "\nbranch_misprediction_ratio,n/a,BR_MIS_PRED_RETIRED / BR_RETIRED "
			   "(BR_RETIRED counted 0) (not implemented by this PMU: "
			   "BR_MIS_PRED_RETIRED, BR_RETIRED)\n") &&
	       strstr(out, "\nbranch_mpki,0.000,BR_MIS_PRED_RETIRED / INST_RETIRED * 1000 "
			   "(not implemented by this PMU: BR_MIS_PRED_RETIRED)\n") &&
	       strstr(out, "\nipc,1.000,INST_RETIRED / CYCLES\n"),
	       "events PMCEID does not list are named on the metric's line");
	qemu_ceid = 0;

	ncounters = 4;
	np = plan_run(0, PMUKIT_FW_TOPDOWN2, 96);
	why = plan_props();
	tap_ok(np > 0 && !why, "stage 1 + 2 on 4 counters: %d passes, the same properties (%s)",
	       np, why ? why : "ok");
	ncounters = 2;
	np = plan_run(mix, 0, 96);
	tap_ok(np == 2 && strstr(out, "\nbranch_percentage,11.00%,(BR_IMMED_SPEC + BR_INDIRECT_SPEC)"
				 " / INST_SPEC * 100 (passes 1, 1 and 2)\n"),
	       "3 events on 2 counters: spread over 2 passes, and the line says so");
	tap_ok(strstr(out, "\npmukit: branch_percentage: its events were counted in different passes") != NULL &&
	       strstr(out, "each count of another pass scaled by CYCLES of pass 1 over CYCLES of its own pass\n"),
	       "and a line says how they were combined");
	/*
	 * Pass 2 runs twice as long (2000 cycles, INST_SPEC 2000): as counted,
	 * 110 / 2000 would say 5.50 %; scaled to pass 1's cycles, INST_SPEC is
	 * 2000 x 1000 / 2000 = 1000 and the metric 11.00 % again, as
	 * 'pmukit metrics' computes from the same tables.
	 */
	nstarts = 0;
	slow_run = 2;
	np = plan_run(mix, 0, 96);
	slow_run = 0;
	tap_ok(np == 2 && strstr(out, "\nbranch_percentage,11.00%,"),
	       "passes of different lengths: counts scaled by each pass's cycles");
	np = plan_run(0, PMUKIT_FW_TOPDOWN2, 96);
	tap_ok(np == PMUKIT_FW_E2BIG && strstr(out, "PMUKIT_FW_MAX_PASSES"),
	       "stage 1 + 2 on 2 counters: more than PMUKIT_FW_MAX_PASSES passes, said");
	ncounters = 6;

	np = plan_run(ipc, 0, 96);
	r = strstr(out, "METRIC, VALUE, FORMULA\n");
	tap_ok(np == 1 && r && starts(r, "METRIC, VALUE, FORMULA\nipc,1.000,INST_RETIRED / CYCLES\n---"),
	       "one metric by name: only it is reported");
	np = plan_run(group, 0, 96);
	tap_ok(np == 1 && passes.nmetrics == 3, "a group's metrics and a metric, once each (%u)",
	       passes.nmetrics);
	np = plan_run(bad, 0, 96);
	tap_ok(np == PMUKIT_FW_ENOENT &&
	       starts(out, "pmukit: no metric or group ipcc in the set neoverse-n1; did you mean: ipc"),
	       "an unknown name: PMUKIT_FW_ENOENT, printed with suggestions");
	np = plan_run(0, PMUKIT_FW_TOPDOWN2, 8);
	tap_ok(np == PMUKIT_FW_E2BIG && strstr(out, "too few entries"),
	       "storage too small for the plan: PMUKIT_FW_E2BIG, said");
	np = plan_run(0, 0x10, 96);
	tap_ok(np == PMUKIT_FW_EINVAL, "unknown flags: PMUKIT_FW_EINVAL");
	np = plan_run(0, 0, 96);
	tap_ok(np == PMUKIT_FW_EINVAL, "nothing asked for: PMUKIT_FW_EINVAL");
	ncounters = 0;
	np = plan_run(ipc, 0, 96);
	tap_ok(np == PMUKIT_FW_E2BIG, "no event counter: PMUKIT_FW_E2BIG");
	ncounters = 6;
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
	test_plans();
	return tap_done();
}
