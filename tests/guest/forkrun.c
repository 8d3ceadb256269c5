// SPDX-License-Identifier: MIT
/*
 * forkrun: run a command as a child and wait for it, doing the same user
 * instructions every time (a shell's wait loop does not: its SIGCHLD
 * handling runs as often as the timing makes it). The guest suites count a
 * command's descendants with it exactly.
 *
 *   forkrun [-n RUNS] COMMAND [ARGS...]
 *
 * -n RUNS runs it RUNS times, one after the other: what a command costs
 * when it is started so, fork and exec included, for the comparison of
 * what 'pmukit stat -r RUNS' and 'perf stat -r RUNS' add to it
 * (stat-cost.sh).
 *
 * Exit: the last child's exit status; 128 + N if signal N killed it; 127
 * if a child could not be started.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* One run of @argv: its status as main() returns it. */
static int run(char **argv)
{
	pid_t pid;
	int status;

	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "forkrun: fork: %s\n", strerror(errno));
		return 127;
	}
	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "forkrun: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 127;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
	unsigned long runs = 1, i;
	int first = 1, ret = 127;

	if (argc > 2 && !strcmp(argv[1], "-n")) {
		runs = strtoul(argv[2], NULL, 10);
		first = 3;
	}
	if (argc <= first || !runs) {
		fprintf(stderr, "usage: forkrun [-n RUNS] COMMAND [ARGS...]\n");
		return 127;
	}
	for (i = 0; i < runs; i++)
		ret = run(argv + first);
	return ret;
}
