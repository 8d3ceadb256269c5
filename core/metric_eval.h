/* SPDX-License-Identifier: MIT OR BSD-3-Clause */
/*
 * The metric engine: sets of metrics (include/pmukit/analysis.h,
 * core/metric_set.h), each compiled to a small stack program over its
 * events, evaluated in 64-bit integers to a fraction. The public functions
 * pmukit_metric_*() are its interface; this header adds what the
 * firmware's printing needs.
 */
#ifndef PMUKIT_CORE_METRIC_EVAL_H
#define PMUKIT_CORE_METRIC_EVAL_H

#include "pmukit/analysis.h"

/* Index among the basic rates (pmukit_metric_info()) of the one called @name, or -1. */
int pmukit_metric_find(const char *name);

#endif /* PMUKIT_CORE_METRIC_EVAL_H */
