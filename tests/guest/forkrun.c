// SPDX-License-Identifier: MIT
/*
 * forkrun: run a command as a child and wait for it, doing the same user
 * instructions every time (a shell's wait loop does not: its SIGCHLD
 * handling runs as often as the timing makes it). The guest suites count a
 * command's descendants with it exactly.
 *
 *   forkrun COMMAND [ARGS...]
 *
 * Exit: the child's exit status; 128 + N if signal N killed it; 127 if the
 * child could not be started.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	pid_t pid;
	int status;

	if (argc < 2) {
		fprintf(stderr, "usage: forkrun COMMAND [ARGS...]\n");
		return 127;
	}
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "forkrun: fork: %s\n", strerror(errno));
		return 127;
	}
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		fprintf(stderr, "forkrun: %s: %s\n", argv[1], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 127;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
