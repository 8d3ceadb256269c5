/* SPDX-License-Identifier: MIT */
/*
 * Inside the event plan (plan.c; its public side: pmukit_evplan_*() of
 * pmukit.h).
 */
#ifndef PMUKIT_LIB_PLAN_H
#define PMUKIT_LIB_PLAN_H

struct pmukit_evplan;

/*
 * The passes of plan @p's events on @cap counters, none opened
 * (pmukit_evplan_make() takes @cap from the path). Return: 0, or -E2BIG
 * (with the message) when they do not fit.
 */
int pmukit_evplan_split(struct pmukit_evplan *p, unsigned int cap);

struct pmukit_plan_types;
/* The core types plan @p counts on when they are several (plan_types.h), else NULL. */
const struct pmukit_plan_types *pmukit_evplan_types(const struct pmukit_evplan *p);
struct pmukit_session;
/* The session whose core type the plan's names were looked up in. */
const struct pmukit_session *pmukit_evplan_binding(const struct pmukit_evplan *p);

#endif /* PMUKIT_LIB_PLAN_H */
