/* SPDX-License-Identifier: MIT */
/*
 * Sessions (lib/session.c, the backends): a set of events counted on one
 * access path, opened, started, stopped, read and closed.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_SESSION_API_H
#define PMUKIT_SESSION_API_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "export.h"
#include "path_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- sessions ------------------------------------------------------- */

struct pmukit_session;

/*
 * Events one session holds at most, on any path (pmukit_open() fails with
 * -E2BIG beyond): more than any PMU has counters, so that perf can
 * multiplex; pmukit_ncounters() says how many a path counts at once here.
 */
#define PMUKIT_MAX_EVENTS	32

#define PMUKIT_F_CHILD		(1U << 0)	/* perf: count opts.pid from its exec, with inheritance */
#define PMUKIT_F_NO_PIN		(1U << 1)	/* direct: leave the thread's affinity alone */
#define PMUKIT_F_ALL_LEVELS	(1U << 2)	/* default filter counts kernel too (unless :u/:k) */
#define PMUKIT_F_THREADS	(1U << 3)	/* perf, with PMUKIT_F_CHILD: each thread's count (pmukit_read_threads()) */

/*
 * A session belongs to the thread that opened it. On the direct path that
 * thread is pinned to one CPU until pmukit_close() (the counters are that
 * CPU's, and count whatever runs there at the chosen levels); a reading
 * taken after the thread moved anyway fails with -EINTR.
 *
 * Counting a command (PMUKIT_F_CHILD): the child must exist but not have
 * exec'd yet, so that nothing it runs is missed:
 *
 *	struct pmukit_child c;
 *	struct pmukit_options o = { .path = PMUKIT_PATH_PERF, .cpu = -1,
 *				    .flags = PMUKIT_F_CHILD };
 *
 *	pmukit_child_fork(&c, argv);	fork; the child waits on a pipe
 *	o.pid = c.pid;
 *	pmukit_open(&s, ev, n, &o);	perf: inherit, enable_on_exec
 *	pmukit_start(s);		perf: counting begins at the exec
 *	pmukit_child_release(&c);	the child execs argv
 *	waitpid(c.pid, &status, 0);
 *	pmukit_stop(s);
 *	pmukit_read(s, counts);
 *
 * or, in place of the release, waitpid and stop, pmukit_child_run(&c, s,
 * &status): on the direct path its window is perf's.
 *
 * If open fails, pmukit_child_cancel() ends the child without an exec. On
 * the direct and clock paths the child is pinned to the session's CPU and
 * counting runs from pmukit_start() to pmukit_stop().
 */

struct pmukit_options {
	enum pmukit_path path;	/* PMUKIT_PATH_AUTO unless told; PMUKIT_PATH env overrides auto */
	int cpu;		/* direct: CPU to pin to; -1: the one it runs on */
	pid_t pid;		/* perf with PMUKIT_F_CHILD: the child (stopped before exec) */
	unsigned int flags;	/* PMUKIT_F_* */
};

/**
 * pmukit_path_choose() - the path pmukit_open() with @opts would take here
 * @events: the specs to count, or NULL; @n: how many (0: any)
 * @opts: NULL for defaults. Auto is $PMUKIT_PATH when set, else the first
 *	path that works and counts @events: direct, perf-mmap, perf, clock for
 *	the calling thread; perf, direct, clock for a command (PMUKIT_F_CHILD)
 * @path: the path chosen (never auto)
 * @why: the reason for the choice, or why there is none; may be NULL
 *
 * Return: 0; -EINVAL for a bad $PMUKIT_PATH; -ENODEV, -EACCES ... if no path works.
 */
PMUKIT_API int pmukit_path_choose(const char *const *events, unsigned int n,
				  const struct pmukit_options *opts, enum pmukit_path *path,
				  char *why, size_t len);

/* One counter's reading. */
struct pmukit_count {
	uint64_t value;		/* scaled by enabled/running when the path multiplexed */
	uint64_t raw;		/* as read */
	uint64_t enabled_ns;	/* perf: time enabled; 0 on other paths */
	uint64_t running_ns;	/* perf: time on a counter; 0 on other paths */
};

/**
 * pmukit_open() - prepare counting of @n events.
 * @events: event specs as perf writes them: names ("L1D_CACHE_REFILL",
 *	case-insensitive), raw codes ("0x08", "r08"), with ":u" / ":k" modifiers;
 *	"CPU_CYCLES" on the direct path uses the cycle counter.
 * @opts: NULL for defaults (auto path, current CPU, calling thread).
 *
 * Return: 0, -ENOENT (unknown event), -EOPNOTSUPP (not implemented by this
 * core), -E2BIG (more events than counters), -EACCES (no access), ...
 */
PMUKIT_API int pmukit_open(struct pmukit_session **out, const char *const *events,
			   unsigned int n, const struct pmukit_options *opts);
/**
 * pmukit_start() - count from now until pmukit_stop().
 *
 * Starting again after a stop continues the counts; pmukit_reset() sets them
 * back to zero. With PMUKIT_F_CHILD counting begins at the child's exec.
 *
 * Return: 0, or a negative errno.
 */
PMUKIT_API int pmukit_start(struct pmukit_session *s);
/**
 * pmukit_stop() - stop counting; the counts stay for pmukit_read().
 *
 * Return: 0, -EINTR when the thread was moved off the session's CPU during
 * the measurement (direct path: discard it and measure again), or another
 * negative errno.
 */
PMUKIT_API int pmukit_stop(struct pmukit_session *s);
/**
 * pmukit_reset() - set the counts (and perf's times) back to zero.
 *
 * Return: 0, or a negative errno.
 */
PMUKIT_API int pmukit_reset(struct pmukit_session *s);
/**
 * pmukit_read() - fill @counts[0..n) in the order of the events given to open.
 *
 * Return: 0, or -EOVERFLOW when a count is not known because its 32-bit
 * counter wrapped where the library could not count the wraps (direct
 * path): the other counts are filled, that one is 0, pmukit_wrapped() and
 * pmukit_last_error() name it.
 */
PMUKIT_API int pmukit_read(struct pmukit_session *s, struct pmukit_count *counts);
/** pmukit_wrapped() - 1 when event @i's count is not known (wrapped) since the last reset. */
PMUKIT_API int pmukit_wrapped(const struct pmukit_session *s, unsigned int i);
/** pmukit_close() - end the session and restore what it changed (NULL: nothing). */
PMUKIT_API void pmukit_close(struct pmukit_session *s);

PMUKIT_API unsigned int pmukit_nevents(const struct pmukit_session *s);
/** pmukit_event_name() - canonical name of event @i ("INST_RETIRED:u"). */
PMUKIT_API const char *pmukit_event_name(const struct pmukit_session *s, unsigned int i);
PMUKIT_API enum pmukit_path pmukit_session_path(const struct pmukit_session *s);
/**
 * pmukit_ncounters() - how many events one session can hold on @path here:
 * direct: the event counters (PMCR.N, or those pmukit.ko programmed in
 * mode=read), CPU_CYCLES taking the cycle counter besides them; perf-mmap:
 * the events the PMU holds at once; perf: 32 (the kernel multiplexes);
 * clock: 1. Negative errno when the path does not work here.
 */
PMUKIT_API int pmukit_ncounters(enum pmukit_path path);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_SESSION_API_H */
