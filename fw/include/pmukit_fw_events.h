/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * One core's event numbers for firmware, as plain constants: no tables, no
 * string lookups. Name the core's generated events file (events/<core>.def,
 * from tools/gen-events; events/ on the include path), then include this:
 *
 *	#define PMUKIT_FW_CORE_EVENTS "cortex_a53.def"
 *	#include "pmukit_fw_events.h"
 *
 *	static struct pmukit_fw_event sel[] = {
 *		PMUKIT_FW_EVENT(L1D_CACHE),	// { "L1D_CACHE", PMUKIT_EVT_L1D_CACHE }
 *		PMUKIT_FW_EV_CYCLES,
 *		PMUKIT_FW_EV_END
 *	};
 *
 * It gives enum pmukit_fw_core_event, a PMUKIT_EVT_<NAME> for each event of
 * that core. One core per file: the names are the same for every core, the
 * numbers not always (some cores give an architectural name an IMPDEF number).
 */
#ifndef PMUKIT_FW_EVENTS_H
#define PMUKIT_FW_EVENTS_H

#ifndef PMUKIT_FW_CORE_EVENTS
#error "define PMUKIT_FW_CORE_EVENTS to a core's events file first, e.g. \"cortex_a53.def\""
#endif

#include "pmukit/pmu_fields.h"

/*
 * pmu_fields.h names the few architectural events pmukit itself programs
 * with the same prefix, as macros: here the core's own constants take over.
 */
#undef PMUKIT_EVT_SW_INCR
#undef PMUKIT_EVT_L1D_CACHE_REFILL
#undef PMUKIT_EVT_L1D_CACHE
#undef PMUKIT_EVT_INST_RETIRED
#undef PMUKIT_EVT_CPU_CYCLES
#undef PMUKIT_EVT_L2D_CACHE
#undef PMUKIT_EVT_L2D_CACHE_REFILL
#undef PMUKIT_EVT_CHAIN
#undef PMUKIT_EVT_BR_MIS_PRED
#undef PMUKIT_EVT_BR_PRED
#undef PMUKIT_EVT_BR_RETIRED
#undef PMUKIT_EVT_BR_MIS_PRED_RETIRED

/* The description (d) is the library's: a firmware image carries no text of it. */
#define PMUKIT_EVENT(n, c, d)	PMUKIT_EVT_##n = (c),
enum pmukit_fw_core_event {
#include PMUKIT_FW_CORE_EVENTS
	PMUKIT_FW_CORE_EVENTS_END	/* not an event: a core without events is valid C too */
};
#undef PMUKIT_EVENT

/*
 * The two selections of Arm's firmware profiling guide, as array entries
 * (the caller adds PMUKIT_FW_EV_CYCLES and PMUKIT_FW_EV_END), for a core
 * that has their events:
 *
 *	static struct pmukit_fw_event sel[] = {
 *		PMUKIT_FW_SEL_CACHE, PMUKIT_FW_EV_CYCLES, PMUKIT_FW_EV_END
 *	};
 */
#define PMUKIT_FW_SEL_CACHE							\
	PMUKIT_FW_EVENT(L1D_TLB_REFILL),					\
	PMUKIT_FW_EVENT(L1D_CACHE_REFILL),					\
	PMUKIT_FW_EVENT(L1D_CACHE),						\
	PMUKIT_FW_EVENT(L2D_CACHE_REFILL),					\
	PMUKIT_FW_EVENT(L2D_CACHE)
/* Workload characterisation: instructions, loads, stores, branches. */
#define PMUKIT_FW_SEL_WORKLOAD							\
	PMUKIT_FW_EVENT(INST_RETIRED),						\
	PMUKIT_FW_EVENT(LD_RETIRED),						\
	PMUKIT_FW_EVENT(ST_RETIRED),						\
	PMUKIT_FW_EVENT(MEM_ACCESS),						\
	PMUKIT_FW_EVENT(BR_IMMED_RETIRED),					\
	PMUKIT_FW_EVENT(BR_RETURN_RETIRED)
/* The nearest on an ARMv7 core without LD/ST/branch RETIRED events (Cortex-A15). */
#define PMUKIT_FW_SEL_WORKLOAD_ARMV7						\
	PMUKIT_FW_EVENT(INST_RETIRED),						\
	PMUKIT_FW_EVENT(MEM_ACCESS_RD),						\
	PMUKIT_FW_EVENT(MEM_ACCESS_WR),						\
	PMUKIT_FW_EVENT(MEM_ACCESS),						\
	PMUKIT_FW_EVENT(BR_PRED),						\
	PMUKIT_FW_EVENT(BR_MIS_PRED)

#endif /* PMUKIT_FW_EVENTS_H */
