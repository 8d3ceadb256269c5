// SPDX-License-Identifier: MIT
/*
 * Splitting events into passes. The cycles event goes into every pass
 * (the user's own, or one added): on the direct path and in perf it has
 * a counter of its own, and the spread of its counts between passes tells
 * whether the runs of different passes did the same work.
 */
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "passes.h"
#include "pmukit/analysis.h"
#include "pmukit/pmu_fields.h"

static const char added_cycles[] = "CPU_CYCLES";

int spec_is_cycles(const char *spec)
{
	struct pmukit_event_spec es;
	char base[PMUKIT_EVENT_NAME_LEN];
	size_t n = strcspn(spec, ":");

	if (n >= sizeof(base))
		return 0;
	memcpy(base, spec, n);
	base[n] = '\0';
	if (!strcasecmp(base, "cycles") || !strcasecmp(base, "cpu-cycles"))
		return 1;
	return pmukit_event_parse(base, NULL, &es) == 0 && es.code == PMUKIT_EVT_CPU_CYCLES;
}

int pass_plan(struct pass_plan *p, const char *const *spec, unsigned int n, unsigned int cap)
{
	unsigned int i, k;
	int cyc = -1, np;

	memset(p, 0, sizeof(*p));
	p->cycles = -1;
	if (!n || n > STAT_MAX_EVENTS)
		return -EINVAL;
	for (i = 0; i < n; i++)
		p->spec[i] = spec[i];
	p->nspecs = n;
	if (n <= cap) {
		p->npasses = 1;
		p->count[0] = n;
		for (i = 0; i < n; i++)
			p->idx[0][i] = i;
		return 0;
	}
	if (cap < 2)
		return -E2BIG;
	for (i = 0; i < n && cyc < 0; i++)
		if (spec_is_cycles(spec[i]))
			cyc = (int)i;
	if (cyc < 0) {
		cyc = (int)n;
		p->spec[p->nspecs++] = added_cycles;
		p->added = 1;
	}
	p->cycles = cyc;
	/* Every pass full but the last, the cycles first in each. */
	np = pmukit_plan_passes(p->nspecs, cyc, cap, 0, p->pass_of);
	if (np < 0 || np > STAT_MAX_PASSES)
		return -E2BIG;
	p->npasses = (unsigned int)np;
	for (k = 0; k < p->npasses; k++)
		p->idx[k][p->count[k]++] = (unsigned int)cyc;
	for (i = 0; i < p->nspecs; i++) {
		if ((int)i == cyc)
			continue;
		k = p->pass_of[i];
		p->idx[k][p->count[k]++] = i;
	}
	return 0;
}

int pass_plan_metrics(struct pass_plan *p, const struct pmukit_metric_set *set,
		      const struct pmukit_core_def *core, const unsigned int *metric,
		      unsigned int nmetric, unsigned int cap, unsigned int flags)
{
	static struct pmukit_plan_slot slot[STAT_MAX_SPECS];
	static char raw[STAT_MAX_SPECS][16];
	unsigned int nslot = 0, i, k;
	int np, mpass[512], every = 1;

	memset(p, 0, sizeof(*p));
	p->cycles = -1;
	if (nmetric > ARRAY_SIZE(mpass))
		return -E2BIG;
	np = pmukit_metric_plan(set, metric, nmetric, cap, flags, slot, ARRAY_SIZE(slot), &nslot,
				mpass);
	if (np < 0)
		return np;
	if (np > STAT_MAX_PASSES)
		return -E2BIG;
	p->npasses = (unsigned int)np;
	/* Pass by pass, the cycles first: slot 0 of a pass is its cycles (stat_summarise()). */
	for (k = 0; k < p->npasses; k++) {
		for (i = 0; i < nslot; i++) {
			const struct pmukit_event_def *d;
			unsigned int x = p->nspecs;

			if (slot[i].pass != k)
				continue;
			if (p->count[k] == STAT_MAX_EVENTS + 1)
				return -E2BIG;
			d = pmukit_event_find_code(core, slot[i].event);
			if (d) {
				p->spec[x] = d->name;
			} else {
				snprintf(raw[x], sizeof(raw[x]), "r%x", slot[i].event);
				p->spec[x] = raw[x];
			}
			p->pass_of[x] = k;
			if (slot[i].event == PMUKIT_EVT_CPU_CYCLES && p->count[k]) {
				/* to the front */
				p->idx[k][p->count[k]] = p->idx[k][0];
				p->idx[k][0] = x;
			} else {
				p->idx[k][p->count[k]] = x;
			}
			p->count[k]++;
			p->nspecs++;
		}
		if (!p->count[k] || !spec_is_cycles(p->spec[p->idx[k][0]]))
			every = 0;
	}
	if (every && p->npasses)
		p->cycles = (int)p->idx[0][0];
	return 0;
}
