/* SPDX-License-Identifier: MIT */
/*
 * The session behind the opaque struct pmukit_session of pmukit.h, and the
 * parsed form of one event, shared by session.c and the backends.
 */
#ifndef PMUKIT_SESSION_H
#define PMUKIT_SESSION_H

#include <stdint.h>
#include "pmukit/pmukit.h"
#include "pmukit/events.h"
#include "pmukit/events_api.h"

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

/* paths.c: the backend of @path (not auto), or NULL. */
const struct pmukit_backend *pmukit_backend_of(enum pmukit_path path);
/* paths.c: the paths auto tries, in its order, for @flags (PMUKIT_F_CHILD); ends with auto. */
const enum pmukit_path *pmukit_path_order(unsigned int flags);
/* paths.c: appends "NAME: WHY" to the list of reasons @all (@cap bytes, *@used so far). */
void pmukit_add_reason(char *all, size_t cap, size_t *used, const char *name, const char *why);

/*
 * plan.c: the passes of plan @p's events on @cap counters, none opened
 * (pmukit_evplan_make() takes @cap from the path). Return: 0, or -E2BIG
 * (with the message) when they do not fit.
 */
struct pmukit_evplan;
int pmukit_evplan_split(struct pmukit_evplan *p, unsigned int cap);

/*
 * session.c: -EOVERFLOW, with a message naming every event of s->wrapped,
 * for pmukit_read().
 */
int pmukit_wrapped_error(struct pmukit_session *s);

/* errors.c: set this thread's detailed message; returns @err for "return pmukit_err(...)". */
int pmukit_err(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Adds "; more" to this thread's message. */
void pmukit_err_append(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Forgets this thread's message (a call that succeeds leaves none behind). */
void pmukit_err_clear(void);
/*
 * A caller's text (an event spec, a path name) inside a message: its first
 * PMUKIT_QUOTE_MAX bytes, then "..." when there is more, so that however
 * long the text the message still holds the reason. @buf: PMUKIT_QUOTE_LEN
 * bytes. Return: @buf.
 *
 *	char q[PMUKIT_QUOTE_LEN];
 *
 *	return pmukit_err(-EINVAL, "'%s' is not ...", pmukit_err_quote(q, spec));
 */
#define PMUKIT_QUOTE_MAX	64
#define PMUKIT_QUOTE_LEN	(PMUKIT_QUOTE_MAX + sizeof("..."))
const char *pmukit_err_quote(char *buf, const char *s);

/*
 * session_bind.c: the core type of the CPUs the session may run on
 * (opt_cpu, else the thread's or the child's affinity): s->core for event
 * names, s->perf_type and s->pmu for perf, s->span when they are several.
 */
void pmukit_session_bind(struct pmukit_session *s);
/* 0, or -EINVAL naming the core types when the session spans several. */
int pmukit_session_one_type(const struct pmukit_session *s, const char *what);

/*
 * event_spec.c: one spec as the events of core type @core (NULL: the
 * common tables) with @flags (PMUKIT_F_ALL_LEVELS) make it. Return: 0,
 * -EINVAL (malformed), -ENOENT (unknown), -EOPNOTSUPP (an Arm event where
 * there is no Arm PMU), with the message.
 */
int pmukit_ev_parse(const struct pmukit_core_def *core, unsigned int flags, const char *spec,
		    struct pmukit_ev *e);
/*
 * event_spec.c: Arm event number @code as a spec without a modifier would
 * give it (the table's name, else "raw 0x.."), parsing nothing.
 */
int pmukit_ev_from_code(const struct pmukit_core_def *core, unsigned int flags, unsigned int code,
			struct pmukit_ev *e);
/*
 * event_spec.c: -EOPNOTSUPP (with the message) for an Arm event where there
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

#endif /* PMUKIT_SESSION_H */
