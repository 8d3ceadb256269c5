/* SPDX-License-Identifier: MIT */
/*
 * A zero that is not a count (lib/counted.c): whether a count that reads
 * 0 was counted, and why not.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_VERDICT_H
#define PMUKIT_VERDICT_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"
#include "session_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- a zero that is not a count ---------------------------------------- */

/*
 * What a count of code that ran means. A program that ran used cycles,
 * retired instructions and took time: a 0 of CPU_CYCLES, INST_RETIRED (or
 * perf's cycles and instructions), of the clock path's "clock" or of
 * task-clock and cpu-clock, counted at a level the code ran at, is a
 * counter that did not count (an emulator's CPU model that does not count
 * it, a PMU the firmware left off or unclocked), never a measurement of
 * nothing. Neither is an event perf never had on a counter. The words
 * every output uses for it are PMUKIT_DID_NOT_COUNT.
 */
#define PMUKIT_DID_NOT_COUNT	"did not count"
/* Room for every reason pmukit_count_verdict() gives. */
#define PMUKIT_VERDICT_WHY_LEN	400

enum pmukit_verdict {
	PMUKIT_COUNTED = 0,		/* a count, a 0 included where code can give one */
	PMUKIT_NOT_COUNTED,		/* the counter did not count: the 0 is no measurement */
	PMUKIT_NOT_IMPLEMENTED,		/* a 0 of an event this core does not count at all */
};

/**
 * pmukit_count_verdict() - does event @i's count of code that ran count?
 * @s: the session that counted it (still open)
 * @i: the event's index, as given to pmukit_open()
 * @counts: all the session's counts of that measurement, as pmukit_read()
 *	gave them, before any overhead is taken off: @counts[@i] is judged,
 *	the others tell a PMU that counts from one that does not
 * @why: filled with the reason and the likely causes on this machine when
 *	the verdict is not PMUKIT_COUNTED ("" when it is); may be NULL
 * @len: room in @why (PMUKIT_VERDICT_WHY_LEN holds every reason)
 *
 * The caller says the code ran: a command, a region entered, a loop. A 0 is
 * judged by the event (cycles, instructions, time: some code always adds to
 * them; a cache refill need not happen), its levels (a :k count of code that
 * may have stayed in user space can be 0) and the path (perf: never put on a
 * counter). A 0 of an event the core does not count is not implemented
 * rather than not counted: PMCEID says so, or, where there is none (ARMv7),
 * the session's CPU_CYCLES counted in the same measurement, so that the PMU
 * counts and only this event does not.
 *
 * Return: an enum pmukit_verdict, or -EINVAL for a bad argument.
 */
PMUKIT_API int pmukit_count_verdict(const struct pmukit_session *s, unsigned int i,
				    const struct pmukit_count *counts, char *why, size_t len);

/**
 * pmukit_count_verdict_named() - pmukit_count_verdict() of a recorded count
 * @event: the event as pmukit prints it ("CPU_CYCLES:uk", "instructions:u",
 *	"clock", "task-clock"; the firmware's "CYCLES")
 * @path: the path that counted it ("direct", "perf", ...), or NULL/"" unknown
 * @c: the count; enabled_ns and running_ns 0 when not recorded
 * @why, @len: as for pmukit_count_verdict()
 *
 * The same rule, for counts read back from a file: what the session knew
 * (PMCEID of the machine that counted) is not known, so that a 0 the rule
 * judges is not counted, never not implemented.
 *
 * Return: an enum pmukit_verdict, or -EINVAL for a bad argument.
 */
PMUKIT_API int pmukit_count_verdict_named(const char *event, const char *path,
					  const struct pmukit_count *c, char *why, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_VERDICT_H */
