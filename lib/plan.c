// SPDX-License-Identifier: MIT
/*
 * Plans (pmukit.h's struct pmukit_evplan): the events of a measurement,
 * each spec parsed once; the path, auto resolved once; the passes, each a
 * group the path holds, with CPU_CYCLES in every one; and the sessions of
 * those passes, opened from the parsed events.
 *
 * The pass rule is core/pass_plan.c's (pmukit_plan_passes()): every pass
 * full but the last, the reference cycles first in each.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmukit/pmu_fields.h"
#include "backend.h"
#include "plan_types.h"
#include "scope.h"

struct pmukit_evplan {
	struct pmukit_options opts;	/* the caller's, .path as asked ($PMUKIT_PATH applied) */
	/* Bound to the core type of the CPUs it counts on: the names' table. */
	struct pmukit_session *bind;
	enum pmukit_path path;		/* auto: the first that works, until made */
	int made;			/* the path is chosen */
	/*
	 * Every pass opened once on the path (check_passes()): the sessions
	 * opened from the plan afterwards, one a run, take the plan's core
	 * type and skip the checks that open did (session.c, planned).
	 */
	int checked;
	char why[512];
	unsigned int cap;		/* events in a pass */
	unsigned int n;			/* events, the added cycles included */
	struct pmukit_ev ev[PMUKIT_PLAN_MAX_EVENTS];
	/*
	 * Each event as its path counts it (the levels a module counter
	 * has), from the open of a pass holding it; until then, as parsed.
	 */
	struct pmukit_ev counted[PMUKIT_PLAN_MAX_EVENTS];
	/* pmukit_evplan_add_code(): the passes are the caller's. */
	int fixed;
	unsigned int fixed_pass[PMUKIT_PLAN_MAX_EVENTS];
	int cycles;			/* the event in every pass, or -1 */
	int added;			/* the plan added it (the last event) */
	unsigned int npasses;
	unsigned int count[PMUKIT_PLAN_MAX_PASSES];
	unsigned int idx[PMUKIT_PLAN_MAX_PASSES][PMUKIT_MAX_EVENTS];
	/* Where it counts: the calling thread or a command (opts), or a scope's units. */
	struct pmukit_scope scope;
	/* Each event's spec or number, parsed again for each core type. */
	struct pmukit_plan_src src[PMUKIT_PLAN_MAX_EVENTS];
	/* The core types it counts on when they are several (perf path), else NULL. */
	struct pmukit_plan_types *ty;
};

const struct pmukit_plan_types *pmukit_evplan_types(const struct pmukit_evplan *p)
{
	return p ? p->ty : NULL;
}

const struct pmukit_session *pmukit_evplan_binding(const struct pmukit_evplan *p)
{
	return p ? p->bind : NULL;
}

/* The calling thread's options for @p: no child (the checks open for this thread). */
static struct pmukit_options thread_opts(const struct pmukit_evplan *p, enum pmukit_path path)
{
	struct pmukit_options po = p->opts;

	po.path = path;
	po.pid = 0;
	po.flags &= ~PMUKIT_F_CHILD;
	return po;
}

PMUKIT_API int pmukit_evplan_new(struct pmukit_evplan **out, const struct pmukit_options *opts)
{
	struct pmukit_options defaults = { .path = PMUKIT_PATH_AUTO, .cpu = -1 };
	struct pmukit_evplan *p;
	enum pmukit_path path;
	int ret;

	if (!out)
		return pmukit_err(-EINVAL, "pmukit_evplan_new: out is NULL");
	*out = NULL;
	if (!opts)
		opts = &defaults;
	p = calloc(1, sizeof(*p));
	if (!p)
		return pmukit_err(-ENOMEM, "out of memory");
	p->opts = *opts;
	p->cycles = -1;
	/* The path asked for must work; auto, one of them (the events choose). */
	ret = pmukit_path_choose(NULL, 0, opts, &path, p->why, sizeof(p->why));
	if (!ret && p->opts.path == PMUKIT_PATH_AUTO)
		ret = pmukit_path_env(&p->opts.path);
	if (ret) {
		free(p);
		return ret;
	}
	/*
	 * Asked for, or by $PMUKIT_PATH: that path, whatever the events.
	 * Auto: the first that works, until the events choose (make).
	 */
	p->made = p->opts.path != PMUKIT_PATH_AUTO;
	p->path = path;
	p->bind = calloc(1, sizeof(*p->bind));
	if (!p->bind) {
		free(p);
		return pmukit_err(-ENOMEM, "out of memory");
	}
	p->bind->flags = opts->flags & ~PMUKIT_F_CHILD;
	p->bind->opt_cpu = opts->cpu;
	p->bind->cpu = -1;
	pmukit_session_bind(p->bind);
	pmukit_err_clear();
	*out = p;
	return 0;
}

PMUKIT_API void pmukit_evplan_free(struct pmukit_evplan *p)
{
	if (!p)
		return;
	free(p->bind);
	pmukit_plan_types_free(p->ty);
	pmukit_scope_free(&p->scope);
	free(p);
}

/* A new event's slot, or NULL (the message set). */
static struct pmukit_ev *new_event(struct pmukit_evplan *p)
{
	if (p->added) {
		/* The cycles the plan added are the last event: made anew. */
		p->n--;
		p->added = 0;
	}
	if (p->n == PMUKIT_PLAN_MAX_EVENTS) {
		pmukit_err(-E2BIG, "more than %d events in a plan", PMUKIT_PLAN_MAX_EVENTS);
		return NULL;
	}
	return &p->ev[p->n];
}

PMUKIT_API int pmukit_evplan_add(struct pmukit_evplan *p, const char *spec)
{
	struct pmukit_ev *e;
	int ret;

	if (!p)
		return pmukit_err(-EINVAL, "pmukit_evplan_add: no plan");
	e = new_event(p);
	if (!e)
		return -E2BIG;
	ret = pmukit_ev_parse_specs(p->bind, &spec, 1, e);
	/* An Arm event where there is none: planned, and refused where it is opened. */
	if (ret && !(ret == -EOPNOTSUPP && pmukit_ev_refused(e)))
		return ret;
	p->counted[p->n] = *e;
	if (strlen(spec) >= sizeof(p->src[0].spec))
		return pmukit_err(-EINVAL, "an event spec of %zu characters: at most %zu",
				  strlen(spec), sizeof(p->src[0].spec) - 1);
	snprintf(p->src[p->n].spec, sizeof(p->src[0].spec), "%s", spec);
	p->npasses = 0;
	return (int)p->n++;
}

PMUKIT_API int pmukit_evplan_add_code(struct pmukit_evplan *p, unsigned int code,
				      unsigned int pass)
{
	struct pmukit_ev *e;
	int ret;

	if (!p || pass >= PMUKIT_PLAN_MAX_PASSES)
		return pmukit_err(-EINVAL, "pmukit_evplan_add_code: no plan, or pass %u", pass);
	e = new_event(p);
	if (!e)
		return -E2BIG;
	ret = pmukit_ev_from_code(p->bind->core, p->bind->flags, code, e);
	if (ret && !(ret == -EOPNOTSUPP && pmukit_ev_refused(e)))
		return ret;
	p->counted[p->n] = *e;
	p->src[p->n].spec[0] = '\0';
	p->src[p->n].code = (int)code;
	p->fixed = 1;
	p->fixed_pass[p->n] = pass;
	p->npasses = 0;
	return (int)p->n++;
}

PMUKIT_API int pmukit_evplan_drop(struct pmukit_evplan *p, unsigned int i)
{
	if (!p || i >= p->n)
		return pmukit_err(-EINVAL, "pmukit_evplan_drop: no event %u", i);
	memmove(&p->ev[i], &p->ev[i + 1], (p->n - i - 1) * sizeof(p->ev[0]));
	memmove(&p->counted[i], &p->counted[i + 1], (p->n - i - 1) * sizeof(p->counted[0]));
	memmove(&p->fixed_pass[i], &p->fixed_pass[i + 1], (p->n - i - 1) * sizeof(p->fixed_pass[0]));
	memmove(&p->src[i], &p->src[i + 1], (p->n - i - 1) * sizeof(p->src[0]));
	p->n--;
	p->npasses = 0;
	return 0;
}

static int is_cycles(const struct pmukit_ev *e)
{
	return e->kind == PMUKIT_EV_CYCLES ||
	       (e->kind == PMUKIT_EV_PMU && e->code == PMUKIT_EVT_CPU_CYCLES);
}

/* Events one session holds on @path here: its counters, and direct's cycle counter besides. */
static unsigned int capacity_on(enum pmukit_path path)
{
	int n = pmukit_backend_of(path)->ncounters();

	if (n <= 0 || n > PMUKIT_MAX_EVENTS)
		return PMUKIT_MAX_EVENTS;
	if (path == PMUKIT_PATH_DIRECT && n < PMUKIT_MAX_EVENTS)
		n++;
	return (unsigned int)n;
}

/* The caller's passes (pmukit_evplan_add_code()), CPU_CYCLES first in each. */
static int fixed_passes(struct pmukit_evplan *p)
{
	unsigned int i, k, every = 1;

	for (i = 0; i < p->n; i++) {
		k = p->fixed_pass[i];
		if (p->count[k] == PMUKIT_MAX_EVENTS)
			return pmukit_err(-E2BIG, "more than %d events in pass %u", PMUKIT_MAX_EVENTS,
					  k + 1);
		if (is_cycles(&p->ev[i]) && p->count[k]) {
			p->idx[k][p->count[k]] = p->idx[k][0];
			p->idx[k][0] = i;
		} else {
			p->idx[k][p->count[k]] = i;
		}
		p->count[k]++;
		if (k >= p->npasses)
			p->npasses = k + 1;
	}
	for (k = 0; k < p->npasses; k++)
		if (!p->count[k] || !is_cycles(&p->ev[p->idx[k][0]]))
			every = 0;
	if (every && p->npasses)
		p->cycles = (int)p->idx[0][0];
	return 0;
}

/* The passes of @p on @cap counters: -E2BIG (with the message) when they do not fit. */
int pmukit_evplan_split(struct pmukit_evplan *p, unsigned int cap)
{
	unsigned int pass_of[PMUKIT_PLAN_MAX_EVENTS];
	unsigned int i, k, given;
	int cyc = -1, np;

	/* The cycles added for other passes are added anew, where needed. */
	if (p->added) {
		p->n--;
		p->added = 0;
	}
	given = p->n;
	p->checked = 0;
	memset(p->count, 0, sizeof(p->count));
	p->npasses = 0;
	p->cycles = -1;
	p->cap = cap;
	if (p->fixed)
		return fixed_passes(p);
	if (p->n <= cap) {
		p->npasses = 1;
		p->count[0] = p->n;
		for (i = 0; i < p->n; i++)
			p->idx[0][i] = i;
		return 0;
	}
	for (i = 0; i < p->n && cyc < 0; i++)
		if (is_cycles(&p->ev[i]))
			cyc = (int)i;
	if (cap >= 2 && cyc < 0 && p->n < PMUKIT_PLAN_MAX_EVENTS) {
		/* The reference: CPU_CYCLES as a spec without a modifier counts it. */
		if (pmukit_ev_from_code(p->bind->core, p->bind->flags, PMUKIT_EVT_CPU_CYCLES,
					&p->ev[p->n]))
			return -EOPNOTSUPP;
		p->counted[p->n] = p->ev[p->n];
		p->src[p->n].spec[0] = '\0';
		p->src[p->n].code = PMUKIT_EVT_CPU_CYCLES;
		cyc = (int)p->n++;
		p->added = 1;
	}
	np = cap >= 2 && cyc >= 0 ? pmukit_plan_passes(p->n, cyc, cap, 0, pass_of) : -E2BIG;
	if (np < 0 || np > PMUKIT_PLAN_MAX_PASSES) {
		if (p->added) {
			p->n--;
			p->added = 0;
		}
		return pmukit_err(-E2BIG, "%u events do not fit in %d passes of %u counters", given,
				  PMUKIT_PLAN_MAX_PASSES, cap);
	}
	p->cycles = cyc;
	p->npasses = (unsigned int)np;
	for (k = 0; k < p->npasses; k++)
		p->idx[k][p->count[k]++] = (unsigned int)cyc;
	for (i = 0; i < p->n; i++) {
		if ((int)i == cyc)
			continue;
		k = pass_of[i];
		p->idx[k][p->count[k]++] = i;
	}
	return 0;
}

/* A session of the events @idx[0..n) of @p on @path with @opts (NULL: the plan's). */
static int open_on(struct pmukit_session **out, const struct pmukit_evplan *p,
		   const unsigned int *idx, unsigned int n, const struct pmukit_options *opts,
		   enum pmukit_path path)
{
	struct pmukit_ev ev[PMUKIT_MAX_EVENTS];
	struct pmukit_options po;
	unsigned int i;

	*out = NULL;
	if (n > PMUKIT_MAX_EVENTS)
		return pmukit_err(-E2BIG, "%u events: a session holds at most %d", n,
				  PMUKIT_MAX_EVENTS);
	for (i = 0; i < n; i++) {
		if (idx[i] >= p->n)
			return pmukit_err(-EINVAL, "pmukit_evplan_open: no event %u", idx[i]);
		ev[i] = p->ev[idx[i]];
		if (pmukit_ev_refused(&ev[i]))
			return -EOPNOTSUPP;
	}
	po = opts ? *opts : p->opts;
	po.path = path;
	if (p->scope.n)
		return pmukit_scope_open(out, ev, n, &po, &p->scope, p->ty, idx);
	/*
	 * Several core types: one group on each type's PMU, on the perf path
	 * (the others read the counters of one CPU, and refuse as before); a
	 * CPU given in these options is one type, bound as before.
	 */
	if (p->ty && path == PMUKIT_PATH_PERF && po.cpu < 0)
		return pmukit_plan_types_open(out, p->ty, idx, n, &po,
					      p->checked && path == p->path);
	/* The binding holds for a child too: it has the affinity it was forked with. */
	if (p->checked && path == p->path && po.cpu == p->opts.cpu)
		return pmukit_session_open_bound(out, ev, n, &po, p->bind);
	return pmukit_session_open(out, ev, n, &po);
}

/* Opens each pass on @path once, for this thread; the names the path gives. */
static int check_passes(struct pmukit_evplan *p, enum pmukit_path path)
{
	struct pmukit_options po = thread_opts(p, path);
	struct pmukit_session *s;
	unsigned int k, i;
	int ret;

	for (k = 0; k < p->npasses; k++) {
		ret = open_on(&s, p, p->idx[k], p->count[k], &po, path);
		if (ret)
			return ret;
		for (i = 0; i < p->count[k]; i++)
			p->counted[p->idx[k][i]] = s->ev[i];
		pmukit_close(s);
	}
	return 0;
}

/*
 * The core types the plan counts on: a scope's CPUs, or those its tasks
 * may run on, else those the thread (and so its command) may run on, when
 * no CPU is given.
 */
static int make_types(struct pmukit_evplan *p)
{
	cpu_set_t cpus;
	unsigned int u;

	pmukit_plan_types_free(p->ty);
	p->ty = NULL;
	if (p->scope.n && p->scope.tasks)
		return pmukit_scope_task_cpus(&p->scope, &cpus) ? 0 :
		       pmukit_plan_types_make(&p->ty, p->bind, &cpus, p->src, p->n);
	if (!p->scope.n)
		return pmukit_plan_types_make(&p->ty, p->bind, NULL, p->src, p->n);
	CPU_ZERO(&cpus);
	for (u = 0; u < p->scope.n; u++)
		CPU_SET(p->scope.unit[u].cpu, &cpus);
	return pmukit_plan_types_make(&p->ty, p->bind, &cpus, p->src, p->n);
}

/*
 * The passes on @path, checked; a scope the path cannot count is refused
 * first. A pass the path refuses as too many (-E2BIG) is split again, once,
 * on the number of events the path said it could hold (pmukit_capacity_hint:
 * counters perf holds, or a CPU_CYCLES the cycle counter cannot filter, as
 * on ARMv7, take one).
 */
static int make_on(struct pmukit_evplan *p, enum pmukit_path path)
{
	unsigned int cap = capacity_on(path);
	int ret = p->scope.n ? pmukit_scope_path(&p->scope, path) : 0;

	if (ret)
		return ret;
	ret = pmukit_evplan_split(p, cap);
	if (!ret)
		ret = make_types(p);
	if (ret)
		return ret;
	pmukit_capacity_hint = 0;
	ret = check_passes(p, path);
	if (ret == -E2BIG && pmukit_capacity_hint >= 2 && pmukit_capacity_hint < cap) {
		cap = pmukit_capacity_hint;
		ret = pmukit_evplan_split(p, cap);
		if (!ret)
			ret = make_types(p);
		if (!ret)
			ret = check_passes(p, path);
	}
	p->checked = !ret;
	return ret;
}

PMUKIT_API int pmukit_evplan_make(struct pmukit_evplan *p)
{
	const enum pmukit_path *order;
	char note[512];
	int first = -1, ret;
	unsigned int i;

	if (!p)
		return pmukit_err(-EINVAL, "pmukit_evplan_make: no plan");
	if (!p->n || (p->n == 1 && p->added))
		return pmukit_err(-EINVAL, "no events given");
	/* The caller's passes were made for the path auto takes with no events. */
	if (p->made || p->fixed) {
		p->made = 1;
		return make_on(p, p->path);
	}
	/* auto: the first path that works here and counts every pass. */
	order = pmukit_path_order(p->opts.flags);
	for (i = 0; order[i] != PMUKIT_PATH_AUTO; i++) {
		if (pmukit_path_detect(order[i], note, sizeof(note)))
			continue;
		if (first < 0)
			first = (int)i;
		if (make_on(p, order[i]) == 0) {
			snprintf(p->why, sizeof(p->why), "%s", note);
			p->path = order[i];
			p->made = 1;
			pmukit_err_clear();
			return 0;
		}
	}
	if (first < 0)
		return pmukit_err(-ENODEV, "no access path works here");
	/* None counts them: the first that works, whose error says why. */
	p->path = order[first];
	p->made = 1;
	pmukit_path_detect(p->path, p->why, sizeof(p->why));
	ret = make_on(p, p->path);
	return ret;
}

PMUKIT_API int pmukit_evplan_keep_path(struct pmukit_evplan *p)
{
	if (!p)
		return pmukit_err(-EINVAL, "pmukit_evplan_keep_path: no plan");
	p->made = 1;
	return 0;
}

PMUKIT_API int pmukit_evplan_check_event(struct pmukit_evplan *p, unsigned int i)
{
	struct pmukit_options po;
	struct pmukit_session *s;
	int ret;

	if (!p || i >= p->n || !p->made)
		return pmukit_err(-EINVAL, "pmukit_evplan_check_event: no event %u, or no path", i);
	po = thread_opts(p, p->path);
	ret = open_on(&s, p, &i, 1, &po, p->path);
	if (!ret)
		pmukit_close(s);
	return ret;
}

PMUKIT_API int pmukit_evplan_open(struct pmukit_session **out, const struct pmukit_evplan *p,
				  const unsigned int *idx, unsigned int n,
				  const struct pmukit_options *opts)
{
	if (!out)
		return pmukit_err(-EINVAL, "pmukit_evplan_open: out is NULL");
	*out = NULL;
	if (!p || !p->made || (n && !idx))
		return pmukit_err(-EINVAL, "pmukit_evplan_open: no plan made, or no events");
	return open_on(out, p, idx, n, opts, p->path);
}

PMUKIT_API int pmukit_open_pass(struct pmukit_session **out, const struct pmukit_evplan *p,
				unsigned int k, const struct pmukit_options *opts)
{
	if (out)
		*out = NULL;
	if (!p || k >= p->npasses)
		return pmukit_err(-EINVAL, "pmukit_open_pass: no pass %u", k);
	return pmukit_evplan_open(out, p, p->idx[k], p->count[k], opts);
}

PMUKIT_API enum pmukit_path pmukit_evplan_path(const struct pmukit_evplan *p)
{
	return p ? p->path : PMUKIT_PATH_AUTO;
}

PMUKIT_API const char *pmukit_evplan_why(const struct pmukit_evplan *p)
{
	return p ? p->why : "";
}

PMUKIT_API unsigned int pmukit_evplan_capacity(const struct pmukit_evplan *p)
{
	if (!p)
		return 0;
	return p->npasses ? p->cap : capacity_on(p->path);
}

PMUKIT_API unsigned int pmukit_evplan_nevents(const struct pmukit_evplan *p)
{
	return p ? p->n : 0;
}

PMUKIT_API const struct pmukit_ev *pmukit_evplan_event(const struct pmukit_evplan *p,
							unsigned int i)
{
	return p && i < p->n ? &p->ev[i] : NULL;
}

PMUKIT_API const struct pmukit_ev *pmukit_evplan_counted(const struct pmukit_evplan *p,
							  unsigned int i)
{
	return p && i < p->n ? &p->counted[i] : NULL;
}

PMUKIT_API const char *pmukit_evplan_event_name(const struct pmukit_evplan *p, unsigned int i)
{
	return p && i < p->n ? p->counted[i].name : NULL;
}

PMUKIT_API unsigned int pmukit_evplan_npasses(const struct pmukit_evplan *p)
{
	return p ? p->npasses : 0;
}

PMUKIT_API unsigned int pmukit_evplan_pass_size(const struct pmukit_evplan *p, unsigned int k)
{
	return p && k < p->npasses ? p->count[k] : 0;
}

PMUKIT_API int pmukit_evplan_pass_event(const struct pmukit_evplan *p, unsigned int k,
					unsigned int slot)
{
	if (!p || k >= p->npasses || slot >= p->count[k])
		return -EINVAL;
	return (int)p->idx[k][slot];
}

PMUKIT_API int pmukit_evplan_cycles(const struct pmukit_evplan *p)
{
	return p ? p->cycles : -1;
}

PMUKIT_API int pmukit_evplan_added(const struct pmukit_evplan *p)
{
	return p ? p->added : 0;
}

PMUKIT_API int pmukit_evplan_scope_cpus(struct pmukit_evplan *p, const int *cpus, unsigned int n)
{
	if (!p || (!cpus && n))
		return pmukit_err(-EINVAL, "pmukit_evplan_scope_cpus: no plan, or no CPUs");
	return pmukit_scope_set_cpus(&p->scope, cpus, n);
}

PMUKIT_API int pmukit_evplan_scope_tasks(struct pmukit_evplan *p, const pid_t *ids,
					 unsigned int n, unsigned int flags)
{
	if (!p)
		return pmukit_err(-EINVAL, "pmukit_evplan_scope_tasks: no plan");
	return pmukit_scope_set_tasks(&p->scope, ids, n, flags);
}

PMUKIT_API unsigned int pmukit_evplan_nunits(const struct pmukit_evplan *p)
{
	return p ? p->scope.n : 0;
}

PMUKIT_API int pmukit_evplan_unit(const struct pmukit_evplan *p, unsigned int u,
				  struct pmukit_unit *out)
{
	if (!p || !out || u >= p->scope.n)
		return pmukit_err(-EINVAL, "pmukit_evplan_unit: no unit %u", u);
	*out = p->scope.unit[u];
	out->type = p->ty && out->cpu >= 0 ? pmukit_plan_type_of(p->ty, out->cpu) : -1;
	return 0;
}
