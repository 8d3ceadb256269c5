/* SPDX-License-Identifier: MIT */
/*
 * The session behind the opaque struct pmukit_session of pmukit.h, shared
 * by session.c, session_bind.c and the backends. Its neighbours have their
 * own headers: errors.h (the messages), event_spec.h (one event parsed),
 * paths.h (the paths' order), plan.h (the event plan's passes).
 */
#ifndef PMUKIT_SESSION_H
#define PMUKIT_SESSION_H

#include <stdint.h>
#include "pmukit/pmukit.h"
#include "pmukit/events.h"
#include "pmukit/events_api.h"
#include "errors.h"
/* Until plan.c includes plan.h itself (it includes this through backend.h). */
#include "plan.h"

/* PMUKIT_MAX_EVENTS, the events one session holds: pmukit/pmukit.h. */

/* struct pmukit_ev, the parsed form of an event: pmukit/events_api.h. */

struct pmukit_backend;

struct pmukit_session {
	/*
	 * First, the inline pmukit_sample()'s ABI (struct pmukit_sample_abi of
	 * pmukit.h, field for field: session.c checks): what it may read
	 * itself (PMUKIT_SAMPLE_*, set by the backend at open), rseq's cpu_id
	 * of the opening thread and the CPU it must stay on, perf's user page,
	 * the descriptor of perf's one event.
	 */
	struct {
		uint32_t sample_how;
		int32_t cpu;
		union {		/* the ABI's "at": one or the other */
			const volatile int32_t *cpu_now;	/* direct */
			const volatile void *sample_page;	/* perf-mmap */
		};
		int32_t sample_fd;
	};
	/* The library's read of event 0, chosen by the backend at open. */
	int (*sample1)(struct pmukit_session *s, uint64_t *value);
	unsigned int sample_width;	/* bits of the values pmukit_sample() gives */
	unsigned int hw0;		/* direct: the counter event 0 is on (isa.h) */
	const struct pmukit_backend *be;
	void *priv;			/* the backend's state */
	unsigned int n;
	uint32_t wrapped;		/* bit i: event i's count is not known (pmukit_wrapped) */
	unsigned int flags;		/* PMUKIT_F_* */
	int opt_cpu;			/* pmukit_options.cpu */
	pid_t pid;			/* PMUKIT_F_CHILD: the child */
	const struct pmukit_core_def *core;	/* NULL: not an Arm core we know */
	/* session_bind.c: the session's core type. */
	uint32_t perf_type;		/* its perf PMU's attr.type; 0: PERF_TYPE_RAW */
	char pmu[64];			/* that PMU's name in event_source/devices, or "" */
	char span[200];			/* "": one type; else the types the CPUs span */
	char bind_cpus[64];		/* with span: the CPUs of the first type, "0-3" */
	/* plan_types.c: a CPU of the session's one type, for its PMU's files; else -1. */
	int type_cpu;
	/*
	 * Opened from a made plan (pmukit_session_open_bound()): the core
	 * type is the plan's and the plan's check found every event
	 * implemented, so the open looks up neither again.
	 */
	int planned;
	struct pmukit_ev ev[PMUKIT_MAX_EVENTS];
	/*
	 * scope.c: a unit of a plan's scope, as perf_event_open() takes it:
	 * unit_tid the task (-1: every task, a CPU unit; 0: no unit, the
	 * options' thread or child), unit_cpu the CPU (-1: any).
	 */
	pid_t unit_tid;
	int unit_cpu;
	/* scope.c: a session of several units (the scope's), else NULL. */
	struct pmukit_scoped *scoped;
};

/*
 * session.c: a session of @n parsed events (copied) with @opts, on
 * opts->path (auto: the first that takes them), as pmukit_open() opens
 * one, parsing nothing.
 */
int pmukit_session_open(struct pmukit_session **out, const struct pmukit_ev *ev, unsigned int n,
			const struct pmukit_options *opts);
/*
 * session.c: the same, bound to the core type of @bound (a plan's binding,
 * made for the same CPU choice) instead of binding anew, and marked
 * planned: what a plan decided once is not looked up again for each run.
 */
int pmukit_session_open_bound(struct pmukit_session **out, const struct pmukit_ev *ev,
			      unsigned int n, const struct pmukit_options *opts,
			      const struct pmukit_session *bound);
/*
 * session.c: bound to @bound's core type, for perf's task @tid (0: the
 * options' thread or child) and @cpu (-1: any); @planned: the plan's check
 * is done (else this open is it).
 */
int pmukit_session_open_as(struct pmukit_session **out, const struct pmukit_ev *ev,
			   unsigned int n, const struct pmukit_options *opts,
			   const struct pmukit_session *bound, int planned, pid_t tid, int cpu);
/*
 * session.c: @n specs parsed for the calling thread with @opts' CPU and
 * flags, to free(); NULL when one does not parse.
 */
struct pmukit_ev *pmukit_ev_parse_thread(const char *const *events, unsigned int n,
					 const struct pmukit_options *opts);
/*
 * session.c: pmukit_session_open() for one unit of a scope: perf's @tid
 * (-1: every task) and @cpu (-1: any).
 */
int pmukit_session_open_unit(struct pmukit_session **out, const struct pmukit_ev *ev,
			     unsigned int n, const struct pmukit_options *opts, pid_t tid, int cpu);

/*
 * session.c: -EOVERFLOW, with a message naming every event of s->wrapped,
 * for pmukit_read().
 */
int pmukit_wrapped_error(struct pmukit_session *s);

/*
 * session_bind.c: the core type of the CPUs the session may run on
 * (opt_cpu, else the thread's or the child's affinity): s->core for event
 * names, s->perf_type and s->pmu for perf, s->span when they are several.
 */
void pmukit_session_bind(struct pmukit_session *s);
/* 0, or -EINVAL naming the core types when the session spans several. */
int pmukit_session_one_type(const struct pmukit_session *s, const char *what);

#endif /* PMUKIT_SESSION_H */
