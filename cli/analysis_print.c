// SPDX-License-Identifier: MIT
/*
 * Metrics' values printed (analysis.h): a table after the counts, with
 * the groups' and stages' headings and the notes; CSV lines as perf's
 * metric lines; a JSON object.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"
#include "cycles.h"
#include "pmukit/pmu_fields.h"

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
	const struct pmukit_metric_info *mi = an_metric(sel, it->metric);

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
		const struct pmukit_metric_info *rm = an_metric(sel, t->node[it->root].metric);
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
		const struct pmukit_metric_info *mi = an_metric(sel, sel->item[i].metric);
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
		fprintf(f, " metrics for %s:\n", an_set_label(sel));
	for (i = 0; i < sel->n; i++) {
		const struct pmukit_metric_info *mi = an_metric(sel, sel->item[i].metric);
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
		an_name_list(f, "   ", names, sel->nabsent);
	}
	if (sel->nunknown) {
		fprintf(f, " not events of %s, left out:\n", sel->core ? sel->core->name : "this core");
		an_name_list(f, "   ", sel->unknown, sel->nunknown);
	}
	for (i = 0; i < sel->n && notes; i++) {
		unsigned int k;

		for (k = 0; k < i && sel->item[k].metric != sel->item[i].metric; k++)
			;
		if (sel->res[i].note[0] && k == i)	/* a metric in several groups: once */
			fprintf(f, " note: %s: %s\n", an_metric(sel, sel->item[i].metric)->name,
				sel->res[i].note);
	}
	fputc('\n', f);
}

void an_print_csv(FILE *f, const char *sep, const struct an_sel *sel, int variance)
{
	unsigned int i;
	int k;

	for (i = 0; i < sel->n; i++) {
		const struct pmukit_metric_info *mi = an_metric(sel, sel->item[i].metric);
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
			pmukit_csv_field(f, sep, k == 0,
					 k == 2 && sel->csv_event ? sel->csv_event : "");
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
		const struct pmukit_metric_info *mi = an_metric(sel, sel->item[i].metric);
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
