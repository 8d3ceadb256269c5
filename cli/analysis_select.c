// SPDX-License-Identifier: MIT
/*
 * Which metrics of a set to show (analysis.h): -M's names of metrics and
 * groups, Arm's topdown stages in the library's order
 * (pmukit_topdown_group_at()), and the distinct metrics chosen.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"
#include "cycles.h"
#include "pmukit/pmu_fields.h"

int an_add_item(struct an_sel *sel, unsigned int metric, int group, unsigned int stage,
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
			an_add_item(sel, grp->metric[k], (int)g, stage, root);
	}
}

/* Names, comma-separated and wrapped, after @indent. */
void an_name_list(FILE *f, const char *indent, const char *const *name, unsigned int n)
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
	an_name_list(stderr, "  ", names, n);
	n = 0;
	for (i = 0; i < si->ngroups && n < AN_MAX_ITEMS; i++)
		names[n++] = pmukit_metric_set_group(s, i)->name;
	if (n) {
		fprintf(stderr, "groups of %s:\n", si->name);
		an_name_list(stderr, "  ", names, n);
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
			if (an_add_item(sel, (unsigned int)x, -1, 0, -1))
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
				  an_set_label(sel));
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
			  "and C1 cores (-M takes the metrics there are)", an_set_label(sel));
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
				an_add_item(sel, node->next[k].index, -1, 2, (int)t->root[i]);
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
