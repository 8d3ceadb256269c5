// SPDX-License-Identifier: MIT
/*
 * The library's one call of perf_event_open(), in a file of its own: the
 * host tests link with -Wl,--wrap=pmukit_perf_event_open to see what the
 * perf path asks of the kernel for machines they do not run on (a
 * big.LITTLE board's PMU types, from a fixture's sysfs).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "perf_events.h"

int pmukit_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group,
			   unsigned long flags)
{
	long fd = syscall(SYS_perf_event_open, attr, pid, cpu, group, flags);

	return fd < 0 ? -errno : (int)fd;
}
