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

int pmukit_scope_set_cpus(struct pmukit_scope *sc, const int *cpus, unsigned int n);
int pmukit_scope_set_tasks(struct pmukit_scope *sc, const pid_t *ids, unsigned int n,
			   unsigned int flags);
void pmukit_scope_free(struct pmukit_scope *sc);
/*
 * 0 when @path counts the scope here; else a negative errno, with a message
 * saying why and which path does.
 */
int pmukit_scope_path(const struct pmukit_scope *sc, enum pmukit_path path);
/* A session of @ev on @opts->path, one unit a CPU or task of @sc. */
int pmukit_scope_open(struct pmukit_session **out, const struct pmukit_ev *ev, unsigned int n,
		      const struct pmukit_options *opts, const struct pmukit_scope *sc);

/* session.c's calls for a session of units (s->scoped). */
int pmukit_scoped_start(struct pmukit_session *s);
int pmukit_scoped_stop(struct pmukit_session *s);
int pmukit_scoped_reset(struct pmukit_session *s);
int pmukit_scoped_read(struct pmukit_session *s, struct pmukit_count *counts);
void pmukit_scoped_close(struct pmukit_session *s);

#endif /* PMUKIT_SCOPE_H */
