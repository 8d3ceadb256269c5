/* SPDX-License-Identifier: MIT */
/*
 * An access path is a backend: a const table of operations with a detect.
 * pmukit_backends[] lists them all; which "auto" tries first is the order
 * in lib/session.c (thread_order, command_order): the first whose detect
 * succeeds and whose open accepts the events.
 *
 * Every operation returns 0 or a negative errno and, on failure, leaves a
 * message with pmukit_err(). open() sees a session whose events are parsed
 * (session.h) and fills s->priv, s->sample1 and s->sample_width.
 */
#ifndef PMUKIT_BACKEND_H
#define PMUKIT_BACKEND_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "session.h"
#include "event_spec.h"
#include "paths.h"

/*
 * A backend whose open() refused a session with -E2BIG sets this to the
 * number of those events it could have held (its free event counters, and
 * the cycle counter where it can count that session's CPU_CYCLES), so that
 * the plan splits once more on that number instead of guessing; 0: not
 * known. The calling thread's own.
 */
extern __thread unsigned int pmukit_capacity_hint;

struct pmukit_backend {
	const char *name;		/* as pmukit_path_name() says it */
	enum pmukit_path path;
	/* Can this path work here, for the calling thread? @why: the reason. */
	int (*detect)(char *why, size_t len);
	/* Events one session can hold here (> 0), or a negative errno. */
	int (*ncounters)(void);
	int (*open)(struct pmukit_session *s);
	int (*start)(struct pmukit_session *s);
	int (*stop)(struct pmukit_session *s);
	int (*reset)(struct pmukit_session *s);
	int (*read)(struct pmukit_session *s, struct pmukit_count *counts);
	/* @n back-to-back reads of event 0 into @buf (pmukit_sample_n()). */
	int (*sample)(struct pmukit_session *s, uint64_t *buf, size_t n);
	void (*close)(struct pmukit_session *s);
};

/*
 * PMUKIT_BACKEND(var, prefix, name, path) - defines pmukit_backend_<var>,
 * whose operations are the backend file's functions <prefix>_detect,
 * <prefix>_ncounters, <prefix>_open, ... <prefix>_close: each backend
 * names its functions so, and its table is this one line.
 */
#define PMUKIT_BACKEND(var, prefix, pname, ppath)	\
	const struct pmukit_backend pmukit_backend_##var = {	\
		.name = pname,				\
		.path = ppath,				\
		.detect = prefix##_detect,		\
		.ncounters = prefix##_ncounters,	\
		.open = prefix##_open,			\
		.start = prefix##_start,		\
		.stop = prefix##_stop,			\
		.reset = prefix##_reset,		\
		.read = prefix##_read,			\
		.sample = prefix##_sample,		\
		.close = prefix##_close,		\
	}

extern const struct pmukit_backend pmukit_backend_direct;
extern const struct pmukit_backend pmukit_backend_perf_mmap;
extern const struct pmukit_backend pmukit_backend_perf;
extern const struct pmukit_backend pmukit_backend_clock;

/*
 * The end of a backend's close(): the fault guard its open() took (when
 * @guarded) is given back, s->priv freed and cleared.
 */
void pmukit_backend_release(struct pmukit_session *s, int guarded);

/* backend_direct.c, for child.c: the counters stopped for the child to start. */
int pmukit_direct_child_hold(struct pmukit_session *s, uint32_t *mask);
/* backend_direct.c, for child.c: the command counted with this process's /dev/pmukit. */
int pmukit_direct_child_adopt(struct pmukit_session *s, pid_t pid);

/*
 * direct_cpus.c, for scope.c: 0 when the direct path can count whole CPUs
 * here (an Arm PMU and pmukit.ko), else why not and which path can.
 */
int pmukit_direct_scope_check(void);

/* Every backend, NULL-terminated. */
extern const struct pmukit_backend *const pmukit_backends[];

#endif /* PMUKIT_BACKEND_H */
