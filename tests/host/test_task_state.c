/* SPDX-License-Identifier: MIT */
/*
 * pmukit_task_state(): the state of a running task, a sleeping one, a
 * zombie, one that is gone, and of no task.
 */
#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pmukit/pmukit.h"
#include "../tap.h"

/* The state of @pid once it is @want, or the last one after about 10 s. */
static int wait_state(pid_t pid, int want)
{
	struct timespec ms = { 0, 1000000 };
	int st = 0, i;

	for (i = 0; i < 10000; i++) {
		st = pmukit_task_state(pid);
		if (st == want)
			break;
		nanosleep(&ms, NULL);
	}
	return st;
}

int main(void)
{
	int fds[2], st, status;
	pid_t child;
	char c;

	tap_plan(6);
	/* This process reads its own stat while it runs. */
	tap_ok(pmukit_task_state(getpid()) == 'R', "this task runs: R");
	tap_ok(pmukit_task_state(0) == -EINVAL, "tid 0: -EINVAL");
	tap_ok(pmukit_task_state(-1) == -EINVAL, "tid -1: -EINVAL");

	if (pipe(fds)) {
		tap_diag("pipe: %d", errno);
		return 1;
	}
	child = fork();
	if (child == 0) {
		/* Blocks in read until the parent closes its end: asleep. */
		close(fds[1]);
		while (read(fds[0], &c, 1) < 0 && errno == EINTR)
			;
		_exit(0);
	}
	close(fds[0]);
	st = wait_state(child, 'S');
	tap_ok(st == 'S', "a child blocked in read: S (got %d)", st);
	close(fds[1]);
	st = wait_state(child, 'Z');
	tap_ok(st == 'Z', "the child after its exit, not reaped: Z (got %d)", st);
	waitpid(child, &status, 0);
	st = pmukit_task_state(child);
	tap_ok(st == -ENOENT, "the reaped child: -ENOENT (got %d)", st);
	return tap_done();
}
