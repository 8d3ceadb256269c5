/* SPDX-License-Identifier: MIT */
/*
 * One event spec parsed into a struct pmukit_ev (event_spec.c), against
 * a core type's tables: what the session, the plan and the backends
 * share of it.
 */
#ifndef PMUKIT_LIB_EVENT_SPEC_H
#define PMUKIT_LIB_EVENT_SPEC_H

#include <stddef.h>

#include "pmukit/pmukit.h"
#include "pmukit/events_api.h"

struct pmukit_session;

/*
 * One spec as the events of core type @core (NULL: the
 * common tables) with @flags (PMUKIT_F_ALL_LEVELS) make it. Return: 0,
 * -EINVAL (malformed), -ENOENT (unknown), -EOPNOTSUPP (an Arm event where
 * there is no Arm PMU), with the message.
 */
int pmukit_ev_parse(const struct pmukit_core_def *core, unsigned int flags, const char *spec,
		    struct pmukit_ev *e);
/*
 * Arm event number @code as a spec without a modifier would
 * give it (the table's name, else "raw 0x.."), parsing nothing.
 */
int pmukit_ev_from_code(const struct pmukit_core_def *core, unsigned int flags, unsigned int code,
			struct pmukit_ev *e);
/*
 * -EOPNOTSUPP (with the message) for an Arm event where there
 * is no Arm PMU, which a parse gives filled all the same; else 0.
 */
int pmukit_ev_refused(const struct pmukit_ev *e);
/* How many specs pmukit_ev_parse() has parsed in this process: the tests count them. */
extern unsigned long pmukit_ev_parses;
/*
 * @n specs, for the core type, flags and span of @s (bound:
 * pmukit_session_bind()), into @ev; the first error stops.
 */
int pmukit_ev_parse_specs(const struct pmukit_session *s, const char *const *specs,
			  unsigned int n, struct pmukit_ev *ev);
/* The level suffix for an event's filter: ":u", ":k" or ":uk". */
const char *pmukit_ev_levels(const struct pmukit_ev *e);
/* Rebuilds e->name from e->base and the filter bits (after a backend changed them). */
void pmukit_ev_rename(struct pmukit_ev *e);
/*
 * Adds "BASE (0xNN)" of @e to the list in @buf (", " between) when there is
 * room, counting it in *@n; *@used: the list's length.
 */
void pmukit_ev_list_add(char *buf, size_t len, size_t *used, unsigned int *n,
			const struct pmukit_ev *e);

#endif /* PMUKIT_LIB_EVENT_SPEC_H */
