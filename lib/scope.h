/* SPDX-License-Identifier: MIT */
/*
 * Scopes (pmukit.h's pmukit_evplan_scope_*()): the CPUs or tasks a plan
 * counts, and the sessions of units opened from it.
 */
#ifndef PMUKIT_SCOPE_H
#define PMUKIT_SCOPE_H

#include "session.h"

struct pmukit_scope {
	unsigned int n;			/* units; 0: no scope */
	int tasks;			/* the units are tasks (else CPUs) */
	struct pmukit_unit *unit;
};

/*
 * A session of several units read together: a scope's CPUs or tasks, or
 * (typed) one thread or command counted on each core type's PMU.
 */
struct pmukit_scoped {
	unsigned int n;
	struct pmukit_unit *unit;
	struct pmukit_session **sub;
	uint64_t *enabled;	/* each unit's enabled time at its last read */
	uint64_t *at;		/* and the monotonic time of that read (0: none yet) */
	int *utype;		/* each unit's core type (plan_types.h), -1: one type */
	unsigned int ntypes;	/* core types of the units; 1: one */
	int typed;		/* the units are the types of one thread or command */
	uint32_t summed;	/* with several types: bit i, event i is summed over them */
};

/* A session of @n units, all cleared (utype -1), for the caller to open. NULL: -ENOMEM. */
struct pmukit_session *pmukit_scoped_new(unsigned int n);
/* Completes a session of opened units: @n events, the first unit's names, @flags. */
void pmukit_scoped_finish(struct pmukit_session *s, unsigned int n, unsigned int flags);

struct pmukit_plan_types;

int pmukit_scope_set_cpus(struct pmukit_scope *sc, const int *cpus, unsigned int n);
int pmukit_scope_set_tasks(struct pmukit_scope *sc, const pid_t *ids, unsigned int n,
			   unsigned int flags);
void pmukit_scope_free(struct pmukit_scope *sc);
/*
 * 0 when @path counts the scope here; else a negative errno, with a message
 * saying why and which path does.
 */
int pmukit_scope_path(const struct pmukit_scope *sc, enum pmukit_path path);
/*
 * A session of @ev on @opts->path, one unit a CPU or task of @sc. With @ty
 * (CPUs of several core types), each CPU's unit counts its type's events:
 * the plan's events @idx[0..n) as ty->ev holds them.
 */
int pmukit_scope_open(struct pmukit_session **out, const struct pmukit_ev *ev, unsigned int n,
		      const struct pmukit_options *opts, const struct pmukit_scope *sc,
		      const struct pmukit_plan_types *ty, const unsigned int *idx);

/* session.c's calls for a session of units (s->scoped). */
int pmukit_scoped_start(struct pmukit_session *s);
int pmukit_scoped_stop(struct pmukit_session *s);
int pmukit_scoped_reset(struct pmukit_session *s);
int pmukit_scoped_read(struct pmukit_session *s, struct pmukit_count *counts);
void pmukit_scoped_close(struct pmukit_session *s);

#endif /* PMUKIT_SCOPE_H */
