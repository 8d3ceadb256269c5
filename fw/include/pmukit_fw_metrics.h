/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The metrics a firmware image prints, chosen when it is built: a core's
 * metrics from Arm's telemetry data (metrics/<core>.def, from
 * tools/gen-metrics; the top of the repository on the include path) in
 * place of the generic ones. In ONE file of the image:
 *
 *	#define PMUKIT_FW_CORE_METRICS "metrics/neoverse_n1.def"
 *	#include "pmukit_fw_metrics.h"
 *
 * pmukit_fw_stop() and pmukit_fw_passes_report() then print every metric
 * of that set whose events were counted, topdown stage 1 first, with the
 * same integer engine as the library (core/metric_eval.c). The descriptions
 * are left out to save room, unless PMUKIT_FW_METRIC_DESCRIPTIONS is
 * defined. Without this header the image prints the generic set (IPC,
 * refill and misprediction rates, MPKI): leave it out for that set.
 */
#ifndef PMUKIT_FW_METRICS_H
#define PMUKIT_FW_METRICS_H

#ifndef PMUKIT_FW_CORE_METRICS
#error "define PMUKIT_FW_CORE_METRICS to a core's metrics file first, e.g. \"metrics/neoverse_n1.def\""
#endif

#ifndef PMUKIT_FW_METRIC_DESCRIPTIONS
#define PMUKIT_MSET_NO_DESCRIPTIONS
#endif
#include "core/metric_set.h"
#include PMUKIT_FW_CORE_METRICS

/* Takes the place of the library's weak default, the generic set. */
const struct pmukit_metric_set *pmukit_fw_metric_set(void);
const struct pmukit_metric_set *pmukit_fw_metric_set(void)
{
	return PMUKIT_MSET_LAST;
}

#endif /* PMUKIT_FW_METRICS_H */
