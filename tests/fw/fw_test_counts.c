/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The test firmware's scenarios that count through the library: exact
 * counts of a known loop, SW_INCR, counters preset near their overflow,
 * the TF-A-style compatibility calls, and events over several passes.
 */
#include "fw_test.h"

void scenario_exact(const char *name, unsigned long n)
{
	struct pmukit_fw_event ev[] = INST_CYCLES_EVENTS;
	int rc;

	pmu_clean();
	rc = test_region(ev, n);
	t_begin(name);
	t_u("n", n);
	t_s("rc", rc);
	t_u("inst", delta_of(&ev[0]));
	t_u("cpu_cycles", delta_of(&ev[1]));
	t_u("cycles", delta_of(&ev[2]));
	t_u("pre_inst", ev[0].preval);
	t_end();
}

void scenario_swincr(unsigned long n)
{
	struct pmukit_fw_event ev[] = {
		PMUKIT_FW_EV("SW_INCR", PMUKIT_EVT_SW_INCR),
		PMUKIT_FW_EV("SW_INCR_QUARTER", PMUKIT_EVT_SW_INCR),
		PMUKIT_FW_EV_CYCLES,
		PMUKIT_FW_EV_END
	};
	unsigned long i;
	int rc;

	pmu_clean();
	rc = pmukit_fw_start(ev);
	if (rc == 0) {
		pmukit_ureg_t b0 = (pmukit_ureg_t)1 << ev[0].counter;
		pmukit_ureg_t b1 = (pmukit_ureg_t)1 << ev[1].counter;

		for (i = 0; i < n; i++)
			/* PMSWINC: counter 0 every time, counter 1 every 4th time. */
			pmukit_write_pmswinc(b0 | ((i & 3) == 0 ? b1 : 0));
		rc = pmukit_fw_stop(ev);
	}
	t_begin("swincr");
	t_u("n", n);
	t_s("rc", rc);
	t_u("d0", delta_of(&ev[0]));
	t_u("d1", delta_of(&ev[1]));
	t_end();
}

void scenario_overflow(void)
{
	struct pmukit_fw_event ev[] = INST_CYCLES_EVENTS;
	int rc;

	ev[0].flags = PMUKIT_FW_PRESET;
	ev[0].preset = 0xfffffff0;
	ev[2].flags = PMUKIT_FW_PRESET;
	ev[2].preset = 0xfffffff0;
	pmu_clean();
	rc = test_region(ev, 1000);
	t_begin("overflow");
	t_s("rc", rc);
	t_x("f0", ev[0].flags);
	t_x("f1", ev[1].flags);
	t_x("f2", ev[2].flags);
	t_u("pre0", ev[0].preval);
	t_u("d1", delta_of(&ev[1]));
	t_u("d2", delta_of(&ev[2]));
	t_s("delta_rc0", pmukit_fw_delta(&ev[0], &(pmukit_fw_u64){0}));
	t_end();
}

void scenario_compat(void)
{
	struct pmu_event_selected evt[] = {
		{ .event = { .number = PMUKIT_EVT_INST_RETIRED, .name = "INST_RETIRED" } },
		{ .event = { .number = PMUKIT_EVT_SW_INCR, .name = "SW_INCR" } },
		{ .event = { .number = -1, .name = "CYCLES" } },
	};

	pmu_clean();
	pmuv3_startProfiling(evt);
	test_loop(500);
	pmukit_write_pmswinc(1 << 1);	/* PMSWINC: counter 1, once */
	pmuv3_stopProfiling(evt);
	t_begin("compat");
	t_u("inst", evt[0].postval - evt[0].preval);
	t_u("swinc", evt[1].postval - evt[1].preval);
	t_u("cycles", evt[2].postval - evt[2].preval);
	t_end();
}

static struct pmukit_fw_passes passes;

void scenario_passes(const char *name, unsigned int max_per_pass)
{
	static struct pmukit_fw_event all[] = {
		PMUKIT_FW_EV("INST_RETIRED", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV("L1D_CACHE", PMUKIT_EVT_L1D_CACHE),
		PMUKIT_FW_EV("L1D_CACHE_REFILL", PMUKIT_EVT_L1D_CACHE_REFILL),
		PMUKIT_FW_EV("L2D_CACHE", PMUKIT_EVT_L2D_CACHE),
		PMUKIT_FW_EV("L2D_CACHE_REFILL", PMUKIT_EVT_L2D_CACHE_REFILL),
		PMUKIT_FW_EV("MEM_ACCESS", PMUKIT_EVT_MEM_ACCESS),
		PMUKIT_FW_EV("BR_PRED", PMUKIT_EVT_BR_PRED),
		PMUKIT_FW_EV("SW_INCR", PMUKIT_EVT_SW_INCR),
		PMUKIT_FW_EV("CPU_CYCLES", PMUKIT_EVT_CPU_CYCLES),
		PMUKIT_FW_EV_CYCLES,
		PMUKIT_FW_EV_END
	};
	unsigned int i;
	int np, rc;

	pmu_clean();
	np = pmukit_fw_passes_init(&passes, all, max_per_pass);
	while ((rc = pmukit_fw_passes_next(&passes)) > 0) {
		test_loop(1000);
		pmukit_fw_passes_stop(&passes);
	}
	pmukit_fw_passes_report(&passes);
	t_begin(name);
	t_s("npasses", np);
	t_s("rc", rc);
	t_u("per_pass", passes.per_pass);
	t_u("inst", delta_of(&all[0]));
	t_u("cpu_cycles", delta_of(&all[8]));
	t_u("cycles_entry", delta_of(&all[9]));
	for (i = 0; i < passes.npasses; i++)
		t_u("cycles", passes.cycles[i]);
	t_end();
}
