// SPDX-License-Identifier: MIT
/*
 * A child command held before its exec, so that a session can be opened on
 * it first (PMUKIT_F_CHILD, protocol in pmukit.h). The child stops itself
 * (pmukit_child_fork() says why), then blocks reading "go" from a pipe;
 * the release writes "go" and continues it. After its exec attempt the
 * parent reads "status", which the exec closes (O_CLOEXEC) on success and
 * which carries errno on failure.
 *
 * pmukit_child_run() on the direct path (full access, pinned): the parent
 * stops the session's counters before the release and sends their enable
 * bits with "go"; the child, whose file was found in PATH before the fork,
 * waits until the parent sleeps in its wait4 system call, starts them with
 * one register write and makes the execve system call right after; the
 * parent stops them again right after its wait4 returns. The window then
 * holds what perf's (enable_on_exec, counting the child to its exit) holds, plus the few instructions around those two
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

/* Lets the child stopped by pmukit_child_fork() go on (to its read of "go"). */
static void child_continue(const struct pmukit_child *c)
{
	if (c->pid > 0)
		kill(c->pid, SIGCONT);
}

/*
 * "go": a byte, and for pmukit_child_run() on the direct path the enable
 * bits and the parent's waiting thread.
 */
struct child_go {
	uint8_t go;
	uint8_t pad[3];
	uint32_t mask;
	pid_t waiter;
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

	msg.waiter = (pid_t)syscall(SYS_gettid);
	*wr = go_write(c->go_fd, &msg, sizeof(msg));
	if (*wr < 0)
		*wr = -errno;
	child_continue(c);
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
static const char *child_find(const char *file, const char *path, char *buf, size_t len)
{
	const char *p, *end;
	size_t dir, flen = strlen(file);

	if (strchr(file, '/'))
		return file;
	if (!path)
		path = "/bin:/usr/bin";
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
 * The last search of child_find(), kept: 'pmukit stat -r N' starts the same
 * command N times, and searching PATH again for each run (an access() per
 * directory) would add to every run what the first one found. The search
 * is made again when the command's name or PATH differ; a file that has
 * gone since makes the exec fail and execvp() search anew.
 */
static pthread_mutex_t found_lock = PTHREAD_MUTEX_INITIALIZER;
static char *found_name, *found_path, *found_file;

static int same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* The file for @file (@buf, @len bytes), or NULL as child_find()'s. */
static const char *child_find_kept(const char *file, char *buf, size_t len)
{
	const char *path = getenv("PATH"), *found;

	pthread_mutex_lock(&found_lock);
	if (found_name && same(found_name, file) && same(found_path, path)) {
		found = found_file && (size_t)snprintf(buf, len, "%s", found_file) < len ? buf : NULL;
		pthread_mutex_unlock(&found_lock);
		return found;
	}
	found = child_find(file, path, buf, len);
	free(found_name);
	free(found_path);
	free(found_file);
	found_name = strdup(file);
	found_path = path ? strdup(path) : NULL;
	found_file = found ? strdup(found) : NULL;
	if (!found_name || (path && !found_path) || (found && !found_file)) {
		free(found_name);	/* out of memory: nothing kept */
		found_name = NULL;
	}
	pthread_mutex_unlock(&found_lock);
	return found;
}

#if CHILD_START_ITSELF
/*
 * Wait until task @tid sleeps (state S, or anything but R: pmukit_task_state()),
 * yielding the CPU meanwhile. The child of
 * pmukit_child_run() waits so for the parent to sleep in its wait4 before
 * starting the counters: a child woken by "go" may or may not preempt the
 * parent between its release and its wait4 (the scheduler's choice), and
 * the parent's few user instructions there were counted in some runs and
 * not in others (Linux 6.12, aarch32 under -icount). Nothing the kernel
 * offers tells a task that another one sleeps, short of /proc; the check
 * is made once the parent is on its way to wait4, so that it is true at the
 * first or second look. Gives up without waiting where /proc cannot tell,
 * and after 100000 yields. Safe in the child of a fork, as
 * pmukit_task_state() and sched_yield() are.
 */
static void wait_blocked(pid_t tid)
{
	unsigned int i;

	/* S: asleep; anything else (or no state): no use waiting. */
	for (i = 0; i < 100000 && pmukit_task_state(tid) == 'R'; i++)
		sched_yield();
}
#endif

/**
 * pmukit_child_fork() - fork a child that waits, then execs @argv
 * @c: filled with the child's pid and the two pipe ends
 * @argv: the command, NULL-terminated; argv[0] is searched in PATH (once
 *	for the same name and PATH, in this process)
 *
 * The child stops itself (SIGSTOP) and, once continued, blocks until
 * pmukit_child_release() (or exits with 125 when pmukit_child_cancel()
 * closes the pipe instead); this returns once it has stopped, so that a
 * window opened next holds none of its start-up.
 *
 * Why a stop: none of the child's user code after fork() may fall inside
 * the caller's counting window, and whether it did depended on the
 * scheduler's choice after the fork (measured on Linux 6.12 under QEMU
 * -icount: 155 user instructions in some runs and not in others). A stop
 * is the one way for a task to go to sleep and tell its parent in the same
 * system call: the parent's waitid() returns only once the child sleeps,
 * and the child's next user instruction is the one after its kill(),
 * which runs after the release, every time (a byte written to a pipe
 * before a blocking read would leave the instructions between the two
 * calls to the scheduler again). The parent blocks meanwhile; it used to
 * poll /proc/PID/stat, which cost more than perf's whole run. A signal
 * sent to the stopped child waits for the release or the cancel, which
 * continue it; a caller killed before either leaves it stopped until its
 * process group is orphaned (the kernel then sends it SIGHUP and SIGCONT)
 * or something continues it, when it reads the end of "go" and exits.
 *
 * Return: 0 or a negative errno (pipe, fork).
 */
PMUKIT_API int pmukit_child_fork(struct pmukit_child *c, char *const argv[])
{
	int go[2], status[2], err;
	struct sigaction sa;
	struct child_go msg;
	char file[4096];
	const char *found;
	siginfo_t si;
	ssize_t got;

	if (!c || !argv || !argv[0])
		return pmukit_err(-EINVAL, "pmukit_child_fork: no command");
	/* Children the kernel reaps (SIGCHLD ignored): the command's end and status are lost. */
	if (!sigaction(SIGCHLD, NULL, &sa) &&
	    (sa.sa_handler == SIG_IGN || (sa.sa_flags & SA_NOCLDWAIT)))
		return pmukit_err(-ECHILD, "SIGCHLD is ignored in this process (%s): the kernel reaps its children, whose end and status cannot be waited for; set it back to SIG_DFL before counting a command",
				  sa.sa_handler == SIG_IGN ? "SIG_IGN" : "SA_NOCLDWAIT");
	if (pipe2(go, O_CLOEXEC))
		return pmukit_err(-errno, "pipe: %s", strerror(errno));
	if (pipe2(status, O_CLOEXEC)) {
		err = errno;
		close(go[0]);
		close(go[1]);
		return pmukit_err(-err, "pipe: %s", strerror(err));
	}
	found = child_find_kept(argv[0], file, sizeof(file));
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
		kill(getpid(), SIGSTOP);
		/* EOF instead of a byte: the parent gave up, do not run anything. */
		do
			got = read(go[0], &msg, sizeof(msg));
		while (got < 0 && errno == EINTR);
		if (got < 1)
			_exit(125);
#if CHILD_START_ITSELF
		if (got == (ssize_t)sizeof(msg) && found) {
			wait_blocked(msg.waiter);
			exec_counting(msg.mask, found, argv);
		}
#endif
		if (found)
			execv(found, argv);
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
	/* Stopped, or dead (a signal before its stop): either way asleep for good. */
	while (waitid(P_PID, (id_t)c->pid, &si, WSTOPPED | WEXITED | WNOWAIT) < 0 &&
	       errno == EINTR)
		;
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

	int err;

	if (!c || c->go_fd < 0)
		return pmukit_err(-EINVAL, "pmukit_child_release: no child");
	err = go_write(c->go_fd, &msg, 1) == 1 ? 0 : errno ? errno : EIO;
	child_continue(c);
	return child_outcome(c, err);
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
	/* Continued, it reads the end of "go" and exits; waitpid reaps it. */
	child_continue(c);
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
