/* SPDX-License-Identifier: MIT */
/*
 * Event plans (lib/plan.c): each spec parsed once, the path chosen, the
 * events split into passes that fit the counters, each pass opened as a
 * session.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_PLAN_API_H
#define PMUKIT_PLAN_API_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"
#include "session_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- plans: events parsed once, a path, passes ----------------------- */

/*
 * A plan of what to count: the events, each spec parsed once; the access
 * path (auto resolved once, with its reason); how many events a session
 * holds on it; and the passes when they are more, each a group that fits,
 * with the reference event CPU_CYCLES (the caller's own, else one the plan
 * adds) in every pass so that the passes can be compared. Sessions are
 * then opened from the plan's passes, parsing nothing:
 *
 *	struct pmukit_evplan *p;
 *	struct pmukit_session *s;
 *
 *	pmukit_evplan_new(&p, &opts);
 *	for (i = 0; i < n; i++)
 *		pmukit_evplan_add(p, spec[i]);
 *	if (pmukit_evplan_make(p) == 0)
 *		for (k = 0; k < pmukit_evplan_npasses(p); k++) {
 *			pmukit_open_pass(&s, p, k, &opts);
 *			... counts[slot] is event pmukit_evplan_pass_event(p, k, slot)
 *			pmukit_close(s);
 *		}
 *	pmukit_evplan_free(p);
 *
 * A plan counts on the calling thread or, with PMUKIT_F_CHILD, a command;
 * or, given a scope (pmukit_evplan_scope_cpus(), pmukit_evplan_scope_tasks()),
 * on a set of CPUs or of tasks: each pass then opens a session of units,
 * one for each CPU or thread, read together (pmukit_read()) or one by one
 * (pmukit_read_unit()).
 */
struct pmukit_evplan;
struct pmukit_ev;

/* Events a plan holds, and passes it makes, at most. */
#define PMUKIT_PLAN_MAX_EVENTS	256
#define PMUKIT_PLAN_MAX_PASSES	64

/**
 * pmukit_evplan_new() - an empty plan for @opts
 * @out: the plan; NULL after a failure
 * @opts: as for pmukit_open(); NULL for defaults. The path is checked now:
 *	a path asked for (or $PMUKIT_PATH) must work here; auto needs one
 *	that does (the events then choose among them: pmukit_evplan_make())
 *
 * Return: 0; -EINVAL (a bad $PMUKIT_PATH, perf-mmap for a command);
 * -EACCES, -ENODEV, ... when the path asked for, or none, works here
 * (pmukit_last_error() says why).
 */
PMUKIT_API int pmukit_evplan_new(struct pmukit_evplan **out, const struct pmukit_options *opts);

/**
 * pmukit_evplan_add() - parse an event spec into the plan
 * @spec: as for pmukit_open()
 *
 * Return: the event's index; -ENOENT (unknown), -EINVAL (malformed),
 * -EOPNOTSUPP (an Arm event where there is none), -E2BIG (a full plan).
 */
PMUKIT_API int pmukit_evplan_add(struct pmukit_evplan *p, const char *spec);

/**
 * pmukit_evplan_add_code() - an Arm event by number, in a pass of its own choosing
 * @code: the event number, counted at the levels of a spec without a modifier
 * @pass: the 0-based pass it goes into (a plan whose events all come so
 *	keeps these passes, the metrics' planner's; CPU_CYCLES first in each)
 *
 * Return: the event's index, or a negative errno as pmukit_evplan_add().
 */
PMUKIT_API int pmukit_evplan_add_code(struct pmukit_evplan *p, unsigned int code,
				      unsigned int pass);

/**
 * pmukit_evplan_make() - the path, capacity and passes; each pass checked
 * @p: a plan with its events
 *
 * Auto takes, in its order (pmukit_path_choose()), the first path that
 * works here and counts every pass; when none does, the first that works,
 * whose error is returned. A plan whose passes the caller gave
 * (pmukit_evplan_add_code()) keeps the path they were planned for. Each pass is opened once on that path to check
 * it; the kernel refusing a group that fits the counters is the plan's
 * error (-E2BIG), never met by shrinking the passes. Made again after
 * pmukit_evplan_drop(), a plan keeps its path.
 *
 * Return: 0; -E2BIG (more passes than PMUKIT_PLAN_MAX_PASSES, a group
 * refused); -EOPNOTSUPP, -EACCES, ...: a pass that does not open (the
 * passes are made all the same).
 */
PMUKIT_API int pmukit_evplan_make(struct pmukit_evplan *p);

/**
 * pmukit_evplan_check_event() - does event @i alone open on the plan's path?
 *
 * Return: 0, or the error of its open (in pmukit_last_error()).
 */
PMUKIT_API int pmukit_evplan_check_event(struct pmukit_evplan *p, unsigned int i);

/**
 * pmukit_evplan_drop() - leave event @i out (the later ones move down one);
 * pmukit_evplan_make() again. Return: 0, or -EINVAL for no such event.
 */
PMUKIT_API int pmukit_evplan_drop(struct pmukit_evplan *p, unsigned int i);

/** pmukit_evplan_free() - free a plan (NULL: nothing). */
PMUKIT_API void pmukit_evplan_free(struct pmukit_evplan *p);

/**
 * pmukit_evplan_keep_path() - auto: keep the path it takes with no events in
 * particular (the first that works here, pmukit_evplan_path()); the events
 * no longer choose it. Return: 0, or -EINVAL.
 */
PMUKIT_API int pmukit_evplan_keep_path(struct pmukit_evplan *p);

/**
 * pmukit_evplan_path() - the plan's path, never auto: made, the one it
 * counts on; before, the one asked for, or for auto the first that works.
 */
PMUKIT_API enum pmukit_path pmukit_evplan_path(const struct pmukit_evplan *p);
/** pmukit_evplan_why() - why that path (its note, as pmukit_path_choose() gives it). */
PMUKIT_API const char *pmukit_evplan_why(const struct pmukit_evplan *p);
/**
 * pmukit_evplan_capacity() - events one pass holds on the plan's path
 * (pmukit_evplan_path()): the path's counters (pmukit_ncounters()) and, on
 * the direct path, the cycle counter besides.
 */
PMUKIT_API unsigned int pmukit_evplan_capacity(const struct pmukit_evplan *p);
/** pmukit_evplan_nevents() - the events, with the reference cycles the plan added. */
PMUKIT_API unsigned int pmukit_evplan_nevents(const struct pmukit_evplan *p);
/** pmukit_evplan_event() - event @i as parsed, or NULL. */
PMUKIT_API const struct pmukit_ev *pmukit_evplan_event(const struct pmukit_evplan *p,
							unsigned int i);
/**
 * pmukit_evplan_counted() - event @i as its path counts it: as parsed, with
 * the levels the path gives it ("INST_RETIRED:uk" where a module counter
 * counts every level), known once a pass holding it was opened; NULL: no
 * such event.
 */
PMUKIT_API const struct pmukit_ev *pmukit_evplan_counted(const struct pmukit_evplan *p,
							  unsigned int i);
/**
 * pmukit_evplan_event_name() - event @i's name as its path counts it
 * ("INST_RETIRED:uk" where a module counter counts every level), known
 * once a pass holding it was opened; before, as parsed. NULL: no such event.
 */
PMUKIT_API const char *pmukit_evplan_event_name(const struct pmukit_evplan *p, unsigned int i);
/** pmukit_evplan_npasses() - the passes (0 before pmukit_evplan_make()). */
PMUKIT_API unsigned int pmukit_evplan_npasses(const struct pmukit_evplan *p);
/** pmukit_evplan_pass_size() - the events of pass @k. */
PMUKIT_API unsigned int pmukit_evplan_pass_size(const struct pmukit_evplan *p, unsigned int k);
/** pmukit_evplan_pass_event() - the event index in slot @slot of pass @k, or -EINVAL. */
PMUKIT_API int pmukit_evplan_pass_event(const struct pmukit_evplan *p, unsigned int k,
					unsigned int slot);
/**
 * pmukit_evplan_cycles() - the event in every pass (slot 0 of each), when
 * there are passes and every pass has CPU_CYCLES first; else -1.
 */
PMUKIT_API int pmukit_evplan_cycles(const struct pmukit_evplan *p);
/** pmukit_evplan_added() - 1: the plan added that cycles event (the last one), 0: the caller's. */
PMUKIT_API int pmukit_evplan_added(const struct pmukit_evplan *p);

/**
 * pmukit_open_pass() - a session of pass @k of a made plan, parsing nothing
 * @opts: the plan's path is taken; .cpu, .pid and .flags (PMUKIT_F_CHILD)
 *	as for pmukit_open(), NULL for the plan's
 *
 * Return: as pmukit_open().
 */
PMUKIT_API int pmukit_open_pass(struct pmukit_session **out, const struct pmukit_evplan *p,
				unsigned int k, const struct pmukit_options *opts);

/**
 * pmukit_evplan_open() - a session of the plan's events @idx[0..n) on its path
 *
 * Return: as pmukit_open().
 */
PMUKIT_API int pmukit_evplan_open(struct pmukit_session **out, const struct pmukit_evplan *p,
				  const unsigned int *idx, unsigned int n,
				  const struct pmukit_options *opts);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_PLAN_API_H */
