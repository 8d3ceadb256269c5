/* SPDX-License-Identifier: MIT */
/*
 * stat_wait.c: what stat of a scope or in intervals waits for (the
 * command, the tasks of -p and -t), through pidfds where there are.
 */
#ifndef PMUKIT_CLI_STAT_WAIT_H
#define PMUKIT_CLI_STAT_WAIT_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "cli.h"

#define STAT_MAX_IDS	PMUKIT_SCOPE_MAX_UNITS

/* What the count waits for: the command, the tasks of -p/-t (their pidfds where there are). */
struct waits {
	pid_t child;		/* the command, until reaped; 0: none */
	int child_status;
	int child_fd;		/* its pidfd, or -1 */
	unsigned int ntasks;	/* the tasks of -p, -t not yet ended */
	pid_t task[STAT_MAX_IDS];
	int fd[STAT_MAX_IDS];	/* their pidfds, or -1 (a thread that leads no process) */
	/* SIGCHLD blocked while the command runs (stat_wait_child()): its end is waited for in sigtimedwait(). */
	int sigchld;
	sigset_t before;	/* the mask then */
};

/* CLOCK_MONOTONIC in ns. */
uint64_t stat_mono_ns(void);
/* A pidfd of process @pid, or -1 (none here). */
int stat_pidfd_of(pid_t pid);
/*
 * Waits until @until (monotonic ns; 0: no time limit). Return: 0 at that
 * time, 1 when the count is over (the command ended, every task ended),
 * -EINTR after a signal.
 */
int stat_wait_until(struct waits *w, uint64_t until);
/*
 * @on: the command (w->child, forked and not yet released) is waited for
 * with SIGCHLD blocked, its end then a pending signal that
 * stat_wait_until() sleeps for with the time left; off: the mask as before.
 */
void stat_wait_child(struct waits *w, int on);
/* The tasks of plan @p's scope to wait for; @processes: -p (each process's pidfd). */
void stat_wait_tasks(struct waits *w, const struct pmukit_evplan *p, int processes);

#endif /* PMUKIT_CLI_STAT_WAIT_H */
