// SPDX-License-Identifier: MIT
/*
 * libtest migrate: a thread moved to another CPU between start and read,
 * and a session pinned to a chosen CPU (two CPUs).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>

#include "libtest.h"

/* ---- migration ---------------------------------------------------------- */

static pid_t victim;

/* Moves the measuring thread to CPU 1 from another thread, as a user might. */
static void *mover(void *arg)
{
	cpu_set_t set;

	(void)arg;
	CPU_ZERO(&set);
	CPU_SET(1, &set);
	sched_setaffinity(victim, sizeof(set), &set);
	return NULL;
}

static void move_me(void)
{
	pthread_t t;

	victim = (pid_t)syscall(SYS_gettid);
	pthread_create(&t, NULL, mover, NULL);
	pthread_join(t, NULL);
	while (sched_getcpu() != 1)
		sched_yield();
}

int cmd_migrate(void)
{
	/* Without icount QEMU has no INST_RETIRED: cycles on both kinds of counter. */
	static const char *const ev[] = { "CPU_CYCLES:u", "CPU_CYCLES:u" };
	struct pmukit_options o = { .path = PMUKIT_PATH_DIRECT, .cpu = 0 };
	struct pmukit_session *s;
	struct pmukit_count c[2];
	uint64_t v;
	int ret;

	ret = pmukit_open(&s, ev, 2, &o);
	if (!tap_ok(!ret && sched_getcpu() == 0, "migrate: direct session pinned to CPU 0")) {
		tap_diag("  %s", pmukit_last_error());
		return tap_done();
	}
	ret = pmukit_sample(s, &v);
	tap_ok(!ret, "migrate: pmukit_sample on CPU 0 works");
	pmukit_start(s);
	spin(1000);
	move_me();
	tap_ok(sched_getcpu() == 1, "migrate: another thread moved this one to CPU 1 between start and read");
	ret = pmukit_read(s, c);
	expect_error(ret, -EINTR, "moved from CPU 0 to CPU 1", "migrate: pmukit_read");
	ret = pmukit_sample(s, &v);
	expect_error(ret, -EINTR, "moved from CPU 0 to CPU 1", "migrate: pmukit_sample");
	ret = pmukit_sample_n(s, &v, 1);
	tap_ok(ret == -EINTR, "migrate: pmukit_sample_n: -EINTR");
	pmukit_stop(s);
	ret = pmukit_start(s);
	tap_ok(!ret && sched_getcpu() == 0, "migrate: the next start pins the thread back to CPU 0");
	spin(1000);
	ret = pmukit_stop(s);
	if (!ret)
		ret = pmukit_read(s, c);
	tap_ok(!ret && c[0].value > 0 && c[1].value > 0, "migrate: and counts again (%" PRIu64 ")",
	       ret ? 0 : c[0].value);
	pmukit_close(s);

	o.cpu = 1;
	ret = pmukit_open(&s, ev, 2, &o);
	tap_ok(!ret && sched_getcpu() == 1, "opts.cpu = 1: the session runs the thread on CPU 1");
	if (!ret) {
		ret = window_stop(s, 1000, c);
		tap_ok(!ret && c[0].value > 0 && c[1].value > 0, "CPU 1: counts (%" PRIu64 ")",
		       ret ? 0 : c[0].value);
		pmukit_close(s);
	}
	return tap_done();
}
