// SPDX-License-Identifier: MIT
/*
 * The public questions about this machine's CPUs (pmukit/machine.h) that
 * cores.c and sysfile.c answer for the library inside.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "cores.h"
#include "cpu.h"
#include "sysfile.h"

/**
 * pmukit_online_cpus() - the numbers of the online CPUs
 * @cpus: filled with the CPU numbers, in increasing order
 * @max: room in @cpus
 *
 * Return: the number of CPUs stored, or a negative errno when neither sysfs,
 * /proc/cpuinfo nor sched_getaffinity() says.
 */
int pmukit_online_cpus(int *cpus, int max)
{
	cpu_set_t set;
	int i, n = 0, err = pmukit_online_set(&set);

	if (err)
		return err;
	for (i = 0; i < CPU_SETSIZE && n < max; i++)
		if (CPU_ISSET(i, &set))
			cpus[n++] = i;
	return n;
}

/**
 * pmukit_cpu_core() - the core type of a CPU
 * @cpu: an online CPU
 * @out: filled in when 0 is returned
 *
 * Return: 0, or -ENOENT when no core type has @cpu.
 */
int pmukit_cpu_core(int cpu, struct pmukit_cpu_core *out)
{
	const struct pmukit_core_type *t;
	struct pmukit_cores c;

	pmukit_cores_get(&c);
	t = pmukit_cores_find(&c, cpu);
	if (!t)
		return -ENOENT;
	memset(out, 0, sizeof(*out));
	out->midr = t->midr;
	out->core = t->core;
	out->perf_type = t->perf_type;
	snprintf(out->pmu, sizeof(out->pmu), "%s", t->pmu);
	return 0;
}

/**
 * pmukit_thread_types() - the core types the calling thread may run on
 * @out: filled with one entry a type, in the machine's order of types
 * @max: room in @out
 *
 * Return: the number of types (at most @max; 0 when nothing tells the
 * types, as on x86-64), or a negative errno when the affinity cannot be read.
 */
int pmukit_thread_types(struct pmukit_thread_type *out, unsigned int max)
{
	struct pmukit_cores c;
	cpu_set_t set, both;
	unsigned int i, n = 0;
	int cpu, ret = pmukit_affinity_get(0, &set);

	if (ret)
		return ret;
	pmukit_cores_get(&c);
	for (i = 0; i < c.n && n < max; i++) {
		struct pmukit_thread_type *t = &out[n];

		CPU_AND(&both, &set, &c.t[i].cpus);
		if (!CPU_COUNT(&both))
			continue;
		memset(t, 0, sizeof(*t));
		for (cpu = 0; !CPU_ISSET(cpu, &both); cpu++)
			;
		t->cpu = cpu;
		pmukit_cpulist_format(&both, t->cpus, sizeof(t->cpus));
		t->core.midr = c.t[i].midr;
		t->core.core = c.t[i].core;
		t->core.perf_type = c.t[i].perf_type;
		snprintf(t->core.pmu, sizeof(t->core.pmu), "%s", c.t[i].pmu);
		if (c.t[i].core)
			snprintf(t->name, sizeof(t->name), "%s", c.t[i].core->name);
		else
			snprintf(t->name, sizeof(t->name), "MIDR 0x%08x", (unsigned int)c.t[i].midr);
		n++;
	}
	return (int)n;
}

/**
 * pmukit_kmod_rearm() - have pmukit.ko set up every CPU's PMU again
 *
 * Return: 0, or the negative errno of the write to its rearm file.
 */
int pmukit_kmod_rearm(void)
{
	return pmukit_sysfile_write(PMUKIT_SYSFS "/rearm", "1\n");
}

/**
 * pmukit_core_types_describe() - the machine's core types, for people
 * @sep: put between two types
 * @buf: filled with "cortex-a53 (cpus 0-3), cortex-a72 (cpus 4-5)"
 * @len: room in @buf
 *
 * Return: the number of core types named.
 */
unsigned int pmukit_core_types_describe(const char *sep, char *buf, size_t len)
{
	struct pmukit_cores c;

	pmukit_cores_get(&c);
	return pmukit_cores_describe(&c, NULL, sep, buf, len);
}
