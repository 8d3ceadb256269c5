// SPDX-License-Identifier: GPL-2.0
/*
 * The task switch of /dev/pmukit's holder (pmukit_task.c calls these from
 * the scheduler, with interrupts off): on the way in, the counters nobody
 * else holds get the process's events and counts back and EL0 full access;
 * on the way out, access is closed first, its counters kept and scrubbed,
 * so the next task reads none of it. Perf's counters, and in mode=read the
 * module's own, are never touched (pmukit_cpu.c says why).
 */
#include <linux/bits.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/percpu.h>

#include "pmukit_cpu.h"

/*
 * The counters a process holding /dev/pmukit may program on this CPU now:
 * every one perf does not hold and, unless every process has full access
 * (global_full_access=1), the module does not own.
 */
static u32 pmukit_task_free(const struct pmukit_saved *s, u32 pmcr)
{
	u32 all = PMUKIT_CYCLE_COUNTER_BIT | (u32)(BIT(PMUKIT_PMCR_N(pmcr)) - 1);
	u32 theirs = pmukit_perf_counters(pmcr);

	if (pmukit_cfg.mode != PMUKIT_MODE_FULL)
		theirs |= s->map.owned;
	return all & ~theirs;
}

u32 pmukit_cpu_task_counters(void)
{
	const struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);

	lockdep_assert_irqs_disabled();
	return s->active ? pmukit_task_free(s, pmukit_read_pmcr()) : 0;
}

/* Stop @mask's counters and zero their types, counts and overflow flags. */
static void pmukit_task_scrub(u32 mask, u32 n)
{
	u32 i;

	/* PMCNTENCLR: stop them, so nothing counts into them while nobody's. */
	pmukit_write_pmcntenclr(mask);
	/* PMOVSCLR: no overflow flag of the task's is seen by the next one. */
	pmukit_write_pmovsclr(mask);
	for (i = 0; i < n; i++) {
		if (!(mask & BIT(i)))
			continue;
		pmukit_write_pmevtyper(i, 0);	/* PMEVTYPERn: no event of the task's */
		pmukit_write_pmevcntr(i, 0);	/* PMEVCNTRn: no count of the task's */
	}
	if (!(mask & PMUKIT_CYCLE_COUNTER_BIT))
		return;
	/* PMCCFILTR: no filter of the task's (0: every level, as at reset). */
	if (pmukit_cfg.pmuv3)
		pmukit_write_pmccfiltr(0);
	pmukit_write_pmccntr(0);	/* PMCCNTR: no count of the task's */
}

/*
 * A process holding /dev/pmukit is switched in on this CPU: put back what it
 * had here when it was switched out (@t; all 0 the first time), on the
 * counters nobody else holds now, zero the other free counters, and open
 * full EL0 access last. Runs from the scheduler with interrupts off.
 * Return: false where the module does not serve this CPU (no access given).
 */
bool pmukit_cpu_task_in(const struct pmukit_task_pmu *t)
{
	struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);
	u32 pmcr, n, free, mask;

	lockdep_assert_irqs_disabled();
	if (!s->active)
		return false;
	pmcr = pmukit_read_pmcr();
	n = PMUKIT_PMCR_N(pmcr);
	free = pmukit_task_free(s, pmcr);
	mask = t->mask & free;	/* a counter perf took since is lost to the task */
	/* Counters nobody holds: whatever is in them is nobody's to read. */
	pmukit_task_scrub(free & ~mask, n);
	/* The task's events, counts, cycle filter and count. */
	pmukit_counters_put(&t->c, mask, n);
	if (mask & PMUKIT_CYCLE_COUNTER_BIT) {
		/* PMCR.D, PMCR.LC: shape only the cycle counter, now the task's. */
		pmcr = (pmcr & ~(PMUKIT_PMCR_D_BIT | PMUKIT_PMCR_LC_BIT)) |
		       (t->pmcr & (PMUKIT_PMCR_D_BIT | PMUKIT_PMCR_LC_BIT));
		/* PMCR (P and C written as 0: nothing is reset). */
		pmukit_write_pmcr(pmcr & ~(PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
	}
	/* PMOVSSET: the overflows the task had not cleared yet. */
	pmukit_write_pmovsset(t->overflow & mask);
	/* PMCNTENSET: the task's counters that were counting. */
	pmukit_write_pmcntenset(t->enabled & mask);
	/* PMSELR: the task's selection, which a PMXEV* access may follow. */
	pmukit_write_pmselr(t->pmselr);
	s->task_on = true;
	/* PMUSERENR: full access, last, once the PMU holds only the task's state. */
	pmukit_write_pmuserenr(pmukit_userenr_value(s));
	pmukit_isb();
	return true;
}

/*
 * The process holding /dev/pmukit is switched out (or loses the device):
 * close its access first, keep its counters' state in @t, and scrub them, so
 * the next task reads none of it. PMCR.E is set again if the task cleared it
 * (that stops perf's counters too); D and LC go back to the values found at
 * load where the task had the cycle counter.
 */
void pmukit_cpu_task_out(struct pmukit_task_pmu *t)
{
	struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);
	u32 pmcr, n, free;

	lockdep_assert_irqs_disabled();
	if (!s->task_on && !s->task_wide)
		return;
	s->task_on = false;
	s->task_wide = false;
	/* PMUSERENR: the access every other task has (reads, or none). */
	pmukit_write_pmuserenr(pmukit_userenr_value(s));
	pmukit_isb();
	t->pmselr = pmukit_read_pmselr();
	pmcr = pmukit_read_pmcr();
	n = PMUKIT_PMCR_N(pmcr);
	free = pmukit_task_free(s, pmcr);
	t->mask = free;
	t->enabled = pmukit_read_pmcntenset() & free;
	t->overflow = pmukit_read_pmovsset() & free;
	t->pmcr = pmcr;
	pmukit_counters_keep(&t->c, free, n);
	if (free & PMUKIT_CYCLE_COUNTER_BIT)
		pmcr = (pmcr & ~(PMUKIT_PMCR_D_BIT | PMUKIT_PMCR_LC_BIT)) |
		       (s->pmcr & (PMUKIT_PMCR_D_BIT | PMUKIT_PMCR_LC_BIT));
	pmukit_task_scrub(free, n);
	/* PMCR.E on, as the module keeps it; P and C written as 0: nothing reset. */
	pmukit_write_pmcr((pmcr | PMUKIT_PMCR_E_BIT) & ~(PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
	/* PMSELR: 0, not the task's selection. */
	pmukit_write_pmselr(0);
	pmukit_isb();
}

/*
 * The process whose state is loaded here (it runs here now) counts this CPU
 * whole (@wide) or no longer: while it does, its counters stay on the PMU
 * at every task switch and only EL0's access follows it
 * (pmukit_cpu_task_access()); pmukit_cpu_task_out() ends it.
 */
void pmukit_cpu_task_wide(bool wide)
{
	struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);

	lockdep_assert_irqs_disabled();
	s->task_wide = wide && s->task_on;
}

/*
 * A task switch on a CPU counted whole: full access for the process that
 * counts it (@on), else what every other task has; the counters go on.
 */
void pmukit_cpu_task_access(bool on)
{
	struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);

	lockdep_assert_irqs_disabled();
	if (!s->task_wide || s->task_on == on)
		return;
	s->task_on = on;
	/* PMUSERENR: full access for the counting process only. */
	pmukit_write_pmuserenr(pmukit_userenr_value(s));
	pmukit_isb();
}
