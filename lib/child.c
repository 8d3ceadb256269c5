// SPDX-License-Identifier: MIT
/*
 * A child command held before its exec, so that a session can be opened on
 * it first (PMUKIT_F_CHILD, protocol in pmukit.h). Two pipes: the child
 * blocks reading "go"; after its exec attempt the parent reads "status",
 * which the exec closes (O_CLOEXEC) on success and which carries errno on
 * failure.
 *
 * pmukit_child_run() on the direct path (full access, pinned): the parent
 * stops the session's counters before the release and sends their enable
 * bits with "go"; the child, which found its file in PATH before blocking,
 * waits until the parent sleeps in its wait4 system call, starts them with
 * one register write and makes the execve system call right after; the
 * parent stops them again right after its wait4 returns. The window then holds what perf's (enable_on_exec, counting
 * the child to its exit) holds, plus the few instructions around those two
 * system calls: none of the fork, the pipes or the PATH search.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "fault.h"
#include "session.h"

/*
 * write() to "go" without SIGPIPE: a child killed before its release (a
 * ^C from the terminal reaches it too, a signal forwarded to it) has closed
 * the pipe's other end, and the caller must get -EPIPE, not die of the
 * signal. SIGPIPE is blocked for this thread around the write, and one the
 * write raised is taken off again (one already pending stays). Return:
 * write()'s, with errno.
 */
static ssize_t go_write(int fd, const void *buf, size_t len)
{
	sigset_t pipe_set, old, pending;
	struct timespec now = { 0, 0 };
	ssize_t ret;
	int err, was_pending;

	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	sigpending(&pending);
	was_pending = sigismember(&pending, SIGPIPE);
	ret = write(fd, buf, len);
	err = errno;
	if (ret < 0 && err == EPIPE && !was_pending)
		while (sigtimedwait(&pipe_set, NULL, &now) < 0 && errno == EINTR)
			;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = err;
	return ret;
}

/*
 * "go": a byte, and for pmukit_child_run() on the direct path the enable
 * bits and the /proc stat file of the parent's waiting thread.
 */
struct child_go {
	uint8_t go;
	uint8_t pad[3];
	uint32_t mask;
	char waiter[32];
};

#if defined(__aarch64__) || defined(__arm__)
#define CHILD_START_ITSELF 1
/*
 * The raw system calls of the counting window, so that no libc code runs
 * between a counter write and the kernel entry, or between the return and
 * the write. Each returns the kernel's result (a negative errno).
 */
#if defined(__aarch64__)
#define CHILD_ARG(n)	"x" #n
#define CHILD_NR	"x8"
#else
#define CHILD_ARG(n)	"r" #n
#define CHILD_NR	"r7"
#endif
static long raw_execve(const char *path, char *const argv[], char *const envp[])
{
	register long r0 __asm__(CHILD_ARG(0)) = (long)path;
	register long r1 __asm__(CHILD_ARG(1)) = (long)argv;
	register long r2 __asm__(CHILD_ARG(2)) = (long)envp;
	register long nr __asm__(CHILD_NR) = __NR_execve;

	__asm__ volatile("svc #0" : "+r"(r0) : "r"(r1), "r"(r2), "r"(nr) : "memory");
	return r0;
}

static long raw_wait4(pid_t pid, int *status)
{
	register long r0 __asm__(CHILD_ARG(0)) = pid;
	register long r1 __asm__(CHILD_ARG(1)) = (long)status;
	register long r2 __asm__(CHILD_ARG(2)) = 0;
	register long r3 __asm__(CHILD_ARG(3)) = 0;
	register long nr __asm__(CHILD_NR) = __NR_wait4;

	__asm__ volatile("svc #0" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r3), "r"(nr) : "memory");
	return r0;
}

/* The child: its counters on, then at once its exec. Returns if the exec failed. */
static void __attribute__((noinline)) exec_counting(uint32_t mask, const char *path,
						    char *const argv[])
{
	if (!pmukit_write_pmcntenset_guarded(mask))
		raw_execve(path, argv, environ);
}

/*
 * The parent: "go" with the enable bits and the path of this thread's
 * /proc stat (the child starts the counters only once this thread sleeps
 * in its wait4), wait4, then the counters off at once. Returns wait4's
 * result; @wr the write's (a negative errno on failure).
 */
static long go_wait_stopping(struct pmukit_child *c, uint32_t mask, int *status, long *wr)
{
	struct child_go msg = { .go = 1, .mask = mask };
	long ret;

	snprintf(msg.waiter, sizeof(msg.waiter), "/proc/%ld/stat", (long)syscall(SYS_gettid));
	*wr = go_write(c->go_fd, &msg, sizeof(msg));
	if (*wr < 0)
		*wr = -errno;
	ret = raw_wait4(c->pid, status);
	for (;;) {
		pmukit_write_pmcntenclr_guarded(mask);
		if (ret != -EINTR)
			return ret;
		pmukit_write_pmcntenset_guarded(mask);
		ret = raw_wait4(c->pid, status);
	}
}
#else
#define CHILD_START_ITSELF 0
#endif

/*
 * The file execvp() would run for @file, found before the counters start:
 * @file itself when it names a path, else the first executable PATH entry
 * (execvp's default when PATH is unset). NULL: none, execvp decides.
 */
static const char *child_find(const char *file, char *buf, size_t len)
{
	const char *path = getenv("PATH"), *p, *end;
	size_t dir, flen = strlen(file);

	if (strchr(file, '/'))
		return file;
	if (!path)
		path = "/bin:/usr/bin";
	/* No stdio: this runs in the child of a fork (memcpy, access only). */
	for (p = path; ; p = end + 1) {
		end = strchrnul(p, ':');
		dir = (size_t)(end - p);
		if (dir + 1 + flen < len) {
			memcpy(buf, p, dir);
			if (dir)
				buf[dir++] = '/';
			memcpy(buf + dir, file, flen + 1);
			if (!access(buf, X_OK))
				return buf;
		}
		if (!*end)
			return NULL;
	}
}

/*
 * Wait until the task of @stat (a /proc/TID/stat path) sleeps (state S, or
 * anything but R), yielding the CPU meanwhile. The parent waits so for the
 * child to sleep in its read of "go", so that none of the child's user code
 * after fork() falls inside the caller's counting window: whether that code
 * ran before the window opened depended on the scheduler's choice after
 * fork (measured on Linux 6.12 under QEMU -icount: 155 user instructions in
 * some runs and not in others). The child of pmukit_child_run() waits so
 * for the parent to sleep in its wait4 before starting the counters: a
 * child woken by "go" may or may not preempt the parent between its write
 * and its wait4 (the scheduler's choice again), and the parent's few user
 * instructions there were counted in some runs and not in others (Linux
 * 6.12, aarch32 under -icount). Gives up without waiting where /proc cannot
 * tell, and after 100000 yields. Only open, read, close, strrchr and
 * sched_yield: safe in the child of a fork.
 */
static void wait_blocked(const char *stat)
{
	char buf[512], *p;
	unsigned int i;

	for (i = 0; i < 100000; i++) {
		ssize_t n;
		int fd = open(stat, O_RDONLY | O_CLOEXEC);

		if (fd < 0)
			return;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			return;
		buf[n] = '\0';
		p = strrchr(buf, ')');	/* the command name may hold ')' and spaces */
		if (!p || p[1] != ' ' || p[2] != 'R')
			return;		/* S: asleep; anything else: no use waiting */
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
	struct child_go msg;
	char file[4096];
	const char *found;
	ssize_t got;

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
		found = child_find(argv[0], file, sizeof(file));
		/* EOF instead of a byte: the parent gave up, do not run anything. */
		got = read(go[0], &msg, sizeof(msg));
		if (got < 1)
			_exit(125);
#if CHILD_START_ITSELF
		if (got == (ssize_t)sizeof(msg) && found) {
			msg.waiter[sizeof(msg.waiter) - 1] = '\0';
			wait_blocked(msg.waiter);
			exec_counting(msg.mask, found, argv);
		}
#else
		(void)found;
#endif
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
	snprintf(file, sizeof(file), "/proc/%d/stat", (int)c->pid);
	wait_blocked(file);
	return 0;
}

/*
 * After "go" was written (@err: the write's errno, or 0): closes it and
 * reads the exec's outcome from "status". 0 once the child has exec'd.
 */
static int child_outcome(struct pmukit_child *c, int err)
{
	ssize_t got;

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
 * pmukit_child_release() - let the child exec
 * @c: from pmukit_child_fork()
 *
 * Return: 0 once the child has exec'd; the exec's negative errno (-ENOENT:
 * no such command) when it failed, after which the child exits with 127;
 * -EPIPE when a signal killed the child before (no SIGPIPE for the caller).
 */
PMUKIT_API int pmukit_child_release(struct pmukit_child *c)
{
	struct child_go msg = { .go = 1 };

	if (!c || c->go_fd < 0)
		return pmukit_err(-EINVAL, "pmukit_child_release: no child");
	return child_outcome(c, go_write(c->go_fd, &msg, 1) == 1 ? 0 : errno ? errno : EIO);
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

/**
 * pmukit_child_run() - release the child, wait for its end, stop @s
 * @c: from pmukit_child_fork(), with @s opened and started as for
 *	pmukit_child_release()
 * @s: the session counting the child
 * @status: waitpid()'s status of the child
 *
 * On the direct path (full access, the session pinned, as it is by default)
 * the counters run only from the child's execve system call to the return
 * of the parent's wait for its end, and what @s counted since
 * pmukit_start() is left out: the session counts what perf counts for the
 * command, give or take the few instructions around those two calls.
 * Elsewhere this is pmukit_child_release(), waitpid() and pmukit_stop().
 *
 * Return: 1 when the counters ran only so, 0 when they counted as
 * pmukit_start() to pmukit_stop() do, or a negative errno: the release's
 * (the command could not be started: the child is reaped and c->pid set
 * to 0, as by pmukit_child_cancel()), the wait's or the stop's.
 */
PMUKIT_API int pmukit_child_run(struct pmukit_child *c, struct pmukit_session *s, int *status)
{
	uint32_t mask;
	long w;
	int ret, exact, held;

	if (!c || !s || !status)
		return pmukit_err(-EINVAL, "pmukit_child_run: no child, session or status");
	ret = c->pid > 0 ? pmukit_direct_child_adopt(s, c->pid) : 0;
	if (ret) {
		pmukit_child_cancel(c);
		return ret;
	}
	held = exact = CHILD_START_ITSELF && c->go_fd >= 0 && s->be == &pmukit_backend_direct &&
		!pmukit_direct_child_hold(s, &mask);
#if CHILD_START_ITSELF
	if (exact) {
		long wr;

		w = go_wait_stopping(c, mask, status, &wr);
		ret = child_outcome(c, wr == (long)sizeof(struct child_go) ? 0 :
				    wr < 0 ? (int)-wr : EIO);
		if (ret) {
			if (w < 0)	/* not reaped yet */
				while (waitpid(c->pid, status, 0) < 0 && errno == EINTR)
					;
			c->pid = 0;
			exact = 0;
		} else if (w < 0) {
			ret = pmukit_err((int)w, "waiting for the child %d: %s", (int)c->pid,
					 strerror((int)-w));
		}
	} else
#endif
	{
		ret = pmukit_child_release(c);
		if (ret) {
			while (waitpid(c->pid, status, 0) < 0 && errno == EINTR)
				;
			c->pid = 0;
		} else {
			while ((w = waitpid(c->pid, status, 0)) < 0 && errno == EINTR)
				;
			if (w < 0)
				ret = pmukit_err(-errno, "waiting for the child %d: %s", (int)c->pid,
						 strerror(errno));
		}
	}
	if (!ret)
		ret = pmukit_stop(s);
	else
		pmukit_stop(s);
#if CHILD_START_ITSELF
	/* The counters run again, as a stop leaves them on the direct path. */
	if (held)
		pmukit_write_pmcntenset_guarded(mask);
#else
	(void)held;
#endif
	return ret ? ret : exact;
}
