/* SPDX-License-Identifier: MIT */
/*
 * core/pass_plan.c through pmukit_plan_passes(): every event in exactly one
 * pass, the cycles in every pass, no pass over its counters, and for the
 * balanced plan sizes that differ by at most one; the fill plan fills
 * every pass but the last. Then the exact groupings the command and the
 * firmware use.
 */
#include <errno.h>
#include <string.h>

#include "pmukit/pmukit.h"
#include "../../core/pass_plan.h"
#include "../tap.h"

#include "core/compiler.h"
#define MAXN		80

/* Checks one plan; returns 1 when every property holds. */
static int check(unsigned int n, int cycles, unsigned int cap, unsigned int flags)
{
	unsigned int pass_of[MAXN], size[MAXN] = { 0 }, i, k, per, lo = ~0u, hi = 0;
	int np = pmukit_plan_passes(n, cycles, cap, flags, pass_of);
	struct pmukit_plan p;

	per = cycles >= 0 ? cap - 1 : cap;
	if (np < 1)
		return 0;
	for (i = 0; i < n; i++) {
		if ((int)i == cycles) {
			if (pass_of[i] != 0)
				return 0;
			continue;
		}
		if (pass_of[i] >= (unsigned int)np)
			return 0;
		/* In order: a later event is never in an earlier pass. */
		if (i && (int)(i - 1) != cycles && pass_of[i] < pass_of[i - 1])
			return 0;
		size[pass_of[i]]++;
	}
	if (pmukit_plan_make(&p, n, cycles, cap, flags) != np)
		return 0;
	for (k = 0; k < (unsigned int)np; k++) {
		if (!size[k] || size[k] > per || size[k] != pmukit_plan_count(&p, k))
			return 0;
		if (size[k] < lo)
			lo = size[k];
		if (size[k] > hi)
			hi = size[k];
		if ((flags & PMUKIT_PLAN_BALANCED) ? 0 : (k + 1 < (unsigned int)np && size[k] != per))
			return 0;
	}
	/* The fewest passes that can hold the events. */
	if ((unsigned int)np != (n - (cycles >= 0) + per - 1) / per)
		return 0;
	return !(flags & PMUKIT_PLAN_BALANCED) || hi - lo <= 1;
}

static void test_properties(void)
{
	unsigned int n, cap, f, bad = 0, runs = 0;
	int cyc;

	for (f = 0; f < 2; f++)
		for (n = 2; n < 40; n++)
			for (cap = 2; cap < 12; cap++)
				for (cyc = -1; cyc < (int)n; cyc += (n > 6 ? 5 : 1)) {
					unsigned int flags = f ? PMUKIT_PLAN_BALANCED : 0;

					runs++;
					if (!check(n, cyc, cap, flags)) {
						bad++;
						if (bad < 5)
							tap_diag("  fails: n %u cycles %d cap %u flags %u",
								 n, cyc, cap, flags);
					}
				}
	tap_ok(!bad, "%u plans: each event once, the cycles in pass 0, no pass over its "
	       "counters, balanced sizes within one, fill plans full but the last", runs);
}

/* The plan as text: "0,1,2|3,4" (event indices per pass, the cycles left out). */
static void text(unsigned int n, int cycles, unsigned int cap, unsigned int flags, char *buf)
{
	unsigned int pass_of[MAXN], k, i;
	int np = pmukit_plan_passes(n, cycles, cap, flags, pass_of);
	size_t used = 0;

	buf[0] = '\0';
	for (k = 0; np > 0 && k < (unsigned int)np; k++) {
		int first = 1;

		for (i = 0; i < n; i++)
			if ((int)i != cycles && pass_of[i] == k) {
				used += (size_t)sprintf(buf + used, "%s%u", first ? (k ? "|" : "") : ",", i);
				first = 0;
			}
	}
}

static void test_groupings(void)
{
	static const struct {
		int line;
		unsigned int n;
		int cycles;
		unsigned int cap, flags;
		const char *want;
	} rows[] = {
		/* The command: 7 events and the added cycles (7) on 6 counters. */
		{ __LINE__, 8, 7, 6, 0, "0,1,2,3,4|5,6" },
		/* The user's cycles (1) on 4 counters. */
		{ __LINE__, 7, 1, 4, 0, "0,2,3|4,5,6" },
		/* The firmware: 9 events on 6 counters, the cycle counter apart. */
		{ __LINE__, 9, -1, 6, PMUKIT_PLAN_BALANCED, "0,1,2,3,4|5,6,7,8" },
		{ __LINE__, 9, -1, 3, PMUKIT_PLAN_BALANCED, "0,1,2|3,4,5|6,7,8" },
		{ __LINE__, 7, -1, 6, PMUKIT_PLAN_BALANCED, "0,1,2,3|4,5,6" },
		{ __LINE__, 10, -1, 3, PMUKIT_PLAN_BALANCED, "0,1,2|3,4,5|6,7|8,9" },
		{ __LINE__, 10, -1, 3, 0, "0,1,2|3,4,5|6,7,8|9" },
		{ __LINE__, 3, -1, 6, 0, "0,1,2" },
	};
	char buf[256];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		text(rows[i].n, rows[i].cycles, rows[i].cap, rows[i].flags, buf);
		if (!tap_ok(!strcmp(buf, rows[i].want), "line %d: %s", rows[i].line, rows[i].want))
			tap_diag("  got %s", buf);
	}
	tap_eq(pmukit_plan_passes(3, 0, 1, 0, NULL), -EINVAL, "no counter beside the cycles");
	tap_eq(pmukit_plan_passes(3, -1, 0, 0, NULL), -EINVAL, "no counter at all");
	tap_eq(pmukit_plan_passes(3, 3, 4, 0, NULL), -EINVAL, "a cycles index out of range");
	tap_eq(pmukit_plan_passes(3, -1, 4, 0x80, NULL), -EINVAL, "an unknown flag");
	tap_eq(pmukit_plan_passes(1, 0, 1, 0, NULL), 1, "the cycles alone: one pass");
	tap_eq(pmukit_plan_passes(1, 0, 0, 0, NULL), -EINVAL,
	       "no counter at all, not even for the cycles alone");
	tap_eq(pmukit_plan_passes(0, -1, 0, PMUKIT_PLAN_BALANCED, NULL), 1,
	       "no events and no event counter, the cycles apart: one pass");
	tap_eq(pmukit_plan_passes(0, -1, 4, 0, NULL), 1, "no events: one pass");
}

int main(void)
{
	test_properties();
	test_groupings();
	return tap_done();
}
