/* SPDX-License-Identifier: MIT */
/*
 * What the library knows of this machine: the core (from the MIDR), the
 * pmukit module's state in /sys/kernel/pmukit, and perf's sysctls.
 */
#ifndef PMUKIT_PMU_INFO_H
#define PMUKIT_PMU_INFO_H

#include <stdint.h>
#include "pmukit/events.h"
#include "pmukit/events_api.h"	/* struct pmukit_event_spec */
#include "pmukit/machine.h"	/* PMUKIT_SYSFS, the public part */
#include "pmukit/pmu_fields.h"	/* PMUKIT_MAX_EVENT_COUNTERS: the module's events= at most */

struct pmukit_kmod {
	int loaded;
	int read_mode;				/* mode=read: EL0 may only read */
	unsigned int nevents;
	struct pmukit_event_spec ev[PMUKIT_MAX_EVENT_COUNTERS];	/* events=, as raw specs */
	char events[256];			/* the events file: "0x08:u,0x11" */
};

/* The module's state; loaded = 0 when /sys/kernel/pmukit is missing. */
void pmukit_kmod_get(struct pmukit_kmod *k);
/*
 * Where the module's counts live on @cpu (cpu<N>/counters): @ctr[i] the
 * counter of events= entry i (of @n), @cycles the counter counting CPU_CYCLES
 * at every level (31: the cycle counter); PMUKIT_KMOD_NO_COUNTER where none.
 * A module without the file: entry i in counter i, cycles in 31.
 */
#define PMUKIT_KMOD_NO_COUNTER	0xff
int pmukit_kmod_counters(int cpu, unsigned int n, uint8_t *ctr, uint8_t *cycles);
/*
 * mode=read: how many times each of the module's counts on @cpu passed its
 * counter's top, as its overflow flag told (cpu<N>/overflows, read on @cpu
 * itself): @count[i] for events= entry i (of @n), @count[n] for the cycle
 * count; the same order as cpu<N>/counters. -ENOENT for a module without
 * the file.
 */
int pmukit_kmod_overflows(int cpu, unsigned int n, uint32_t *count);

/*
 * The MIDR of the CPU this thread runs on (0 when unknown) and its event
 * table (NULL if none); cores.h has every CPU's.
 */
uint32_t pmukit_this_midr(void);
const struct pmukit_core_def *pmukit_this_core(void);

/* kernel.perf_user_access (-1: no such sysctl) and perf_event_paranoid (-100). */
int pmukit_perf_user_access(void);
int pmukit_perf_paranoid(void);

#endif /* PMUKIT_PMU_INFO_H */
