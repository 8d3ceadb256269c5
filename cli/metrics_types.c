// SPDX-License-Identifier: MIT
/*
 * The core types of recorded counts (metrics_types.h). A count's type is
 * the library's (pmukit_input_count.core: from its name, by
 * pmukit_input_name(), or from the column or member the reader found it
 * in); each type gets a selection of its own, so that a metric's events
 * are always found among one type's counts, looked up in that type's set.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "metrics_types.h"

int mt_index(const struct mt_types *t, const struct pmukit_input_count *c)
{
	unsigned int i;

	for (i = 0; c->core[0] && i < t->n; i++)
		if (!strcmp(t->core[i], c->core))
			return (int)i;
	return -1;
}

const struct an_sel *mt_sel(const struct mt_types *t, const struct an_sel *base,
			    const struct pmukit_input_count *c)
{
	int i = mt_index(t, c);

	return i < 0 ? base : t->sel[i];
}

/* Type @core's selection: its core's set (else @base's), then what @base was given. */
static int type_sel(const char *core, const struct an_sel *base, const char *names, int topdown,
		    unsigned int level, struct an_sel **out)
{
	struct an_sel *s = calloc(1, sizeof(*s));
	int ret = 0;

	if (!s)
		return CLI_FAIL;
	s->set = an_set_named(core, &s->core);
	if (!s->set) {
		s->set = base->set;
		s->core = base->core;
	}
	/* An error names the type's set (its core), and what that set has. */
	if (names)
		ret = an_select_names(s, "metrics", names);
	else if (topdown)
		ret = an_select_topdown(s, "metrics", level);
	*out = s;
	return ret;
}

int mt_find(const struct pmukit_input *in, const struct an_sel *base, const char *names,
	    int topdown, unsigned int level, struct mt_types *t)
{
	unsigned int i;
	int ret;

	memset(t, 0, sizeof(*t));
	if (!in->has_core)
		return 0;
	for (i = 0; i < in->n; i++) {
		const struct pmukit_input_count *c = &in->count[i];

		if (!c->core[0]) {
			/* A sum over the types (perf's software events are none: no PMU). */
			if (c->code == PMUKIT_INPUT_NOT_PMU)
				continue;
			if (t->nsums < MT_MAX_SUMS)
				t->sum[t->nsums++] = c->name;
			else
				t->more_sums++;
			continue;
		}
		if (mt_index(t, c) >= 0)
			continue;
		if (t->n == MT_MAX_TYPES) {
			cli_error("metrics", "line %u: counts of at most %d core types, not more ('%s')",
				  c->line, MT_MAX_TYPES, c->core);
			return CLI_USAGE;
		}
		t->core[t->n] = c->core;
		ret = type_sel(c->core, base, names, topdown, level, &t->sel[t->n]);
		t->n++;
		if (ret)
			return ret;
	}
	return 0;
}

void mt_print_sums(FILE *f, const char *fname, const struct mt_types *t)
{
	if (!t->nsums)
		return;
	fprintf(f, "%s: the counts of no core type (sums over the types), left out: a metric is "
		"computed from one type's counts:\n", fname);
	an_name_list(f, "   ", t->sum, t->nsums);
	if (t->more_sums)
		fprintf(f, "   and %u more\n", t->more_sums);
	fputc('\n', f);
}

void mt_free(struct mt_types *t)
{
	unsigned int i;

	for (i = 0; i < t->n; i++)
		free(t->sel[i]);
	t->n = 0;
}
