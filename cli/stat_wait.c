// SPDX-License-Identifier: MIT
/*
 * What stat of a scope or in intervals waits for: the command it runs and
 * the tasks of -p and -t. A pidfd becomes readable when its process ends,
 * so the wait sleeps in one poll() until then (or the next interval, or
 * a signal); the command is reaped, and the tasks looked at, only when a
 * pidfd says so, or every POLL_MS for what has no pidfd. The command
 * alone is waited for with SIGCHLD blocked: sigtimedwait() sleeps until
 * it ends (the signal pending, however early it came) or the interval's
 * end, to the nanosecond, with less work in the kernel than a poll().
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "stat.h"
#include "stat_wait.h"

/* Without pidfds, how often the end of a task is looked for. */
#define POLL_MS		100

uint64_t stat_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int stat_pidfd_of(pid_t pid)
{
#ifdef SYS_pidfd_open
	long fd = syscall(SYS_pidfd_open, pid, 0);

	return fd < 0 ? -1 : (int)fd;
#else
	(void)pid;
	return -1;
#endif
}

/* Has task @tid ended (gone, or a zombie)? */
static int task_ended(pid_t tid)
{
	int st = pmukit_task_state(tid);

	return st < 0 || st == 'Z' || st == 'X';
}

/* Reaps the command when it has ended; 1 then. */
static int reap(struct waits *w)
{
	if (w->child <= 0 || waitpid(w->child, &w->child_status, WNOHANG) != w->child)
		return 0;
	w->child = 0;
	stat_signals_child(0);
	return 1;
}

/* Drops the tasks that ended; 1 when none is left (and there were some). */
static int tasks_over(struct waits *w)
{
	unsigned int i = 0, had = w->ntasks;

	while (i < w->ntasks) {
		if (!task_ended(w->task[i])) {
			i++;
			continue;
		}
		if (w->fd[i] >= 0)
			close(w->fd[i]);
		w->ntasks--;
		w->task[i] = w->task[w->ntasks];
		w->fd[i] = w->fd[w->ntasks];
	}
	return had && !w->ntasks;
}

/*
 * Waits until @until (monotonic ns; 0: no time limit). Return: 0 at that
 * time, 1 when the count is over (the command ended, every task ended),
 * -EINTR after a signal.
 */
int stat_wait_until(struct waits *w, uint64_t until)
{
	struct pollfd pf[STAT_MAX_IDS + 1];
	unsigned int n = 0, i, blind = w->child > 0 && w->child_fd < 0;
	uint64_t now;
	int ms, got = 1;

	for (;;) {
		if (stat_interrupted() || stat_ended_by())
			return -EINTR;
		/* Looked for when a pidfd said so (or there is none), not at each wakeup. */
		if (got > 0 && (reap(w) || tasks_over(w)))
			return 1;
		now = stat_mono_ns();
		if (until && now >= until)
			return 0;
		if (w->sigchld && w->child > 0 && !w->ntasks && until) {
			struct timespec ts = { (time_t)((until - now) / 1000000000u),
					       (long)((until - now) % 1000000000u) };
			sigset_t chld;

			sigemptyset(&chld);
			sigaddset(&chld, SIGCHLD);
			got = sigtimedwait(&chld, NULL, &ts);
			if (got < 0 && errno != EAGAIN && errno != EINTR)
				return -errno;
			/* SIGCHLD: the command ended (or stopped: reap() says which). */
			got = got == SIGCHLD;
			continue;
		}
		n = 0;
		if (w->child > 0 && w->child_fd >= 0)
			pf[n++] = (struct pollfd){ .fd = w->child_fd, .events = POLLIN };
		for (i = 0; i < w->ntasks; i++) {
			if (w->fd[i] >= 0)
				pf[n++] = (struct pollfd){ .fd = w->fd[i], .events = POLLIN };
			else
				blind = 1;
		}
		ms = until ? (int)((until - now + 999999) / 1000000) : -1;
		if (blind && (ms < 0 || ms > POLL_MS))
			ms = POLL_MS;
		got = poll(pf, n, ms);
		if (got < 0 && errno != EINTR)
			return -errno;
		if (blind)
			got = 1;
	}
}

void stat_wait_child(struct waits *w, int on)
{
	sigset_t chld;

	if (on == w->sigchld)
		return;
	if (!on) {
		/* A SIGCHLD still pending is dropped: its default action is to be ignored. */
		sigprocmask(SIG_SETMASK, &w->before, NULL);
		w->sigchld = 0;
		return;
	}
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	w->sigchld = !sigprocmask(SIG_BLOCK, &chld, &w->before);
}

/*
 * The tasks of -p, -t to wait for (their end ends the count): -p's
 * processes, each through its pidfd; -t's threads, a pidfd for a thread
 * that leads its process, else looked at every POLL_MS (pmukit then wakes
 * up while the threads run).
 */
void stat_wait_tasks(struct waits *w, const struct pmukit_evplan *p, int processes)
{
	struct pmukit_unit un;
	unsigned int k, i;

	for (k = 0; k < pmukit_evplan_nunits(p) && w->ntasks < STAT_MAX_IDS; k++) {
		if (pmukit_evplan_unit(p, k, &un) || un.tid <= 0)
			continue;
		if (processes)
			un.tid = un.pid;
		for (i = 0; i < w->ntasks && w->task[i] != un.tid; i++)
			;
		if (i < w->ntasks)
			continue;
		w->task[w->ntasks] = un.tid;
		w->fd[w->ntasks++] = un.tid == un.pid ? stat_pidfd_of(un.tid) : -1;
	}
}
