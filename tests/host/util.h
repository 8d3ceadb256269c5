/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the host tests (tests/host/test_*.c): a loop that the
 * compiler keeps, the rest of a stream or a whole file as a string, the row of the
 * tables that map one string to another, and an event as the library's
 * plan parses it.
 */
#ifndef PMUKIT_TESTS_HOST_UTIL_H
#define PMUKIT_TESTS_HOST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pmukit/pmukit.h>
#include <pmukit/events_api.h>

/* @n iterations of an add to a volatile: work that cannot be optimised away. */
static inline void busy(unsigned long n)
{
	static volatile unsigned long sink;
	unsigned long i;

	for (i = 0; i < n; i++)
		sink += i;
}

/* What is left of @f, as a string to free(); NULL without memory. */
static inline char *read_stream(FILE *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int c;

	if (!m)
		return NULL;
	while ((c = fgetc(f)) != EOF)
		fputc(c, m);
	fclose(m);
	return buf;
}

/* The whole file at @path, as a string to free(); NULL when it cannot be read. */
static inline char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;

	if (!f)
		return NULL;
	buf = read_stream(f);
	fclose(f);
	return buf;
}

/* A row of a table test: its line, an input string and the string wanted. */
struct str_case {
	int line;
	const char *in, *want;
};

/*
 * Event @name ("INST_RETIRED:u", "task-clock") as a plan parses it for this
 * machine: what 'pmukit stat' rows carry. A name that does not parse: a
 * software event no row matches.
 */
static inline struct pmukit_ev parsed_event(const char *name)
{
	struct pmukit_options o = { .path = PMUKIT_PATH_CLOCK, .cpu = -1 };
	struct pmukit_evplan *p;
	struct pmukit_ev e;

	memset(&e, 0, sizeof(e));
	e.kind = PMUKIT_EV_SOFTWARE;
	e.config = ~0ull;
	if (pmukit_evplan_new(&p, &o) == 0) {
		if (pmukit_evplan_add(p, name) == 0)
			e = *pmukit_evplan_event(p, 0);
		pmukit_evplan_free(p);
	}
	return e;
}

#endif
