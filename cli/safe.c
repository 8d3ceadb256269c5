// SPDX-License-Identifier: MIT
/*
 * Reading a PMU register from user space raises SIGILL when the kernel has
 * not opened it (PMUSERENR) or the core has no such register. The command
 * must say so and go on, so such reads run under a SIGILL handler that
 * jumps back out.
 */
#include <setjmp.h>
#include <signal.h>
#include <string.h>

#include "cli.h"

static sigjmp_buf trap_env;

static void on_sigill(int sig)
{
	(void)sig;
	siglongjmp(trap_env, 1);
}

/* Runs fn(arg); returns 0, or -1 if it raised SIGILL (the access trapped). */
int safe_call(void (*fn)(void *), void *arg)
{
	struct sigaction sa, old;
	volatile int trapped = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigill;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGILL, &sa, &old))
		return -1;
	if (sigsetjmp(trap_env, 1))
		trapped = 1;
	else
		fn(arg);
	sigaction(SIGILL, &old, NULL);
	return trapped ? -1 : 0;
}
