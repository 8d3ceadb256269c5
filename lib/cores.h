/* SPDX-License-Identifier: MIT */
/*
 * The machine's core types: which CPUs share a core (MIDR implementer and
 * part number), the event table of each and the perf PMU that counts on
 * them. A big.LITTLE board has several (RK3399: cortex-a53 on CPUs 0-3,
 * cortex-a72 on 4-5, perf PMUs armv8_cortex_a53 and armv8_cortex_a72).
 * Everything comes from files (sysfile.h): the per-CPU midr_el1 in sysfs,
 * the per-processor blocks of /proc/cpuinfo, perf's event_source devices.
 */
#ifndef PMUKIT_CORES_H
#define PMUKIT_CORES_H

/* cpu_set_t: the including file defines _GNU_SOURCE before any header. */
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include "pmukit/events.h"
#include "pmukit/machine.h"	/* PMUKIT_PERF_DEVICES */

#define PMUKIT_MAX_CORE_TYPES	8

struct pmukit_core_type {
	uint32_t midr;				/* of its first CPU */
	const struct pmukit_core_def *core;	/* NULL: not in the event tables */
	cpu_set_t cpus;				/* the online CPUs of this type */
	uint32_t perf_type;			/* its perf PMU's type; 0: none found */
	char pmu[64];				/* that PMU's directory name, or "" */
};

struct pmukit_cores {
	unsigned int n;
	struct pmukit_core_type t[PMUKIT_MAX_CORE_TYPES];
};

/* Reads the core types of the online CPUs; n = 0 when nothing says (x86-64). */
void pmukit_cores_get(struct pmukit_cores *c);
/* The type @cpu belongs to, or NULL. */
const struct pmukit_core_type *pmukit_cores_find(const struct pmukit_cores *c, int cpu);
/*
 * "cortex-a53 (cpus 0-3), cortex-a72 (cpus 4-5)": the types with CPUs in
 * @only (NULL: all), each with those CPUs, joined by @sep; the count of
 * types named is returned.
 */
unsigned int pmukit_cores_describe(const struct pmukit_cores *c, const cpu_set_t *only,
				   const char *sep, char *buf, size_t len);

/* Is this event_source device a CPU's PMU ("armv8_cortex_a53", "armv8_pmuv3")? */
int pmukit_is_cpu_pmu(const char *name);
/*
 * Is it the PMUv3 driver's ("armv8_*", "armv9_*")? Only that driver's
 * events/ lists what PMCEID shows; the ARMv7 one lists a fixed table.
 */
int pmukit_is_pmuv3_pmu(const char *name);

/* The MIDR of @cpu from sysfs or /proc/cpuinfo; 0 when neither says. */
uint32_t pmukit_cpu_midr(int cpu);

/* "0-3,6" <-> a set; parse returns 0 or -EINVAL. */
/* The online CPUs (sysfs, /proc/cpuinfo, else this thread's affinity); 0 or -errno. */
int pmukit_online_set(cpu_set_t *set);
int pmukit_cpulist_parse(const char *text, cpu_set_t *set);
void pmukit_cpulist_format(const cpu_set_t *set, char *buf, size_t len);

/* "CPU part\t: 0xd03" -> 0xd03: the first @key in @text. */
int pmukit_cpuinfo_field(const char *text, const char *key, unsigned long *v);

#endif /* PMUKIT_CORES_H */
