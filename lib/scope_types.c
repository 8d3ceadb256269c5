// SPDX-License-Identifier: MIT
/*
 * Tasks (perf stat -p, -t) that may run on several core types: counted as
 * perf counts them, each task's events opened on each type's PMU (on any
 * CPU: the kernel counts an event of a CPU PMU only while the task runs on
 * a CPU of that PMU), each type's events as its table names them. The
 * session then has a unit per task and type, task by task; a unit knows
 * its type (pmukit_session_unit()), pmukit_read_type() sums a type's
 * units, pmukit_read() the events that mean the same on each type.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "errors.h"
#include "plan_types.h"
#include "scope.h"

int pmukit_scope_task_cpus(const struct pmukit_scope *sc, cpu_set_t *cpus)
{
	cpu_set_t one;
	unsigned int u;

	CPU_ZERO(cpus);
	for (u = 0; u < sc->n; u++) {
		/* A task that has ended meanwhile is refused where it is opened. */
		if (pmukit_affinity_get(sc->unit[u].tid, &one))
			continue;
		CPU_OR(cpus, cpus, &one);
	}
	return CPU_COUNT(cpus) ? 0 : -ESRCH;
}

int pmukit_scope_open_tasks_typed(struct pmukit_session **out, unsigned int n,
				  const struct pmukit_options *opts, const struct pmukit_scope *sc,
				  const struct pmukit_plan_types *ty, const unsigned int *idx)
{
	struct pmukit_ev ev[PMUKIT_MAX_EVENTS];
	struct pmukit_options po = *opts;
	struct pmukit_scoped *x;
	struct pmukit_session *s;
	unsigned int u, t, i, k;
	int ret;

	s = pmukit_scoped_new(sc->n * ty->n);
	if (!s)
		return -ENOMEM;
	x = s->scoped;
	x->ntypes = ty->n;
	/* A unit is no child: the command (if any) runs beside the tasks. */
	po.flags &= ~PMUKIT_F_CHILD;
	po.pid = 0;
	po.cpu = -1;
	for (u = 0; u < sc->n; u++) {
		for (t = 0; t < ty->n; t++) {
			k = u * ty->n + t;
			x->unit[k] = sc->unit[u];
			x->utype[k] = (int)t;
			for (i = 0; i < n; i++)
				ev[i] = ty->ev[t * PMUKIT_PLAN_MAX_EVENTS + idx[i]];
			ret = pmukit_session_open_as(&x->sub[k], ev, n, &po, &ty->t[t].bind, 0,
						     sc->unit[u].tid, -1);
			if (ret) {
				pmukit_err_append("on thread %d of process %d, on %s (cpus %s)",
						  (int)sc->unit[u].tid, (int)sc->unit[u].pid,
						  ty->t[t].name, ty->t[t].cpulist);
				pmukit_scoped_close(s);
				free(s);
				return ret;
			}
		}
	}
	pmukit_scoped_finish(s, n, opts->flags);
	*out = s;
	return 0;
}

PMUKIT_API int pmukit_session_unit(const struct pmukit_session *s, unsigned int u,
				   struct pmukit_unit *out)
{
	const struct pmukit_scoped *x;

	if (!s || !out)
		return pmukit_err(-EINVAL, "pmukit_session_unit: no session or no unit");
	x = s->scoped;
	if (!x || x->typed || u >= x->n)
		return pmukit_err(-EINVAL, "pmukit_session_unit: no unit %u: the session has %u", u,
				  pmukit_session_nunits(s));
	*out = x->unit[u];
	out->type = x->ntypes > 1 ? x->utype[u] : -1;
	return 0;
}
