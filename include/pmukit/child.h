/* SPDX-License-Identifier: MIT */
/*
 * Counting a command (lib/child.c): a child that waits for the session
 * before it execs.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_CHILD_H
#define PMUKIT_CHILD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "export.h"
#include "session_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- counting a command (PMUKIT_F_CHILD) ------------------------------ */

struct pmukit_child {
	pid_t pid;		/* the child, for pmukit_options.pid and waitpid() */
	int go_fd;		/* write end: one byte lets the child exec */
	int status_fd;		/* read end: the exec's errno, or EOF when it worked */
};

/**
 * pmukit_child_fork() - fork a child that waits, then execs @argv (PATH
 * searched, once for the same name and PATH in a process) once released.
 * The child waits stopped (SIGSTOP), then continued by the release: a
 * SIGCHLD handler of the caller sees it stop and continue. SIGCHLD must
 * not be ignored (SIG_IGN, SA_NOCLDWAIT: the kernel would reap the child
 * before its end could be waited for). Return: 0 or negative errno
 * (-ECHILD: SIGCHLD is ignored, said by pmukit_last_error()).
 */
PMUKIT_API int pmukit_child_fork(struct pmukit_child *c, char *const argv[]);

/**
 * pmukit_child_release() - let the child exec. Return: 0 once it has
 * exec'd; the exec's negative errno (-ENOENT: no such command) if that
 * failed (the child then exits with status 127); -EPIPE if a signal killed
 * the child before its release (the caller gets no SIGPIPE).
 */
PMUKIT_API int pmukit_child_release(struct pmukit_child *c);

/** pmukit_child_cancel() - end a child that was never released, and reap it. */
PMUKIT_API void pmukit_child_cancel(struct pmukit_child *c);

/**
 * pmukit_child_run() - pmukit_child_release(), waitpid() and pmukit_stop()
 * of a started session @s, in one call. On the direct path (full access,
 * pinned) the child starts the counters itself right before its execve,
 * once the parent sleeps in its wait, and the parent stops them right after
 * that wait returns, so that @s counts
 * what perf counts for the command (to within a few instructions), not the
 * release and the wait. @status: the child's, from waitpid(). Return: 1
 * when it counted so, 0 when as from start to stop, or a negative errno
 * (the release's: the child could not exec, was reaped and c->pid is 0;
 * the wait's, the stop's).
 */
PMUKIT_API int pmukit_child_run(struct pmukit_child *c, struct pmukit_session *s, int *status);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_CHILD_H */
