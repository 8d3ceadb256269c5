/* SPDX-License-Identifier: MIT */
/*
 * The loop of pmukit_sample() whose reads the documented per-read costs
 * count (docs/library.md, "Cost of a read"): bench.c prints them, libtest
 * (libtest/exact.c) fails when a read costs more. Like the raw loops beside it: every read,
 * the errors gathered, the session in a register.
 */
#ifndef PMUKIT_TESTS_SAMPLE_LOOP_H
#define PMUKIT_TESTS_SAMPLE_LOOP_H

#include <stddef.h>
#include <stdint.h>

#include <pmukit/pmukit.h>

static __attribute__((noinline, unused)) int sample_loop(struct pmukit_session *s, uint64_t *v,
							  size_t n)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < n; i++)
		ret |= pmukit_sample(s, &v[i]);
	return ret;
}

#endif /* PMUKIT_TESTS_SAMPLE_LOOP_H */
