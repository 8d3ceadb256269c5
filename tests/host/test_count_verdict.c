/* SPDX-License-Identifier: MIT */
/*
 * The rule for a zero (pmukit_count_verdict(), lib/counted.c): a table of
 * event, levels, path and count with the verdict it must get, through the
 * call for recorded counts; then the session's call on the paths this
 * machine has (the clock path everywhere), where the event's levels and
 * path come from the session itself.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>

#include <pmukit/pmukit.h>
#include "core/compiler.h"
#include "../tap.h"

struct row {
	int line;
	const char *event;
	const char *path;		/* NULL: not known */
	uint64_t value, enabled, running;
	int verdict;
	const char *says;		/* in the reason; NULL: no reason (counted) */
};

static const struct row rows[] = {
	/* A count is a count. */
	{ __LINE__, "CPU_CYCLES:uk", "direct", 1, 0, 0, PMUKIT_COUNTED, NULL },
	{ __LINE__, "INST_RETIRED:u", "perf", 2000, 10, 10, PMUKIT_COUNTED, NULL },
	/* Code that ran used cycles and retired instructions: 0 did not count. */
	{ __LINE__, "CPU_CYCLES:uk", "direct", 0, 0, 0, PMUKIT_NOT_COUNTED, "QEMU's Cortex-A9" },
	{ __LINE__, "CPU_CYCLES:uk", "direct", 0, 0, 0, PMUKIT_NOT_COUNTED, "rearm" },
	{ __LINE__, "CPU_CYCLES:uk", "perf", 0, 5000, 5000, PMUKIT_NOT_COUNTED, "firmware" },
	{ __LINE__, "CPU_CYCLES:u", NULL, 0, 0, 0, PMUKIT_NOT_COUNTED, "emulator" },
	{ __LINE__, "CPU_CYCLES", NULL, 0, 0, 0, PMUKIT_NOT_COUNTED, "emulator" },
	{ __LINE__, "cpu_cycles:U", "perf", 0, 0, 0, PMUKIT_NOT_COUNTED, "emulator" },
	{ __LINE__, "INST_RETIRED:u", "perf", 0, 0, 0, PMUKIT_NOT_COUNTED, "emulator" },
	{ __LINE__, "INST_RETIRED:uk", "perf-mmap", 0, 0, 0, PMUKIT_NOT_COUNTED, "hypervisor" },
	{ __LINE__, "instructions:u", "perf", 0, 0, 0, PMUKIT_NOT_COUNTED, "emulator" },
	{ __LINE__, "cycles", "perf", 0, 0, 0, PMUKIT_NOT_COUNTED, "emulator" },
	{ __LINE__, "cpu-cycles:u", "perf", 0, 0, 0, PMUKIT_NOT_COUNTED, "emulator" },
	{ __LINE__, "CYCLES", NULL, 0, 0, 0, PMUKIT_NOT_COUNTED, "emulator" },
	/* Only the direct path has a counter a perf session can stop. */
	{ __LINE__, "CPU_CYCLES:uk", "perf", 0, 0, 0, PMUKIT_NOT_COUNTED, "firmware did not" },
	/* :k alone: the code may never have entered the kernel. */
	{ __LINE__, "CPU_CYCLES:k", "direct", 0, 0, 0, PMUKIT_COUNTED, NULL },
	{ __LINE__, "INST_RETIRED:k", "perf", 0, 0, 0, PMUKIT_COUNTED, NULL },
	/* Events code need not cause may be 0. */
	{ __LINE__, "L1D_CACHE_REFILL:u", "perf", 0, 0, 0, PMUKIT_COUNTED, NULL },
	{ __LINE__, "SW_INCR:uk", "direct", 0, 0, 0, PMUKIT_COUNTED, NULL },
	{ __LINE__, "page-faults", "perf", 0, 0, 0, PMUKIT_COUNTED, NULL },
	{ __LINE__, "INST_SPEC:u", NULL, 0, 0, 0, PMUKIT_COUNTED, NULL },
	/* Time: the clock path's counter and perf's task clock. */
	{ __LINE__, "clock", "clock", 0, 0, 0, PMUKIT_NOT_COUNTED, "timer did not advance" },
	{ __LINE__, "clock", "clock", 62, 0, 0, PMUKIT_COUNTED, NULL },
	{ __LINE__, "task-clock", "perf", 0, 0, 0, PMUKIT_NOT_COUNTED, "task's clock" },
	{ __LINE__, "cpu-clock", "perf", 0, 0, 0, PMUKIT_NOT_COUNTED, "task's clock" },
	/* perf never had it on a counter: any event, any value. */
	{ __LINE__, "L1D_CACHE_REFILL:u", "perf", 0, 1000, 0, PMUKIT_NOT_COUNTED, "never had it on a counter" },
	{ __LINE__, "CPU_CYCLES:k", "perf", 0, 1000, 0, PMUKIT_NOT_COUNTED, "never had it on a counter" },
	/* A direct count has no times: enabled and running mean nothing there. */
	{ __LINE__, "L1D_CACHE_REFILL:u", "direct", 0, 1000, 0, PMUKIT_COUNTED, NULL },
	/* Multiplexed, but counted. */
	{ __LINE__, "L1D_CACHE_REFILL:u", "perf", 0, 1000, 10, PMUKIT_COUNTED, NULL },
	/* An unknown path name is an unknown path: the general causes. */
	{ __LINE__, "CPU_CYCLES:u", "bogus", 0, 0, 0, PMUKIT_NOT_COUNTED, "emulator" },
};

static void check_row(const struct row *r)
{
	struct pmukit_count c = { .value = r->value, .raw = r->value, .enabled_ns = r->enabled,
				  .running_ns = r->running };
	char why[PMUKIT_VERDICT_WHY_LEN];
	int v = pmukit_count_verdict_named(r->event, r->path, &c, why, sizeof(why));
	int said = r->says ? strstr(why, r->says) != NULL : why[0] == '\0';

	if (!tap_ok(v == r->verdict && said, "line %d: %s on %s, %llu (%llu/%llu ns): %s%s%s",
		    r->line, r->event, r->path ? r->path : "an unknown path",
		    (unsigned long long)r->value, (unsigned long long)r->enabled,
		    (unsigned long long)r->running,
		    r->verdict == PMUKIT_COUNTED ? "counted" : PMUKIT_DID_NOT_COUNT,
		    r->says ? ", saying " : "", r->says ? r->says : ""))
		tap_diag("  got %d: \"%s\"", v, why);
}

/* The session's call: its event, levels and path from the session. */
static void check_session(void)
{
	const char *ev[] = { "clock" };
	struct pmukit_options o = { .path = PMUKIT_PATH_CLOCK, .cpu = -1 };
	struct pmukit_count zero = { 0 }, some = { .value = 5, .raw = 5 };
	char why[PMUKIT_VERDICT_WHY_LEN];
	struct pmukit_session *s;
	int ret = pmukit_open(&s, ev, 1, &o);

	if (ret) {
		tap_skip(pmukit_last_error(), "clock path: a 0 did not count");
		tap_skip(pmukit_last_error(), "clock path: a count counted");
		tap_skip(pmukit_last_error(), "clock path: an index past the events is -EINVAL");
	} else {
		tap_ok(pmukit_count_verdict(s, 0, &zero, why, sizeof(why)) == PMUKIT_NOT_COUNTED &&
		       strstr(why, "timer did not advance"), "clock path: a 0 did not count");
		tap_ok(pmukit_count_verdict(s, 0, &some, why, sizeof(why)) == PMUKIT_COUNTED &&
		       !why[0], "clock path: a count counted");
		tap_ok(pmukit_count_verdict(s, 1, &some, why, sizeof(why)) == -EINVAL,
		       "clock path: an index past the events is -EINVAL");
		pmukit_close(s);
	}
	tap_ok(pmukit_count_verdict(NULL, 0, &zero, NULL, 0) == -EINVAL,
	       "no session: -EINVAL");
	tap_ok(pmukit_count_verdict_named(NULL, "perf", &zero, NULL, 0) == -EINVAL,
	       "no event name: -EINVAL");
	tap_ok(pmukit_count_verdict_named("CPU_CYCLES", NULL, &zero, NULL, 0) ==
	       PMUKIT_NOT_COUNTED, "no room for the reason: the verdict all the same");
}

int main(void)
{
	size_t i;

	tap_plan((int)ARRAY_SIZE(rows) + 6);
	for (i = 0; i < ARRAY_SIZE(rows); i++)
		check_row(&rows[i]);
	check_session();
	return tap_done();
}
