// SPDX-License-Identifier: MIT
/*
 * The plan of 'pmukit stat': the library's (pmukit_evplan_make()), of the
 * events of -e, the defaults, or the metrics of -M and --topdown in the
 * passes of the library's metric planner. Each spec is parsed once, by
 * the library; the command opens what the plan says (stat_run.c).
 */
#include <errno.h>
#include <string.h>

#include "analysis.h"
#include "cli.h"
#include "stat.h"

/*
 * The plan of the counting: the library's. Its path for auto is the rule
 * for a command (PMUKIT_F_CHILD): $PMUKIT_PATH, else perf, as it follows
 * the command wherever it runs, then direct, then clock; a path that works
 * but cannot count the events given (perf without hardware events, or one
 * that refuses :u) gives way to the next (pmukit_evplan_make()). When no
 * path can, the first that works reports why.
 */
int stat_plan_new(struct stat_opts *o, struct pmukit_evplan **plan)
{
	struct pmukit_options po = { .path = o->path, .cpu = o->out.cpu, .flags = PMUKIT_F_CHILD };
	int ret;

	if (o->path == PMUKIT_PATH_DIRECT)
		direct_rearm("stat");
	ret = pmukit_evplan_new(plan, &po);
	if (ret == -EINVAL) {
		cli_error("stat", "%s", pmukit_last_error());
		return CLI_USAGE;
	}
	if (ret && po.path != PMUKIT_PATH_AUTO)
		cli_error("stat", "the %s path does not work here: %s",
			  pmukit_path_name(po.path), pmukit_last_error());
	else if (ret)
		cli_error("stat", "no access path works here (see pmukit info)");
	if (!ret)
		o->path = pmukit_evplan_path(*plan);
	return ret ? CLI_FAIL : 0;
}

/*
 * Without -e: CPU_CYCLES and INST_RETIRED where the path counts both, else
 * CPU_CYCLES, else (perf without hardware events, as in many virtual
 * machines) task-clock; on the path auto takes with no events in particular.
 */
static void default_events(struct stat_opts *o, struct pmukit_evplan *p)
{
	static const char *const sets[][2] = {
		{ "CPU_CYCLES", "INST_RETIRED" }, { "CPU_CYCLES", NULL }, { "task-clock", NULL },
	};
	size_t i, k;

	pmukit_evplan_keep_path(p);
	for (i = 0; i < ARRAY_SIZE(sets); i++) {
		for (k = 0; k < 2 && sets[i][k]; k++)
			if (pmukit_evplan_add(p, sets[i][k]) >= 0)
				o->ev[o->nev++] = sets[i][k];
		if (o->nev && pmukit_evplan_make(p) == 0)
			return;
		while (o->nev) {
			pmukit_evplan_drop(p, 0);
			o->nev--;
		}
	}
	/* It fails below, with the reason. */
	if (pmukit_evplan_add(p, "CPU_CYCLES") >= 0)
		o->ev[o->nev++] = "CPU_CYCLES";
}

/*
 * As perf: an event the path cannot count here is left out of the plan and
 * reported "<not supported>" with the reason, the others are counted. Each
 * event is opened alone on the path. Return: the number left out (0: none,
 * or none would be left to count).
 */
static unsigned int drop_unsupported(struct stat_opts *o, struct pmukit_evplan *p)
{
	int bad[STAT_MAX_EVENTS];
	unsigned int i, n = 0, kept = 0;
	int ret;

	for (i = 0; i < o->nev; i++) {
		ret = pmukit_evplan_check_event(p, i);
		bad[i] = ret && ret != -ENOENT && ret != -EINVAL;
		if (bad[i]) {
			struct stat_unsupported *u = &o->unsup[o->nunsup + n++];

			u->spec = o->ev[i];
			u->ev = *pmukit_evplan_event(p, i);
			u->at = o->at[i];
			snprintf(u->why, sizeof(u->why), "%s", pmukit_last_error());
		}
	}
	if (n == 0 || n == o->nev)
		return 0;
	for (i = o->nev; i-- > 0;)
		if (bad[i])
			pmukit_evplan_drop(p, i);
	for (i = 0; i < o->nev; i++) {
		if (bad[i])
			continue;
		o->ev[kept] = o->ev[i];
		o->at[kept++] = o->at[i];
	}
	o->nev = kept;
	o->nunsup += n;
	return n;
}

/* The error of a plan, said; the exit status for it. */
static int open_error(int ret)
{
	cli_error("stat", "%s", pmukit_last_error());
	switch (ret) {
	case -ENOENT:
	case -EINVAL:
		return CLI_USAGE;	/* unknown or malformed event */
	case -EOPNOTSUPP:
		/* Not after a refused level (:u, :k): the list would not help there. */
		if (!strstr(pmukit_last_error(), "level"))
			fprintf(stderr, "('pmukit list' shows which events this core implements)\n");
		return CLI_FAIL;
	default:
		return CLI_FAIL;
	}
}

/*
 * Event counters for metrics: the direct path's (PMCR.N); perf, which
 * would multiplex a group beyond them, gets the PMU's too when known, else
 * 6 (what the Cortex-A and Neoverse cores have). CPU_CYCLES goes on the
 * cycle counter besides (on the direct path, the plan's capacity counts it).
 */
static int metric_counters(const struct stat_opts *o, const struct pmukit_evplan *p)
{
	struct pmukit_pmu_info info;
	int n = (int)pmukit_evplan_capacity(p);

	if (o->path == PMUKIT_PATH_DIRECT) {
		n--;
	} else {
		memset(&info, 0, sizeof(info));
		if (pmukit_pmu_info(&info) == 0 && info.ncounters > 0 &&
		    (n <= 0 || (int)info.ncounters < n))
			n = (int)info.ncounters;
		else if (n <= 0 || n > 6)
			n = 6;
	}
	return n > 0 && n <= STAT_MAX_EVENTS ? n : 6;
}

/*
 * The metrics' events into the plan, in the passes of the library's
 * planner for @cap event counters, CPU_CYCLES with a counter of its own.
 */
static int metric_plan(struct pmukit_evplan *p, const struct an_sel *sel, const unsigned int *metric,
		       unsigned int nm, unsigned int cap)
{
	static struct pmukit_plan_slot slot[STAT_MAX_SPECS];
	unsigned int nslot = 0, i, k;
	int np, mpass[512], ret;

	if (nm > ARRAY_SIZE(mpass))
		return -E2BIG;
	np = pmukit_metric_plan(sel->set, metric, nm, cap, PMUKIT_PLAN_CYCLE_COUNTER, slot,
				ARRAY_SIZE(slot), &nslot, mpass);
	if (np < 0)
		return np;
	if (np > STAT_MAX_PASSES)
		return -E2BIG;
	/* Pass by pass: the report's rows are in this order. */
	for (k = 0; k < (unsigned int)np; k++) {
		for (i = 0; i < nslot; i++) {
			if (slot[i].pass != k)
				continue;
			ret = pmukit_evplan_add_code(p, slot[i].event, k);
			if (ret < 0)
				return ret;
		}
	}
	return 0;
}

/*
 * The direct path reads the PMU of the CPU it runs on: a command that may
 * run on several core types is refused there. One message: the library's
 * reason (which names the types and a binding), then what stat can do
 * besides: the perf path, which counts it on each type's PMU.
 */
static int direct_types(void)
{
	cli_error("stat", "%s; or --path perf, which counts it on each type's PMU",
		  pmukit_last_error());
	return CLI_FAIL;
}

int stat_plan_make(struct stat_opts *o, struct pmukit_evplan *plan, const struct an_sel *sel,
		   const unsigned int *metric, unsigned int nm, int *cap)
{
	unsigned int k;
	int ret = 0;

	if (sel) {
		*cap = metric_counters(o, plan);
		ret = metric_plan(plan, sel, metric, nm, (unsigned int)*cap);
		if (ret) {
			cli_error("stat", "the events of %u metrics do not fit in %d passes of %d counters and the cycle counter",
				  nm, STAT_MAX_PASSES, *cap);
			return CLI_FAIL;
		}
		ret = pmukit_evplan_make(plan);
	} else if (!o->nev) {
		default_events(o, plan);
		ret = pmukit_evplan_make(plan);
	} else {
		/* Each spec parsed once, here; an unknown or malformed one is the error. */
		for (k = 0; k < o->nev && ret >= 0; k++)
			ret = pmukit_evplan_add(plan, o->ev[k]);
		if (ret >= 0)
			ret = pmukit_evplan_make(plan);
		/*
		 * Some events cannot be counted here: the others are, as perf
		 * does. When that is not it, the error is that of the events
		 * (made again for its message, which the single opens replaced).
		 */
		if (ret && ret != -E2BIG && ret != -ENOENT && ret != -EINVAL) {
			drop_unsupported(o, plan);
			ret = pmukit_evplan_make(plan);
		}
	}
	if (ret) {
		if (o->path == PMUKIT_PATH_DIRECT && pmukit_evplan_ntypes(plan) > 1)
			return direct_types();
		return open_error(ret);
	}
	o->path = pmukit_evplan_path(plan);
	if (!sel)
		*cap = (int)pmukit_evplan_capacity(plan);
	return 0;
}

/* The rows of the left out events where they were given; the metrics' and the cycles' rows move with them. */
void stat_insert_unsupported(const struct stat_opts *o, struct stat_report *r)
{
	static unsigned int key[STAT_MAX_SPECS];	/* each row's place in -e */
	unsigned int u, i, pos, k;

	/* Row i < o->nev counts o->ev[i] (the plan keeps their order); then the added. */
	for (i = 0; i < r->nev; i++)
		key[i] = i < o->nev ? o->at[i] : UINT32_MAX;
	for (u = 0; u < o->nunsup && r->nev < STAT_MAX_SPECS; u++) {
		const struct stat_unsupported *x = &o->unsup[u];
		struct stat_event *e;

		for (pos = 0; pos < r->nev && key[pos] < x->at; pos++)
			;
		memmove(&r->ev[pos + 1], &r->ev[pos], (r->nev - pos) * sizeof(r->ev[0]));
		memmove(&key[pos + 1], &key[pos], (r->nev - pos) * sizeof(key[0]));
		r->nev++;
		key[pos] = x->at;
		e = &r->ev[pos];
		memset(e, 0, sizeof(*e));
		snprintf(e->name, sizeof(e->name), "%s", x->spec);
		e->ev = x->ev;
		snprintf(e->why, sizeof(e->why), "%s", x->why);
		e->unsupported = 1;
		/* Several core types: shown in each type's block, no sum. */
		e->per_type = r->types != NULL;
		for (k = 0; k < r->nmetrics; k++)
			if (r->metric[k].event >= pos)
				r->metric[k].event++;
		if (r->cycles_ref >= (int)pos)
			r->cycles_ref++;
	}
}

int stat_say_unsupported(const struct stat_opts *o)
{
	unsigned int k;

	for (k = 0; k < o->nunsup; k++)
		cli_error("stat", "%s not supported here, not counted: %s", o->unsup[k].spec,
			  o->unsup[k].why);
	return o->nunsup != 0;
}
