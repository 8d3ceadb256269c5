// SPDX-License-Identifier: MIT
/*
 * Which event names count CPU cycles: the names of counts read back
 * (pmukit metrics' inputs) and of stat's rows. The passes themselves are
 * the library's plan (pmukit_evplan_make()).
 */
#include "cli.h"
#include "cycles.h"
#include "pmukit/pmu_fields.h"

int spec_is_cycles(const char *spec)
{
	struct pmukit_event_spec es;

	/* The library reads the name as collectors write them, perf's generic ones too. */
	return pmukit_input_event(spec, NULL, &es) == 0 && es.code == PMUKIT_EVT_CPU_CYCLES;
}
