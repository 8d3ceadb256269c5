/* SPDX-License-Identifier: MIT */
/*
 * libpmukit's analysis helpers, which need no PMU: splitting a selection
 * into passes, derived metrics from counts (IPC, refill and misprediction
 * rates on any core; Arm's metrics, groups and topdown tree for the cores
 * of its telemetry data, in sets), the passes that count a list of metrics,
 * and "did you mean" suggestions. Included by pmukit.h; freestanding (the
 * same code serves the firmware library).
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

/*
 * pmukit_plan_passes(): the pass of each of @n events on @cap counters, the
 * event @cycles in every pass (-1: the cycles have a counter of their own).
 * -EINVAL when no pass can count: @cap 0 with @cycles >= 0 (not even the
 * cycles have a counter), or no counter for an event beside the cycles
 * (kernel-doc in core/pass_plan.c).
 */
PMUKIT_API int pmukit_plan_passes(unsigned int n, int cycles, unsigned int cap,
				  unsigned int flags, unsigned int *pass_of);

/* ---- PMCEID: the events the PMU says it implements -------------------- */

/*
 * PMCEID0/1 decoded (core/pmceid.c): pmukit_pmceid_has() answers 1, 0 or -1
 * (no bit for that number, or its half of the register was not read: @bits
 * 32 for the low halves alone); pmukit_pmceid_event() names the event of
 * one bit.
 */
PMUKIT_API int pmukit_pmceid_has(const uint64_t ceid[2], unsigned int bits, unsigned int code);
PMUKIT_API int pmukit_pmceid_event(unsigned int reg, unsigned int bit);

/* ---- derived metrics ------------------------------------------------- */

/* The most events one metric reads (Arm's data uses up to 6). */
#define PMUKIT_METRIC_MAX_EVENTS	8

/*
 * A metric is a row of a table: its formula over event numbers, kept as
 * data and compiled to a small integer program when the tables are
 * generated. Its value is the formula's result times @scale, in @units.
 */
struct pmukit_metric_info {
	const char *name;		/* id: "backend_stalled_cycles"; generic: "IPC" */
	const char *unit;		/* printed after the value: "" or "%" */
	const char *formula;		/* as the data writes it, for display */
	unsigned int decimals;		/* decimals a fixed-point print shows */
	unsigned int nevents;
	uint16_t event[PMUKIT_METRIC_MAX_EVENTS];	/* event numbers */
	const char *event_name[PMUKIT_METRIC_MAX_EVENTS];
	const char *title;		/* "Backend Stalled Cycles" */
	const char *units;		/* "percent of cycles", "MPKI", "per branch" */
	const char *description;	/* a sentence or two, or "" */
	unsigned int scale;		/* 1; 100 for a generic ratio shown in % */
	unsigned int sample_mask;	/* bit k: event[k] is one to sample on */
	unsigned int ngroups;
	const uint16_t *group;		/* the set's groups listing the metric */
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

/*
 * The generic set's basic rates (IPC, L1D/L2D refill and branch
 * misprediction rates), the ones the command shows beside its counts.
 */
PMUKIT_API unsigned int pmukit_metric_count(void);
PMUKIT_API const struct pmukit_metric_info *pmukit_metric_info(unsigned int i);
PMUKIT_API int pmukit_metric_eval(unsigned int i, const uint64_t *count, unsigned int counted,
				  struct pmukit_metric_value *out);
PMUKIT_API int pmukit_metric_fixed(const struct pmukit_metric_value *v, unsigned int decimals,
				   int64_t *out);
PMUKIT_API const char *pmukit_metric_reason(const struct pmukit_metric_value *v);

/* ---- metric sets: a core's metrics, groups and topdown tree ---------- */

/*
 * A set is the metrics of one core (one file of Arm's telemetry data), or
 * the generic set (set 0) of metrics over the common architectural events
 * that any Arm PMU has: IPC, refill and misprediction rates, MPKI.
 *
 *	const struct pmukit_metric_set *s = pmukit_metric_set_for("neoverse-n1");
 *	int x = pmukit_metric_set_find(s, "backend_stalled_cycles");
 *	const struct pmukit_metric_info *mi = pmukit_metric_set_metric(s, x);
 *	// count mi->event[0..mi->nevents) into c[], then:
 *	pmukit_metric_set_eval(s, x, c, (1u << mi->nevents) - 1, &v);
 */
struct pmukit_metric_set;

struct pmukit_metric_set_info {
	const char *name;		/* "neoverse-n1", "neoverse-n2-r0p3", "generic" */
	const char *core;		/* the core's name ("neoverse-n1"), or "" */
	const char *product;		/* "Neoverse N1", or "generic" */
	uint32_t midr;			/* implementer, variant, part, revision; 0: any */
	unsigned int num_slots;		/* the data's num_slots (topdown), or 0 */
	const char *source;		/* where the data comes from, with its commit */
	unsigned int nmetrics;
	unsigned int ngroups;
};

/* A group of metrics: a function group of the data ("Cycle_Accounting"). */
struct pmukit_metric_group {
	const char *name;		/* "Cycle_Accounting" */
	const char *title;		/* "Cycle Accounting" */
	const char *description;
	unsigned int nmetrics;
	const uint16_t *metric;		/* indices of its metrics in the set */
};

/* What a node of the topdown decision tree points at next. */
enum pmukit_topdown_kind {
	PMUKIT_TOPDOWN_METRIC = 0,	/* .index: a metric of the set */
	PMUKIT_TOPDOWN_GROUP = 1,	/* .index: a group of the set */
};

struct pmukit_topdown_item {
	uint16_t kind;			/* enum pmukit_topdown_kind */
	uint16_t index;
};

struct pmukit_topdown_node {
	uint16_t metric;		/* the node's metric */
	uint16_t group;			/* the group the node is shown in */
	unsigned int nnext;
	const struct pmukit_topdown_item *next;	/* where to look when it is high */
};

/* Arm's topdown methodology: stage 1 first, then the stage-2 groups. */
struct pmukit_topdown {
	unsigned int nstage1;
	const uint16_t *stage1;		/* groups of stage 1 */
	unsigned int nstage2;
	const uint16_t *stage2;		/* groups of stage 2 */
	unsigned int nroots;
	const uint16_t *root;		/* nodes the tree starts from */
	unsigned int nnodes;
	const struct pmukit_topdown_node *node;
};

PMUKIT_API unsigned int pmukit_metric_sets(void);
PMUKIT_API const struct pmukit_metric_set *pmukit_metric_set_at(unsigned int i);
PMUKIT_API const struct pmukit_metric_set *pmukit_metric_set_for(const char *cpu);
PMUKIT_API const struct pmukit_metric_set *pmukit_metric_set_by_midr(uint32_t midr);
PMUKIT_API const struct pmukit_metric_set_info *
pmukit_metric_set_info(const struct pmukit_metric_set *s);
PMUKIT_API const struct pmukit_metric_info *
pmukit_metric_set_metric(const struct pmukit_metric_set *s, unsigned int i);
PMUKIT_API int pmukit_metric_set_find(const struct pmukit_metric_set *s, const char *name);
PMUKIT_API size_t pmukit_metric_set_suggest(const struct pmukit_metric_set *s, const char *name,
					    const char **out, size_t max);
PMUKIT_API int pmukit_metric_set_eval(const struct pmukit_metric_set *s, unsigned int i,
				      const uint64_t *count, unsigned int counted,
				      struct pmukit_metric_value *out);
PMUKIT_API int pmukit_metric_set_eval_codes(const struct pmukit_metric_set *s, unsigned int i,
					    const uint16_t *code, const uint64_t *count,
					    unsigned int n, struct pmukit_metric_value *out);
PMUKIT_API const struct pmukit_metric_group *
pmukit_metric_set_group(const struct pmukit_metric_set *s, unsigned int i);
PMUKIT_API int pmukit_metric_set_find_group(const struct pmukit_metric_set *s, const char *name);
PMUKIT_API const struct pmukit_topdown *
pmukit_metric_set_topdown(const struct pmukit_metric_set *s);
PMUKIT_API int pmukit_topdown_node_of(const struct pmukit_topdown *t, unsigned int metric);
/* The stage-1 groups of the methodology, then the stage-2 groups: the @i-th, and its stage. */
PMUKIT_API int pmukit_topdown_group_at(const struct pmukit_topdown *t, unsigned int i,
				       unsigned int *stage);

/*
 * A metric whose events were counted over several passes (core/metric_passes.c):
 * pmukit_metric_passes() says which pass each count is read in (the first
 * that counted them all, else each from its own); where they are combined,
 * the reference pass is that of its CPU_CYCLES, else of its first event
 * (pmukit_metric_ref_event() gives that event's index), and
 * pmukit_metric_align() scales each count of another pass by
 * cycles(reference) / cycles(its pass).
 */
PMUKIT_API int pmukit_metric_passes(const struct pmukit_metric_info *mi, const uint64_t *in,
				    unsigned int *pass);
PMUKIT_API unsigned int pmukit_metric_ref_event(const struct pmukit_metric_info *mi);
PMUKIT_API unsigned int pmukit_metric_align(const struct pmukit_metric_info *mi,
					    const unsigned int *pass, const uint64_t *cycles,
					    uint64_t *count);

/* ---- passes for metrics ---------------------------------------------- */

/*
 * pmukit_metric_plan(): CPU_CYCLES has a counter of its own in every pass
 * (PMCCNTR); without this flag it takes one of the counters in every pass.
 */
#define PMUKIT_PLAN_CYCLE_COUNTER	2u

/* One event counted in one pass. */
struct pmukit_plan_slot {
	uint16_t event;			/* event number */
	uint16_t pass;			/* 0-based */
};

PMUKIT_API int pmukit_metric_plan(const struct pmukit_metric_set *s, const unsigned int *metric,
				  unsigned int nmetric, unsigned int counters, unsigned int flags,
				  struct pmukit_plan_slot *slot, unsigned int max,
				  unsigned int *nslot, int *metric_pass);

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
