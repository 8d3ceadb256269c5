// SPDX-License-Identifier: MIT
/*
 * stat_kcost: the kernel's instructions for each call an interval of
 * 'stat -a -I' can make, on this machine (a benchmark: it prints, it does
 * not judge). Run as root in a guest under -icount shift=0 with 4 CPUs:
 *
 *	tools/qemu-run --icount --smp 4 --arch arm64 -- stat_kcost
 *
 * A counter of this thread's kernel instructions (pinned, perf path) is
 * read before and after N calls of each kind, on CPU 0; the table gives
 * the count a call, the two reads of the counter left out ("nothing").
 * The calls: a group read of six events of a CPU (-a's way, one read a
 * CPU) and a read of one event (perf stat's way, one read an event and
 * CPU), of CPU 0 (read in place) and of the others (asked of them by an
 * interrupt); the sleeps an interval can end in (poll() of a pidfd, of
 * another file, sigtimedwait(), clock_nanosleep()); the write() of an
 * interval's rows.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define N	64	/* calls of each kind */
#define NCPU	4
#define NEV	6

static int self_k;	/* this thread's kernel instructions */

static int event_open(struct perf_event_attr *a, int pid, int cpu, int group)
{
	return (int)syscall(__NR_perf_event_open, a, pid, cpu, group, 0);
}

static uint64_t kernel_now(void)
{
	uint64_t v[3];

	if (read(self_k, v, sizeof(v)) < (ssize_t)sizeof(uint64_t)) {
		perror("stat_kcost: reading its own counter");
		exit(1);
	}
	return v[0];
}

static void row(const char *what, uint64_t t0, uint64_t t1)
{
	printf("%-44s %8llu\n", what, (unsigned long long)((t1 - t0) / N));
}

/* The six events of the bench (stat-cost.sh -I): cycles, instructions, SW_INCR, at :u and :k. */
static void attr_of(struct perf_event_attr *a, unsigned int k, uint64_t format)
{
	static const struct { uint32_t type; uint64_t config; } ev[NEV / 2] = {
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
		{ PERF_TYPE_RAW, 0x00 },
	};

	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = ev[k / 2].type;
	a->config = ev[k / 2].config;
	a->exclude_kernel = !(k & 1);
	a->exclude_user = k & 1;
	a->exclude_hv = 1;
	a->read_format = format | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
}

int main(void)
{
	struct timespec ms = { 0, 1000000 }, at;
	struct perf_event_attr a;
	int group[NCPU], one[NCPU], pidfd, fd, cpu, i, k, err = 0;
	uint64_t buf[3 + 2 * NEV], t0;
	struct pollfd pf;
	char what[64];
	cpu_set_t set;
	sigset_t chld;
	pid_t child;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("stat_kcost: onto CPU 0");
		return 1;
	}
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_INSTRUCTIONS;
	a.exclude_user = 1;
	a.pinned = 1;	/* counting all the time: no scaled estimate */
	self_k = event_open(&a, 0, -1, -1);
	if (self_k < 0) {
		perror("stat_kcost: a counter of its own kernel instructions");
		return 1;
	}
	for (cpu = 0; cpu < NCPU; cpu++) {
		for (k = 0; k < NEV; k++) {
			attr_of(&a, (unsigned int)k, PERF_FORMAT_GROUP | PERF_FORMAT_ID);
			fd = event_open(&a, -1, cpu, k ? group[cpu] : -1);
			if (fd < 0) {
				fprintf(stderr, "stat_kcost: event %d of CPU %d: %s (4 CPUs, root)\n", k, cpu,
					strerror(errno));
				return 1;
			}
			if (!k)
				group[cpu] = fd;
		}
		attr_of(&a, 0, 0);
		one[cpu] = event_open(&a, -1, cpu, -1);
	}
	printf("the kernel's instructions of a call, %d calls each, on CPU 0:\n", N);
	t0 = kernel_now();
	row("nothing", t0, kernel_now());
	for (cpu = 0; cpu < NCPU; cpu++) {
		t0 = kernel_now();
		for (i = 0; i < N; i++)
			err = read(group[cpu], buf, sizeof(buf)) < 0;
		snprintf(what, sizeof(what), "read() of a group of 6, CPU %d%s", cpu, err ? " FAILED" : "");
		row(what, t0, kernel_now());
	}
	for (cpu = 0; cpu < NCPU; cpu++) {
		if (one[cpu] < 0)
			continue;
		t0 = kernel_now();
		for (i = 0; i < N; i++)
			err = read(one[cpu], buf, 3 * sizeof(uint64_t)) < 0;
		snprintf(what, sizeof(what), "read() of one event, CPU %d%s", cpu, err ? " FAILED" : "");
		row(what, t0, kernel_now());
	}
	child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	pidfd = (int)syscall(SYS_pidfd_open, child, 0);
	pf = (struct pollfd){ .fd = pidfd, .events = POLLIN };
	t0 = kernel_now();
	for (i = 0; i < N; i++)
		poll(&pf, 1, 1);
	row("poll() of a pidfd, 1 ms", t0, kernel_now());
	pf = (struct pollfd){ .fd = 0, .events = 0 };
	t0 = kernel_now();
	for (i = 0; i < N; i++)
		poll(&pf, 1, 1);
	row("poll() of stdin, 1 ms", t0, kernel_now());
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	t0 = kernel_now();
	for (i = 0; i < N; i++)
		sigtimedwait(&chld, NULL, &ms);
	row("sigtimedwait(SIGCHLD), 1 ms", t0, kernel_now());
	t0 = kernel_now();
	for (i = 0; i < N; i++) {
		clock_gettime(CLOCK_MONOTONIC, &at);
		at.tv_nsec += 1000000;
		at.tv_sec += at.tv_nsec / 1000000000;
		at.tv_nsec %= 1000000000;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL);
	}
	row("clock_nanosleep(), 1 ms", t0, kernel_now());
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	fd = open("/tmp/stat_kcost.out", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	memset(buf, 'x', sizeof(buf));
	t0 = kernel_now();
	for (i = 0; i < N; i++)
		err = write(fd, buf, sizeof(buf)) < 0;
	row(err ? "write() of 120 bytes to tmpfs FAILED" : "write() of 120 bytes to tmpfs", t0,
	    kernel_now());
	close(fd);
	unlink("/tmp/stat_kcost.out");
	return 0;
}
