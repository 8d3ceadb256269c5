/* SPDX-License-Identifier: MIT */
/*
 * The library's SIGILL handler on the build machine: faults that are not
 * the library's passed on to the handler that was there, a SIGILL sent by
 * kill(), raise() or sigqueue() killing the process as without the
 * library, and pmukit_call_guarded(). Where the direct path will not open
 * the test says so: "# SKIP" with the library's reason.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session_util.h"

static sigjmp_buf ud_jmp;
static volatile int ud_seen;

static void on_ud(int sig)
{
	(void)sig;
	ud_seen = 1;
	siglongjmp(ud_jmp, 1);
}

/* A SIGILL that is not the library's goes to the handler that was there. */
static void test_sigill_chain(void)
{
	static const char *const ev[] = { "cycles" };
	struct sigaction sa = { .sa_handler = on_ud }, old, now;
	struct pmukit_session *s;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, &old);
	if (open_on(PMUKIT_PATH_DIRECT, ev, 1, &s)) {
		tap_skip(pmukit_last_error(), "SIGILL chaining");
		sigaction(SIGILL, &old, NULL);
		return;
	}
	if (!sigsetjmp(ud_jmp, 1))
		raise(SIGILL);
	tap_ok(ud_seen, "a SIGILL that is not the library's reaches the previous handler");
	pmukit_close(s);
	sigaction(SIGILL, NULL, &now);
	tap_ok(now.sa_handler == on_ud, "closing the last session puts the previous handler back");
	sigaction(SIGILL, &old, NULL);
}

/*
 * An instruction the CPU refuses: a synchronous SIGILL (ILL_ILLOPN or
 * ILL_ILLOPC), as a PMU register closed to user space raises, unlike
 * raise(), whose SIGILL is sent (SI_TKILL).
 */
static void undefined_insn(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__asm__ volatile("ud2" ::: "memory");
#elif defined(__aarch64__) || defined(__arm__)
	__asm__ volatile("udf #0" ::: "memory");
#else
#error "no undefined instruction for this ISA"
#endif
}

static volatile int guarded_steps;

static void guarded_returns(void *arg)
{
	(void)arg;
	guarded_steps++;
}

static void guarded_traps(void *arg)
{
	(void)arg;
	guarded_steps++;
	undefined_insn();
	guarded_steps += 100;	/* never: the call is abandoned at the SIGILL */
}

static void guarded_nested(void *arg)
{
	int *inner = arg;

	*inner = pmukit_call_guarded(guarded_traps, NULL);
	guarded_steps++;
}

/* pmukit_call_guarded(): a SIGILL anywhere in the function returns -EACCES to its caller. */
static void test_call_guarded(void)
{
	struct sigaction sa = { .sa_handler = on_ud }, old, now;
	int ret, inner = 1;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, &old);
	ud_seen = 0;
	guarded_steps = 0;
	ret = pmukit_call_guarded(guarded_returns, NULL);
	tap_ok(ret == 0 && guarded_steps == 1, "pmukit_call_guarded: a function that returns: 0 (%d)", ret);
	guarded_steps = 0;
	ret = pmukit_call_guarded(guarded_traps, NULL);
	tap_ok(ret == -EACCES && guarded_steps == 1 && !ud_seen,
	       "pmukit_call_guarded: a function that faults (SIGILL) is abandoned there: -EACCES (%d), not the previous handler's",
	       ret);
	guarded_steps = 0;
	ret = pmukit_call_guarded(guarded_nested, &inner);
	tap_ok(ret == 0 && inner == -EACCES && guarded_steps == 2,
	       "pmukit_call_guarded inside another: the inner call gets the SIGILL (%d), the outer goes on (%d)",
	       inner, ret);
	sigaction(SIGILL, NULL, &now);
	tap_ok(now.sa_handler == on_ud, "pmukit_call_guarded: the previous SIGILL handler is back after the call");
	if (!sigsetjmp(ud_jmp, 1))
		raise(SIGILL);
	tap_ok(ud_seen, "pmukit_call_guarded: a SIGILL after the call reaches the previous handler");
	sigaction(SIGILL, &old, NULL);
}

/* How a SIGILL reaches a process (see sigill_fate()). */
enum sigill_how { BY_RAISE, BY_KILL, BY_SIGQUEUE, BY_RAISE_IN_GUARDED_CALL };

static void raise_sigill(void *arg)
{
	(void)arg;
	raise(SIGILL);
}

/*
 * In a child: SIGILL's disposition set to @before (SIG_DFL or SIG_IGN), a
 * session open on the direct path (its SIGILL handler installed), then a
 * SIGILL sent as @how says; then a real fault in pmukit_call_guarded(),
 * which must still return -EACCES. The child's wait status; the child
 * exits with 0 when it got there, 3 when the call did not return -EACCES,
 * 4 when the session would not open (@skip then says why), 6 when it
 * outlived a SIGILL whose default action should have ended it.
 */
static int sigill_fate(void (*before)(int), enum sigill_how how, char *skip, size_t len)
{
	static const char *const ev[] = { "cycles" };
	int status, pipefd[2];
	ssize_t got;
	pid_t pid;

	skip[0] = '\0';
	if (pipe(pipefd))
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct rlimit no_core = { 0, 0 };
		struct pmukit_session *s;
		union sigval v = { .sival_int = 0 };

		close(pipefd[0]);
		setrlimit(RLIMIT_CORE, &no_core);	/* a death by SIGILL is expected */
		signal(SIGILL, before);
		if (open_on(PMUKIT_PATH_DIRECT, ev, 1, &s)) {
			const char *why = pmukit_last_error();

			if (write(pipefd[1], why, strlen(why)) < 0)
				_exit(5);
			_exit(4);
		}
		switch (how) {
		case BY_RAISE:
			raise(SIGILL);
			break;
		case BY_KILL:
			kill(getpid(), SIGILL);
			break;
		case BY_SIGQUEUE:
			sigqueue(getpid(), SIGILL, v);
			break;
		case BY_RAISE_IN_GUARDED_CALL:
			pmukit_call_guarded(raise_sigill, NULL);
			break;
		}
		if (before == SIG_DFL)
			_exit(6);	/* survived a SIGILL that should have killed it */
		_exit(pmukit_call_guarded(guarded_traps, NULL) == -EACCES ? 0 : 3);
	}
	close(pipefd[1]);
	got = pid > 0 ? read(pipefd[0], skip, len - 1) : 0;
	skip[got > 0 ? got : 0] = '\0';
	close(pipefd[0]);
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return -1;
	return status;
}

/*
 * A SIGILL sent to the process (kill -ILL, raise, sigqueue) is not a fault
 * of the library's: with SIGILL's default action the process dies of it,
 * as it would without pmukit, even inside pmukit_call_guarded(); ignored,
 * it stays ignored, and the library's handler stays in place for the
 * faults of the session still open.
 */
static void test_sigill_sent(void)
{
	static const struct {
		enum sigill_how how;
		const char *name;
	} ways[] = {
		{ BY_RAISE, "raise(SIGILL)" },
		{ BY_KILL, "kill(getpid(), SIGILL)" },
		{ BY_SIGQUEUE, "sigqueue(getpid(), SIGILL)" },
		{ BY_RAISE_IN_GUARDED_CALL, "raise(SIGILL) inside pmukit_call_guarded()" },
	};
	char why[256];
	size_t i;
	int st;

	for (i = 0; i < ARRAY_SIZE(ways); i++) {
		st = sigill_fate(SIG_DFL, ways[i].how, why, sizeof(why));
		if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 4) {
			tap_skip(why, "%s with a session open: death by SIGILL", ways[i].name);
			continue;
		}
		if (!tap_ok(st >= 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGILL,
			    "%s with a session open and SIGILL's default action: the process dies of SIGILL",
			    ways[i].name))
			tap_diag("  wait status 0x%x (exit %d, signal %d)", (unsigned int)st,
				 WIFEXITED(st) ? WEXITSTATUS(st) : -1, WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	}
	st = sigill_fate(SIG_IGN, BY_KILL, why, sizeof(why));
	if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 4) {
		tap_skip(why, "an ignored kill -ILL with a session open");
		return;
	}
	if (!tap_ok(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
		    "SIGILL ignored, kill -ILL with a session open: ignored, and a fault after it still returns -EACCES"))
		tap_diag("  wait status 0x%x (exit %d, signal %d)", (unsigned int)st,
			 WIFEXITED(st) ? WEXITSTATUS(st) : -1, WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

int main(void)
{
	test_sigill_chain();
	test_call_guarded();
	test_sigill_sent();
	return tap_done();
}
