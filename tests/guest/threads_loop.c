// SPDX-License-Identifier: MIT
/*
 * threads_loop: threads of known work, started by a signal, for the tests
 * of pmukit stat -p, -t and --per-thread.
 *
 *   threads_loop N1 [N2 ...]   one thread per N (at most 8), named loop1,
 *                              loop2, ...; prints "ready TID1 TID2 ..." and
 *                              waits for SIGUSR1; then each thread runs Ni
 *                              iterations of a two-instruction loop (subs;
 *                              b.ne), the program joins them and exits
 *
 * Everything else a thread does is the same for every Ni of the same number
 * of digits, so that a thread's user-space instruction counts with Ni and
 * Mi iterations differ by exactly 2 * (Mi - Ni), as stat_loop's do.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "counted_loop.h"

#define MAX_THREADS	8

static pthread_barrier_t ready, go;
static unsigned long iters[MAX_THREADS];
static pid_t tids[MAX_THREADS];

static void *worker(void *arg)
{
	int i = (int)(long)arg;
	char name[16];

	snprintf(name, sizeof(name), "loop%d", i + 1);
	prctl(PR_SET_NAME, name);
	tids[i] = (pid_t)syscall(SYS_gettid);
	pthread_barrier_wait(&ready);
	pthread_barrier_wait(&go);
	loop(iters[i]);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t th[MAX_THREADS];
	sigset_t set;
	int n = argc - 1, i, sig;

	if (n < 1 || n > MAX_THREADS) {
		fprintf(stderr, "usage: threads_loop N1 [N2 ...] (at most %d)\n", MAX_THREADS);
		return 2;
	}
	/* SIGUSR1 waited for, not delivered: blocked before any thread exists. */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	pthread_barrier_init(&ready, NULL, (unsigned int)n + 1);
	pthread_barrier_init(&go, NULL, (unsigned int)n + 1);
	for (i = 0; i < n; i++) {
		iters[i] = strtoul(argv[i + 1], NULL, 10);
		if (pthread_create(&th[i], NULL, worker, (void *)(long)i))
			return 1;
	}
	pthread_barrier_wait(&ready);
	printf("ready");
	for (i = 0; i < n; i++)
		printf(" %d", (int)tids[i]);
	printf("\n");
	fflush(stdout);
	sigwait(&set, &sig);
	pthread_barrier_wait(&go);
	for (i = 0; i < n; i++)
		pthread_join(th[i], NULL);
	return 0;
}
