/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * The event tables of include/pmukit/events.h, expanded from the X-macro
 * data that tools/gen-events writes into events/: cores.def, the index of
 * the cores and of the common architectural tables, and one <table>.def per
 * table with a PMUKIT_EVENT(NAME, code) line per event. The data is there
 * once; this file only gives it C's shape.
 */
#include <stddef.h>
#include "pmukit/events.h"

/*
 * Each table with events: static const struct pmukit_event_def
 * events_<table>[], and its length, nevents_<table>.
 */
#define PMUKIT_TABLE_BEGIN(t)	static const struct pmukit_event_def events_##t[] = {
#define PMUKIT_EVENT(n, c)	{ .name = #n, .code = (c) },
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

const unsigned int pmukit_ncores = sizeof(pmukit_cores) / sizeof(pmukit_cores[0]);

#define PMUKIT_COMMON(id, name_, arch_, t)					\
	const struct pmukit_core_def pmukit_common_##id = CORE_DEF(name_, arch_, 0, t);
#include "cores.def"
