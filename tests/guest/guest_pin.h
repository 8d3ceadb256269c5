/* SPDX-License-Identifier: MIT */
/*
 * Pinning a guest test program to one CPU: counters belong to a CPU, so a
 * measurement must stay on the one it reads. Exits 2 naming @prog if it can't.
 */
#ifndef GUEST_PIN_H
#define GUEST_PIN_H

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void guest_pin(const char *prog, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "%s: cannot run on cpu%d: %s\n", prog, cpu, strerror(errno));
		exit(2);
	}
}

#endif /* GUEST_PIN_H */
