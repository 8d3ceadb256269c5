/* SPDX-License-Identifier: MIT */
/*
 * Which CPU the thread runs on, cheaply (glibc's rseq area), and pinning it
 * there for a measurement: PMU counters belong to a CPU, not to a thread.
 */
#ifndef PMUKIT_CPU_H
#define PMUKIT_CPU_H

/* cpu_set_t: the including file defines _GNU_SOURCE before any header. */
#include <sched.h>
#include <stdint.h>

/*
 * The kernel-maintained cpu_id of this thread's rseq area, or NULL when
 * glibc did not register one (then use sched_getcpu()).
 */
const volatile int32_t *pmukit_cpu_rseq(void);
/* The CPU this thread runs on now, or a negative errno. */
int pmukit_cpu_now(void);
/*
 * The thread's affinity (the CPUs it may run on), not the PMU state that
 * the module saves and restores per CPU: runs the thread on @cpu only, the
 * affinity it had going to @old; then puts @old back.
 */
int pmukit_affinity_pin(int cpu, cpu_set_t *old);
int pmukit_affinity_restore(const cpu_set_t *old);
/* The CPUs @pid (0: this thread) may run on: sched_getaffinity(). */
int pmukit_affinity_get(pid_t pid, cpu_set_t *set);

#endif /* PMUKIT_CPU_H */
