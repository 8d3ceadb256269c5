/* SPDX-License-Identifier: MIT */
/*
 * The core types a plan counts on (plan_types.c). On a big.LITTLE machine a
 * command, a thread or a set of CPUs may run on several types, each with
 * its own perf PMU and event table: the plan then parses each event once
 * per type and opens, for the thread or command, one session per type
 * (each on its type's PMU), or gives each CPU of a scope its type's events.
 */
#ifndef PMUKIT_PLAN_TYPES_H
#define PMUKIT_PLAN_TYPES_H

#include "cores.h"
#include "session.h"

struct pmukit_plan_type {
	struct pmukit_session bind;	/* bound to this type alone */
	cpu_set_t cpus;			/* its CPUs the plan counts on */
	char name[32];			/* "cortex-a53", or "MIDR 0x..." */
	char cpulist[64];		/* "0-3" */
};

struct pmukit_plan_types {
	unsigned int n;			/* the types; 1 or more */
	struct pmukit_plan_type t[PMUKIT_MAX_CORE_TYPES];
	/* Event i of the plan as type t parses it: ev[t * PMUKIT_PLAN_MAX_EVENTS + i]. */
	struct pmukit_ev *ev;
};

/* One event's source, to parse it again per type: a spec, else an Arm event number. */
struct pmukit_plan_src {
	char spec[96];
	int code;			/* with spec "": the number (pmukit_evplan_add_code()) */
};

/*
 * The types of the CPUs @cpus (NULL: those @bind may run on; a CPU given
 * in @bind's options is one type) with @n events of @src parsed for each:
 * *@out is NULL when they are one type (or none is known). Return: 0, or a
 * negative errno with a message naming the event a type lacks.
 */
int pmukit_plan_types_make(struct pmukit_plan_types **out, const struct pmukit_session *bind,
			   const cpu_set_t *cpus, const struct pmukit_plan_src *src,
			   unsigned int n);
void pmukit_plan_types_free(struct pmukit_plan_types *ty);
/* The type index of @cpu, or -1. */
int pmukit_plan_type_of(const struct pmukit_plan_types *ty, int cpu);
/* Does Arm event @e mean the same on every core type (an architectural number)? */
int pmukit_ev_summable(const struct pmukit_ev *e);
/*
 * A session of the plan's events @idx[0..n) on the perf path for the thread
 * or command of @opts: one unit per type, each on its type's PMU; @planned:
 * the plan's check was done (pmukit_session_open_as()).
 */
int pmukit_plan_types_open(struct pmukit_session **out, const struct pmukit_plan_types *ty,
			   const unsigned int *idx, unsigned int n,
			   const struct pmukit_options *opts, int planned);

/*
 * scope_types.c: the CPUs the tasks of scope @sc may run on now (their
 * affinities together) into @cpus. Return: 0, or -ESRCH when none is known.
 */
struct pmukit_scope;
int pmukit_scope_task_cpus(const struct pmukit_scope *sc, cpu_set_t *cpus);

#endif /* PMUKIT_PLAN_TYPES_H */
