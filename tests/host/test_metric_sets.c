/* SPDX-License-Identifier: MIT */
/*
 * The metric sets through the public API: choosing a set (by core name,
 * revision, MIDR; the generic set otherwise), finding metrics and groups
 * (folded names, suggestions), the tables' own consistency (indices in
 * range, formulas naming their events, groups and topdown tree pointing at
 * what exists) and the pass planner's properties on every set: every
 * event at most once in a pass, CPU_CYCLES first in every pass, no pass
 * over its counters, a metric's events in one pass whenever they fit, and
 * a split reported only when they do not.
 *
 * The values of every metric of every set are checked by metric-values.t,
 * which drives this program as a tool:
 *   test_metric_sets --dump      one line per metric: set, index, scale,
 *                                formula, then NAME=code per event
 *   test_metric_sets --eval      reads "set index counted c0 c1 ..." lines,
 *                                prints "status event num den" for each
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmukit/pmukit.h"
#include "pmukit/pmu_fields.h"
#include "../tap.h"

#include "core/compiler.h"

#define MAX_METRICS	512
#define MAX_SLOTS	(MAX_METRICS * PMUKIT_METRIC_MAX_EVENTS + 64)

static const struct pmukit_metric_set *set_named(const char *name)
{
	unsigned int i;

	for (i = 0; i < pmukit_metric_sets(); i++)
		if (!strcmp(pmukit_metric_set_info(pmukit_metric_set_at(i))->name, name))
			return pmukit_metric_set_at(i);
	return NULL;
}

static int dump(void)
{
	unsigned int i, x, k;

	for (i = 0; i < pmukit_metric_sets(); i++) {
		const struct pmukit_metric_set *s = pmukit_metric_set_at(i);
		const struct pmukit_metric_set_info *si = pmukit_metric_set_info(s);

		for (x = 0; x < si->nmetrics; x++) {
			const struct pmukit_metric_info *mi = pmukit_metric_set_metric(s, x);

			printf("%s\t%u\t%s\t%u\t%s", si->name, x, mi->name, mi->scale, mi->formula);
			for (k = 0; k < mi->nevents; k++)
				printf("\t%s=%u", mi->event_name[k], mi->event[k]);
			printf("\n");
		}
	}
	return 0;
}

static int eval(void)
{
	char line[1024], name[128];

	while (fgets(line, sizeof(line), stdin)) {
		uint64_t c[PMUKIT_METRIC_MAX_EVENTS] = { 0 };
		const struct pmukit_metric_set *s;
		struct pmukit_metric_value v;
		unsigned int x, counted, k;
		char *p = line, *end;
		int n;

		if (sscanf(p, "%127s %u %u%n", name, &x, &counted, &n) != 3)
			return 2;
		p += n;
		for (k = 0; k < PMUKIT_METRIC_MAX_EVENTS; k++, p = end) {
			c[k] = strtoull(p, &end, 10);
			if (end == p)
				break;
		}
		s = set_named(name);
		if (!s || pmukit_metric_set_eval(s, x, c, counted, &v))
			printf("error\n");
		else
			printf("%d %d %" PRId64 " %" PRId64 "\n", (int)v.status, v.event, v.num, v.den);
	}
	return 0;
}

static void test_choice(void)
{
	const struct pmukit_metric_set *generic = pmukit_metric_set_at(0);
	const struct pmukit_metric_set_info *gi = pmukit_metric_set_info(generic);
	const struct pmukit_metric_set *n1 = pmukit_metric_set_for("neoverse-n1");

	tap_ok(pmukit_metric_sets() >= 1 && gi && !strcmp(gi->name, "generic") && !gi->midr,
	       "set 0 is the generic set");
	tap_ok(pmukit_metric_set_for(NULL) == generic, "no core: the generic set");
	tap_ok(pmukit_metric_set_for("cortex-a53") == generic,
	       "a core without telemetry data: the generic set");
	tap_ok(pmukit_metric_set_at(pmukit_metric_sets()) == NULL, "no set past the end");
	tap_ok(pmukit_metric_set_topdown(generic) == NULL, "the generic set has no topdown tree");
	tap_ok(pmukit_metric_set_info(NULL) == NULL && pmukit_metric_set_metric(NULL, 0) == NULL &&
	       pmukit_metric_set_topdown(NULL) == NULL, "a NULL set has nothing");
	tap_ok(gi->nmetrics >= pmukit_metric_count() &&
	       pmukit_metric_set_metric(generic, 0) == pmukit_metric_info(0),
	       "the basic rates are the generic set's first metrics");
	if (pmukit_metric_sets() == 1) {
		tap_skip("built without telemetry tables", "sets of the cores");
		return;
	}
	tap_ok(n1 != generic && !strcmp(pmukit_metric_set_info(n1)->core, "neoverse-n1") &&
	       pmukit_metric_set_topdown(n1) != NULL, "neoverse-n1 has its set, with a tree");
	tap_ok(pmukit_metric_set_for("Neoverse_N1") == n1, "core names fold");
	tap_ok(pmukit_metric_set_by_midr(0x410fd0c0) == n1 && pmukit_metric_set_by_midr(0x414fd0c1) == n1,
	       "by MIDR: the part number picks the set");
	tap_ok(pmukit_metric_set_by_midr(0x410fd030) == generic, "by MIDR: Cortex-A53: generic");
	tap_ok(!strcmp(pmukit_metric_set_info(pmukit_metric_set_for("neoverse-n2"))->name,
		       "neoverse-n2-r0p3"), "a core with revisions: the latest");
	tap_ok(!strcmp(pmukit_metric_set_info(pmukit_metric_set_for("neoverse-n2-r0p2"))->name,
		       "neoverse-n2-r0p2"), "a revision by its set's name");
	tap_ok(!strcmp(pmukit_metric_set_info(pmukit_metric_set_by_midr(0x410fd492))->name,
		       "neoverse-n2-r0p2") &&
	       !strcmp(pmukit_metric_set_info(pmukit_metric_set_by_midr(0x410fd493))->name,
		       "neoverse-n2-r0p3"), "by MIDR: the revision's set");
	tap_ok(!strcmp(pmukit_metric_set_info(pmukit_metric_set_by_midr(0x410fd499))->name,
		       "neoverse-n2-r0p3"), "by MIDR: a later revision: the latest before it");
}

static void test_find(void)
{
	const struct pmukit_metric_set *n1 = pmukit_metric_set_for("neoverse-n1");
	const struct pmukit_metric_set *generic = pmukit_metric_set_at(0);
	const char *out[PMUKIT_SUGGEST_MAX];
	int x, g;
	size_t n;

	tap_eq(pmukit_metric_set_find(generic, "l1d refill rate"), 1, "generic: find folds names");
	tap_eq(pmukit_metric_set_find(generic, "l1d mpki") >= 0, 1, "generic: MPKI metrics");
	tap_eq(pmukit_metric_set_find(generic, "nothing"), -ENOENT, "an unknown name: -ENOENT");
	tap_eq(pmukit_metric_set_find(NULL, "IPC"), -EINVAL, "no set: -EINVAL");
	n = pmukit_metric_set_suggest(generic, "l1d_mpk", out, ARRAY_SIZE(out));
	tap_ok(n >= 1 && !strcmp(out[0], "L1D MPKI"), "suggestions: the closest first");
	if (n1 == generic) {
		tap_skip("built without telemetry tables", "neoverse-n1's metrics");
		return;
	}
	x = pmukit_metric_set_find(n1, "backend_stalled_cycles");
	tap_ok(x >= 0 && pmukit_metric_set_find(n1, "Backend Stalled Cycles") == x,
	       "find by id or by title");
	if (x >= 0) {
		const struct pmukit_metric_info *mi = pmukit_metric_set_metric(n1, (unsigned int)x);

		tap_ok(!strcmp(mi->formula, "STALL_BACKEND / CPU_CYCLES * 100") &&
		       !strcmp(mi->unit, "%") && !strcmp(mi->units, "percent of cycles") &&
		       mi->scale == 1 && mi->nevents == 2 && mi->ngroups >= 1,
		       "backend_stalled_cycles: formula, units, events, groups");
	}
	g = pmukit_metric_set_find_group(n1, "cycle accounting");
	tap_ok(g >= 0 && !strcmp(pmukit_metric_set_group(n1, (unsigned int)g)->name,
				 "Cycle_Accounting"), "groups: find by folded title");
	n = pmukit_metric_set_suggest(n1, "backend_stalled_cycle", out, ARRAY_SIZE(out));
	tap_ok(n >= 1 && !strcmp(out[0], "backend_stalled_cycles"), "suggestions for a typo");
	n = pmukit_metric_set_suggest(n1, "mpki", out, ARRAY_SIZE(out));
	tap_ok(n >= 3, "suggestions: names that contain it (%zu for mpki)", n);
}

/* Every index of a set's tables in range, every formula naming its events. */
static int check_tables(const struct pmukit_metric_set *s, char *why, size_t len)
{
	const struct pmukit_metric_set_info *si = pmukit_metric_set_info(s);
	const struct pmukit_topdown *t = pmukit_metric_set_topdown(s);
	unsigned int i, k;

	for (i = 0; i < si->nmetrics; i++) {
		const struct pmukit_metric_info *mi = pmukit_metric_set_metric(s, i);

		if (!mi->nevents || mi->nevents > PMUKIT_METRIC_MAX_EVENTS || mi->decimals > 18 ||
		    !mi->title || !mi->units || !mi->description || !mi->scale)
			return snprintf(why, len, "%s: bad sizes", mi->name), 0;
		if (pmukit_metric_set_find(s, mi->name) < 0)
			return snprintf(why, len, "%s: not found by its name", mi->name), 0;
		for (k = 0; k < mi->nevents; k++)
			if (!strstr(mi->formula, mi->event_name[k]))
				return snprintf(why, len, "%s: %s not in its formula", mi->name,
						mi->event_name[k]), 0;
		for (k = 0; k < mi->ngroups; k++)
			if (mi->group[k] >= si->ngroups)
				return snprintf(why, len, "%s: group %u", mi->name, mi->group[k]), 0;
		if (mi->sample_mask >> mi->nevents)
			return snprintf(why, len, "%s: sample mask", mi->name), 0;
	}
	for (i = 0; i < si->ngroups; i++) {
		const struct pmukit_metric_group *g = pmukit_metric_set_group(s, i);

		for (k = 0; k < g->nmetrics; k++)
			if (g->metric[k] >= si->nmetrics)
				return snprintf(why, len, "group %s: metric %u", g->name,
						g->metric[k]), 0;
	}
	if (!t)
		return 1;
	for (i = 0; i < t->nstage1 + t->nstage2; i++)
		if ((i < t->nstage1 ? t->stage1[i] : t->stage2[i - t->nstage1]) >= si->ngroups)
			return snprintf(why, len, "stage group %u", i), 0;
	for (i = 0; i < t->nroots; i++)
		if (t->root[i] >= t->nnodes)
			return snprintf(why, len, "root %u", i), 0;
	for (i = 0; i < t->nnodes; i++) {
		const struct pmukit_topdown_node *nd = &t->node[i];

		if (nd->metric >= si->nmetrics || nd->group >= si->ngroups ||
		    pmukit_topdown_node_of(t, nd->metric) != (int)i)
			return snprintf(why, len, "node %u", i), 0;
		for (k = 0; k < nd->nnext; k++)
			if (nd->next[k].index >= (nd->next[k].kind == PMUKIT_TOPDOWN_GROUP ?
						   si->ngroups : si->nmetrics))
				return snprintf(why, len, "node %u: next %u", i, k), 0;
	}
	return 1;
}

static void test_tables(void)
{
	unsigned int i;

	for (i = 0; i < pmukit_metric_sets(); i++) {
		const struct pmukit_metric_set *s = pmukit_metric_set_at(i);
		char why[160] = "";

		tap_ok(check_tables(s, why, sizeof(why)), "%s: the tables are consistent %s",
		       pmukit_metric_set_info(s)->name, why);
	}
}

static int in_pass(const struct pmukit_plan_slot *sl, unsigned int n, unsigned int ev,
		   unsigned int pass)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (sl[i].event == ev && sl[i].pass == pass)
			return 1;
	return 0;
}

/* Events of a metric but CPU_CYCLES, each once. */
static unsigned int others(const struct pmukit_metric_info *mi)
{
	unsigned int k, j, n = 0;

	for (k = 0; k < mi->nevents; k++) {
		for (j = 0; j < k && mi->event[j] != mi->event[k]; j++)
			;
		n += j == k && mi->event[k] != PMUKIT_EVT_CPU_CYCLES;
	}
	return n;
}

/* The planner's properties for all of a set's metrics on @counters; 1 if they hold. */
static int check_plan(const struct pmukit_metric_set *s, unsigned int counters,
		      unsigned int flags, char *why, size_t len)
{
	static struct pmukit_plan_slot sl[MAX_SLOTS];
	static unsigned int metric[MAX_METRICS], used[MAX_METRICS];
	static int mpass[MAX_METRICS];
	unsigned int nm = pmukit_metric_set_info(s)->nmetrics, cap, ns, i, j, k;
	int np;

	cap = flags & PMUKIT_PLAN_CYCLE_COUNTER ? counters : counters - 1;
	for (i = 0; i < nm; i++)
		metric[i] = i;
	np = pmukit_metric_plan(s, metric, nm, counters, flags, sl, MAX_SLOTS, &ns, mpass);
	if (np < 1)
		return snprintf(why, len, "returned %d", np), 0;
	memset(used, 0, sizeof(used));
	for (i = 0; i < ns; i++) {
		if (sl[i].pass >= (unsigned int)np || (i && sl[i].pass < sl[i - 1].pass))
			return snprintf(why, len, "slot %u: pass %u", i, sl[i].pass), 0;
		if ((!i || sl[i].pass != sl[i - 1].pass) != (sl[i].event == PMUKIT_EVT_CPU_CYCLES))
			return snprintf(why, len, "slot %u: CPU_CYCLES not first", i), 0;
		for (j = 0; j < i; j++)
			if (sl[j].event == sl[i].event && sl[j].pass == sl[i].pass)
				return snprintf(why, len, "event %#x twice in pass %u",
						sl[i].event, sl[i].pass), 0;
		used[sl[i].pass] += sl[i].event != PMUKIT_EVT_CPU_CYCLES;
	}
	for (i = 0; i < (unsigned int)np; i++)
		if (used[i] > cap || !used[i])
			return snprintf(why, len, "pass %u: %u events", i, used[i]), 0;
	for (i = 0; i < nm; i++) {
		const struct pmukit_metric_info *mi = pmukit_metric_set_metric(s, i);
		unsigned int fits = others(mi) <= cap;

		if ((mpass[i] >= 0) != fits)
			return snprintf(why, len, "%s: pass %d with %u of %u events", mi->name,
					mpass[i], others(mi), cap), 0;
		for (k = 0; k < mi->nevents; k++) {
			unsigned int p, seen = 0;

			for (p = 0; p < (unsigned int)np; p++)
				seen |= in_pass(sl, ns, mi->event[k], p);
			if (!seen || (fits && !in_pass(sl, ns, mi->event[k], (unsigned int)mpass[i])))
				return snprintf(why, len, "%s: %s not where it should be", mi->name,
						mi->event_name[k]), 0;
		}
	}
	return 1;
}

static void test_plans(void)
{
	static const unsigned int counters[] = { 2, 3, 4, 6, 7, 20 };
	unsigned int i, c, f;

	for (i = 0; i < pmukit_metric_sets(); i++) {
		const struct pmukit_metric_set *s = pmukit_metric_set_at(i);
		char why[160] = "";
		int ok = 1;

		for (c = 0; ok && c < ARRAY_SIZE(counters); c++)
			for (f = 0; ok && f < 2; f++)
				ok = check_plan(s, counters[c], f ? PMUKIT_PLAN_CYCLE_COUNTER : 0,
						why, sizeof(why));
		tap_ok(ok, "%s: plans on 2 to 20 counters keep every property %s",
		       pmukit_metric_set_info(s)->name, ok ? "" : why);
	}
}

static void test_plan_cases(void)
{
	const struct pmukit_metric_set *g = pmukit_metric_set_at(0);
	struct pmukit_plan_slot sl[64];
	unsigned int m[3], ns;
	int mp[3], np;

	m[0] = (unsigned int)pmukit_metric_set_find(g, "IPC");
	m[1] = (unsigned int)pmukit_metric_set_find(g, "L1D refill rate");
	m[2] = (unsigned int)pmukit_metric_set_find(g, "L1D MPKI");
	np = pmukit_metric_plan(g, m, 3, 3, 0, sl, 64, &ns, mp);
	tap_ok(np == 2 && ns == 6 && mp[0] == 0 && mp[1] == 1 && mp[2] == 0,
	       "IPC, L1D refill rate, L1D MPKI on 3 counters (cycles on one): 2 passes, "
	       "L1D_CACHE_REFILL in both (%d passes, %u slots)", np, ns);
	np = pmukit_metric_plan(g, m, 3, 3, PMUKIT_PLAN_CYCLE_COUNTER, sl, 64, &ns, mp);
	tap_ok(np == 1 && ns == 4 && mp[0] == 0 && mp[1] == 0 && mp[2] == 0,
	       "the same on 3 counters and the cycle counter: one pass");
	np = pmukit_metric_plan(g, m, 2, 1, PMUKIT_PLAN_CYCLE_COUNTER, sl, 64, &ns, mp);
	tap_ok(np == 3 && mp[0] == 0 && mp[1] == -1,
	       "one counter: the refill rate's two events are split and say so");
	tap_eq(pmukit_metric_plan(g, m, 3, 3, 0, sl, 3, &ns, mp), -E2BIG, "too few slots: -E2BIG");
	tap_eq(pmukit_metric_plan(g, m, 3, 1, 0, sl, 64, &ns, mp), -EINVAL,
	       "one counter, taken by the cycles: -EINVAL");
	m[0] = 999;
	tap_eq(pmukit_metric_plan(g, m, 1, 4, 0, sl, 64, &ns, mp), -EINVAL, "a bad metric: -EINVAL");
	tap_eq(pmukit_metric_plan(g, NULL, 0, 4, 0, sl, 64, &ns, NULL), 1,
	       "no metrics: one pass, the cycles");
	tap_eq(pmukit_metric_plan(g, NULL, 0, 0, 0, sl, 64, &ns, NULL), -EINVAL,
	       "no counter at all, the cycles on one of them: -EINVAL");
	tap_eq(pmukit_metric_plan(g, NULL, 0, 0, PMUKIT_PLAN_CYCLE_COUNTER, sl, 64, &ns, NULL), 1,
	       "no event counter, the cycle counter apart, no metrics: one pass");
}

static void test_eval_codes(void)
{
	const struct pmukit_metric_set *g = pmukit_metric_set_at(0);
	const uint16_t code[3] = { PMUKIT_EVT_CPU_CYCLES, PMUKIT_EVT_INST_RETIRED,
				   PMUKIT_EVT_L1D_CACHE };
	const uint64_t count[3] = { 4000, 3000, 0 };
	struct pmukit_metric_value v;
	int64_t f;

	tap_ok(pmukit_metric_set_eval_codes(g, 0, code, count, 3, &v) == 0 &&
	       pmukit_metric_fixed(&v, 3, &f) == 0 && f == 750,
	       "by event number: IPC = 3000 / 4000");
	pmukit_metric_set_eval_codes(g, 1, code, count, 3, &v);
	tap_ok(v.status == PMUKIT_METRIC_NOT_COUNTED && v.event == 0,
	       "by event number: a missing event is not counted");
	pmukit_metric_set_eval_codes(g, (unsigned int)pmukit_metric_set_find(g, "L1D MPKI"),
				     code, count, 3, &v);
	tap_ok(v.status == PMUKIT_METRIC_NOT_COUNTED, "L1D MPKI without L1D_CACHE_REFILL: n/a");
	tap_eq(pmukit_metric_set_eval_codes(g, 0, NULL, count, 3, &v), -EINVAL, "no codes: -EINVAL");
}

/* A long run's counts in a product of ratios: a value within 1e-6, not n/a. */
static void test_long_run(void)
{
	const struct pmukit_metric_set *s = pmukit_metric_set_for("neoverse-v1");
	const struct pmukit_metric_info *mi;
	struct pmukit_metric_value v;
	uint64_t c[PMUKIT_METRIC_MAX_EVENTS];
	unsigned int k;
	int x = pmukit_metric_set_find(s, "bad_speculation");
	double got, want;

	if (x < 0) {
		tap_skip("built without telemetry tables", "a long run's bad_speculation");
		return;
	}
	mi = pmukit_metric_set_metric(s, (unsigned int)x);
	for (k = 0; k < mi->nevents; k++) {
		const char *e = mi->event_name[k];

		c[k] = !strcmp(e, "CPU_CYCLES") ? 300000000007ull :
		       !strcmp(e, "STALL_SLOT") ? 600000000013ull :
		       !strcmp(e, "OP_RETIRED") ? 500000000021ull :
		       !strcmp(e, "OP_SPEC") ? 700000000019ull : 10000000003ull;
	}
	want = 100 * ((1 - 500000000021.0 / 700000000019.0) *
		      (1 - 600000000013.0 / (300000000007.0 * 8)) + 10000000003.0 * 4 / 300000000007.0);
	pmukit_metric_set_eval(s, (unsigned int)x, c, (1u << mi->nevents) - 1, &v);
	got = v.status == PMUKIT_METRIC_OK ? (double)v.num / (double)v.den : -1;
	tap_ok(!strcmp(mi->formula, "100 * ((1 - OP_RETIRED / OP_SPEC) * (1 - STALL_SLOT / "
				    "(CPU_CYCLES * 8)) + BR_MIS_PRED * 4 / CPU_CYCLES)") &&
	       got > want - 1e-6 * want && got < want + 1e-6 * want,
	       "neoverse-v1 bad_speculation over 10^11 cycles: %.9f, want %.9f", got, want);
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--dump"))
		return dump();
	if (argc == 2 && !strcmp(argv[1], "--eval"))
		return eval();
	test_choice();
	test_find();
	test_tables();
	test_plans();
	test_plan_cases();
	test_eval_codes();
	test_long_run();
	return tap_done();
}
