// SPDX-License-Identifier: MIT
/*
 * libtest multiplex, child and clock: more perf events than counters
 * (scaled counts), counting a command (PMUKIT_F_CHILD), and the clock path.
 */
#define _GNU_SOURCE
#include <sys/wait.h>

#include "libtest.h"

int cmd_multiplex(void)
{
	/* More than the event counters of any core QEMU models (6 at most). */
	enum { n = 10 };
	const char *ev[n];
	struct pmukit_session *s;
	struct pmukit_count c[n];
	unsigned int i, scaled = 0, close_to = 0;
	/* lib-tests.sh rotates every millisecond: 20 ms of icount time. */
	unsigned long loops = 10000000;
	int ret;

	for (i = 0; i < n; i++)
		ev[i] = "INST_RETIRED:u";
	ret = open_on(PMUKIT_PATH_PERF, ev, n, 0, &s);
	if (!ok_ret(ret, "perf: %u INST_RETIRED:u events open, more than the PMU has counters", n))
		return tap_done();
	ret = window_stop(s, loops, c);
	for (i = 0; i < n && !ret; i++) {
		if (c[i].running_ns < c[i].enabled_ns)
			scaled++;
		/* Multiplexed counts are estimates: within 10 % of the truth. */
		if (c[i].value > 2 * loops * 9 / 10 && c[i].value < 2 * loops * 11 / 10)
			close_to++;
		tap_diag("  %s: value %" PRIu64 " raw %" PRIu64 " enabled %" PRIu64 " running %" PRIu64,
			 pmukit_event_name(s, i), c[i].value, c[i].raw, c[i].enabled_ns, c[i].running_ns);
	}
	tap_ok(!ret && scaled > 0, "perf: the kernel multiplexed (running < enabled for %u events)", scaled);
	tap_ok(!ret && close_to == n, "perf: every scaled count is within 10 %% of %lu", 2 * loops);
	pmukit_close(s);
	return tap_done();
}

int cmd_child(void)
{
	char *argv[] = { "true", NULL }, *nope[] = { "/nonexistent/command", NULL };
	struct pmukit_options o = { .path = PMUKIT_PATH_PERF, .cpu = -1, .flags = PMUKIT_F_CHILD };
	struct pmukit_child child;
	struct pmukit_session *s;
	struct pmukit_count c;
	int ret, st = -1;

	ret = pmukit_child_fork(&child, argv);
	tap_ok(!ret, "child: forked, waiting before its exec");
	o.pid = child.pid;
	ret = pmukit_open(&s, inst_u, 1, &o);
	if (!ok_ret(ret, "child: perf session on the child")) {
		pmukit_child_cancel(&child);
		return tap_done();
	}
	pmukit_start(s);
	ret = pmukit_child_release(&child);
	tap_ok(!ret, "child: released, exec'd");
	waitpid(child.pid, &st, 0);
	pmukit_stop(s);
	ret = pmukit_read(s, &c);
	tap_ok(!ret && WIFEXITED(st) && WEXITSTATUS(st) == 0 && c.value > 1000,
	       "child: 'true' ran and its instructions were counted (%" PRIu64 ")", ret ? 0 : c.value);
	pmukit_close(s);

	ret = pmukit_child_fork(&child, nope);
	if (!ret) {
		ret = pmukit_child_release(&child);
		expect_error(ret, -ENOENT, "could not be started", "child: a command that does not exist");
		waitpid(child.pid, &st, 0);
		tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 127, "child: it exits with 127");
	}
	ret = pmukit_child_fork(&child, argv);
	if (!ret) {
		pmukit_child_cancel(&child);
		tap_ok(child.pid == 0, "child: cancelled before its exec and reaped");
	}
	return tap_done();
}

int cmd_clock(void)
{
	static const char *const ev[] = { "CPU_CYCLES" };
	const char *bad[] = { "INST_RETIRED" };
	struct pmukit_session *s;
	struct pmukit_count c;
	int ret;

	ret = open_on(PMUKIT_PATH_CLOCK, ev, 1, 0, &s);
	if (!ok_ret(ret, "clock: open CPU_CYCLES"))
		return tap_done();
	tap_ok(!strncmp(pmukit_event_name(s, 0), "clock(", 6), "clock: the event is the clock: %s",
	       pmukit_event_name(s, 0));
	ret = window_stop(s, 1000000, &c);
	tap_ok(!ret && c.value > 0, "clock: a 2M-instruction loop takes %" PRIu64 " ticks", ret ? 0 : c.value);
	pmukit_close(s);
	expect_open_error(PMUKIT_PATH_CLOCK, bad, -EOPNOTSUPP, "counts time only",
			  "clock: an event other than the clock");
	return tap_done();
}
