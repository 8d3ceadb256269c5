/* SPDX-License-Identifier: MIT */
/*
 * libpmukit's analysis helpers, which need no PMU: splitting a selection
 * into passes, derived metrics (IPC, refill and misprediction rates) from
 * counts, and "did you mean" suggestions. Included by pmukit.h; freestanding
 * (the same code serves the firmware library).
 *
 *	uint64_t c[2] = { instructions, cycles };
 *	struct pmukit_metric_value v;
 *	int64_t milli;
 *
 *	pmukit_metric_eval(0, c, 0x3, &v);		// metric 0: IPC
 *	if (pmukit_metric_fixed(&v, 3, &milli) == 0)
 *		printf("IPC %lld.%03lld\n", milli / 1000, milli % 1000);
 *	else
 *		printf("IPC n/a: %s\n", pmukit_metric_reason(&v));
 */
#ifndef PMUKIT_ANALYSIS_H
#define PMUKIT_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- passes ------------------------------------------------------------ */

/* Passes whose sizes differ by at most one (default: all full but the last). */
#define PMUKIT_PLAN_BALANCED	1u

PMUKIT_API int pmukit_plan_passes(unsigned int n, int cycles, unsigned int cap,
				  unsigned int flags, unsigned int *pass_of);

/* ---- derived metrics ------------------------------------------------- */

#define PMUKIT_METRIC_MAX_EVENTS	4

/*
 * A metric is a row of a table: its formula over event numbers, kept as
 * data. The value is the formula's result in @unit: for "%", the formula
 * times 100.
 */
struct pmukit_metric_info {
	const char *name;		/* "IPC", "L1D refill rate" */
	const char *unit;		/* "" or "%" */
	const char *formula;		/* "L1D_CACHE_REFILL / L1D_CACHE", for display */
	unsigned int decimals;		/* decimals a fixed-point print shows */
	unsigned int nevents;
	uint16_t event[PMUKIT_METRIC_MAX_EVENTS];	/* architectural event numbers */
	const char *event_name[PMUKIT_METRIC_MAX_EVENTS];
};

enum pmukit_metric_status {
	PMUKIT_METRIC_OK = 0,
	PMUKIT_METRIC_NOT_COUNTED,	/* .event was not counted */
	PMUKIT_METRIC_ZERO_DIVISOR,	/* a divisor is 0: .event, or -1 for an expression */
	PMUKIT_METRIC_RANGE,		/* an intermediate result beyond 64 bits */
};

/* The result: num / den when status is PMUKIT_METRIC_OK, else "n/a" and why. */
struct pmukit_metric_value {
	enum pmukit_metric_status status;
	int event;			/* index into info->event[] the status names, or -1 */
	int64_t num;
	int64_t den;			/* > 0 */
};

PMUKIT_API unsigned int pmukit_metric_count(void);
PMUKIT_API const struct pmukit_metric_info *pmukit_metric_info(unsigned int i);
PMUKIT_API int pmukit_metric_eval(unsigned int i, const uint64_t *count, unsigned int counted,
				  struct pmukit_metric_value *out);
PMUKIT_API int pmukit_metric_fixed(const struct pmukit_metric_value *v, unsigned int decimals,
				   int64_t *out);
PMUKIT_API const char *pmukit_metric_reason(const struct pmukit_metric_value *v);

/* ---- suggestions ----------------------------------------------------- */

/* The most names the suggestion functions return, whatever max is. */
#define PMUKIT_SUGGEST_MAX	16

PMUKIT_API size_t pmukit_suggest(const char *name, const char *const *candidates, size_t n,
				 unsigned int limit, const char **out, size_t max);
PMUKIT_API size_t pmukit_cpu_suggest(const char *name, const char **out, size_t max);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_ANALYSIS_H */
