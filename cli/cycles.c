// SPDX-License-Identifier: MIT
/*
 * Which event names count CPU cycles: the names of counts read back
 * (pmukit metrics' inputs, the firmware's CYCLES, a core type's
 * "cortex-a53/CPU_CYCLES:u/") and of stat's rows. The passes themselves are
 * the library's plan (pmukit_evplan_make()).
 */
#include "cli.h"
#include "cycles.h"
#include "pmukit/pmu_fields.h"

int spec_is_cycles(const char *spec)
{
	struct pmukit_input_name n;

	/* The library's rule for a recorded name: perf's generic names, the firmware's CYCLES too. */
	return pmukit_input_name(spec, NULL, &n) == 0 && n.code == PMUKIT_EVT_CPU_CYCLES;
}
