// SPDX-License-Identifier: MIT
/*
 * Derived metrics. A ratio of two events is only as good as the runs they
 * were counted in agree: where both are in one pass, that pass is used; the
 * cycles counted in every pass give IPC for instructions in any pass.
 */
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "metrics.h"

static const struct {
	const char *name;
	const char *num, *den;	/* base names, as the session reports them */
	double scale;
	const char *unit;
} rules[] = {
	{ "IPC", "INST_RETIRED", "CPU_CYCLES", 1, "" },
	{ "IPC", "instructions", "cycles", 1, "" },
	{ "L1D refill rate", "L1D_CACHE_REFILL", "L1D_CACHE", 100, "%" },
	{ "L2D refill rate", "L2D_CACHE_REFILL", "L2D_CACHE", 100, "%" },
	{ "branch mispredict rate", "BR_MIS_PRED", "BR_PRED", 100, "%" },
	{ "branch mispredict rate", "BR_MIS_PRED_RETIRED", "BR_RETIRED", 100, "%" },
};

/* Is @name (with its levels, "INST_RETIRED:u") the event @base? */
static int is(const char *name, const char *base)
{
	size_t n = strcspn(name, ":");

	return strlen(base) == n && !strncasecmp(name, base, n);
}

static const char *levels(const char *name)
{
	const char *c = strchr(name, ':');

	return c ? c : "";
}

/* The best denominator for numerator @i: same pass, then same levels. */
static int pick_den(const struct stat_report *r, unsigned int i, const char *den, int cycles_ref)
{
	int best = -1, score = -1;
	unsigned int j;

	for (j = 0; j < r->nev; j++) {
		int s;

		if (r->ev[j].added || !is(r->ev[j].name, den))
			continue;
		s = (r->ev[j].pass == r->ev[i].pass || (int)j == cycles_ref) * 2 +
		    !strcmp(levels(r->ev[j].name), levels(r->ev[i].name));
		if (s > score) {
			score = s;
			best = (int)j;
		}
	}
	return best;
}

void metrics_compute(struct stat_report *r)
{
	int cycles_ref = r->cycles_ref;
	unsigned int k, i;

	r->nmetrics = 0;
	for (k = 0; k < ARRAY_SIZE(rules) && r->nmetrics < STAT_MAX_METRICS; k++) {
		for (i = 0; i < r->nev; i++) {
			struct stat_metric *m;
			double num, den;
			int j;

			if (r->ev[i].added || !is(r->ev[i].name, rules[k].num))
				continue;
			j = pick_den(r, i, rules[k].den, cycles_ref);
			if (j < 0)
				break;
			num = r->ev[i].st.mean;
			if (j == cycles_ref && r->npasses > 1 && r->ev[i].pass >= 1)
				den = r->pass_cycles[r->ev[i].pass - 1];
			else
				den = r->ev[j].st.mean;
			m = &r->metric[r->nmetrics++];
			memset(m, 0, sizeof(*m));
			snprintf(m->name, sizeof(m->name), "%s", rules[k].name);
			m->unit = rules[k].unit;
			m->value = den > 0 ? num / den * rules[k].scale : 0.0;
			m->cross_pass = j != cycles_ref && r->ev[j].pass != r->ev[i].pass;
			m->event = i;
			break;	/* one of each metric: the first numerator */
		}
	}
}
