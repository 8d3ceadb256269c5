/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pmuv3_startProfiling()/pmuv3_stopProfiling() on top of pmukit_fw_start()
 * and pmukit_fw_stop(): the caller's array (cycle counter last, number -1)
 * is converted into a pmukit selection kept here, and the values are copied
 * back after the stop.
 */
#include "pmu_fw_internal.h"
#include "pmukit_fw_pmuv3.h"

static struct pmukit_fw_event conv[PMUKIT_FW_MAX_COUNTERS + 2];
static struct pmu_event_selected *conv_src;

void pmuv3_startProfiling(struct pmu_event_selected *evt)
{
	unsigned int i;

	if (conv_src) {
		pmukit_fw_print("pmukit: pmuv3_startProfiling() while profiling\n");
		return;
	}
	for (i = 0; evt[i].event.number != PMUKIT_FW_CYCLES; i++) {
		if (i >= PMUKIT_FW_MAX_COUNTERS) {
			pmukit_fw_print("pmukit: pmuv3_startProfiling(): more than 31 events"
					" or no cycle counter entry (number -1) at the end\n");
			return;
		}
		conv[i].name = evt[i].event.name;
		conv[i].number = evt[i].event.number;
		conv[i].flags = 0;
	}
	conv[i].name = evt[i].event.name;
	conv[i].number = PMUKIT_FW_CYCLES;
	conv[i].flags = 0;
	conv[i + 1].name = 0;
	conv[i + 1].number = PMUKIT_FW_END;
	if (pmukit_fw_start(conv) == 0)
		conv_src = evt;
}

void pmuv3_stopProfiling(struct pmu_event_selected *evt)
{
	unsigned int i;

	if (!conv_src || conv_src != evt)
		return;
	pmukit_fw_stop(conv);
	conv_src = 0;
	for (i = 0; conv[i].number != PMUKIT_FW_END; i++) {
		evt[i].preval = conv[i].preval;
		evt[i].postval = conv[i].postval;
	}
}
