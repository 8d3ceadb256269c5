/* SPDX-License-Identifier: MIT */
/*
 * What the library sees of a machine of several core types in a host test
 * (test_types, test_cli_types; mk/check.mk links them with -Wl,--wrap):
 * the thread's affinity is fake_affinity, and the Arm events this host
 * refuses (it has no Arm PMU) are let through while letting_through is set,
 * so that the perf path asks for them on the fixture's PMUs. The test's
 * own __wrap_pmukit_perf_event_open() stands in for the PMUs.
 */
#ifndef PMUKIT_TEST_FAKE_TYPES_H
#define PMUKIT_TEST_FAKE_TYPES_H

#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <pmukit/pmukit.h>

static cpu_set_t fake_affinity;
static int letting_through;

int __wrap_pmukit_affinity_get(pid_t pid, cpu_set_t *set);
int __wrap_pmukit_affinity_get(pid_t pid, cpu_set_t *set)
{
	(void)pid;
	*set = fake_affinity;
	return 0;
}

struct pmukit_ev;
int __real_pmukit_ev_refused(const struct pmukit_ev *e);
int __wrap_pmukit_ev_refused(const struct pmukit_ev *e);
int __wrap_pmukit_ev_refused(const struct pmukit_ev *e)
{
	return letting_through ? 0 : __real_pmukit_ev_refused(e);
}

int __real_pmukit_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group,
				  unsigned long flags);
int __wrap_pmukit_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group,
				  unsigned long flags);

/* The stand-ins need perf's software events of this user's tasks: else 0, the plan skipped. */
static inline int fake_types_perf_here(void)
{
	struct perf_event_attr a = {
		.size = sizeof(a), .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_TASK_CLOCK,
		.disabled = 1, .exclude_kernel = 1, .exclude_hv = 1,
	};
	int fd = __real_pmukit_perf_event_open(&a, 0, -1, -1, 0);

	if (fd < 0) {
		printf("1..0 # SKIP perf_event_open() of a task-clock: %s\n", strerror(-fd));
		return 0;
	}
	close(fd);
	return 1;
}

#endif /* PMUKIT_TEST_FAKE_TYPES_H */
