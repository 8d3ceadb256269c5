/* SPDX-License-Identifier: MIT */
/*
 * Plans (pmukit.h's struct pmukit_evplan) on the build machine: how the
 * events are split into passes on a number of counters, the cycles in
 * every pass, the caller's passes kept, and that each spec is parsed once
 * however many sessions are opened from the plan: a spec parsed again
 * for every path, pass or run is what plans are for not to do. Table rows
 * carry their __LINE__. The clock path works everywhere; perf's software
 * events where perf is allowed (else "# SKIP" with the library's reason).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <pmukit/pmukit.h>
#include <pmukit/pmu_fields.h>
#include "event_spec.h"	/* pmukit_ev_parses */
#include "plan.h"	/* pmukit_evplan_split() */
#include "core/compiler.h"
#include "../tap.h"

/* A plan as text: "0,1|2,3" (event indices per pass; the added cycles is +). */
static void plan_text(const struct pmukit_evplan *p, char *buf, size_t len)
{
	unsigned int k, i, n = pmukit_evplan_nevents(p);
	size_t used = 0;

	buf[0] = '\0';
	for (k = 0; k < pmukit_evplan_npasses(p); k++)
		for (i = 0; i < pmukit_evplan_pass_size(p, k); i++) {
			int x = pmukit_evplan_pass_event(p, k, i);
			const char *sep = i ? "," : k ? "|" : "";

			if (x == (int)n - 1 && pmukit_evplan_added(p))
				used += (size_t)snprintf(buf + used, len - used, "%s+", sep);
			else
				used += (size_t)snprintf(buf + used, len - used, "%s%d", sep, x);
		}
}

/* A plan on the clock path, which works everywhere: the events' table is this machine's. */
static struct pmukit_evplan *clock_plan(void)
{
	struct pmukit_options o = { .path = PMUKIT_PATH_CLOCK, .cpu = -1 };
	struct pmukit_evplan *p = NULL;

	if (pmukit_evplan_new(&p, &o))
		tap_diag("  pmukit_evplan_new(clock): %s", pmukit_last_error());
	return p;
}

static void test_split(void)
{
	static const struct {
		int line;
		unsigned int n, cap;
		const char *ev[10];
		int ret;
		const char *want;
	} rows[] = {
		/* Everything fits: one pass, nothing added. */
		{ __LINE__, 2, 6, { "INST_RETIRED", "CPU_CYCLES" }, 0, "0,1" },
		{ __LINE__, 6, 6, { "r01", "r02", "r03", "r04", "r05", "r06" }, 0, "0,1,2,3,4,5" },
		/* Seven on six counters: cycles added to both passes. */
		{ __LINE__, 7, 6, { "r01", "r02", "r03", "r04", "r05", "r06", "r07" }, 0,
		  "+,0,1,2,3,4|+,5,6" },
		/* The caller's own cycles go into every pass. */
		{ __LINE__, 7, 4, { "r01", "CPU_CYCLES:u", "r02", "r03", "r04", "r05", "r06" }, 0,
		  "1,0,2,3|1,4,5,6" },
		{ __LINE__, 5, 2, { "r11", "r01", "r02", "r03", "r04" }, 0, "0,1|0,2|0,3|0,4" },
		{ __LINE__, 5, 2, { "cycles:k", "r01", "r02", "r03", "r04" }, 0, "0,1|0,2|0,3|0,4" },
		{ __LINE__, 3, 1, { "r01", "r02", "r03" }, -E2BIG, "" },
	};
	struct pmukit_evplan *p;
	char text[128];
	size_t i;
	unsigned int k;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		int ret = -1;

		p = clock_plan();
		for (k = 0; p && k < rows[i].n; k++)
			if (pmukit_evplan_add(p, rows[i].ev[k]) != (int)k)
				tap_diag("  line %d: '%s': %s", rows[i].line, rows[i].ev[k],
					 pmukit_last_error());
		if (p)
			ret = pmukit_evplan_split(p, rows[i].cap);
		plan_text(p, text, sizeof(text));
		if (!tap_ok(ret == rows[i].ret && (ret || !strcmp(text, rows[i].want)),
			    "line %d: %u events, %u counters: %s", rows[i].line, rows[i].n,
			    rows[i].cap, rows[i].ret ? "refused" : rows[i].want))
			tap_diag("  got %d '%s'", ret, text);
		if (i == 2)
			tap_ok(pmukit_evplan_cycles(p) == 7 && pmukit_evplan_added(p) &&
			       pmukit_evplan_pass_event(p, 1, 2) == 6 &&
			       !strncmp(pmukit_evplan_event_name(p, 7),
					pmukit_evplan_event(p, 7)->kind == PMUKIT_EV_PMU ?
					"CPU_CYCLES" : "cycles", 6),
			       "passes: the added cycles are event 7, the last, in every pass");
		pmukit_evplan_free(p);
	}
	p = clock_plan();
	tap_ok(p && pmukit_evplan_make(p) == -EINVAL, "a plan of no events: -EINVAL, \"%s\"",
	       pmukit_last_error());
	pmukit_evplan_free(p);
}

/* The caller's passes (the metrics' planner's) are kept, the cycles first in each. */
static void test_fixed(void)
{
	struct pmukit_evplan *p = clock_plan();
	char text[128];
	unsigned long before = pmukit_ev_parses;

	if (!p) {
		tap_ok(0, "fixed passes: no plan");
		return;
	}
	pmukit_evplan_add_code(p, PMUKIT_EVT_INST_RETIRED, 0);
	pmukit_evplan_add_code(p, PMUKIT_EVT_CPU_CYCLES, 0);
	pmukit_evplan_add_code(p, PMUKIT_EVT_CPU_CYCLES, 1);
	pmukit_evplan_add_code(p, 0x8005, 1);
	pmukit_evplan_split(p, 2);
	plan_text(p, text, sizeof(text));
	if (!tap_ok(!strcmp(text, "1,0|2,3") && pmukit_evplan_cycles(p) == 1,
		    "fixed passes: 1,0|2,3, the cycles of pass 1 in every pass"))
		tap_diag("  got '%s', cycles %d", text, pmukit_evplan_cycles(p));
	tap_ok(pmukit_ev_parses == before, "events by number are not parsed from text");
	tap_ok(!strncmp(pmukit_evplan_event(p, 3)->base, "raw 0x8005", 10) ||
	       !strcmp(pmukit_evplan_event(p, 3)->base, pmukit_event_find_code(NULL, 0x8005) ?
		       pmukit_event_find_code(NULL, 0x8005)->name : ""),
	       "an event by number takes its table name, else 'raw 0x..' (%s)",
	       pmukit_evplan_event(p, 3)->base);
	pmukit_evplan_free(p);
}

/*
 * A plan of @n specs on @path, made, each pass opened @runs times as stat
 * does (-r): the specs are parsed @n times in all.
 */
static void parses_once(enum pmukit_path path, const char *const *spec, unsigned int n,
			unsigned int runs)
{
	struct pmukit_options o = { .path = path, .cpu = -1 };
	struct pmukit_count c[PMUKIT_MAX_EVENTS];
	struct pmukit_evplan *p;
	struct pmukit_session *s;
	unsigned long before = pmukit_ev_parses;
	unsigned int k, r, i;
	int ret;

	ret = pmukit_evplan_new(&p, &o);
	for (i = 0; i < n && !ret; i++)
		ret = pmukit_evplan_add(p, spec[i]) < 0;
	if (!ret)
		ret = pmukit_evplan_make(p);
	for (k = 0; !ret && k < pmukit_evplan_npasses(p); k++)
		for (r = 0; !ret && r < runs; r++) {
			ret = pmukit_open_pass(&s, p, k, &o);
			if (ret)
				break;
			ret = pmukit_start(s);
			if (!ret)
				ret = pmukit_stop(s);
			if (!ret)
				ret = pmukit_read(s, c);
			if (!ret && strcmp(pmukit_event_name(s, 0),
					   pmukit_evplan_event_name(p, (unsigned int)
						pmukit_evplan_pass_event(p, k, 0))))
				ret = -EINVAL;
			pmukit_close(s);
		}
	if (!tap_ok(!ret && pmukit_ev_parses - before == n,
		    "%s: %u specs planned, made, each pass opened %u times: %u parses",
		    pmukit_path_name(path), n, runs, n))
		tap_diag("  %d (%s), %lu parses", ret, ret ? pmukit_last_error() : "",
			 pmukit_ev_parses - before);
	pmukit_evplan_free(p);
}

static void test_parses(void)
{
	static const char *const clk[] = { "clock" };
	static const char *const sw[] = { "page-faults", "context-switches" };
	struct pmukit_options o = { .path = PMUKIT_PATH_AUTO, .cpu = -1, .flags = PMUKIT_F_CHILD };
	struct pmukit_session *s;
	enum pmukit_path path;
	unsigned long before;
	char why[512];

	parses_once(PMUKIT_PATH_CLOCK, clk, 1, 5);
	if (pmukit_path_detect(PMUKIT_PATH_PERF, why, sizeof(why)) == 0)
		parses_once(PMUKIT_PATH_PERF, sw, 2, 5);
	else
		tap_skip(why, "perf: 2 specs planned, made, each pass opened 5 times: 2 parses");

	/* The specs mean the same on every path: parsed once, not once a path. */
	before = pmukit_ev_parses;
	pmukit_path_choose(sw, 2, &o, &path, why, sizeof(why));
	tap_ok(pmukit_ev_parses - before == 2, "pmukit_path_choose(): 2 specs, %lu parses",
	       pmukit_ev_parses - before);

	/* pmukit_open() with specs: a parse of each and an open. */
	before = pmukit_ev_parses;
	o.path = PMUKIT_PATH_CLOCK;
	o.flags = 0;
	if (pmukit_open(&s, clk, 1, &o) == 0)
		pmukit_close(s);
	tap_ok(pmukit_ev_parses - before == 1, "pmukit_open(): 1 spec, %lu parse",
	       pmukit_ev_parses - before);
}

/* What a plan refuses, and says. */
static void test_errors(void)
{
	struct pmukit_options o = { .path = PMUKIT_PATH_CLOCK, .cpu = -1 };
	struct pmukit_evplan *p = clock_plan();
	struct pmukit_session *s = NULL;
	int ret;

	ret = p ? pmukit_evplan_add(p, "NO_SUCH_EVENT") : 0;
	tap_ok(ret == -ENOENT && strstr(pmukit_last_error(), "unknown event 'NO_SUCH_EVENT'"),
	       "an unknown name: -ENOENT, \"%s\"", pmukit_last_error());
	ret = p ? pmukit_evplan_add(p, "r08:x") : 0;
	tap_ok(ret == -EINVAL && strstr(pmukit_last_error(), "the modifier is :u"),
	       "a bad modifier: -EINVAL, \"%s\"", pmukit_last_error());
	tap_ok(p && pmukit_evplan_nevents(p) == 0, "neither is planned");
	ret = p ? pmukit_open_pass(&s, p, 0, &o) : 0;
	tap_ok(ret == -EINVAL && !s, "no pass 0 before a make: -EINVAL");
	pmukit_evplan_free(p);
	o.path = PMUKIT_PATH_PERF_MMAP;
	o.flags = PMUKIT_F_CHILD;
	p = NULL;
	ret = pmukit_evplan_new(&p, &o);
	tap_ok(ret == -EINVAL && !p && strstr(pmukit_last_error(), "calling thread only"),
	       "perf-mmap for a command: -EINVAL, \"%s\"", pmukit_last_error());
}

int main(void)
{
	test_split();
	test_fixed();
	test_parses();
	test_errors();
	return tap_done();
}
