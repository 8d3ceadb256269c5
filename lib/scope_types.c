// SPDX-License-Identifier: MIT
/*
 * Tasks (perf stat -p, -t) that may run on several core types: counted as
 * perf counts them, each task's events opened on each type's PMU (on any
 * CPU: the kernel counts an event of a CPU PMU only while the task runs on
 * a CPU of that PMU), each type's events as its table names them. Here
 * the types of the tasks' CPUs (for the plan's types); pmukit_scope_open()
 * opens a unit per task and type, task by task; a unit knows its type
 * (pmukit_session_unit()), pmukit_read_type() sums a type's units,
 * pmukit_read() the events that mean the same on each type.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>

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
