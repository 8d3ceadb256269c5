/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * The event tables of include/pmukit/events.h, expanded from the X-macro
 * data that tools/gen-events writes into events/: cores.def, the index of
 * the cores and of the common architectural tables, and one <table>.def per
 * table with a PMUKIT_EVENT(NAME, code, desc) line per event, and
 * descriptions.def, each distinct description once. The data is there
 * once; this file only gives it C's shape.
 */
#include <stddef.h>
#include "pmukit/events.h"
#include "pmukit/events_api.h"
#include "core/compiler.h"

/*
 * Each table with events: static const struct pmukit_event_def
 * events_<table>[], and its length, nevents_<table>.
 */
#define PMUKIT_TABLE_BEGIN(t)	static const struct pmukit_event_def events_##t[] = {
#define PMUKIT_EVENT(n, c, d)	{ .name = #n, .code = (c), .desc = (d) },
#define PMUKIT_TABLE_END(t)	};						\
				enum { nevents_##t = sizeof(events_##t) /	\
						     sizeof(events_##t[0]) };
#include "cores.def"

/* The index says none for a core (or common table) without events. */
#define events_none	NULL
#define nevents_none	0

#define CORE_DEF(name_, arch_, midr_, t)					\
	{ .name = (name_), .arch = (arch_), .midr = (midr_),		\
	  .events = events_##t, .nevents = nevents_##t }

#define PMUKIT_CORE(id, name_, arch_, midr_, t)	CORE_DEF(name_, arch_, midr_, t),
const struct pmukit_core_def pmukit_cores[] = {
#include "cores.def"
};

const unsigned int pmukit_ncores = ARRAY_SIZE(pmukit_cores);

#define PMUKIT_COMMON(id, name_, arch_, t)					\
	const struct pmukit_core_def pmukit_common_##id = CORE_DEF(name_, arch_, 0, t);
#include "cores.def"

/* The descriptions by number; 0 is none. */
static const char *const event_descs[] = {
	[0] = NULL,
#define PMUKIT_DESC(n, text)	[n] = text,
#include "descriptions.def"
#undef PMUKIT_DESC
};

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
const char *pmukit_event_description(const struct pmukit_event_def *e)
{
	if (!e || e->desc >= ARRAY_SIZE(event_descs))
		return NULL;
	return event_descs[e->desc];
}

/*
 * libpmukit.so exports the tables through functions, so that the arrays' size
 * and place are no part of the ABI.
 */
/**
 * pmukit_core_count() - how many cores the tables describe
 *
 * Return: the number of entries of pmukit_cores[].
 */
unsigned int pmukit_core_count(void)
{
	return pmukit_ncores;
}

/**
 * pmukit_core_at() - one core's table, in the order of the tables
 * @i: 0 to pmukit_core_count() - 1
 *
 * Return: &pmukit_cores[@i], or NULL when @i is out of range.
 */
const struct pmukit_core_def *pmukit_core_at(unsigned int i)
{
	return i < pmukit_ncores ? &pmukit_cores[i] : NULL;
}

/**
 * pmukit_common_table() - the common architectural events of an architecture
 * @arch_major: 7, 8 or 9
 *
 * Return: pmukit_common_armv7, _armv8 or _armv9, or NULL for another number.
 */
const struct pmukit_core_def *pmukit_common_table(unsigned int arch_major)
{
	switch (arch_major) {
	case 7:
		return &pmukit_common_armv7;
	case 8:
		return &pmukit_common_armv8;
	case 9:
		return &pmukit_common_armv9;
	default:
		return NULL;
	}
}
