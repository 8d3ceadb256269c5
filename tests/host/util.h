/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the host tests (tests/host/test_*.c): a loop that the
 * compiler keeps, the rest of a stream as a string, and the row of the
 * tables that map one string to another.
 */
#ifndef PMUKIT_TESTS_HOST_UTIL_H
#define PMUKIT_TESTS_HOST_UTIL_H

#include <stdio.h>
#include <stdlib.h>

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

/* A row of a table test: its line, an input string and the string wanted. */
struct str_case {
	int line;
	const char *in, *want;
};

#endif
