/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pmukit kernel module: the per-CPU state shared by the setup, idle and
 * give-back of pmukit_cpu.c and the task switch of pmukit_cpu_task.c, and
 * how both keep counters and put them back. Everything here runs on the CPU
 * concerned with interrupts off.
 */
#ifndef PMUKIT_CPU_H
#define PMUKIT_CPU_H

#include <linux/bitops.h>
#include <linux/percpu.h>

#include "pmukit_kmod.h"

/* What the module changed on this CPU, and the values it found there. */
struct pmukit_saved {
	bool active;		/* set up here, and not yet given back */
	u32 pmuserenr;		/* as found */
	u32 pmcr;		/* as found: E, D, LC are given back from it */
	bool cc_taken;		/* the module set up the cycle counter ... */
	bool cc_enabled;	/* ... which was enabled (PMCNTENSET.C) then */
	u32 pmccfiltr;		/* ... with this filter */
	u32 raw;		/* mode=read without perf: counters programmed raw */
	u32 raw_enabled;	/* ... of those, the ones enabled when found */
	u32 pmevtyper[PMUKIT_MAX_EVENT_COUNTERS];	/* ... their types as found */
	struct pmukit_cpu_map map;	/* where EL0 finds the module's counts */
	u32 overflows[32];	/* flags of map.owned consumed, per counter */
	bool task_on;		/* a process holding /dev/pmukit runs here with full access */
	/* That process counts this CPU whole: its counters stay while others run. */
	bool task_wide;
	/* Kept over an idle state: the counters perf did not hold at entry. */
	bool idle_kept;
	u32 idle_mask;		/* event counters and C kept */
	u32 idle_enabled;	/* ... of those, the enabled ones */
	struct pmukit_counters idle;
};

DECLARE_PER_CPU(struct pmukit_saved, pmukit_saved);

/* PMUSERENR for whatever runs on this CPU now (pmukit_cpu.c). */
u32 pmukit_userenr_value(const struct pmukit_saved *s);

/* Keep the types and counts of @mask's counters (of @n event counters, and C) in @c. */
static inline void pmukit_counters_keep(struct pmukit_counters *c, u32 mask, u32 n)
{
	unsigned long m = mask;
	unsigned int i;

	for_each_set_bit(i, &m, n) {
		c->type[i] = pmukit_read_pmevtyper(i);
		c->value[i] = pmukit_read_pmevcntr(i);
	}
	if (!(mask & PMUKIT_CYCLE_COUNTER_BIT))
		return;
	c->ccnt = pmukit_read_pmccntr();
	if (pmukit_cfg.pmuv3)
		c->ccfiltr = pmukit_read_pmccfiltr();
}

/* Put back into @mask's counters what pmukit_counters_keep() kept in @c. */
static inline void pmukit_counters_put(const struct pmukit_counters *c, u32 mask, u32 n)
{
	unsigned long m = mask;
	unsigned int i;

	/* PMEVTYPERn, PMEVCNTRn: the type and count kept, in counter order. */
	for_each_set_bit(i, &m, n) {
		pmukit_write_pmevtyper(i, c->type[i]);
		pmukit_write_pmevcntr(i, c->value[i]);
	}
	if (!(mask & PMUKIT_CYCLE_COUNTER_BIT))
		return;
	/* PMCCFILTR, PMCCNTR: the filter and count kept. */
	if (pmukit_cfg.pmuv3)
		pmukit_write_pmccfiltr(c->ccfiltr);
	pmukit_write_pmccntr(c->ccnt);
}

#endif /* PMUKIT_CPU_H */
