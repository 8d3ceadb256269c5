// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU PMU setup: open the PMU to EL0 without disturbing perf, and give
 * back exactly what the module changed. Every function here runs on the CPU
 * it configures with interrupts disabled (IPI, or a hotplug callback that
 * disables them), so nothing splits a PMSELR + PMXEV* pair.
 *
 * The kernel's perf driver may hold counters at any time. It enables the
 * overflow interrupt (PMINTENSET, writable at EL1 only) of every counter it
 * runs an event on, and for a 64-bit event chained over two 32-bit counters
 * the odd counter counts CHAIN. Those counters are perf's: the module never
 * writes their type, value, enable, interrupt or overflow bits, so perf's
 * counts stay exact whatever the module does.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/smp.h>

#include "pmukit_cpu.h"

DEFINE_PER_CPU(struct pmukit_saved, pmukit_saved);

const char *pmukit_mode_name(enum pmukit_mode mode)
{
	return mode == PMUKIT_MODE_READ ? "read" : "full";
}

/* The parameter that chose @mode, as the load messages name it. */
const char *pmukit_mode_param(enum pmukit_mode mode)
{
	return mode == PMUKIT_MODE_READ ? "mode=read" : "global_full_access=1";
}

static void pmukit_read_n(void *n)
{
	*(u32 *)n = PMUKIT_PMCR_N(pmukit_read_pmcr());
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

/* Everything EL0 may do: program, increment, read the counters. */
static u32 pmukit_userenr_full(void)
{
	if (!pmukit_cfg.pmuv3)
		return PMUKIT_PMUSERENR_EN_BIT;	/* ARMv7 has only EN */
	return PMUKIT_PMUSERENR_EN_BIT | PMUKIT_PMUSERENR_SW_BIT | PMUKIT_PMUSERENR_CR_BIT |
	       PMUKIT_PMUSERENR_ER_BIT;
}

/*
 * PMUSERENR for whatever runs on this CPU now: everything for a process
 * holding /dev/pmukit (or for every process with global_full_access=1);
 * else reads only (PMUv3: CR, ER), or nothing where the PMU has no
 * read-only access (ARMv7: EN alone would let EL0 program every counter).
 */
u32 pmukit_userenr_value(const struct pmukit_saved *s)
{
	if (s->task_on || pmukit_cfg.mode == PMUKIT_MODE_FULL)
		return pmukit_userenr_full();
	if (!pmukit_cfg.pmuv3)
		return 0;
	return PMUKIT_PMUSERENR_CR_BIT | PMUKIT_PMUSERENR_ER_BIT;
}

bool pmukit_user_access_on(u32 pmuserenr)
{
	return pmuserenr & (PMUKIT_PMUSERENR_EN_BIT | PMUKIT_PMUSERENR_CR_BIT);
}

/* PMUv3: does event counter @c count CHAIN (the high half of a 64-bit pair)? */
static bool pmukit_is_chain(u32 c, u32 n)
{
	return pmukit_cfg.pmuv3 && c < n &&
	       (pmukit_read_pmevtyper(c) & PMUKIT_PMEVTYPER_EVT_MASK_V3) == PMUKIT_EVT_CHAIN;
}

/*
 * The counters perf holds on this CPU now (see the top of this file), read
 * with interrupts off: on AArch32 the CHAIN test is a PMSELR + PMXEVTYPER
 * pair, which nothing may split, and EL0's own selection is put back after.
 */
u32 pmukit_perf_counters(u32 pmcr)
{
	u32 irq = pmukit_read_pmintenset(), held = irq, n = PMUKIT_PMCR_N(pmcr), i;
	u32 selr = pmukit_read_pmselr();

	lockdep_assert_irqs_disabled();
	/* A chained pair: the interrupt is on one half (which one varies by kernel). */
	for (i = 0; i + 1 < n; i += 2)
		if ((irq & (BIT(i) | BIT(i + 1))) && pmukit_is_chain(i + 1, n))
			held |= BIT(i) | BIT(i + 1);
	/* PMSELR: the selection EL0 had made, which the CHAIN test changed. */
	pmukit_write_pmselr(selr);
	return held;
}

/* PMCCFILTR as the module sets it: P = U = 0 (and NSH for a kernel at EL2). */
static u32 pmukit_cc_filter(void)
{
	return pmukit_level_filter(false, false, pmukit_cfg.kernel_el);
}

/*
 * The cycle counter still runs as the module set it up: enabled, with the
 * module's filter. perf disables a counter it stops using and writes its own
 * filter into one it takes, so anything else means perf has had it since.
 */
static bool pmukit_cc_as_set(void)
{
	if (!(pmukit_read_pmcntenset() & PMUKIT_CYCLE_COUNTER_BIT))
		return false;
	return !pmukit_cfg.pmuv3 || pmukit_read_pmccfiltr() == pmukit_cc_filter();
}

/* Raw counter @c still counts events= entry @i, enabled, as the module set it. */
static bool pmukit_raw_as_set(u32 c, u32 i)
{
	return (pmukit_read_pmcntenset() & BIT(c)) &&
	       pmukit_read_pmevtyper(c) == (pmukit_cfg.events[i].code | pmukit_cfg.events[i].filter);
}

/*
 * Zero every counter outside @keep (perf's and the module's own) before EL0
 * reads are opened (again). A counter perf has given up keeps the count of
 * the task it counted for, which EL0 could read: the kernel's perf driver
 * clears its unused counters in the same way before it opens user reads.
 */
static void pmukit_scrub(u32 keep, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		if (!(keep & BIT(i)))
			pmukit_write_pmevcntr(i, 0);	/* PMEVCNTRn: nobody's count */
	if (!(keep & PMUKIT_CYCLE_COUNTER_BIT))
		pmukit_write_pmccntr(0);	/* PMCCNTR: nobody's count */
}

/*
 * The cycle counter, when perf does not hold it: the module's filter (every
 * level user space and the kernel run at), enabled. The first time, keep
 * what was there for the unload.
 */
static void pmukit_take_cycle_counter(struct pmukit_saved *s, bool reset)
{
	if (!s->cc_taken) {
		s->cc_taken = true;
		s->cc_enabled = pmukit_read_pmcntenset() & PMUKIT_CYCLE_COUNTER_BIT;
		if (pmukit_cfg.pmuv3)
			s->pmccfiltr = pmukit_read_pmccfiltr();
	}
	/* PMCCFILTR: P = U = 0 (and NSH for a kernel at EL2): count at every level. */
	if (pmukit_cfg.pmuv3)
		pmukit_write_pmccfiltr(pmukit_cc_filter());
	if (reset)
		pmukit_write_pmccntr(0);	/* PMCCNTR: start from 0 (reset=1) */
	/* PMOVSCLR.C: a stale overflow of our counter must not reach perf later. */
	pmukit_write_pmovsclr(PMUKIT_CYCLE_COUNTER_BIT);
	/* PMCNTENSET.C: count. */
	pmukit_write_pmcntenset(PMUKIT_CYCLE_COUNTER_BIT);
}

/*
 * events= in counters the module programs itself: 0, 1, ... with full access and
 * where perf has no PMU; from the highest down where perf drives the PMU but
 * could not reserve them (perf allocates from counter 0 up).
 */
static u32 pmukit_raw_counter(u32 i, u32 n)
{
	return pmukit_perf_beside(smp_processor_id()) ? n - 1 - i : i;
}

static void pmukit_program_raw(struct pmukit_saved *s, u32 held, bool first)
{
	u32 i, c, n = min_t(u32, pmukit_cfg.nevents, PMUKIT_PMCR_N(s->pmcr));
	bool fresh;

	for (i = 0; i < n; i++) {
		c = pmukit_raw_counter(i, PMUKIT_PMCR_N(s->pmcr));
		if (held & BIT(c))
			continue;	/* perf holds it: never ours to write */
		if (first) {
			s->raw |= BIT(c);
			s->pmevtyper[c] = pmukit_read_pmevtyper(c);
			s->raw_enabled |= pmukit_read_pmcntenset() & BIT(c);
			s->map.counter[i] = c;
			s->map.owned |= BIT(c);
		}
		if (!(s->raw & BIT(c)))
			continue;
		/*
		 * mode=read: a counter someone else has programmed since holds
		 * their count, which EL0 must not read as the module's.
		 */
		fresh = pmukit_cfg.mode == PMUKIT_MODE_READ && !first && !pmukit_raw_as_set(c, i);
		/* PMCNTENCLR: stop it while its type changes. */
		pmukit_write_pmcntenclr(BIT(c));
		/* PMEVTYPERn: the event, and the P/U/NSH bits of its levels. */
		pmukit_write_pmevtyper(c, pmukit_cfg.events[i].code |
					  pmukit_cfg.events[i].filter);
		if (fresh)
			pmukit_write_pmevcntr(c, 0);	/* PMEVCNTRn: the module's again, from 0 */
		/* PMOVSCLR: no stale overflow flag on it. */
		pmukit_write_pmovsclr(BIT(c));
		/* PMCNTENSET: count. */
		pmukit_write_pmcntenset(BIT(c));
	}
}

/* mode=read (PMUv3 only): where perf put the module's reserved events on this CPU. */
static void pmukit_map_reserved(struct pmukit_saved *s)
{
	u32 i, c, n = PMUKIT_PMCR_N(s->pmcr);

	for (i = 0; i <= pmukit_cfg.nevents; i++) {
		u32 code = pmukit_reserved_code(i);

		c = pmukit_reserved_counter(smp_processor_id(), i);
		if (c == PMUKIT_NO_COUNTER)
			continue;
		if (c != PMUKIT_CYCLE_COUNTER_IDX) {
			/* A chained pair, named by its high half: EL0 reads the low one. */
			if ((c & 1) && pmukit_is_chain(c, n))
				c--;
			/* The index perf reports must be a counter counting our event. */
			if ((pmukit_read_pmevtyper(c) & PMUKIT_PMEVTYPER_EVT_MASK_V3P1) != code) {
				pr_warn("cpu%d: perf placed event 0x%02x in counter %u, which counts 0x%02x: not used\n",
					smp_processor_id(), code, c,
					(u32)(pmukit_read_pmevtyper(c) & PMUKIT_PMEVTYPER_EVT_MASK_V3P1));
				continue;
			}
			if (pmukit_is_chain(c + 1, n))
				s->map.owned |= BIT(c + 1);	/* the high half is ours too */
		}
		s->map.owned |= BIT(c);
		if (i == pmukit_cfg.nevents)
			s->map.cycles = c;
		else
			s->map.counter[i] = c;
	}
}

/* PMUv3p5 and later (the same encoding in ID_AA64DFR0.PMUVer and ID_DFR0.PerfMon). */
static bool pmukit_has_lp(void)
{
	return pmukit_cfg.pmuv3 && pmukit_cfg.pmu_version >= PMUKIT_PMUVER_V3P5 &&
	       pmukit_cfg.pmu_version != PMUKIT_PMUVER_IMPDEF;
}

/* The PMCR the module wants from @pmcr: E, LP, and D/LC while it holds the cycle counter. */
static u32 pmukit_pmcr_value(u32 pmcr, bool cc_ours)
{
	/* PMCR.E: enable counting; keep IMP/N (read-only) and X/DP as found. */
	pmcr |= PMUKIT_PMCR_E_BIT;
	/*
	 * PMCR.LP: 64-bit event counters where they exist (PMUv3p5), so EL0's
	 * counts never wrap; Linux's perf sets it there too and counts its
	 * 32-bit events in the low half either way.
	 */
	if (pmukit_has_lp())
		pmcr |= PMUKIT_PMCR_LP_BIT;
	if (!cc_ours)
		return pmcr;	/* D and LC shape perf's cycle count: leave them */
	/*
	 * PMCR.LC: on PMUv3 the cycle counter overflows at 64 bits, not 32 (as
	 * perf sets it). PMCR.D: count every 64th cycle, only when asked
	 * (divider64=1); the architecture ignores D when LC is set.
	 */
	if (pmukit_cfg.divider64) {
		pmcr |= PMUKIT_PMCR_D_BIT;
		pmcr &= ~PMUKIT_PMCR_LC_BIT;
	} else {
		pmcr &= ~PMUKIT_PMCR_D_BIT;
		if (pmukit_cfg.pmuv3)
			pmcr |= PMUKIT_PMCR_LC_BIT;
	}
	return pmcr;
}

/*
 * Set up this CPU (module load, CPU online): keep what the module will
 * change, zero the counters nobody owns when asked (reset=1, and always in
 * mode=read: EL0 must not read what perf counted for another task), set up
 * the module's counters and open EL0 access last.
 */
void pmukit_cpu_setup(void)
{
	struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);
	u32 held, pmcr, selr = pmukit_read_pmselr();
	bool read = pmukit_cfg.mode == PMUKIT_MODE_READ;

	lockdep_assert_irqs_disabled();
	memset(s, 0, sizeof(*s));
	memset(s->map.counter, PMUKIT_NO_COUNTER, sizeof(s->map.counter));
	s->map.cycles = PMUKIT_NO_COUNTER;
	s->pmuserenr = pmukit_read_pmuserenr();
	s->pmcr = pmcr = pmukit_read_pmcr();
	held = pmukit_perf_counters(pmcr);

	if (read && pmukit_reserved_on(smp_processor_id()))
		pmukit_map_reserved(s);
	else if (pmukit_cfg.nevents)
		pmukit_program_raw(s, held, true);
	/* The cycle counter, if perf does not hold it, is the module's: reset below. */
	if (pmukit_cfg.reset || read)
		pmukit_scrub(held | s->raw | PMUKIT_CYCLE_COUNTER_BIT, PMUKIT_PMCR_N(pmcr));
	if (!(held & PMUKIT_CYCLE_COUNTER_BIT) && (!read || pmukit_cfg.pmuv3)) {
		/* mode=read: what it counted before load was not the module's. */
		pmukit_take_cycle_counter(s, pmukit_cfg.reset || read);
		s->map.owned |= PMUKIT_CYCLE_COUNTER_BIT;
		if (s->map.cycles == PMUKIT_NO_COUNTER)
			s->map.cycles = PMUKIT_CYCLE_COUNTER_IDX;
	} else if (!read) {
		s->map.cycles = PMUKIT_CYCLE_COUNTER_IDX;	/* perf's, counting */
	}
	/* mode=read on ARMv7: EL0 reads nothing, so the cycle counter stays free. */
	pmukit_write_pmcr(pmukit_pmcr_value(pmcr, s->cc_taken));
	/* PMSELR: the selection EL0 or perf had made, as it was. */
	pmukit_write_pmselr(selr);
	/* PMUSERENR: open EL0 access last, once the PMU is consistent. */
	pmukit_write_pmuserenr(pmukit_userenr_value(s));
	pmukit_isb();
	s->active = true;
}

/*
 * The counters the module may keep over an idle state, of those perf does
 * not hold: with full access every one (EL0's); in mode=read only the module's
 * own, and only while they run as it set them up: any other counter holds
 * a count that is not the module's, which it must never write back.
 */
static u32 pmukit_idle_keepable(const struct pmukit_saved *s, u32 held, u32 n)
{
	u32 i, c, mask = 0;

	if (pmukit_cfg.mode != PMUKIT_MODE_READ)
		return (PMUKIT_CYCLE_COUNTER_BIT | (BIT(n) - 1)) & ~held;
	for (i = 0; i < min_t(u32, pmukit_cfg.nevents, n); i++) {
		c = pmukit_raw_counter(i, n);
		if ((s->raw & BIT(c)) && pmukit_raw_as_set(c, i))
			mask |= BIT(c);
	}
	if (s->cc_taken && pmukit_cc_as_set())
		mask |= PMUKIT_CYCLE_COUNTER_BIT;
	return mask & ~held;
}

/*
 * Entering an idle state that may lose the PMU: keep the counters perf does
 * not hold that are EL0's (full access) or the module's own. On the way out the
 * kernel's perf driver resets every counter to 0 even with no event of its
 * own, and pmukit_cpu_reapply() puts these back, so their counts run on
 * across idle; every other counter stays as perf's reset left it, or is
 * zeroed (mode=read).
 */
void pmukit_cpu_idle_enter(void)
{
	struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);
	u32 held, pmcr, selr;

	if (!s->active)
		return;
	selr = pmukit_read_pmselr();
	pmcr = pmukit_read_pmcr();
	held = pmukit_perf_counters(pmcr);
	s->idle_mask = pmukit_idle_keepable(s, held, PMUKIT_PMCR_N(pmcr));
	s->idle_enabled = pmukit_read_pmcntenset() & s->idle_mask;
	pmukit_counters_keep(&s->idle, s->idle_mask, PMUKIT_PMCR_N(pmcr));
	/* PMSELR: as it was. */
	pmukit_write_pmselr(selr);
	s->idle_kept = true;
}

/*
 * Put back what pmukit_cpu_idle_enter() kept, where perf holds nothing now.
 * Return: the counters put back.
 */
static u32 pmukit_cpu_idle_restore(struct pmukit_saved *s, u32 held, u32 n)
{
	u32 mask = s->idle_mask & ~held;

	s->idle_kept = false;
	/* The types, counts and cycle filter before idle (a power-down loses them). */
	pmukit_counters_put(&s->idle, mask, n);
	/* PMCNTENSET: the counters that were counting before idle. */
	pmukit_write_pmcntenset(s->idle_enabled & mask);
	return mask;
}

/*
 * Re-apply on a CPU set up before (rearm, idle exit): EL0 access, PMCR.E,
 * and the counters the module owns that perf does not hold now; in mode=read
 * every other counter perf does not hold is zeroed first. Nothing on a CPU
 * that was never set up or already given back (going offline).
 */
void pmukit_cpu_reapply(void)
{
	struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);
	bool read = pmukit_cfg.mode == PMUKIT_MODE_READ, cc_ours;
	u32 held, pmcr, selr, n, restored = 0;

	if (!s->active)
		return;
	selr = pmukit_read_pmselr();
	pmcr = pmukit_read_pmcr();
	n = PMUKIT_PMCR_N(pmcr);
	held = pmukit_perf_counters(pmcr);
	if (s->idle_kept)
		restored = pmukit_cpu_idle_restore(s, held, n);
	if (s->raw)
		pmukit_program_raw(s, held, false);
	cc_ours = s->cc_taken && !(held & PMUKIT_CYCLE_COUNTER_BIT);
	if (cc_ours)
		/* mode=read: from 0 again if perf has had it since. */
		pmukit_take_cycle_counter(s, read && !(restored & PMUKIT_CYCLE_COUNTER_BIT) &&
					  !pmukit_cc_as_set());
	/* A process holding /dev/pmukit runs here, or counts it whole: the other counters are its own. */
	if (read && !s->task_on && !s->task_wide)
		pmukit_scrub(held | s->raw | (cc_ours ? PMUKIT_CYCLE_COUNTER_BIT : 0), n);
	pmukit_write_pmcr(pmukit_pmcr_value(pmcr, cc_ours));
	/* PMSELR: as it was. */
	pmukit_write_pmselr(selr);
	/* PMUSERENR: EL0 access, which perf or a power-down may have cleared. */
	pmukit_write_pmuserenr(pmukit_userenr_value(s));
	pmukit_isb();
}

/* Give back what pmukit_cpu_setup() changed, where perf has not taken it since. */
void pmukit_cpu_giveback(void)
{
	struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);
	u32 held, pmcr, i, selr;

	if (!s->active)
		return;
	s->active = false;
	s->task_on = false;
	s->task_wide = false;
	/* PMUSERENR: close EL0 access first. */
	pmukit_write_pmuserenr(s->pmuserenr);
	selr = pmukit_read_pmselr();
	pmcr = pmukit_read_pmcr();
	held = pmukit_perf_counters(pmcr);
	for (i = 0; i < PMUKIT_MAX_EVENT_COUNTERS; i++) {
		if (!(s->raw & BIT(i)) || (held & BIT(i)))
			continue;
		/* PMEVTYPERn: the type that was there. */
		pmukit_write_pmevtyper(i, s->pmevtyper[i]);
		if (!(s->raw_enabled & BIT(i)))
			pmukit_write_pmcntenclr(BIT(i));	/* PMCNTENCLR: was off */
	}
	if (s->cc_taken && !(held & PMUKIT_CYCLE_COUNTER_BIT)) {
		if (pmukit_cfg.pmuv3)
			pmukit_write_pmccfiltr(s->pmccfiltr);	/* PMCCFILTR: as found */
		if (!s->cc_enabled)
			pmukit_write_pmcntenclr(PMUKIT_CYCLE_COUNTER_BIT);	/* PMCNTENCLR.C: was off */
		/* PMCR.D, PMCR.LC: as found. */
		pmcr = (pmcr & ~(PMUKIT_PMCR_D_BIT | PMUKIT_PMCR_LC_BIT)) |
		       (s->pmcr & (PMUKIT_PMCR_D_BIT | PMUKIT_PMCR_LC_BIT));
	}
	/* PMCR.E: off again only if it was off and perf counts nothing now. */
	if (!(s->pmcr & PMUKIT_PMCR_E_BIT) && !held)
		pmcr &= ~PMUKIT_PMCR_E_BIT;
	/* PMCR.LP: as found, unless perf counts now (then as Linux wants it on PMUv3p5). */
	if (!held)
		pmcr = (pmcr & ~PMUKIT_PMCR_LP_BIT) | (s->pmcr & PMUKIT_PMCR_LP_BIT);
	/* PMCR (P and C written as 0: nothing is reset). */
	pmukit_write_pmcr(pmcr & ~(PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
	/* PMSELR: as it was. */
	pmukit_write_pmselr(selr);
	pmukit_isb();
}

/*
 * EL0 cannot read PMOVSSET in mode=read (PMUSERENR.ER does not cover it),
 * yet a 32-bit counter read far apart needs its flag to tell "no wrap" from
 * "wrapped". Readers compare counts, so the flags are consumed here, for
 * every reader at once. Only the module's own counters, and of those only
 * the ones without an overflow interrupt: a flag that raises perf's
 * interrupt is perf's to clear.
 */
void pmukit_cpu_take_overflows(void *count)
{
	struct pmukit_saved *s = this_cpu_ptr(&pmukit_saved);
	u32 ovs, i;

	memcpy(count, s->overflows, sizeof(s->overflows));
	/* In full access the flags are EL0's own (the direct path clears its counters'). */
	if (!s->active || pmukit_cfg.mode != PMUKIT_MODE_READ)
		return;
	ovs = pmukit_read_pmovsset() & s->map.owned & ~pmukit_read_pmintenset();
	/* PMOVSCLR: consume the flags of the module's counters found set. */
	if (ovs)
		pmukit_write_pmovsclr(ovs);
	for (i = 0; i < 32; i++)
		if (ovs & BIT(i))
			s->overflows[i]++;
	memcpy(count, s->overflows, sizeof(s->overflows));
}

/* Where EL0 finds the module's counts on @cpu (mode=read), as set up. */
const struct pmukit_cpu_map *pmukit_cpu_map(unsigned int cpu)
{
	return &per_cpu(pmukit_saved, cpu).map;
}

bool pmukit_cpu_active(unsigned int cpu)
{
	return per_cpu(pmukit_saved, cpu).active;
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
