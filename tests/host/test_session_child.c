/* SPDX-License-Identifier: MIT */
/*
 * Counting a child command on the build machine: pmukit_child_fork(),
 * its release and cancel, pmukit_child_run(), a command that cannot be
 * started, a child killed before its release, and the command searched
 * in PATH again when PATH changes. Where perf is refused the perf part
 * says so: "# SKIP" with the library's reason.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session_util.h"

/*
 * pmukit_child_run() on the clock path (a session opened before the fork,
 * as pmukit stat does): the release, the wait and the stop in one call;
 * the exact window is the direct path's alone (the guests check it).
 */
static void test_child_run(char **argv, char **nope)
{
	static const char *const clk[] = { "clock" };
	struct pmukit_child child;
	struct pmukit_session *s;
	struct pmukit_count c;
	int ret, st = -1;

	if (!tap_ok(!open_on(PMUKIT_PATH_CLOCK, clk, 1, &s), "child_run: a clock session"))
		return;
	if (!pmukit_child_fork(&child, argv)) {
		pmukit_start(s);
		ret = pmukit_child_run(&child, s, &st);
		tap_ok(ret == 0 && WIFEXITED(st) && !WEXITSTATUS(st) && !pmukit_read(s, &c) &&
		       c.value > 0, "child_run: released, waited for, stopped (%d, status %d)",
		       ret, st);
	}
	if (!pmukit_child_fork(&child, nope)) {
		pmukit_start(s);
		expect(pmukit_child_run(&child, s, &st), -ENOENT, "could not be started",
		       "child_run: a missing command");
		tap_ok(child.pid == 0 && WIFEXITED(st) && WEXITSTATUS(st) == 127,
		       "child_run: the child that could not exec was reaped (status %d)", st);
	}
	/*
	 * A child killed before its release (a ^C from the terminal reaches
	 * it, or a signal passed on to it): the release fails with -EPIPE, the
	 * caller does not die of SIGPIPE, and the child is reaped.
	 */
	if (!pmukit_child_fork(&child, argv)) {
		kill(child.pid, SIGKILL);
		while (waitid(P_PID, (id_t)child.pid, NULL, WEXITED | WNOWAIT) < 0 && errno == EINTR)
			;
		pmukit_start(s);
		ret = pmukit_child_run(&child, s, &st);
		tap_ok(ret == -EPIPE && child.pid == 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
		       "child_run: a child killed before its release: -EPIPE (%d), no SIGPIPE, reaped (status 0x%x)",
		       ret, (unsigned int)st);
	}
	pmukit_close(s);
}

static void test_child(void)
{
	static const char *const ev[] = { "task-clock" };
	char *argv[] = { "sh", "-c", "i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done", NULL };
	char *nope[] = { "/nonexistent/command", NULL };
	struct pmukit_options o = { .path = PMUKIT_PATH_PERF, .cpu = -1, .flags = PMUKIT_F_CHILD };
	struct pmukit_child child;
	struct pmukit_session *s;
	struct pmukit_count c;
	int ret, st = -1;

	if (!tap_ok(!pmukit_child_fork(&child, argv), "child: forked"))
		return;
	o.pid = child.pid;
	ret = open_perf(ev, 1, &o, &s);
	if (perf_unusable(ret)) {
		tap_skip(pmukit_last_error(), "child: perf task-clock on the child");
		pmukit_child_cancel(&child);
	} else if (!tap_ok(!ret, "child: perf task-clock on the child")) {
		tap_diag("  %s", pmukit_last_error());
		pmukit_child_cancel(&child);
	} else {
		pmukit_start(s);
		tap_ok(!pmukit_child_release(&child), "child: exec'd");
		waitpid(child.pid, &st, 0);
		pmukit_stop(s);
		ret = pmukit_read(s, &c);
		tap_ok(!ret && WIFEXITED(st) && !WEXITSTATUS(st) && c.value > 0,
		       "child: its task-clock was counted (%" PRIu64 " ns)", ret ? 0 : c.value);
		pmukit_close(s);
	}
	/* Needs no perf: the exec fails before anything is counted. */
	if (!pmukit_child_fork(&child, nope)) {
		expect(pmukit_child_release(&child), -ENOENT, "could not be started",
		       "child: a missing command");
		waitpid(child.pid, &st, 0);
	}
	test_child_run(argv, nope);
}

/*
 * pmukit_child_fork() returns once the child has stopped itself (none of
 * its code after the fork is left to run inside a window opened next), and
 * the command's file found in PATH is searched again when PATH changes.
 */
static void test_child_stop(void)
{
	char dir[2][64], file[160], *path_was = getenv("PATH");
	char *argv[] = { "pmukit-test-cmd", NULL };
	struct pmukit_child child;
	siginfo_t si;
	unsigned int i;
	int st = -1;
	FILE *f;

	if (!tap_ok(!pmukit_child_fork(&child, argv), "child stop: forked"))
		return;
	memset(&si, 0, sizeof(si));
	st = waitid(P_PID, (id_t)child.pid, &si, WSTOPPED | WNOHANG | WNOWAIT);
	tap_ok(!st && si.si_pid == child.pid && si.si_code == CLD_STOPPED,
	       "child stop: stopped when pmukit_child_fork() returns (code %d)", si.si_code);
	pmukit_child_cancel(&child);
	tap_ok(child.pid == 0, "child stop: a cancel continues and reaps it");

	/* Two directories, each with the command exiting with its own status. */
	for (i = 0; i < 2; i++) {
		snprintf(dir[i], sizeof(dir[i]), "/tmp/pmukit-child-%d-%u", (int)getpid(), i);
		mkdir(dir[i], 0700);
		snprintf(file, sizeof(file), "%s/pmukit-test-cmd", dir[i]);
		f = fopen(file, "w");
		if (f) {
			fprintf(f, "#!/bin/sh\nexit %u\n", 3 + i);
			fclose(f);
		}
		chmod(file, 0700);
	}
	for (i = 0; i < 3; i++) {
		/* dir 0, dir 0 again (the file kept), then dir 1 (PATH changed). */
		setenv("PATH", dir[i / 2], 1);
		st = -1;
		if (!pmukit_child_fork(&child, argv)) {
			pmukit_child_release(&child);
			waitpid(child.pid, &st, 0);
		}
		tap_ok(WIFEXITED(st) && (unsigned int)WEXITSTATUS(st) == 3 + i / 2,
		       "child stop: run %u finds the command of PATH=%s (status 0x%x)", i + 1,
		       dir[i / 2], (unsigned int)st);
	}
	/* The file found is gone: the exec searches PATH anew, and fails as execvp does. */
	snprintf(file, sizeof(file), "%s/pmukit-test-cmd", dir[1]);
	unlink(file);
	if (!pmukit_child_fork(&child, argv)) {
		expect(pmukit_child_release(&child), -ENOENT, "could not be started",
		       "child stop: a command gone since the last run");
		waitpid(child.pid, &st, 0);
	}
	if (path_was)
		setenv("PATH", path_was, 1);
	else
		unsetenv("PATH");
	for (i = 0; i < 2; i++) {
		snprintf(file, sizeof(file), "%s/pmukit-test-cmd", dir[i]);
		unlink(file);
		rmdir(dir[i]);
	}
}

/* SIGCHLD ignored: the kernel would reap the command unseen; refused, said. */
static void test_child_ignored(void)
{
	char *argv[] = { "true", NULL };
	struct pmukit_child child;
	struct sigaction sa, was;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sigaction(SIGCHLD, &sa, &was);
	tap_ok(pmukit_child_fork(&child, argv) == -ECHILD &&
	       strstr(pmukit_last_error(), "SIGCHLD is ignored in this process (SIG_IGN)"),
	       "child: SIGCHLD ignored: refused with -ECHILD, said (%s)", pmukit_last_error());
	sa.sa_handler = SIG_DFL;
	sa.sa_flags = SA_NOCLDWAIT;
	sigaction(SIGCHLD, &sa, NULL);
	tap_ok(pmukit_child_fork(&child, argv) == -ECHILD &&
	       strstr(pmukit_last_error(), "(SA_NOCLDWAIT)"),
	       "child: SA_NOCLDWAIT: refused with -ECHILD, said");
	sigaction(SIGCHLD, &was, NULL);
	if (tap_ok(!pmukit_child_fork(&child, argv), "child: SIGCHLD as before: forked")) {
		int st = -1;

		pmukit_child_release(&child);
		waitpid(child.pid, &st, 0);
		tap_ok(WIFEXITED(st) && !WEXITSTATUS(st), "child: and waited for");
	}
}

int main(void)
{
	test_child();
	test_child_stop();
	test_child_ignored();
	return tap_done();
}
