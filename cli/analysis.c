// SPDX-License-Identifier: MIT
/*
 * The command's side of the metric sets (analysis.h). The library keeps
 * the sets, their formulas (compiled when the tables were generated), the
 * topdown tree and the pass planning; this file picks metrics by name or
 * stage, finds their events among recorded counts and prints the values.
 *
 * A metric's events are taken from one pass where one pass holds them all
 * (the planner puts them together where the counters allow). Otherwise
 * each event comes from the first pass that counted it, and a count of a
 * pass other than the reference (the pass of the metric's CPU_CYCLES, else
 * of its first event) is scaled by that pass's cycles to the reference
 * pass's: count x cycles(ref) / cycles(pass), the library's rule
 * (pmukit_metric_align()), shared with the firmware. The passes ran the
 * same command, so this makes each count a rate per cycle of its own run;
 * the note under the metrics says so, and by how much.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"
#include "cycles.h"
#include "pmukit/pmu_fields.h"

const struct pmukit_metric_set *an_set_of(const struct pmukit_core_def *core, uint32_t midr)
{
	const struct pmukit_metric_set *s = NULL;

	/* Both give the generic set for a core they do not know. */
	if (midr)
		s = pmukit_metric_set_by_midr(midr);
	if ((!s || !pmukit_metric_set_info(s)->core[0]) && core)
		s = pmukit_metric_set_for(core->name);
	if (!s && pmukit_metric_sets())
		s = pmukit_metric_set_at(0);	/* the generic set */
	return s;
}

/*
 * The core @name names on the command line: one with an event table
 * (*core set), else one that only has metric data (the C1 cores: *core
 * NULL, the set returned). NULL when it is neither.
 */
const struct pmukit_metric_set *an_set_named(const char *name, const struct pmukit_core_def **core)
{
	const struct pmukit_metric_set *s;

	*core = pmukit_core_by_name(name);
	if (*core)
		return an_set_of(*core, 0);
	s = pmukit_metric_set_for(name);
	return s && pmukit_metric_set_info(s)->core[0] ? s : NULL;
}

void an_did_you_mean(const char *const *sugg, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(stderr, "%s%s", i ? ", " : "did you mean: ", sugg[i]);
	if (n)
		fputc('\n', stderr);
}

void an_suggest_core(const char *name, int with_metric_data)
{
	const char *sugg[PMUKIT_SUGGEST_MAX], *cores[64];
	size_t i, k = 0, n = pmukit_cpu_suggest(name, sugg, PMUKIT_SUGGEST_MAX);

	if (!n && with_metric_data) {
		for (i = 1; i < pmukit_metric_sets() && k < ARRAY_SIZE(cores); i++) {
			const char *c = pmukit_metric_set_info(pmukit_metric_set_at((unsigned int)i))->core;

			if (!k || strcmp(cores[k - 1], c))	/* a core's revisions are neighbours */
				cores[k++] = c;
		}
		n = pmukit_suggest(name, cores, k, 2, sugg, PMUKIT_SUGGEST_MAX);
	}
	an_did_you_mean(sugg, n);
}

const char *an_set_name(const struct pmukit_metric_set *s)
{
	return pmukit_metric_set_info(s)->name;
}

/* The set's name in a message, with the core where that is the generic set's. */
static const char *set_label(const struct an_sel *sel)
{
	static char buf[160];

	if (pmukit_metric_set_info(sel->set)->core[0] || !sel->core)
		return an_set_name(sel->set);
	snprintf(buf, sizeof(buf), "%s (its metrics: the %s set)",
		 sel->core->name, an_set_name(sel->set));
	return buf;
}

static const struct pmukit_metric_info *mi_of(const struct an_sel *sel, unsigned int x)
{
	return pmukit_metric_set_metric(sel->set, x);
}

/* ---- choosing the metrics ------------------------------------------------ */

static int add_item(struct an_sel *sel, unsigned int metric, int group, unsigned int stage,
		    int root)
{
	unsigned int i;

	for (i = 0; i < sel->n; i++)
		if (sel->item[i].metric == metric && sel->item[i].group == group &&
		    sel->item[i].stage == stage)
			return 0;
	if (sel->n == AN_MAX_ITEMS)
		return -E2BIG;
	sel->item[sel->n].metric = metric;
	sel->item[sel->n].group = group;
	sel->item[sel->n].stage = stage;
	sel->item[sel->n].root = root;
	sel->n++;
	return 0;
}

/* The metrics of group @g; @new_only: those not yet shown in @stage. */
static void add_group(struct an_sel *sel, unsigned int g, unsigned int stage, int root,
		      int new_only)
{
	const struct pmukit_metric_group *grp = pmukit_metric_set_group(sel->set, g);
	unsigned int k, i;

	for (k = 0; grp && k < grp->nmetrics; k++) {
		for (i = 0; new_only && i < sel->n; i++)
			if (sel->item[i].metric == grp->metric[k] && sel->item[i].stage == stage)
				break;
		if (!new_only || i == sel->n)
			add_item(sel, grp->metric[k], (int)g, stage, root);
	}
}

/* Names, comma-separated and wrapped, after @indent. */
static void name_list(FILE *f, const char *indent, const char *const *name, unsigned int n)
{
	unsigned int i, col = 0;

	for (i = 0; i < n; i++) {
		size_t len = strlen(name[i]);

		if (!col || col + len + 2 > 78) {
			fprintf(f, "%s%s", i ? ",\n" : "", indent);
			col = (unsigned int)strlen(indent);
		} else {
			fputs(", ", f);
			col += 2;
		}
		fputs(name[i], f);
		col += (unsigned int)len;
	}
	if (n)
		fputc('\n', f);
}

/* What the set has, on stderr, after a name that is not in it. */
static void what_exists(const struct pmukit_metric_set *s)
{
	const struct pmukit_metric_set_info *si = pmukit_metric_set_info(s);
	const char *names[AN_MAX_ITEMS];
	unsigned int i, n = 0;

	for (i = 0; i < si->nmetrics && n < AN_MAX_ITEMS; i++)
		names[n++] = pmukit_metric_set_metric(s, i)->name;
	fprintf(stderr, "metrics of %s ('pmukit list --metrics' shows their formulas):\n",
		si->name);
	name_list(stderr, "  ", names, n);
	n = 0;
	for (i = 0; i < si->ngroups && n < AN_MAX_ITEMS; i++)
		names[n++] = pmukit_metric_set_group(s, i)->name;
	if (n) {
		fprintf(stderr, "groups of %s:\n", si->name);
		name_list(stderr, "  ", names, n);
	}
}

int an_select_names(struct an_sel *sel, const char *cmd, const char *list)
{
	char name[128];
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ",");
		int x;

		if (!n || n >= sizeof(name)) {
			p += n + (p[n] == ',');
			if (n)
				return usage_error(cmd, "-M: a name of at most %zu characters",
						   sizeof(name) - 1);
			continue;
		}
		memcpy(name, p, n);
		name[n] = '\0';
		p += n + (p[n] == ',');
		x = pmukit_metric_set_find(sel->set, name);
		if (x >= 0) {
			if (add_item(sel, (unsigned int)x, -1, 0, -1))
				return usage_error(cmd, "more than %d metrics", AN_MAX_ITEMS);
			continue;
		}
		x = pmukit_metric_set_find_group(sel->set, name);
		if (x >= 0) {
			add_group(sel, (unsigned int)x, 0, -1, 0);
			continue;
		}
		{
			const char *sugg[PMUKIT_SUGGEST_MAX];
			size_t ns = pmukit_metric_set_suggest(sel->set, name, sugg,
							      PMUKIT_SUGGEST_MAX);

			cli_error(cmd, "no metric or metric group '%s' for %s", name,
				  set_label(sel));
			an_did_you_mean(sugg, ns);
			what_exists(sel->set);
			return CLI_USAGE;
		}
	}
	if (!sel->n)
		return usage_error(cmd, "-M needs a metric or metric group");
	return 0;
}

int an_select_topdown(struct an_sel *sel, const char *cmd, unsigned int level)
{
	const struct pmukit_topdown *t = pmukit_metric_set_topdown(sel->set);
	unsigned int i, k;

	if (!t) {
		cli_error(cmd, "no topdown methodology for %s: Arm publishes it for the Neoverse "
			  "and C1 cores (-M takes the metrics there are)", set_label(sel));
		what_exists(sel->set);
		return CLI_USAGE;
	}
	sel->level = level;
	/* The library's order: stage 1's groups, then those of stage 2 (pmukit_topdown_group_at()). */
	for (i = 0; i < t->nstage1; i++)
		add_group(sel, (unsigned int)pmukit_topdown_group_at(t, i, NULL), 1, -1, 0);
	if (level < 2)
		return 0;
	for (i = 0; i < t->nroots; i++) {
		const struct pmukit_topdown_node *node = &t->node[t->root[i]];

		for (k = 0; k < node->nnext; k++) {
			if (node->next[k].kind == PMUKIT_TOPDOWN_GROUP)
				add_group(sel, node->next[k].index, 2, (int)t->root[i], 0);
			else
				add_item(sel, node->next[k].index, -1, 2, (int)t->root[i]);
		}
	}
	/*
	 * Then the methodology's other stage-2 groups (General: IPC), with the
	 * metrics the groups above have not shown (MPKI and Miss_Ratio repeat them).
	 */
	for (i = t->nstage1; i < t->nstage1 + t->nstage2; i++)
		add_group(sel, (unsigned int)pmukit_topdown_group_at(t, i, NULL), 2, -1, 1);
	return 0;
}

unsigned int an_metrics(const struct an_sel *sel, unsigned int *metric, unsigned int max)
{
	unsigned int i, j, n = 0;

	for (i = 0; i < sel->n; i++) {
		for (j = 0; j < n && metric[j] != sel->item[i].metric; j++)
			;
		if (j == n && n < max)
			metric[n++] = sel->item[i].metric;
	}
	return n;
}

/* ---- the events among the counts ------------------------------------------ */

/*
 * The event number of a recorded name: a table name or number with its
 * levels ("INST_RETIRED:u", "r08"), perf's names where there is no Arm
 * PMU (cycles, instructions) or the firmware's cycle counter (CYCLES).
 */
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

static int rec_code(const struct an_sel *sel, const char *name)
{
	struct pmukit_event_spec es;
	char base[PMUKIT_EVENT_NAME_LEN];
	size_t n = strcspn(name, ":");

	if (n >= sizeof(base))
		return -1;
	memcpy(base, name, n);
	base[n] = '\0';
	if (!strcmp(base, "CYCLES") || spec_is_cycles(base))
		return PMUKIT_EVT_CPU_CYCLES;
	if (!strcasecmp(base, "instructions"))
		return PMUKIT_EVT_INST_RETIRED;
	if (pmukit_event_parse(name, sel->core, &es) == 0)
		return es.code;
	return set_event_code(sel->set, base);
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
		const struct pmukit_metric_info *mi = mi_of(sel, x);

		for (k = 0; k < mi->nevents && find(r, code, mi->event[k], 0) >= 0; k++)
			;
		if (k == mi->nevents)
			add_item(sel, x, -1, 0, -1);
	}
}

/* ---- values ----------------------------------------------------------------- */

static void add_text(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void add_text(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

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
	add_text(res->note, sizeof(res->note), "%sfrom counts the collector scaled: %s counted %.2f%% of the time",
		 res->note[0] ? "; " : "", r->ev[at[low]].name, res->percent);
	for (k = 0; k < mi->nevents && !res->apart; k++)
		for (j = k + 1; j < mi->nevents && !res->apart; j++) {
			const struct rec_event *a = &r->ev[at[k]], *b = &r->ev[at[j]];

			if (at[k] == at[j] || a->percent + b->percent > 100.0)
				continue;
			res->apart = 1;
			add_text(res->note, sizeof(res->note),
				 "; %s (%.2f%%) and %s (%.2f%%) may never have been counted together",
				 a->name, a->percent, b->name, b->percent);
		}
}

static void eval_one(const struct an_sel *sel, const struct recorded *r, const int *code,
		     unsigned int x, struct an_result *res)
{
	const struct pmukit_metric_info *mi = mi_of(sel, x);
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
			add_text(passes, sizeof(passes), "%s%u", passes[0] ? "," : "", k + 1);
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
				add_text(res->note, sizeof(res->note), "; %s (pass %u) x %.4f, pass %u's cycles over pass %u's",
					 mi->event_name[k], pass[k],
					 (double)cycles[rk] / (double)cycles[k],
					 ref, pass[k]);
			else
				add_text(res->note, sizeof(res->note), "; %s (pass %u) as counted: no cycles of each pass to scale by",
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

/* ---- output ----------------------------------------------------------------- */

static void value_text(const struct pmukit_metric_info *mi, const struct an_result *res,
		       int prec, char *buf, size_t len)
{
	if (res->ok)
		snprintf(buf, len, "%.*f", prec < 0 ? (int)mi->decimals : prec, res->value);
	else
		snprintf(buf, len, "n/a");
}

/* The group a metric of -M is in: its first. */
static int group_of(const struct an_sel *sel, const struct an_item *it)
{
	const struct pmukit_metric_info *mi = mi_of(sel, it->metric);

	return it->group >= 0 ? it->group : mi->ngroups ? (int)mi->group[0] : -1;
}

static const char *group_name(const struct an_sel *sel, int g, int title)
{
	const struct pmukit_metric_group *grp = g >= 0 ? pmukit_metric_set_group(sel->set, (unsigned int)g) : NULL;

	if (!grp)
		return "";
	return title && grp->title && grp->title[0] ? grp->title : grp->name;
}

static const struct an_result *root_result(const struct an_sel *sel, int root)
{
	const struct pmukit_topdown *t = pmukit_metric_set_topdown(sel->set);
	unsigned int k;

	if (!t || root < 0)
		return NULL;
	for (k = 0; k < sel->n; k++)
		if (sel->item[k].stage == 1 && sel->item[k].metric == t->node[root].metric)
			return &sel->res[k];
	return NULL;
}

/* The heading of the group (and stage) that item @i starts; nothing where it goes on. */
static void heading(FILE *f, const struct an_sel *sel, unsigned int i)
{
	const struct an_item *it = &sel->item[i], *prev = i ? &sel->item[i - 1] : NULL;
	const struct pmukit_topdown *t = pmukit_metric_set_topdown(sel->set);

	if (prev && prev->group == it->group && prev->stage == it->stage && prev->root == it->root)
		return;
	if (it->group < 0 && !it->stage)
		return;
	fputc(' ', f);
	if (it->stage)
		fprintf(f, "stage %u: ", it->stage);
	fputs(it->group >= 0 ? group_name(sel, it->group, 1) : "", f);
	if (it->stage == 2 && t && it->root >= 0) {
		const struct pmukit_metric_info *rm = mi_of(sel, t->node[it->root].metric);
		const struct an_result *rr = root_result(sel, it->root);
		char v[48];

		value_text(rm, rr ? rr : &(struct an_result){ 0 }, -1, v, sizeof(v));
		fprintf(f, "%s(%s %s)", it->group >= 0 ? " " : "", rm->name, v);
	}
	fputc('\n', f);
}

/* The name of the @i-th event this machine lacks. */
static const char *absent_name(const struct an_sel *sel, unsigned int i, char *buf, size_t len)
{
	const struct pmukit_event_def *d = pmukit_event_find_code(sel->core, sel->absent[i]);

	if (d)
		return d->name;
	snprintf(buf, len, "0x%x", sel->absent[i]);
	return buf;
}

void an_print_table(FILE *f, const struct an_sel *sel)
{
	int wn = 6, wv = 5, wu = 5;
	unsigned int i, notes = 0;
	char v[48];

	for (i = 0; i < sel->n; i++) {
		const struct pmukit_metric_info *mi = mi_of(sel, sel->item[i].metric);
		int l;

		value_text(mi, &sel->res[i], -1, v, sizeof(v));
		if ((l = (int)strlen(mi->name)) > wn)
			wn = l;
		if ((l = (int)strlen(v)) > wv)
			wv = l;
		if ((l = (int)strlen(mi->units ? mi->units : mi->unit)) > wu)
			wu = l;
	}
	if (sel->level)
		fprintf(f, " topdown level %u for %s (Arm's topdown methodology):\n", sel->level,
			an_set_name(sel->set));
	else
		fprintf(f, " metrics for %s:\n", set_label(sel));
	for (i = 0; i < sel->n; i++) {
		const struct pmukit_metric_info *mi = mi_of(sel, sel->item[i].metric);
		const struct an_result *res = &sel->res[i];

		heading(f, sel, i);
		value_text(mi, res, -1, v, sizeof(v));
		fprintf(f, "   %-*s  %*s  %-*s  %s", wn, mi->name, wv, v, wu,
			mi->units ? mi->units : mi->unit, mi->formula);
		if (sel->npasses > 1 && res->ok)
			fprintf(f, "  (pass%s %s)", strchr(res->passes, ',') ? "es" : "", res->passes);
		if (res->ok && res->percent < 100.0)
			fprintf(f, "  (scaled: %.2f%% counted%s)", res->percent,
				res->apart ? ", perhaps never together" : "");
		if (!res->ok)
			fprintf(f, "  (%s)", res->why);
		fputc('\n', f);
		notes += res->note[0] != 0;
	}
	if (sel->nabsent) {
		static char raw[ARRAY_SIZE(sel->absent)][16];
		const char *names[ARRAY_SIZE(sel->absent)];

		for (i = 0; i < sel->nabsent; i++)
			names[i] = absent_name(sel, i, raw[i], sizeof(raw[i]));
		fprintf(f, " not implemented here, according to %s:\n", sel->absent_source);
		name_list(f, "   ", names, sel->nabsent);
	}
	if (sel->nunknown) {
		fprintf(f, " not events of %s, left out:\n", sel->core ? sel->core->name : "this core");
		name_list(f, "   ", sel->unknown, sel->nunknown);
	}
	for (i = 0; i < sel->n && notes; i++) {
		unsigned int k;

		for (k = 0; k < i && sel->item[k].metric != sel->item[i].metric; k++)
			;
		if (sel->res[i].note[0] && k == i)	/* a metric in several groups: once */
			fprintf(f, " note: %s: %s\n", mi_of(sel, sel->item[i].metric)->name,
				sel->res[i].note);
	}
	fputc('\n', f);
}

void an_print_csv(FILE *f, const char *sep, const struct an_sel *sel, int variance)
{
	unsigned int i;
	int k;

	for (i = 0; i < sel->n; i++) {
		const struct pmukit_metric_info *mi = mi_of(sel, sel->item[i].metric);
		const struct an_result *res = &sel->res[i];
		char v[48], stage[8];
		const char *cells[8];

		value_text(mi, res, 4, v, sizeof(v));
		snprintf(stage, sizeof(stage), "%u", sel->item[i].stage);
		cells[0] = v;
		cells[1] = mi->name;
		cells[2] = mi->units ? mi->units : mi->unit;
		cells[3] = mi->formula;
		cells[4] = group_name(sel, group_of(sel, &sel->item[i]), 0);
		cells[5] = sel->item[i].stage ? stage : "";
		cells[6] = res->passes;
		cells[7] = res->ok ? res->note : res->why;
		if (sel->csv_prefix)
			fputs(sel->csv_prefix, f);
		/*
		 * As perf's metric lines: a count's fields before its metric's
		 * (value, unit, event, the variance with -r, run time,
		 * percentage counted) are empty.
		 */
		for (k = 0; k < 5 + !!variance; k++)
			pmukit_csv_field(f, sep, k == 0, "");
		for (k = 0; k < 8; k++)
			pmukit_csv_field(f, sep, 0, cells[k]);
		fputc('\n', f);
	}
}

void an_print_json(struct pmukit_json *j, const struct an_sel *sel)
{
	unsigned int i;

	pmukit_json_str(j, "metric_set", an_set_name(sel->set));
	if (sel->level)
		pmukit_json_u64(j, "topdown_level", sel->level);
	pmukit_json_arr(j, "metrics");
	for (i = 0; i < sel->n; i++) {
		const struct pmukit_metric_info *mi = mi_of(sel, sel->item[i].metric);
		const struct an_result *res = &sel->res[i];

		pmukit_json_obj(j, NULL);
		pmukit_json_str(j, "name", mi->name);
		if (res->ok)
			pmukit_json_real(j, "value", res->value, 4);
		else
			pmukit_json_null(j, "value");
		pmukit_json_str(j, "unit", mi->unit);
		pmukit_json_str(j, "units", mi->units ? mi->units : mi->unit);
		pmukit_json_str(j, "formula", mi->formula);
		pmukit_json_str(j, "group", group_name(sel, group_of(sel, &sel->item[i]), 0));
		pmukit_json_u64(j, "stage", sel->item[i].stage);
		pmukit_json_str(j, "passes", res->passes);
		if (!res->ok)
			pmukit_json_str(j, "reason", res->why);
		if (res->note[0])
			pmukit_json_str(j, "combined", res->note);
		if (res->ok && res->percent < 100.0) {
			pmukit_json_real(j, "counted_percent", res->percent, 2);
			pmukit_json_bool(j, "counted_together", !res->apart);
		}
		pmukit_json_obj_end(j);
	}
	pmukit_json_arr_end(j);
	if (sel->nabsent) {
		char v[16];

		pmukit_json_arr(j, "not_implemented");
		for (i = 0; i < sel->nabsent; i++)
			pmukit_json_str(j, NULL, absent_name(sel, i, v, sizeof(v)));
		pmukit_json_arr_end(j);
		pmukit_json_str(j, "not_implemented_source", sel->absent_source);
	}
	if (sel->nunknown) {
		pmukit_json_arr(j, "unknown_events");
		for (i = 0; i < sel->nunknown; i++)
			pmukit_json_str(j, NULL, sel->unknown[i]);
		pmukit_json_arr_end(j);
	}
}

/* A metric's line of the list, its columns @w wide. */
static void list_line(FILE *f, const struct pmukit_metric_info *mi, const int *w)
{
	fprintf(f, "  %-*s  %-*s  %s\n", w[0], mi->name, w[1], mi->units ? mi->units : mi->unit,
		mi->formula);
}

void an_list(FILE *f, const struct pmukit_metric_set *s)
{
	const struct pmukit_metric_set_info *si = pmukit_metric_set_info(s);
	const struct pmukit_topdown *t = pmukit_metric_set_topdown(s);
	unsigned int g, k, x;
	int w[2] = { 0, 0 };

	for (x = 0; x < si->nmetrics; x++) {
		const struct pmukit_metric_info *mi = pmukit_metric_set_metric(s, x);
		int l0 = (int)strlen(mi->name), l1 = (int)strlen(mi->units ? mi->units : mi->unit);

		w[0] = l0 > w[0] ? l0 : w[0];
		w[1] = l1 > w[1] ? l1 : w[1];
	}
	fprintf(f, "%s (%s): %u metrics in %u groups%s\n", si->name, si->product, si->nmetrics,
		si->ngroups, t ? ", topdown methodology (pmukit stat --topdown)" : "");
	if (si->source && si->source[0])
		fprintf(f, "from %s\n", si->source);
	for (g = 0; g < si->ngroups; g++) {
		const struct pmukit_metric_group *grp = pmukit_metric_set_group(s, g);
		const char *stage = "";

		for (k = 0; t && k < t->nstage1; k++)
			if (t->stage1[k] == g)
				stage = ", topdown stage 1";
		for (k = 0; t && k < t->nstage2; k++)
			if (t->stage2[k] == g)
				stage = ", topdown stage 2";
		fprintf(f, "\n%s (%s%s)\n", grp->name, grp->title, stage);
		for (k = 0; k < grp->nmetrics; k++)
			list_line(f, pmukit_metric_set_metric(s, grp->metric[k]), w);
	}
	for (x = 0, k = 0; x < si->nmetrics; x++) {
		const struct pmukit_metric_info *mi = pmukit_metric_set_metric(s, x);

		if (mi->ngroups)
			continue;
		if (!k++)
			fprintf(f, "\nin no group\n");
		list_line(f, mi, w);
	}
	if (t) {
		fprintf(f, "\ntopdown decision tree (stage 1 metric: the stage 2 groups to look at when it is high):\n");
		for (k = 0; k < t->nroots; k++) {
			const struct pmukit_topdown_node *node = &t->node[t->root[k]];
			unsigned int j;

			fprintf(f, "  %s:", pmukit_metric_set_metric(s, node->metric)->name);
			for (j = 0; j < node->nnext; j++)
				fprintf(f, "%s %s", j ? "," : "",
					node->next[j].kind == PMUKIT_TOPDOWN_GROUP ?
					pmukit_metric_set_group(s, node->next[j].index)->name :
					pmukit_metric_set_metric(s, node->next[j].index)->name);
			fputc('\n', f);
		}
	}
}
