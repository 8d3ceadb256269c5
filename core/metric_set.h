/* SPDX-License-Identifier: MIT OR BSD-3-Clause */
/*
 * A metric set as C data: what one generated events/metrics_<set>.def
 * expands to (tools/gen-metrics writes those files from Arm's telemetry
 * data and from tools/data/generic-metrics.json). Include this header, then
 * the .def file: it defines
 *   const struct pmukit_metric_set pmukit_mset_<set>;
 * and sets PMUKIT_MSET_LAST to its address. The library expands every set
 * (lib/metric_tables.c), the core the generic one (core/metric_eval.c), a
 * firmware image the one of its core (fw/include/pmukit_fw_metrics.h).
 *
 * The X-macros of a .def file, in this order:
 *   PMUKIT_MSET_METRICS(set) then one
 *   PMUKIT_METRIC(name, title, unit, units, formula, description, decimals,
 *                 scale, sample_mask, nevents, PMUKIT_EVENTS(numbers...),
 *                 PMUKIT_NAMES(names...), PMUKIT_PROG(ops...), ngroups, groups)
 *     per metric, then PMUKIT_MSET_METRICS_END;
 *   PMUKIT_MSET_GROUPS(set), one PMUKIT_GROUP(name, title, description,
 *     nmetrics, metrics) per group, PMUKIT_MSET_GROUPS_END;
 *   for a set with a topdown tree: PMUKIT_MSET_NODES(set), one
 *     PMUKIT_NODE(metric, group, nnext, next) per node, PMUKIT_MSET_NODES_END,
 *     and PMUKIT_TOPDOWN(set, nstage1, stage1, nstage2, stage2, nroots, roots);
 *   PMUKIT_MSET(set, name, core, product, midr, num_slots, source, nbasic,
 *     topdown), topdown being PMUKIT_TOPDOWN_OF(set) or NULL.
 * A revision with the same tables as another set includes that set's file
 * and has only PMUKIT_MSET_SAME(set, of, name, ...). Lists are
 * PMUKIT_U16S(...) (or NULL when empty) and PMUKIT_ITEMS(...) of
 * PMUKIT_ITEM(kind, index); descriptions are PMUKIT_MSET_TEXT("..."), ""
 * with PMUKIT_MSET_NO_DESCRIPTIONS defined.
 */
#ifndef PMUKIT_CORE_METRIC_SET_H
#define PMUKIT_CORE_METRIC_SET_H

#include <stddef.h>
#include <stdint.h>

#include "pmukit/analysis.h"

/* The stack machine's instructions: a formula in postfix order. */
enum pmukit_metric_opcode {
	PMUKIT_OP_END,
	PMUKIT_OP_EVENT,	/* push the count of event[arg] */
	PMUKIT_OP_CONST,	/* push arg */
	PMUKIT_OP_ADD,
	PMUKIT_OP_SUB,
	PMUKIT_OP_MUL,
	PMUKIT_OP_DIV,
};

struct pmukit_metric_op {
	uint8_t code;
	uint32_t arg;
};

/* The deepest stack a program may use (the generator checks). */
#define PMUKIT_METRIC_STACK_MAX	8

struct pmukit_metric_row {
	struct pmukit_metric_info info;
	const struct pmukit_metric_op *prog;	/* ends with PMUKIT_OP_END */
};

struct pmukit_metric_set {
	struct pmukit_metric_set_info info;
	const struct pmukit_metric_row *row;
	const struct pmukit_metric_group *group;
	const struct pmukit_topdown *topdown;	/* NULL: no methodology */
	unsigned int nbasic;	/* rows 0..nbasic-1: pmukit_metric_count()'s rates */
};

/* ---- the X-macros ------------------------------------------------------ */

#define PMUKIT_U16S(...)	((const uint16_t[]){ __VA_ARGS__ })
#define PMUKIT_EVENTS(...)	{ __VA_ARGS__ }
#define PMUKIT_NAMES(...)	{ __VA_ARGS__ }
#define PMUKIT_PROG(...)	((const struct pmukit_metric_op[]){ __VA_ARGS__, { PMUKIT_OP_END, 0 } })
#define PMUKIT_EV(k)		{ PMUKIT_OP_EVENT, (k) }
#define PMUKIT_K(v)		{ PMUKIT_OP_CONST, (v) }
#define PMUKIT_ADD		{ PMUKIT_OP_ADD, 0 }
#define PMUKIT_SUB		{ PMUKIT_OP_SUB, 0 }
#define PMUKIT_MUL		{ PMUKIT_OP_MUL, 0 }
#define PMUKIT_DIV		{ PMUKIT_OP_DIV, 0 }
#define PMUKIT_ITEMS(...)	((const struct pmukit_topdown_item[]){ __VA_ARGS__ })
#define PMUKIT_ITEM(kind, i)	{ PMUKIT_TOPDOWN_##kind, (i) }

#define PMUKIT_MSET_METRICS(set)	static const struct pmukit_metric_row pmukit_mrows_##set[] = {
#define PMUKIT_MSET_METRICS_END		};
#define PMUKIT_METRIC(nm, ti, un, uns, fo, de, dec, sc, smp, nev, ev, evn, prog, ng, gr)	\
	{ { .name = (nm), .unit = (un), .formula = (fo), .decimals = (dec),		\
	    .nevents = (nev), .event = ev, .event_name = evn, .title = (ti),		\
	    .units = (uns), .description = (de), .scale = (sc), .sample_mask = (smp),	\
	    .ngroups = (ng), .group = (gr) }, prog },

#define PMUKIT_MSET_GROUPS(set)		static const struct pmukit_metric_group pmukit_mgroups_##set[] = {
#define PMUKIT_MSET_GROUPS_END		};
#define PMUKIT_GROUP(nm, ti, de, n, m)	\
	{ .name = (nm), .title = (ti), .description = (de), .nmetrics = (n), .metric = (m) },

#define PMUKIT_MSET_NODES(set)		static const struct pmukit_topdown_node pmukit_mnodes_##set[] = {
#define PMUKIT_MSET_NODES_END		};
#define PMUKIT_NODE(m, g, n, nx)	{ .metric = (m), .group = (g), .nnext = (n), .next = (nx) },
#define PMUKIT_TOPDOWN(set, n1, s1, n2, s2, nr, r)					\
	static const struct pmukit_topdown pmukit_mtopdown_##set = {			\
		.nstage1 = (n1), .stage1 = (s1), .nstage2 = (n2), .stage2 = (s2),	\
		.nroots = (nr), .root = (r),						\
		.nnodes = sizeof(pmukit_mnodes_##set) / sizeof(pmukit_mnodes_##set[0]),	\
		.node = pmukit_mnodes_##set };
#define PMUKIT_TOPDOWN_OF(set)		(&pmukit_mtopdown_##set)

/* A set with the tables of set @of (another revision of the same core). */
#define PMUKIT_MSET_SAME(set, of, nm, co, pr, midr_, slots, src, nb, td)		\
	const struct pmukit_metric_set pmukit_mset_##set = {				\
		.info = { .name = (nm), .core = (co), .product = (pr), .midr = (midr_),	\
			  .num_slots = (slots), .source = (src),			\
			  .nmetrics = sizeof(pmukit_mrows_##of) / sizeof(pmukit_mrows_##of[0]), \
			  .ngroups = sizeof(pmukit_mgroups_##of) / sizeof(pmukit_mgroups_##of[0]) }, \
		.row = pmukit_mrows_##of, .group = pmukit_mgroups_##of,			\
		.topdown = (td), .nbasic = (nb) };
#define PMUKIT_MSET(set, nm, co, pr, midr_, slots, src, nb, td)			\
	PMUKIT_MSET_SAME(set, set, nm, co, pr, midr_, slots, src, nb, td)

/* Descriptions, unless a firmware image leaves them out to save room. */
#ifdef PMUKIT_MSET_NO_DESCRIPTIONS
#define PMUKIT_MSET_TEXT(s)	""
#else
#define PMUKIT_MSET_TEXT(s)	s
#endif

/* The generic set, in the core: set 0 of the library, the firmware's default. */
extern const struct pmukit_metric_set pmukit_mset_generic;

#endif /* PMUKIT_CORE_METRIC_SET_H */
