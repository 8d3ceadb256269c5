// SPDX-License-Identifier: MIT
/*
 * Metrics' values from recorded counts (analysis.h): their events found
 * among the counts, then evaluated by the library.
 *
 * A metric's events are taken from the passes the library's rule says
 * (pmukit_metric_passes()): one pass where one holds them all (the planner
 * puts them together where the counters allow), else each from the first
 * pass that counted it, and a count of a pass other than the reference
 * (the pass of the metric's CPU_CYCLES, else of its first event) scaled by
 * that pass's cycles to the reference pass's: count x cycles(ref) /
 * cycles(pass) (pmukit_metric_align()), shared with the firmware. The
 * passes ran the same command, so this makes each count a rate per cycle
 * of its own run; the note under the metrics says so, and by how much.
 */
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"
#include "cycles.h"
#include "pmukit/pmu_fields.h"

/*
 * An event the set's metrics read, by name: the metric data names its
 * events with their numbers, so a core whose events pmukit has no table for
 * (the C1 cores) still has them.
 */
static int set_event_code(const struct pmukit_metric_set *s, const char *name)
{
	unsigned int i, k;

	for (i = 0; i < pmukit_metric_set_info(s)->nmetrics; i++) {
		const struct pmukit_metric_info *m = pmukit_metric_set_metric(s, i);

		for (k = 0; k < m->nevents; k++)
			if (!strcasecmp(m->event_name[k], name))
				return m->event[k];
	}
	return -1;
}

/*
 * The event number of a recorded name: what the library's rule reads
 * (pmukit_input_name(): table names and numbers with levels, perf's
 * names, the firmware's CYCLES, a core type's "cortex-a53/INST_RETIRED:u/"),
 * else a name of the set's metric data.
 */
static int rec_code(const struct an_sel *sel, const char *name)
{
	struct pmukit_input_name n;
	int ret = pmukit_input_name(name, sel->core, &n);

	if (!ret)
		return n.code;
	return ret < 0 && n.event[0] ? set_event_code(sel->set, n.event) : -1;
}

int an_event_code(const struct an_sel *sel, const char *name)
{
	return rec_code(sel, name);
}

static void codes_of(const struct an_sel *sel, const struct recorded *r, int *code)
{
	unsigned int i;

	for (i = 0; i < r->nev; i++)
		code[i] = r->ev[i].code >= 0 ? r->ev[i].code : rec_code(sel, r->ev[i].name);
}

/*
 * The entry of event @ev in @pass (0: any pass, the first with a count).
 * An input may hold one event twice in a pass (perf's "instructions" and
 * "armv8_pmuv3/inst_retired/"): the count taken for the largest share of
 * the time stands for it, the first of those on a tie.
 */
static int find(const struct recorded *r, const int *code, unsigned int ev, unsigned int pass)
{
	unsigned int i;
	int any = -1, best = -1;

	for (i = 0; i < r->nev; i++) {
		if (code[i] != (int)ev || (pass && r->ev[i].pass != pass))
			continue;
		if (r->ev[i].status == REC_OK) {
			if (best >= 0 && r->ev[best].pass != r->ev[i].pass)
				break;	/* the first pass with a count */
			if (best < 0 || r->ev[i].percent > r->ev[best].percent)
				best = (int)i;
		} else if (any < 0) {
			any = (int)i;
		}
	}
	return best >= 0 ? best : any;
}

void an_select_counted(struct an_sel *sel, const struct recorded *r)
{
	const struct pmukit_metric_set_info *si = pmukit_metric_set_info(sel->set);
	static int code[REC_MAX_EVENTS];
	unsigned int x, k;

	codes_of(sel, r, code);
	for (x = 0; x < si->nmetrics; x++) {
		const struct pmukit_metric_info *mi = an_metric(sel, x);

		for (k = 0; k < mi->nevents && find(r, code, mi->event[k], 0) >= 0; k++)
			;
		if (k == mi->nevents)
			an_add_item(sel, x, -1, 0, -1);
	}
}

/* ---- values ----------------------------------------------------------------- */

/*
 * The entries of the metric's events, from the passes the library's rule
 * says (pmukit_metric_passes()): one pass where one has an entry of each
 * (an entry may say why it has no count), else each from the first pass
 * that counted it. Return: that one pass, 0 when the passes are combined.
 */
static unsigned int pick(const struct pmukit_metric_info *mi, const struct recorded *r,
			 const int *code, int *at)
{
	uint64_t any[PMUKIT_METRIC_MAX_EVENTS], ok[PMUKIT_METRIC_MAX_EVENTS];
	unsigned int pass[PMUKIT_METRIC_MAX_EVENTS], p, k;
	int one, i;

	for (k = 0; k < mi->nevents; k++) {
		any[k] = ok[k] = 0;
		for (p = 1; p <= r->npasses && p <= REC_MAX_PASSES; p++) {
			i = find(r, code, mi->event[k], p);
			if (i >= 0)
				any[k] |= 1ull << (p - 1);
			if (i >= 0 && r->ev[i].status == REC_OK)
				ok[k] |= 1ull << (p - 1);
		}
	}
	one = pmukit_metric_passes(mi, any, pass);
	if (one <= 0) {
		for (k = 0; k < mi->nevents; k++)
			ok[k] = ok[k] ? ok[k] : any[k];
		pmukit_metric_passes(mi, ok, pass);
	}
	for (k = 0; k < mi->nevents; k++)
		at[k] = pass[k] ? find(r, code, mi->event[k], pass[k]) : -1;
	return one > 0 ? (unsigned int)one : 0;
}

/*
 * Counts a collector scaled (perf multiplexing its events): the lowest share
 * of the time among the metric's events, and whether two of them may never
 * have been counted at the same time (their shares add up to 100 % or less).
 */
static void scaled_note(const struct pmukit_metric_info *mi, const struct recorded *r,
			const int *at, struct an_result *res)
{
	unsigned int k, j, low = 0;

	res->percent = 100.0;
	for (k = 0; k < mi->nevents; k++)
		if (r->ev[at[k]].percent < res->percent) {
			res->percent = r->ev[at[k]].percent;
			low = k;
		}
	if (res->percent >= 100.0)
		return;
	cli_appendf(res->note, sizeof(res->note), "%sfrom counts the collector scaled: %s counted %.2f%% of the time",
		    res->note[0] ? "; " : "", r->ev[at[low]].name, res->percent);
	for (k = 0; k < mi->nevents && !res->apart; k++)
		for (j = k + 1; j < mi->nevents && !res->apart; j++) {
			const struct rec_event *a = &r->ev[at[k]], *b = &r->ev[at[j]];

			if (at[k] == at[j] || a->percent + b->percent > 100.0)
				continue;
			res->apart = 1;
			cli_appendf(res->note, sizeof(res->note),
				    "; %s (%.2f%%) and %s (%.2f%%) may never have been counted together",
				    a->name, a->percent, b->name, b->percent);
		}
}

static void eval_one(const struct an_sel *sel, const struct recorded *r, const int *code,
		     unsigned int x, struct an_result *res)
{
	const struct pmukit_metric_info *mi = an_metric(sel, x);
	uint64_t count[PMUKIT_METRIC_MAX_EVENTS];
	struct pmukit_metric_value v;
	int at[PMUKIT_METRIC_MAX_EVENTS];
	unsigned int k, ref, one_pass, others = 0;
	char passes[sizeof(res->passes)] = "";
	uint64_t seen = 0;

	memset(res, 0, sizeof(*res));
	/* An event this machine lacks is the reason, before one left out with it. */
	for (k = 0; k < mi->nevents; k++) {
		unsigned int a;

		for (a = 0; a < sel->nabsent && sel->absent[a] != mi->event[k]; a++)
			;
		if (a < sel->nabsent) {
			snprintf(res->why, sizeof(res->why), "%s is not implemented here",
				 mi->event_name[k]);
			return;
		}
	}
	one_pass = pick(mi, r, code, at);
	for (k = 0; k < mi->nevents; k++) {
		const struct rec_event *e = at[k] >= 0 ? &r->ev[at[k]] : NULL;

		if (!e) {
			snprintf(res->why, sizeof(res->why), "%s was not counted", mi->event_name[k]);
			return;
		}
		if (e->status == REC_NOT_COUNTED) {
			snprintf(res->why, sizeof(res->why), "%s %s%s%s", e->name,
				 PMUKIT_DID_NOT_COUNT, e->why[0] ? ": " : "", e->why);
			return;
		}
		if (e->status == REC_NOT_SUPPORTED) {
			snprintf(res->why, sizeof(res->why), "%s was not supported: the collector could not open it",
				 e->name);
			return;
		}
		if (e->status != REC_OK) {
			snprintf(res->why, sizeof(res->why), "%s %s (pass %u)", mi->event_name[k],
				 e->status == REC_OVERFLOW ? "overflowed" : "was not run", e->pass);
			return;
		}
		seen |= 1ull << (e->pass - 1);	/* REC_MAX_PASSES: 64 */
		count[k] = e->value;
	}
	for (k = 0; k < REC_MAX_PASSES; k++)
		if (seen & (1ull << k))
			cli_appendf(passes, sizeof(passes), "%s%u", passes[0] ? "," : "", k + 1);
	memcpy(res->passes, passes, sizeof(res->passes));
	if (!one_pass && mi->nevents) {
		unsigned int pass[PMUKIT_METRIC_MAX_EVENTS], scaled, rk = pmukit_metric_ref_event(mi);
		uint64_t cycles[PMUKIT_METRIC_MAX_EVENTS];

		for (k = 0; k < mi->nevents; k++) {
			others += mi->event[k] != PMUKIT_EVT_CPU_CYCLES;
			pass[k] = r->ev[at[k]].pass;
			cycles[k] = r->have_cycles[pass[k] - 1] ? r->pass_cycles[pass[k] - 1] : 0;
		}
		/* The reference pass and the scaling are the library's rule. */
		ref = pass[rk];
		scaled = pmukit_metric_align(mi, pass, cycles, count);
		if (sel->counters && others > sel->counters)
			snprintf(res->note, sizeof(res->note),
				 "events of passes %s: its %u events beside CPU_CYCLES do not fit %u counters",
				 passes, others, sel->counters);
		else
			snprintf(res->note, sizeof(res->note), "events of passes %s", passes);
		for (k = 0; k < mi->nevents; k++) {
			if (pass[k] == ref)
				continue;
			if (scaled & (1u << k))
				cli_appendf(res->note, sizeof(res->note), "; %s (pass %u) x %.4f, pass %u's cycles over pass %u's",
					    mi->event_name[k], pass[k],
					    (double)cycles[rk] / (double)cycles[k],
					    ref, pass[k]);
			else
				cli_appendf(res->note, sizeof(res->note), "; %s (pass %u) as counted: no cycles of each pass to scale by",
					    mi->event_name[k], pass[k]);
		}
	}
	scaled_note(mi, r, at, res);
	pmukit_metric_set_eval(sel->set, x, count, (1u << mi->nevents) - 1, &v);
	if (v.status == PMUKIT_METRIC_OK) {
		res->ok = 1;
		res->value = (double)v.num / (double)v.den;
	} else if (v.status == PMUKIT_METRIC_ZERO_DIVISOR && v.event >= 0) {
		snprintf(res->why, sizeof(res->why), "%s counted 0", mi->event_name[v.event]);
	} else {
		snprintf(res->why, sizeof(res->why), "%s", pmukit_metric_reason(&v));
	}
}

/*
 * Stage 2 in the decision tree's order: the groups that the larger stage-1
 * metric names first (a metric without a value last), each group once.
 */
static void topdown_order(struct an_sel *sel)
{
	const struct pmukit_topdown *t = pmukit_metric_set_topdown(sel->set);
	static struct an_item item[AN_MAX_ITEMS];
	static struct an_result res[AN_MAX_ITEMS];
	unsigned int order[64], nr, i, j, k, n = 0;
	unsigned char used[AN_MAX_ITEMS] = { 0 };

	if (!t || sel->level < 2)
		return;
	nr = t->nroots < 64 ? t->nroots : 64;
	for (i = 0; i < nr; i++)
		order[i] = i;
	/* Insertion sort: stable, few roots. */
	for (i = 1; i < nr; i++) {
		for (j = i; j > 0; j--) {
			const struct an_result *a = NULL, *b = NULL;
			unsigned int ma = t->node[t->root[order[j - 1]]].metric;
			unsigned int mb = t->node[t->root[order[j]]].metric;

			for (k = 0; k < sel->n; k++) {
				if (sel->item[k].stage != 1)
					continue;
				if (sel->item[k].metric == ma)
					a = &sel->res[k];
				if (sel->item[k].metric == mb)
					b = &sel->res[k];
			}
			if (!(b && b->ok && (!a || !a->ok || b->value > a->value)))
				break;
			k = order[j];
			order[j] = order[j - 1];
			order[j - 1] = k;
		}
	}
	for (i = 0; i < sel->n; i++)
		if (sel->item[i].stage != 2) {
			item[n] = sel->item[i];
			res[n++] = sel->res[i];
			used[i] = 1;
		}
	for (i = 0; i < nr; i++) {
		const struct pmukit_topdown_node *node = &t->node[t->root[order[i]]];

		for (j = 0; j < node->nnext; j++) {
			int grp = node->next[j].kind == PMUKIT_TOPDOWN_GROUP ? (int)node->next[j].index : -1;

			for (k = 0; k < sel->n; k++) {
				if (used[k] || sel->item[k].group != grp ||
				    (grp < 0 && sel->item[k].metric != node->next[j].index))
					continue;
				item[n] = sel->item[k];
				item[n].root = (int)t->root[order[i]];
				res[n++] = sel->res[k];
				used[k] = 1;
			}
		}
	}
	for (i = 0; i < sel->n; i++)
		if (!used[i]) {
			item[n] = sel->item[i];
			item[n].root = -1;
			res[n++] = sel->res[i];
		}
	memcpy(sel->item, item, n * sizeof(item[0]));
	memcpy(sel->res, res, n * sizeof(res[0]));
	sel->n = n;
}

void an_eval(struct an_sel *sel, const struct recorded *r)
{
	static int code[REC_MAX_EVENTS];
	unsigned int i;

	codes_of(sel, r, code);
	sel->npasses = r->npasses;
	sel->nunknown = 0;
	for (i = 0; i < r->nev && sel->nunknown < ARRAY_SIZE(sel->unknown); i++)
		if (code[i] < 0)
			sel->unknown[sel->nunknown++] = r->ev[i].name;
	for (i = 0; i < sel->n; i++)
		eval_one(sel, r, code, sel->item[i].metric, &sel->res[i]);
	topdown_order(sel);
}
