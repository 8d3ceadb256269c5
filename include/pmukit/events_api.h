/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * The event tables through functions: which core a MIDR value or a name
 * means, an event by name or by number, perf-like event specs
 * ("l1d_cache_refill:u", "r08", "0x11:k") and "did you mean" suggestions.
 * The tables themselves are struct pmukit_core_def (events.h); a program
 * reaches them only through these functions.
 *
 * Names are compared without regard to ASCII case. Nothing here allocates
 * or needs more of the C library than <string.h>.
 */
#ifndef PMUKIT_EVENTS_API_H
#define PMUKIT_EVENTS_API_H

#include <stddef.h>
#include <stdint.h>

#include "analysis.h"	/* PMUKIT_SUGGEST_MAX */
#include "events.h"
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Room for an event name in struct pmukit_event_spec, with its NUL. */
#define PMUKIT_EVENT_NAME_LEN	48

/* One parsed event spec: what to program into PMEVTYPER and its filters. */
struct pmukit_event_spec {
	char name[PMUKIT_EVENT_NAME_LEN];	/* table name, or "raw 0x.." */
	uint16_t code;				/* event number */
	unsigned excl_user:1, excl_kernel:1;	/* ":k" sets excl_user, ":u" excl_kernel */
	unsigned raw:1;				/* given as a number, not a name */
};

/* Room for a parsed event's name without its levels ("L1D_CACHE_REFILL_INNER"). */
#define PMUKIT_EV_NAME_LEN	64

/* What an event spec means, whichever access path counts it. */
enum pmukit_ev_kind {
	PMUKIT_EV_PMU,		/* an Arm PMU event number (.code) */
	PMUKIT_EV_CYCLES,	/* "cycles" where there is no Arm PMU (x86-64) */
	PMUKIT_EV_INSTRUCTIONS,	/* "instructions" where there is no Arm PMU */
	PMUKIT_EV_SOFTWARE,	/* a perf software event (.config) */
	PMUKIT_EV_CLOCK,	/* "clock": the clock path's counter */
};

/*
 * One event of a session or a plan (pmukit.h's struct pmukit_evplan), as
 * the library parsed its spec: every kind the access paths count, with the
 * levels it counts at. The parse is done once, by the library; code that
 * needs the event's number or levels reads them here, never from its name.
 */
struct pmukit_ev {
	char name[PMUKIT_EV_NAME_LEN + 4];	/* canonical, with the levels: "INST_RETIRED:u" */
	char base[PMUKIT_EV_NAME_LEN];	/* without them: "INST_RETIRED" */
	enum pmukit_ev_kind kind;
	uint16_t code;			/* PMUKIT_EV_PMU: event number */
	uint64_t config;		/* PMUKIT_EV_SOFTWARE: PERF_COUNT_SW_* */
	unsigned excl_user:1;		/* do not count at EL0 */
	unsigned excl_kernel:1;		/* do not count at EL1 */
	unsigned explicit_levels:1;	/* the spec said :u, :k or :uk */
};

/**
 * pmukit_core_count() - how many cores the tables describe
 *
 * Return: the number of core tables (the common tables not counted).
 */
PMUKIT_API unsigned int pmukit_core_count(void);

/**
 * pmukit_core_at() - one core's table, in the order of the tables
 * @i: 0 to pmukit_core_count() - 1
 *
 * Return: the table, or NULL when @i is out of range.
 */
PMUKIT_API const struct pmukit_core_def *pmukit_core_at(unsigned int i);

/**
 * pmukit_common_table() - the common architectural events of an architecture
 * @arch_major: 7 (ARMv7), 8 (ARMv8) or 9 (ARMv9)
 *
 * Return: the common table, or NULL for another number.
 */
PMUKIT_API const struct pmukit_core_def *pmukit_common_table(unsigned int arch_major);

/**
 * pmukit_core_by_midr() - find the core that a MIDR value identifies
 * @midr: a MIDR value; only implementer and part number are compared
 *        (PMUKIT_MIDR_CORE_MASK)
 *
 * Return: the core's table, or NULL when no table has that implementer and
 * part number.
 */
PMUKIT_API const struct pmukit_core_def *pmukit_core_by_midr(uint32_t midr);

/**
 * pmukit_core_by_name() - find a core's table by name
 * @name: "cortex-a53", or a common table's name ("common_armv8")
 *
 * Return: the core's or common table, or NULL when none has that name.
 */
PMUKIT_API const struct pmukit_core_def *pmukit_core_by_name(const char *name);

/**
 * pmukit_common_for() - the common architectural events for a core
 * @core: a core table
 *
 * Return: the common table of @core's architecture (ARMv7, ARMv8 or ARMv9),
 * or NULL for a NULL @core or another architecture (ARMv6).
 */
PMUKIT_API const struct pmukit_core_def *pmukit_common_for(const struct pmukit_core_def *core);

/**
 * pmukit_event_find() - find an event by name
 * @core: the core whose table to search first (then its common table), or
 *        NULL for the common tables alone (ARMv8, then ARMv9, then ARMv7)
 * @name: the event's name, in any case
 *
 * Return: the event, or NULL when no table searched has it.
 */
PMUKIT_API const struct pmukit_event_def *pmukit_event_find(const struct pmukit_core_def *core,
							    const char *name);

/**
 * pmukit_event_description() - what an event of the tables counts, in a line
 * @e: an event of a core's or a common table (pmukit_event_find(), a core's
 *     events[]), or NULL
 *
 * The text is the first sentence of Arm's description of the event on that
 * core (the same name may be described differently on two cores).
 *
 * Return: the description, or NULL when the data gives none (or @e is NULL).
 */
PMUKIT_API const char *pmukit_event_description(const struct pmukit_event_def *e);

/**
 * pmukit_event_find_code() - find an event by number
 * @core: as for pmukit_event_find()
 * @code: the event number
 *
 * A common event names a number on @core only where @core's table has
 * neither that number nor that name (under another number); pmukit_event_find()
 * follows the same rule, so a name and a number mean one event both ways.
 *
 * Return: the first event with that number, or NULL when none has it.
 */
PMUKIT_API const struct pmukit_event_def *
pmukit_event_find_code(const struct pmukit_core_def *core, unsigned code);

/**
 * pmukit_event_parse() - parse an event spec, as perf's -e takes them
 * @spec: "NAME", "0xHEX" or "rHEX" (hex only, at most 0xffff), then
 *        optionally ":u", ":k" or ":uk"; white space around the spec and
 *        before the ':' is ignored
 * @core: the core whose names are valid (then its common table), or NULL
 *        for the common tables alone
 * @out: the result; left alone unless 0 is returned
 *
 * Return: 0; -EINVAL when @spec is malformed; -ENOENT when it is a
 * well-formed name that no table searched knows.
 */
PMUKIT_API int pmukit_event_parse(const char *spec, const struct pmukit_core_def *core,
				  struct pmukit_event_spec *out);

/**
 * pmukit_event_suggest() - close event names, for "did you mean" messages
 * @core: as for pmukit_event_parse()
 * @name: the name that was not found
 * @out: filled with pointers to table names, best first
 * @max: room in @out; at most PMUKIT_SUGGEST_MAX are returned
 *
 * Return: how many names were stored in @out (0 to @max).
 */
PMUKIT_API size_t pmukit_event_suggest(const struct pmukit_core_def *core, const char *name,
				       const char **out, size_t max);

/* One of perf's generic events (and the clock path's), as any path's spec names it. */
struct pmukit_generic_event {
	const char *name;	/* "cycles", "task-clock", ... as the session reports it */
	const char *alias;	/* another name perf gives it ("cpu-cycles"), or NULL */
	const char *kind;	/* "hardware", "software" (perf only) or "clock" */
	const char *desc;	/* what it counts, in a line */
};

/**
 * pmukit_generic_event_at() - perf's generic events, one by one
 * @i: from 0
 * @out: filled
 *
 * The names every access path accepts beside a core's table, on every
 * machine: the hardware ones (cycles, instructions) map to the PMU's
 * CPU_CYCLES and INST_RETIRED on ARM, the software ones are perf's only.
 *
 * Return: 0, or -ENOENT past the last one.
 */
PMUKIT_API int pmukit_generic_event_at(unsigned int i, struct pmukit_generic_event *out);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_EVENTS_API_H */
