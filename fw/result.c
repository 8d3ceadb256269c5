/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What a finished run says, as the report reads it: an event's count and
 * whether this PMU implements an event. Both read what pmu_fw.c left (the
 * event entries, the PMCEID registers in its state) and call nothing of it,
 * so that the report sits above the measuring code and is never called
 * back from it.
 */
#include "pmu_fw_internal.h"
#include "pmukit/analysis.h"	/* pmukit_pmceid_has() */

int pmukit_fw_event_implemented(int number)
{
	const struct pmukit_fw_state *s = &pmukit_fw_st;

	if (!s->ceid_valid || number < 0)
		return -1;
	return pmukit_pmceid_has(s->ceid, s->ceid_bits, (unsigned int)number);
}

int pmukit_fw_event_delta(const struct pmukit_fw_event *e, pmukit_fw_u64 *delta)
{
	if (!(e->flags & PMUKIT_FW_VALID))
		return PMUKIT_FW_EINVAL;
	if (e->flags & PMUKIT_FW_OVERFLOW)
		return PMUKIT_FW_EOVERFLOW;
	*delta = e->postval - e->preval;
	return 0;
}

int pmukit_fw_delta(const struct pmukit_fw_event *e, pmukit_fw_u64 *delta)
{
	return pmukit_fw_event_delta(e, delta);
}
