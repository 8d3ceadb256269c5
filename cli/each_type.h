/* SPDX-License-Identifier: MIT */
/*
 * A measurement made once per core type (each_type.c): on a big.LITTLE
 * machine a counter counts only on its own type, so 'pmukit selftest' and
 * 'pmukit calibrate' (without --cpu) measure each type this process may run
 * on, pinned to one CPU of it (the first in its affinity), a section or
 * block per type. With one type (or none known: x86-64) they measure as
 * before, where they run.
 */
#ifndef PMUKIT_CLI_EACH_TYPE_H
#define PMUKIT_CLI_EACH_TYPE_H

#include <sched.h>
#include <stdio.h>

#include "pmukit/machine.h"

#define EACH_MAX_TYPES	8

struct each_type {
	unsigned int n;		/* types; 0 or 1: measure where it runs */
	struct pmukit_thread_type t[EACH_MAX_TYPES];
	cpu_set_t saved;	/* the affinity before each_type_enter() */
	int pinned;
};

/* The types this process may run on (pmukit_thread_types()). Return: their number. */
unsigned int each_type_find(struct each_type *e);

/* Pins this process to type @i's CPU (the first call keeps the affinity). Return: 0 or -errno. */
int each_type_enter(struct each_type *e, unsigned int i);

/* The affinity again as it was before each_type_enter(). */
void each_type_leave(struct each_type *e);

/* "cortex-a53 (cpus 0-3), on CPU 0". */
void each_type_label(const struct pmukit_thread_type *t, char *buf, size_t len);

/*
 * The verdict over the types from each one's exit status @rc, as a line
 * "CMD: ok: cortex-a53 (cpus 0-3) ok, cortex-a72 (cpus 4-5) failed":
 * failed when any type failed (CLI_FAIL), skipped when every type was
 * (CLI_SKIP), else ok. Return: that status.
 */
int each_type_verdict(FILE *f, const char *cmd, const struct each_type *e, const int *rc);

#endif /* PMUKIT_CLI_EACH_TYPE_H */
