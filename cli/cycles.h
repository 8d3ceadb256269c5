/* SPDX-License-Identifier: MIT */
/*
 * More events than counters: 'pmukit stat' runs the command once per pass
 * of the library's plan (pmukit_evplan_make()), CPU_CYCLES counted in every
 * pass so that the passes can be compared. What is left here: which names
 * of counts read back count those cycles.
 */
#ifndef PMUKIT_CLI_CYCLES_H
#define PMUKIT_CLI_CYCLES_H

#include "report.h"

/*
 * Does @spec count CPU cycles (CPU_CYCLES, r11, 0x11, cycles, the firmware's
 * CYCLES, with any levels and core type: pmukit_input_name())?
 */
int spec_is_cycles(const char *spec);

#endif /* PMUKIT_CLI_CYCLES_H */
