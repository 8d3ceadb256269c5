// SPDX-License-Identifier: MIT
/*
 * Core names for "did you mean" (the command's --cpu), with the folding
 * and the edit distance of core/names.h; the library's errno values are
 * the core's.
 */
#include <errno.h>
#include <stddef.h>

#include "pmukit/pmukit.h"
#include "pmukit/events.h"
#include "core/core.h"
#include "core/names.h"

_Static_assert(PMUKIT_CORE_EINVAL == EINVAL && PMUKIT_CORE_E2BIG == E2BIG &&
	       PMUKIT_CORE_ENOENT == ENOENT && PMUKIT_CORE_ERANGE == ERANGE,
	       "the core's errno numbers are this C library's");

/* A core name this many edits away or fewer is a typo of it. */
#define CPU_SUGGEST_EDITS	2

/**
 * pmukit_cpu_suggest() - the names of cores with an event table close to @name
 * @name: what was typed ("cortex_a530")
 * @out:  filled with the cores' names, best first
 * @max:  room in @out; at most PMUKIT_SUGGEST_MAX are returned
 *
 * Close is two edits or fewer, names folded as pmukit_suggest() does;
 * fewer edits first, ties in the order of the tables.
 *
 * Return: how many names were stored in @out.
 */
size_t pmukit_cpu_suggest(const char *name, const char **out, size_t max)
{
	unsigned int score[PMUKIT_SUGGEST_MAX];
	struct pmukit_name_best best;
	unsigned int i;

	if (!name || !out)
		return 0;
	if (max > PMUKIT_SUGGEST_MAX)
		max = PMUKIT_SUGGEST_MAX;
	pmukit_name_best_init(&best, out, score, max);
	for (i = 0; i < pmukit_ncores; i++) {
		unsigned int d = pmukit_name_distance(name, pmukit_cores[i].name);

		if (d <= CPU_SUGGEST_EDITS)
			pmukit_name_best_add(&best, pmukit_cores[i].name, d);
	}
	return best.n;
}
