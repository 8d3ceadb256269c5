/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * Run-time lookup in the generated event tables: which core a MIDR value or
 * a name means, an event by name or by number, perf-like event specs
 * ("l1d_cache_refill:u", "r08", "0x11:k") and "did you mean" suggestions.
 *
 * Needs no allocator and no C library beyond <string.h>, so the same code
 * serves user space and freestanding firmware. The functions are documented
 * where they are defined, in event_lookup.c.
 */
#ifndef PMUKIT_EVENT_LOOKUP_H
#define PMUKIT_EVENT_LOOKUP_H

#include <stddef.h>
#include "pmukit/events.h"

/* Room for an event name in struct pmukit_event_spec, with its NUL. */
#define PMUKIT_EVENT_NAME_LEN	48

/* The most names pmukit_event_suggest() returns, whatever max is. */
#define PMUKIT_SUGGEST_MAX	16

/* One parsed event spec: what to program into PMEVTYPER and its filters. */
struct pmukit_event_spec {
	char name[PMUKIT_EVENT_NAME_LEN];	/* table name, or "raw 0x.." */
	uint16_t code;				/* event number */
	unsigned excl_user:1, excl_kernel:1;	/* ":k" sets excl_user, ":u" excl_kernel */
	unsigned raw:1;				/* given as a number, not a name */
};

const struct pmukit_core_def *pmukit_core_by_midr(uint32_t midr);
const struct pmukit_core_def *pmukit_core_by_name(const char *name);
const struct pmukit_core_def *pmukit_common_for(const struct pmukit_core_def *core);

const struct pmukit_event_def *pmukit_event_find(const struct pmukit_core_def *core,
						 const char *name);
const struct pmukit_event_def *pmukit_event_find_code(const struct pmukit_core_def *core,
						      unsigned code);

int pmukit_event_parse(const char *spec, const struct pmukit_core_def *core,
		       struct pmukit_event_spec *out);

size_t pmukit_event_suggest(const struct pmukit_core_def *core, const char *name,
			    const char **out, size_t max);

#endif /* PMUKIT_EVENT_LOOKUP_H */
