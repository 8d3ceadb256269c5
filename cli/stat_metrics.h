/* SPDX-License-Identifier: MIT */
/*
 * Derived metrics of 'pmukit stat', computed when the user counted their
 * events: IPC, L1D and L2D refill rates, branch misprediction rate
 * (stat_metrics.c).
 */
#ifndef PMUKIT_CLI_STAT_METRICS_H
#define PMUKIT_CLI_STAT_METRICS_H

#include "report.h"

/*
 * Fills r->metric[] from the means of r->ev[]. The cycles counted in every
 * pass (r->cycles_ref) have the mean r->pass_cycles[p - 1] in pass p.
 */
void metrics_compute(struct stat_report *r);
/*
 * The values of r->metric[] again, from new means of the same rows (the
 * events, their passes and levels as when metrics_compute() chose them).
 */
void metrics_recount(struct stat_report *r);

#endif /* PMUKIT_CLI_STAT_METRICS_H */
