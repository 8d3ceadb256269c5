// SPDX-License-Identifier: MIT
/*
 * -M and --topdown of pmukit stat: the metrics asked for, this core's set,
 * and their values from a report's counts (as 'pmukit metrics' reads them
 * back), for a command and for a scope's totals, units and intervals.
 */
#include <string.h>

#include "analysis.h"
#include "cli.h"
#include "recorded.h"
#include "stat.h"
#include "support.h"

/*
 * -M, --topdown: this core's metric set and the metrics asked for; into
 * @metric those whose events this machine implements (the others are
 * n/a, and say why).
 */
int stat_metric_setup(const struct stat_opts *o, struct an_sel *sel, unsigned int *metric,
			unsigned int *nm)
{
	unsigned int all[AN_MAX_ITEMS], n, i, k, a;
	struct pmukit_pmu_info info;
	struct pmukit_implemented sup;
	int ret;

	sel->core = this_machine(&info);
	sel->set = an_set_of(sel->core, info.midr);
	if (!sel->set) {
		cli_error("stat", "no metrics for this core (%s)", info.core[0] ? info.core : "unknown");
		return CLI_USAGE;
	}
	ret = o->metrics ? an_select_names(sel, "stat", o->metrics) :
			   an_select_topdown(sel, "stat", o->level ? o->level : 1);
	if (ret)
		return ret;
	memset(&sup, 0, sizeof(sup));
	support_load(&sup);
	snprintf(sel->absent_source, sizeof(sel->absent_source), "%.159s", sup.source);
	n = an_metrics(sel, all, AN_MAX_ITEMS);
	*nm = 0;
	for (i = 0; i < n; i++) {
		const struct pmukit_metric_info *mi = pmukit_metric_set_metric(sel->set, all[i]);
		int ok = 1;

		for (k = 0; k < mi->nevents; k++) {
			if (pmukit_event_supported(&sup, mi->event[k], NULL) != 0)
				continue;
			ok = 0;
			for (a = 0; a < sel->nabsent && sel->absent[a] != mi->event[k]; a++)
				;
			if (a == sel->nabsent && a < ARRAY_SIZE(sel->absent))
				sel->absent[sel->nabsent++] = mi->event[k];
		}
		if (ok)
			metric[(*nm)++] = all[i];
	}
	if (!*nm) {
		cli_error("stat", "this %s implements none of the events of the metrics asked for (%s)",
			  sel->core ? sel->core->name : "core", sup.source);
		return CLI_FAIL;
	}
	return 0;
}

/* The metrics' values from the means, as 'pmukit metrics' reads them from --json's "value". */
void stat_metric_values(struct stat_report *r, struct an_sel *sel)
{
	static struct recorded rec;
	unsigned int i;

	memset(&rec, 0, sizeof(rec));
	for (i = 0; i < r->nev; i++) {
		/* The runs' verdicts, not the rule again on a mean: the session judged each. */
		recorded_add(&rec, r->ev[i].name, (uint64_t)(r->ev[i].st.mean + 0.5), r->ev[i].pass,
			     REC_OK, 0);
		/* The event the row counted, not its name read back. */
		if (rec.nev && r->ev[i].ev.kind == PMUKIT_EV_PMU)
			rec.ev[rec.nev - 1].code = r->ev[i].ev.code;
		if (r->ev[i].nc_runs)
			recorded_not_counted(&rec, r->ev[i].why);
	}
	r->nmetrics = 0;	/* the metrics asked for instead of those beside the counts */
	an_eval(sel, &rec);
	r->analysis = sel;
}

/*
 * -M, --topdown on several core types: the metrics of each type from its
 * own counts, the events named as its core names them.
 */
void stat_type_metric_values(struct stat_typed *ty, const struct an_sel *sel)
{
	static struct an_sel tsel[STAT_MAX_TYPES];
	const struct pmukit_core_def *core;
	unsigned int t;

	for (t = 0; t < ty->n; t++) {
		tsel[t] = *sel;
		core = pmukit_core_by_name(ty->info[t].name);
		if (core)
			tsel[t].core = core;
		stat_metric_values(&ty->r[t], &tsel[t]);
	}
}
