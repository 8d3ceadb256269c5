// SPDX-License-Identifier: MIT
/* The calling thread's CPU, from rseq when glibc has it, pinning, affinity. */
#define _GNU_SOURCE
#include "cpu.h"

#include <errno.h>
#include <stddef.h>
#include <sys/rseq.h>

const volatile int32_t *pmukit_cpu_rseq(void)
{
	const volatile struct rseq *r;

	/* glibc 2.35 and later register an rseq area per thread (unless tuned off). */
	if (__rseq_size < offsetof(struct rseq, cpu_id) + sizeof(r->cpu_id))
		return NULL;
	r = (const volatile struct rseq *)((char *)__builtin_thread_pointer() + __rseq_offset);
	/* cpu_id < 0: registration failed (-2) or not yet done (-1). */
	if ((int32_t)r->cpu_id < 0)
		return NULL;
	return (const volatile int32_t *)&r->cpu_id;
}

int pmukit_cpu_now(void)
{
	int cpu = sched_getcpu();

	return cpu < 0 ? -errno : cpu;
}

int pmukit_affinity_pin(int cpu, cpu_set_t *old)
{
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return -EINVAL;
	if (sched_getaffinity(0, sizeof(*old), old))
		return -errno;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return -errno;
	return 0;
}

int pmukit_affinity_restore(const cpu_set_t *old)
{
	return sched_setaffinity(0, sizeof(*old), old) ? -errno : 0;
}

int pmukit_affinity_get(pid_t pid, cpu_set_t *set)
{
	return sched_getaffinity(pid, sizeof(*set), set) ? -errno : 0;
}
