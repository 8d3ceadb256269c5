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

#endif /* PMUKIT_LIB_PLAN_H */
