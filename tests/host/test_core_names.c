/* SPDX-License-Identifier: MIT */
/*
 * core/names.c: the folding rule, the edit distance and the choice of the
 * closest names, and the library's pmukit_suggest() and
 * pmukit_cpu_suggest() built on them. Table rows carry their __LINE__.
 */
#include <string.h>

#include "pmukit/pmukit.h"
#include "../../core/names.h"
#include "../tap.h"

#include "core/compiler.h"

static void test_fold(void)
{
	static const struct {
		int line;
		const char *a, *b;
		int eq;
	} rows[] = {
		{ __LINE__, "Cortex-A53", "cortex_a53", 1 },
		{ __LINE__, "Cortex-A53", "cortex a53", 1 },
		{ __LINE__, "L1D_CACHE", "l1d-cache", 1 },
		{ __LINE__, "cpu-cycles", "CPU_CYCLES", 1 },
		{ __LINE__, "cortex-a53", "cortex-a5", 0 },
		{ __LINE__, "a", "", 0 },
		{ __LINE__, "", "", 1 },
		{ __LINE__, "x.y", "x_y", 0 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++)
		tap_ok(pmukit_name_eq(rows[i].a, rows[i].b) == rows[i].eq,
		       "line %d: \"%s\" and \"%s\" are %s", rows[i].line, rows[i].a, rows[i].b,
		       rows[i].eq ? "one name" : "two names");
}

static void test_distance(void)
{
	static const struct {
		int line;
		const char *a, *b;
		unsigned int d;
	} rows[] = {
		{ __LINE__, "CPU_CYCLES", "CPU_CYCLES", 0 },
		{ __LINE__, "cpu-cycles", "CPU_CYCLES", 0 },		/* folded */
		{ __LINE__, "CPU_CYCLE", "CPU_CYCLES", 1 },		/* insertion */
		{ __LINE__, "CPU_CYCLESS", "CPU_CYCLES", 1 },		/* deletion */
		{ __LINE__, "CPU_CYCLEZ", "CPU_CYCLES", 1 },		/* substitution */
		{ __LINE__, "inst_retierd", "INST_RETIRED", 1 },	/* swap of neighbours */
		{ __LINE__, "cylces", "cycles", 1 },
		{ __LINE__, "cortex_a530", "Cortex-A53", 1 },
		{ __LINE__, "", "abc", 3 },
		{ __LINE__, "abc", "", 3 },
		{ __LINE__, "kitten", "sitting", 3 },
		{ __LINE__, "ca", "abc", 3 },	/* optimal string alignment, not Damerau */
	};
	char longer[PMUKIT_NAME_DIST_MAX_LEN + 2];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		unsigned int d = pmukit_name_distance(rows[i].a, rows[i].b);

		if (!tap_ok(d == rows[i].d, "line %d: \"%s\" to \"%s\": %u edits", rows[i].line,
			    rows[i].a, rows[i].b, rows[i].d))
			tap_diag("  got %u", d);
	}
	memset(longer, 'A', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	tap_eq(pmukit_name_distance(longer, "A"), PMUKIT_NAME_FAR,
	       "a name over PMUKIT_NAME_DIST_MAX_LEN is far from everything");
	longer[PMUKIT_NAME_DIST_MAX_LEN] = '\0';
	tap_eq(pmukit_name_distance(longer, longer), 0, "a name of PMUKIT_NAME_DIST_MAX_LEN is compared");

	tap_ok(pmukit_name_contains("L1D_CACHE_REFILL", "refill"), "contains: folded");
	tap_ok(pmukit_name_contains("L1D_CACHE_REFILL", "cache-ref"), "contains: '-' is '_'");
	tap_ok(!pmukit_name_contains("L1D_CACHE_REFILL", "L1"), "contains: 3 characters at least");
	tap_eq(pmukit_name_limit(""), 2, "limit: at least 2");
	tap_eq(pmukit_name_limit("INST_RETIRED"), 4, "limit: a third of the length");
}

static void test_suggest(void)
{
	static const char *const names[] = {
		"cycles", "cpu-cycles", "instructions", "task-clock", "cpu-clock", "faults",
	};
	const char *out[PMUKIT_SUGGEST_MAX + 2];
	size_t n, i;
	int found = 0, ok = 1;

	n = pmukit_suggest("cylces", names, ARRAY_SIZE(names), 0, out, 4);
	tap_ok(n >= 1 && !strcmp(out[0], "cycles"), "\"cylces\" suggests cycles first");
	n = pmukit_suggest("cpu-clok", names, ARRAY_SIZE(names), 0, out, 4);
	tap_ok(n == 1 && !strcmp(out[0], "cpu-clock"), "cpu-clok: cpu-clock alone within 2 edits");
	n = pmukit_suggest("cpu-clok", names, ARRAY_SIZE(names), 5, out, 4);
	tap_ok(n == 4 && !strcmp(out[0], "cpu-clock") && !strcmp(out[1], "cpu-cycles") &&
	       !strcmp(out[2], "cycles") && !strcmp(out[3], "task-clock"),
	       "an explicit limit of 5: fewer edits first (1, 4, 5, 5), ties in order");
	tap_eq(pmukit_suggest("cpu-clok", names, ARRAY_SIZE(names), 0, out, 1), 1,
	       "max = 1 is honoured");
	tap_eq(pmukit_suggest("zzzzzzzz", names, ARRAY_SIZE(names), 0, out, 4), 0,
	       "nothing close: no suggestion");
	tap_eq(pmukit_suggest(NULL, names, ARRAY_SIZE(names), 0, out, 4), 0, "NULL name");

	/* The command's --cpu: the cores a typo away. */
	n = pmukit_cpu_suggest("cortex_a530", out, ARRAY_SIZE(out));
	for (i = 0; i < n; i++) {
		found |= !strcmp(out[i], "cortex-a53");
		ok &= pmukit_name_distance("cortex_a530", out[i]) <= 2 &&
		      (!i || pmukit_name_distance("cortex_a530", out[i - 1]) <=
			     pmukit_name_distance("cortex_a530", out[i]));
	}
	tap_ok(found, "cortex_a530 suggests cortex-a53");
	tap_ok(n > 1 && ok, "cores within 2 edits, fewer edits first");
	tap_ok(n <= PMUKIT_SUGGEST_MAX, "no more than PMUKIT_SUGGEST_MAX");
	tap_eq(pmukit_cpu_suggest("qqqqqqqqqq", out, ARRAY_SIZE(out)), 0, "no core is close");
}

int main(void)
{
	test_fold();
	test_distance();
	test_suggest();
	return tap_done();
}
