// SPDX-License-Identifier: MIT
/*
 * Which core type a session counts on. On a big.LITTLE machine each type
 * has its own event table and its own perf PMU, and a counter counts only
 * on its own type: the session takes the type of pmukit_options.cpu when
 * given, else the type of the CPUs the thread (or the child, with
 * PMUKIT_F_CHILD) may run on. When those span several types, a session
 * opened alone refuses and names them (a plan on the perf path counts each
 * type instead: plan_types.c); event names are then looked up in the table
 * of the CPU the thread runs on.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cores.h"
#include "cpu.h"
#include "pmu_info.h"
#include "session.h"

/* The CPUs the session may run on: opt_cpu, else the affinity. */
static void session_cpus(const struct pmukit_session *s, int now, cpu_set_t *set)
{
	pid_t pid = (s->flags & PMUKIT_F_CHILD) && s->pid > 0 ? s->pid : 0;

	CPU_ZERO(set);
	if (s->opt_cpu >= 0 && s->opt_cpu < CPU_SETSIZE) {
		CPU_SET(s->opt_cpu, set);
	} else if (pmukit_affinity_get(pid, set)) {
		CPU_ZERO(set);
		if (now >= 0 && now < CPU_SETSIZE)
			CPU_SET(now, set);
	}
}

void pmukit_session_bind(struct pmukit_session *s)
{
	const struct pmukit_core_type *t = NULL, *here;
	struct pmukit_cores c;
	cpu_set_t set, both;
	unsigned int i, ntypes = 0;
	int now = pmukit_cpu_now();

	s->perf_type = 0;
	s->type_cpu = -1;
	s->pmu[0] = s->span[0] = s->bind_cpus[0] = '\0';
	pmukit_cores_get(&c);
	session_cpus(s, now, &set);
	for (i = 0; i < c.n; i++) {
		CPU_AND(&both, &set, &c.t[i].cpus);
		if (CPU_COUNT(&both) && !ntypes++)
			t = &c.t[i];
	}
	if (ntypes > 1) {
		pmukit_cores_describe(&c, &set, " and ", s->span, sizeof(s->span));
		CPU_AND(&both, &set, &t->cpus);
		pmukit_cpulist_format(&both, s->bind_cpus, sizeof(s->bind_cpus));
		here = pmukit_cores_find(&c, now);
		if (here && CPU_ISSET(now, &set))
			t = here;
	}
	if (!t) {
		/* No file says (x86-64, or no sysfs): the MIDR register, if any. */
		s->core = pmukit_this_core();
		return;
	}
	s->core = t->core;
	s->perf_type = t->perf_type;
	snprintf(s->pmu, sizeof(s->pmu), "%s", t->pmu);
}

int pmukit_session_one_type(const struct pmukit_session *s, const char *what)
{
	if (!s->span[0])
		return 0;
	return pmukit_err(-EINVAL, "%s counts on one core type, but %s may run on %s, which have different PMUs and event tables: bind it to one type (taskset -c %s, or --cpu C; pmukit_options.cpu in the library)",
			  what, (s->flags & PMUKIT_F_CHILD) ? "the command" : "this thread",
			  s->span, s->bind_cpus);
}
