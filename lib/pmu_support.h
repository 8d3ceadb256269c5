/* SPDX-License-Identifier: MIT */
/*
 * What this core's PMU supports, from include/pmukit/pmu_id.h's decisions
 * and the values the library can get at PL0 (pmu_support.c).
 */
#ifndef PMUKIT_PMU_SUPPORT_H
#define PMUKIT_PMU_SUPPORT_H

#include <stdint.h>

struct pmukit_session;

/* 0, or -ENODEV with the message for a core whose PMU pmukit does not drive (ARM11). */
int pmukit_core_refusal(uint32_t midr, const char *core);

/*
 * AArch32: pmu_id.h's PMU version (PERFMON_* encoding) of the core with MIDR
 * @midr, from ID_DFR0 as pmukit.ko shows it, or the MIDR alone without it.
 */
unsigned int pmukit_this_perfmon(uint32_t midr);

/*
 * AArch32: is this core's PMU PMUv3 by pmu_id.h (ID_DFR0 from pmukit.ko, or
 * the MIDR)? 1 yes, 0 no (PMUv1/v2), -1 cannot tell.
 */
int pmukit_this_pmuv3(void);

/*
 * Do the event counters filter by level (PMEVTYPER P/U)? 1 yes, 0 no, -1
 * cannot tell. @v3: PMUv3 (always yes); @have_ids: ID_DFR0 and ID_PFR1 known.
 */
int pmukit_level_filter_of(int v3, int have_ids, uint32_t midr, uint32_t id_dfr0,
			   uint32_t id_pfr1);
/* The same for this machine; @id_pfr1: what the module showed (0 if nothing). */
int pmukit_this_level_filter(int v3, uint32_t *id_pfr1);

/*
 * With @filter from the above: events whose levels came by default count at
 * every level (renamed so); an explicit :u/:k is refused with the reason.
 * Return: 0, or -EOPNOTSUPP with the message.
 */
int pmukit_check_levels(struct pmukit_session *s, int filter, uint32_t id_pfr1);

#endif /* PMUKIT_PMU_SUPPORT_H */
