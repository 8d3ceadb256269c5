/* SPDX-License-Identifier: MIT */
/*
 * What this core's PMU supports, from include/pmukit/pmu_id.h's decisions
 * and the values the library can get at PL0 (pmu_support.c).
 */
#ifndef PMUKIT_PMU_SUPPORT_H
#define PMUKIT_PMU_SUPPORT_H

#include <stdint.h>

/* pmukit_this_pmuv3() and pmukit_this_level_filter() are public. */
#include "pmukit/machine.h"

struct pmukit_session;

/* 0, or -ENODEV with the message for a core whose PMU pmukit does not drive (ARM11). */
int pmukit_core_refusal(uint32_t midr, const char *core);

/*
 * AArch32: pmu_id.h's PMU version (PERFMON_* encoding) of the core with MIDR
 * @midr, from ID_DFR0 as pmukit.ko shows it, or the MIDR alone without it.
 */
unsigned int pmukit_this_perfmon(uint32_t midr);

/*
 * Do the event counters filter by level (PMEVTYPER P/U)? 1 yes, 0 no, -1
 * cannot tell. @v3: PMUv3 (always yes); @have_ids: ID_DFR0 and ID_PFR1 known.
 */
int pmukit_level_filter_of(int v3, int have_ids, uint32_t midr, uint32_t id_dfr0,
			   uint32_t id_pfr1);

/*
 * With @filter from the above: events whose levels came by default count at
 * every level (renamed so); an explicit :u/:k is refused with the reason.
 * Return: 0, or -EOPNOTSUPP with the message.
 */
int pmukit_check_levels(struct pmukit_session *s, int filter, uint32_t id_pfr1);

#endif /* PMUKIT_PMU_SUPPORT_H */
