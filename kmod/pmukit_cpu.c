// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU PMU setup: save what the CPU had, open the PMU to EL0, restore.
 * Every function here runs on the CPU it configures (hotplug callback, CPU PM
 * notifier or IPI), with preemption disabled or on a per-CPU thread.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/smp.h>

#include "pmukit_kmod.h"

/* The registers the module changes, as it found them on this CPU. */
struct pmukit_saved {
	bool valid;
	u32 nevents;		/* event counters programmed here: at most PMCR.N */
	u32 pmuserenr;
	u32 pmcr;
	u32 pmcntenset;
	u32 pmintenset;
	u32 pmccfiltr;
	u32 pmevtyper[PMUKIT_MAX_EVENTS];
};

static DEFINE_PER_CPU(struct pmukit_saved, pmukit_saved);

const char *pmukit_mode_name(enum pmukit_mode mode)
{
	return mode == PMUKIT_MODE_READ ? "read" : "full";
}

/*
 * events= counters this CPU can hold: big.LITTLE cores may differ in PMCR.N,
 * and a counter at or beyond N does not exist (its registers are UNDEFINED).
 */
static u32 pmukit_cpu_nevents(u32 pmcr)
{
	return min_t(u32, pmukit_cfg.nevents, PMCR_N(pmcr));
}

/* Event counters 0 .. n - 1 as a mask. */
static u32 pmukit_low_counters(u32 n)
{
	return n ? GENMASK(n - 1, 0) : 0;
}

/* Counters the module hands to EL0 (and whose overflow interrupts it masks). */
static u32 pmukit_counter_mask(u32 pmcr)
{
	u32 mask = PMU_CYCLE_COUNTER_BIT;

	if (pmukit_cfg.mode == PMUKIT_MODE_FULL)
		mask |= pmukit_low_counters(PMCR_N(pmcr));	/* EL0 may use any counter */
	else
		mask |= pmukit_low_counters(pmukit_cpu_nevents(pmcr));
	return mask;
}

static void pmukit_read_n(void *n)
{
	*(u32 *)n = PMCR_N(pmukit_read_pmcr());
}

/* The fewest event counters (PMCR.N) of any online CPU, and which CPU that is. */
u32 pmukit_cpus_min_counters(unsigned int *which)
{
	unsigned int cpu;
	u32 n, min = U32_MAX;

	*which = 0;
	for_each_online_cpu(cpu) {
		/* Runs on @cpu: each core reads its own PMCR. */
		if (smp_call_function_single(cpu, pmukit_read_n, &n, 1) || n >= min)
			continue;
		min = n;
		*which = cpu;
	}
	return min;
}

static u32 pmukit_userenr_value(void)
{
	if (!pmukit_cfg.pmuv3)
		return PMUSERENR_EN_BIT;	/* ARMv7 has only EN */
	if (pmukit_cfg.mode == PMUKIT_MODE_READ)
		return PMUSERENR_CR_BIT | PMUSERENR_ER_BIT;
	return PMUSERENR_EN_BIT | PMUSERENR_SW_BIT | PMUSERENR_CR_BIT |
	       PMUSERENR_ER_BIT;
}

bool pmukit_user_access_on(u32 pmuserenr)
{
	return pmuserenr & (PMUSERENR_EN_BIT | PMUSERENR_CR_BIT);
}

static void pmukit_cpu_save(struct pmukit_saved *s)
{
	unsigned int i;

	s->pmuserenr = pmukit_read_pmuserenr();
	s->pmcr = pmukit_read_pmcr();
	s->nevents = pmukit_cpu_nevents(s->pmcr);
	s->pmcntenset = pmukit_read_pmcntenset();
	s->pmintenset = pmukit_read_pmintenset();
	if (pmukit_cfg.pmuv3)
		s->pmccfiltr = pmukit_read_pmccfiltr();
	for (i = 0; i < s->nevents; i++)
		s->pmevtyper[i] = pmukit_read_pmevtyper(i);
	s->valid = true;
}

/*
 * Apply the configuration on this CPU. @first: the CPU's state has not been
 * saved yet (module load, CPU coming online): save it, and reset the counters
 * if asked. Re-applying (rearm, idle resume) keeps the first saved state.
 */
void pmukit_cpu_apply(bool first)
{
	struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);
	u32 pmcr, mask, i, nev;

	if (first || !s->valid)
		pmukit_cpu_save(s);

	pmcr = pmukit_read_pmcr();
	mask = pmukit_counter_mask(pmcr);
	nev = s->nevents;
	/* Only a CPU that came online after the load can have fewer (checked at load). */
	if (first && nev < pmukit_cfg.nevents)
		pr_warn("cpu%d has %u event counters (PMCR.N): events= after the first %u are not programmed on it\n",
			smp_processor_id(), (u32)PMCR_N(pmcr), nev);

	/* PMCNTENCLR: stop what we reprogram, so no half-set counter runs. */
	if (nev)
		pmukit_write_pmcntenclr(pmukit_low_counters(nev));
	for (i = 0; i < nev; i++) {
		/* PMEVTYPERn: the event, and the P/U bits for the levels it counts at. */
		pmukit_write_pmevtyper(i, pmukit_cfg.events[i].code |
					  pmukit_cfg.events[i].filter);
	}
	/* PMCCFILTR: count cycles at EL0 and EL1 (P = U = 0), whatever perf left. */
	if (pmukit_cfg.pmuv3)
		pmukit_write_pmccfiltr(0);
	/* PMINTENCLR: no overflow interrupt for counters nobody handles here. */
	pmukit_write_pmintenclr(mask);
	/* PMOVSCLR: clear stale overflow flags of those counters. */
	pmukit_write_pmovsclr(mask);

	/* PMCR.E: enable counting; keep IMP/N (read-only) and X/DP as found. */
	pmcr |= PMCR_E_BIT;
	/*
	 * PMCR.LC: on PMUv3 the cycle counter overflows at 64 bits, not 32.
	 * PMCR.D: count every 64th cycle, only when asked (divider64=1). The
	 * architecture ignores D when LC is set, so the divider gets LC clear.
	 */
	if (pmukit_cfg.divider64) {
		pmcr |= PMCR_D_BIT;
		pmcr &= ~PMCR_LC_BIT;
	} else {
		pmcr &= ~PMCR_D_BIT;
		if (pmukit_cfg.pmuv3)
			pmcr |= PMCR_LC_BIT;
	}
	/* PMCR.P/C: reset event and cycle counters at load (reset=1). */
	if (first && pmukit_cfg.reset)
		pmcr |= PMCR_P_BIT | PMCR_C_BIT;
	pmukit_write_pmcr(pmcr);

	/* PMCNTENSET: the cycle counter and the counters programmed above. */
	pmukit_write_pmcntenset(PMU_CYCLE_COUNTER_BIT | pmukit_low_counters(nev));
	/* PMUSERENR: open EL0 access last, once the PMU is consistent. */
	pmukit_write_pmuserenr(pmukit_userenr_value());
	pmukit_isb();
}

/* Put back what pmukit_cpu_apply() found on this CPU. */
void pmukit_cpu_restore(void)
{
	struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);
	u32 i;

	if (!s->valid)
		return;
	/* PMUSERENR: close EL0 access first. */
	pmukit_write_pmuserenr(s->pmuserenr);
	/* PMCNTENCLR/SET: exactly the counters that were enabled before. */
	pmukit_write_pmcntenclr(~s->pmcntenset);
	pmukit_write_pmcntenset(s->pmcntenset);
	/* PMINTENCLR/SET: the overflow interrupts that were enabled before. */
	pmukit_write_pmintenclr(~s->pmintenset);
	pmukit_write_pmintenset(s->pmintenset);
	for (i = 0; i < s->nevents; i++)
		/* PMEVTYPERn: the event and filter that were there. */
		pmukit_write_pmevtyper(i, s->pmevtyper[i]);
	if (pmukit_cfg.pmuv3)
		/* PMCCFILTR: the cycle filter that was there. */
		pmukit_write_pmccfiltr(s->pmccfiltr);
	/* PMCR: E, D, LC as found (P and C read as zero, so nothing is reset). */
	pmukit_write_pmcr(s->pmcr & ~(PMCR_P_BIT | PMCR_C_BIT));
	pmukit_isb();
	s->valid = false;
}

void pmukit_cpu_read_regs(struct pmukit_cpu_regs *regs)
{
	regs->pmuserenr = pmukit_read_pmuserenr();
	regs->pmcr = pmukit_read_pmcr();
	regs->pmcntenset = pmukit_read_pmcntenset();
	/* PMCEID0/1 exist from PMUv3 on; QEMU traps them on ARMv7. */
	regs->pmceid0 = pmukit_cfg.pmuv3 ? pmukit_read_pmceid0() : 0;
	regs->pmceid1 = pmukit_cfg.pmuv3 ? pmukit_read_pmceid1() : 0;
}

/* One line per CPU in the kernel log: what the PMU is and what EL0 may do. */
void pmukit_cpu_report(void)
{
	struct pmukit_cpu_regs r;
	char ceid[48] = ", PMUv1/v2: no PMCEID";

	pmukit_cpu_read_regs(&r);
	if (pmukit_cfg.pmuv3)
		snprintf(ceid, sizeof(ceid), " PMCEID0 0x%08x PMCEID1 0x%08x",
			 r.pmceid0, r.pmceid1);
	pr_info("cpu%d: PMCR 0x%08x (IMP 0x%02x IDCODE 0x%02x N %u)%s, user access %s (PMUSERENR 0x%x)\n",
		smp_processor_id(), r.pmcr,
		(u32)((r.pmcr >> PMCR_IMP_SHIFT) & PMCR_IMP_MASK),
		(u32)((r.pmcr >> PMCR_IDCODE_SHIFT) & PMCR_IDCODE_MASK),
		(u32)PMCR_N(r.pmcr), ceid,
		pmukit_user_access_on(r.pmuserenr) ? "on" : "off", r.pmuserenr);
}
