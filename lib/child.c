// SPDX-License-Identifier: MIT
/*
 * A child command held before its exec, so that a session can be opened on
 * it first (PMUKIT_F_CHILD, protocol in pmukit.h). Two pipes: the child
 * blocks reading "go"; after its exec attempt the parent reads "status",
 * which the exec closes (O_CLOEXEC) on success and which carries errno on
 * failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session.h"

/*
 * Wait until the child sleeps in its read of "go" (state S in /proc/PID/stat),
 * so that none of its user code after fork() falls inside the caller's
 * counting window: whether that code ran before the window opened depended
 * on the scheduler's choice after fork (measured on Linux 6.12 under QEMU
 * -icount: 155 user instructions in some runs and not in others). Gives up
 * without waiting where /proc cannot tell, and after 100000 yields.
 */
static void child_wait_blocked(pid_t pid)
{
	char path[40], buf[512], *p;
	unsigned int i;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	for (i = 0; i < 100000; i++) {
		ssize_t n;
		int fd = open(path, O_RDONLY | O_CLOEXEC);

		if (fd < 0)
			return;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			return;
		buf[n] = '\0';
		p = strrchr(buf, ')');	/* the command name may hold ')' and spaces */
		if (!p || p[1] != ' ' || p[2] != 'R')
			return;		/* S: in read(go); anything else: no use waiting */
		sched_yield();
	}
}

/**
 * pmukit_child_fork() - fork a child that waits, then execs @argv
 * @c: filled with the child's pid and the two pipe ends
 * @argv: the command, NULL-terminated; argv[0] is searched in PATH
 *
 * The child blocks until pmukit_child_release() (or exits with 125 when
 * pmukit_child_cancel() closes the pipe instead); this returns once it is
 * blocked there, so that a window opened next holds none of its start-up.
 *
 * Return: 0 or a negative errno (pipe, fork).
 */
PMUKIT_API int pmukit_child_fork(struct pmukit_child *c, char *const argv[])
{
	int go[2], status[2], err;
	char byte;

	if (!c || !argv || !argv[0])
		return pmukit_err(-EINVAL, "pmukit_child_fork: no command");
	if (pipe2(go, O_CLOEXEC))
		return pmukit_err(-errno, "pipe: %s", strerror(errno));
	if (pipe2(status, O_CLOEXEC)) {
		err = errno;
		close(go[0]);
		close(go[1]);
		return pmukit_err(-err, "pipe: %s", strerror(err));
	}
	c->pid = fork();
	if (c->pid < 0) {
		err = errno;
		close(go[0]);
		close(go[1]);
		close(status[0]);
		close(status[1]);
		return pmukit_err(-err, "fork: %s", strerror(err));
	}
	if (c->pid == 0) {
		close(go[1]);
		close(status[0]);
		/* EOF instead of a byte: the parent gave up, do not run anything. */
		if (read(go[0], &byte, 1) != 1)
			_exit(125);
		execvp(argv[0], argv);
		err = errno;
		if (write(status[1], &err, sizeof(err)) < 0)
			_exit(126);
		_exit(127);
	}
	close(go[0]);
	close(status[1]);
	c->go_fd = go[1];
	c->status_fd = status[0];
	child_wait_blocked(c->pid);
	return 0;
}

/**
 * pmukit_child_release() - let the child exec
 * @c: from pmukit_child_fork()
 *
 * Return: 0 once the child has exec'd; the exec's negative errno (-ENOENT:
 * no such command) when it failed, after which the child exits with 127.
 */
PMUKIT_API int pmukit_child_release(struct pmukit_child *c)
{
	char byte = 1;
	int err = 0;
	ssize_t got;

	if (!c || c->go_fd < 0)
		return pmukit_err(-EINVAL, "pmukit_child_release: no child");
	if (write(c->go_fd, &byte, 1) != 1)
		err = errno ? errno : EIO;
	close(c->go_fd);
	c->go_fd = -1;
	if (err) {
		close(c->status_fd);
		c->status_fd = -1;
		return pmukit_err(-err, "cannot release the child %d: %s", (int)c->pid,
				  strerror(err));
	}
	do
		got = read(c->status_fd, &err, sizeof(err));
	while (got < 0 && errno == EINTR);
	close(c->status_fd);
	c->status_fd = -1;
	if (got == (ssize_t)sizeof(err))
		return pmukit_err(-err, "the command could not be started: %s", strerror(err));
	return 0;
}

/**
 * pmukit_child_cancel() - end a child that was never released, and reap it
 * @c: from pmukit_child_fork(); its pid is set to 0
 */
PMUKIT_API void pmukit_child_cancel(struct pmukit_child *c)
{
	int st;

	if (!c || c->pid <= 0)
		return;
	if (c->go_fd >= 0)
		close(c->go_fd);
	if (c->status_fd >= 0)
		close(c->status_fd);
	c->go_fd = c->status_fd = -1;
	/* Closing "go" alone ends it; waitpid reaps it. */
	while (waitpid(c->pid, &st, 0) < 0 && errno == EINTR)
		;
	c->pid = 0;
}
