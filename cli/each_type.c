// SPDX-License-Identifier: MIT
/*
 * A measurement once per core type (each_type.h): the types are the
 * library's (pmukit_thread_types()); this file only pins the process to a
 * CPU of each and back.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>

#include "cli.h"
#include "each_type.h"

unsigned int each_type_find(struct each_type *e)
{
	int n = pmukit_thread_types(e->t, EACH_MAX_TYPES);

	e->n = n > 0 ? (unsigned int)n : 0;
	e->pinned = 0;
	return e->n;
}

int each_type_enter(struct each_type *e, unsigned int i)
{
	if (!e->pinned) {
		if (sched_getaffinity(0, sizeof(e->saved), &e->saved))
			return -errno;
		e->pinned = 1;
	}
	return pin_to_cpu(e->t[i].cpu);
}

void each_type_leave(struct each_type *e)
{
	if (e->pinned)
		sched_setaffinity(0, sizeof(e->saved), &e->saved);
	e->pinned = 0;
}

void each_type_label(const struct pmukit_thread_type *t, char *buf, size_t len)
{
	snprintf(buf, len, "%s (cpu%s %s), on CPU %d", t->name, strpbrk(t->cpus, ",-") ? "s" : "",
		 t->cpus, t->cpu);
}

/* A type's measurement in the verdict's words. */
static const char *status_word(int rc)
{
	return rc == CLI_OK ? "ok" : rc == CLI_SKIP ? "skipped" : "failed";
}

int each_type_verdict(FILE *f, const char *cmd, const struct each_type *e, const int *rc)
{
	unsigned int i, failed = 0, skipped = 0;
	int ret;

	for (i = 0; i < e->n; i++) {
		failed += rc[i] != CLI_OK && rc[i] != CLI_SKIP;
		skipped += rc[i] == CLI_SKIP;
	}
	ret = failed ? CLI_FAIL : skipped == e->n ? CLI_SKIP : CLI_OK;
	fprintf(f, "%s: %s:", cmd, failed ? "FAILED" : status_word(ret));
	for (i = 0; i < e->n; i++)
		fprintf(f, "%s %s (cpu%s %s) %s", i ? "," : "", e->t[i].name,
			strpbrk(e->t[i].cpus, ",-") ? "s" : "", e->t[i].cpus, status_word(rc[i]));
	fputc('\n', f);
	return ret;
}
