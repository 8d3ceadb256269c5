// SPDX-License-Identifier: MIT
/*
 * The command's side of the metric sets (analysis.h): which set a core
 * has (its MIDR, its name, else the generic set), "did you mean" for a core
 * that is not one, and the list of a set's metrics (pmukit list --metrics).
 * The library keeps the sets, their formulas and the topdown tree.
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
const char *an_set_label(const struct an_sel *sel)
{
	static char buf[160];

	if (pmukit_metric_set_info(sel->set)->core[0] || !sel->core)
		return an_set_name(sel->set);
	snprintf(buf, sizeof(buf), "%s (its metrics: the %s set)",
		 sel->core->name, an_set_name(sel->set));
	return buf;
}

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
