/* SPDX-License-Identifier: MIT OR BSD-3-Clause */
/*
 * The metric engine: a table of metrics (include/pmukit/analysis.h), each
 * compiled to a small stack program over its events, evaluated in 64-bit
 * integers to a fraction. The public functions pmukit_metric_*() are its
 * interface; this header adds what the firmware's printing needs.
 */
#ifndef PMUKIT_CORE_METRICS_H
#define PMUKIT_CORE_METRICS_H

#include "pmukit/analysis.h"

/* Index in the metric table of the metric called @name, or -1. */
int pmukit_metric_find(const char *name);

#endif /* PMUKIT_CORE_METRICS_H */
