// SPDX-License-Identifier: MIT
/*
 * The direct path's counters: which counter holds which event, and, with
 * full access, programming them on the session's CPU (and putting back
 * what was there). With mode=read the module programmed the event counters
 * (events=); EL0 can only read them, so the session maps its events onto
 * those counters.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>

#include "pmukit/kmod_dev.h"
#include "pmukit/pmu_levels.h"
#include "backend.h"
#include "direct.h"
#include "isa.h"
#include "kernel_el.h"
#include "pmu_support.h"

/* PMEVTYPER/PMCCFILTR filter bits for an event's levels (P, U; NSH for a kernel at EL2). */
static uint32_t filter_of(const struct direct *d, const struct pmukit_ev *e)
{
	return (uint32_t)pmukit_level_filter(e->excl_user, e->excl_kernel, d->kernel_el);
}

/* The kernel's level for the filters: an ARMv7 PMU means a kernel at PL1. */
static unsigned int kernel_el_of(int v3)
{
	return v3 ? pmukit_kernel_el() : 1;
}

/* Refuses events the core does not implement, naming all of them. */
static int check_support(struct pmukit_session *s, struct direct *d)
{
	struct pmukit_implemented im;
	uint64_t maxcode;
	char bad[512] = "";
	size_t used = 0;
	unsigned int i, nbad = 0;

	maxcode = d->v3 ? PMUKIT_PMEVTYPER_EVT_MASK_V3P1 : PMUKIT_PMEVTYPER_EVT_MASK_V7;
	/* ARMv7 has no PMCEID: nothing to check. The registers with full access only. */
	if (!d->v3 || !pmukit_implemented_load(s->cpu, PMUKIT_IMPL_SYSFS |
					       (d->full ? PMUKIT_IMPL_REGS : 0), &im))
		im.have_ceid = 0;
	for (i = 0; i < s->n; i++) {
		const struct pmukit_ev *e = &s->ev[i];
		int has = 1;

		if (e->code > maxcode)
			has = 0;
		else if (e->code != PMUKIT_EVT_SW_INCR && im.have_ceid)
			has = pmukit_event_supported(&im, e->code, NULL) != 0;
		if (!has)
			pmukit_ev_list_add(bad, sizeof(bad), &used, &nbad, e);
	}
	if (!nbad)
		return 0;
	return pmukit_err(-EOPNOTSUPP, "not implemented by this %s, according to %s (event numbers up to 0x%llx on CPU %d): %s",
			  s->core ? s->core->name : "core",
			  im.have_ceid ? im.source : "its PMU version",
			  (unsigned long long)maxcode, s->cpu, bad);
}

__thread unsigned int pmukit_capacity_hint;

/*
 * The events a session like @s could hold here: the free event counters,
 * and the cycle counter where it can take @s's CPU_CYCLES (it filters
 * levels only on PMUv3; ARMv7's counts every level).
 */
static unsigned int capacity_of(const struct pmukit_session *s, const struct direct *d,
				unsigned int nctr)
{
	unsigned int i, n = 0;
	int cyc = 0;

	for (i = 0; i < nctr; i++)
		n += !d->have_free || (d->free >> i & 1);
	for (i = 0; i < s->n; i++)
		if (s->ev[i].code == PMUKIT_EVT_CPU_CYCLES && (d->v3 || !filter_of(d, &s->ev[i])))
			cyc = 1;
	return n + (cyc && (!d->have_free || (d->free & PMUKIT_CYCLE_COUNTER_BIT)));
}

/* full access: each event on the cycle counter or the next event counter. */
static int assign_full(struct pmukit_session *s, struct direct *d, unsigned int nctr)
{
	unsigned int i, next = 0;
	int cycles_used = 0;

	for (i = 0; i < s->n; i++) {
		struct pmukit_ev *e = &s->ev[i];
		struct direct_ctr *c = &d->c[i];
		uint32_t filter = filter_of(d, e);

		/* The cycle counter filters only on PMUv3 (PMCCFILTR). */
		if (e->code == PMUKIT_EVT_CPU_CYCLES && !cycles_used && (d->v3 || !filter) &&
		    (!d->have_free || (d->free & PMUKIT_CYCLE_COUNTER_BIT))) {
			c->hw = PMUKIT_HW_CYCLES;
			c->type = filter;
			cycles_used = 1;
			continue;
		}
		/* Only counters perf (and in mode=read the module) does not hold. */
		while (d->have_free && next < nctr && !(d->free >> next & 1))
			next++;
		if (next >= nctr)
			pmukit_capacity_hint = capacity_of(s, d, nctr);
		if (next >= nctr && d->have_free)
			return pmukit_err(-E2BIG, "%u events need more counters than CPU %d has free: of its %u event counters, perf or pmukit.ko hold those outside 0x%x (PMUKIT_IOC_COUNTERS); run in passes (pmukit stat does this), or end the perf session that holds them",
					  s->n, s->cpu, nctr, (unsigned int)d->free);
		if (next >= nctr)
			return pmukit_err(-E2BIG, "%u events need %u event counters, but this %s has %u event counters (PMCR.N)%s; run in passes: pmukit stat does this",
					  s->n, s->n - (unsigned int)cycles_used,
					  s->core ? s->core->name : "core", nctr,
					  cycles_used ? " besides the cycle counter" : "");
		c->hw = next++;
		c->type = filter | e->code;
	}
	return 0;
}

static int same_levels(const struct pmukit_event_spec *k, const struct pmukit_ev *e)
{
	return k->excl_user == e->excl_user && k->excl_kernel == e->excl_kernel;
}

static int refuse_read_mode(const struct pmukit_kmod *k, const struct pmukit_ev *e)
{
	return pmukit_err(-EOPNOTSUPP, "pmukit.ko is in mode=read and programmed events=%s only; %s (0x%02x%s) is not among them: reload it with that event in events= (rmmod pmukit; insmod pmukit.ko mode=read events=%s%s0x%02x%s), or give this user %s (its group), which lets the library program the counters",
			  k->events[0] ? k->events : "(none)", e->name, e->code,
			  pmukit_ev_levels(e), k->events, k->events[0] ? "," : "", e->code,
			  e->excl_kernel ? ":u" : e->excl_user ? ":k" : "", PMUKIT_DEV_PATH);
}

/* read_match(): @e takes the cycle counter, not one of the module's events. */
#define READ_CYCLE_COUNTER (-2)

/*
 * mode=read: which of the module's counters serves @e, none of @taken (a bit
 * per module event). An explicit :u/:k/:uk must match the counter's filter;
 * an event without one takes the module's filter (the name then says which).
 * CPU_CYCLES may use the cycle counter (if @cycles_free), which the module
 * lets count at every level (EL0 and the kernel's).
 * Return: the module event's index, READ_CYCLE_COUNTER, or -1 (none).
 */
static int read_match(const struct pmukit_kmod *k, const struct pmukit_ev *e, uint32_t taken,
		      int cycles_free)
{
	unsigned int j;

	for (j = 0; j < k->nevents; j++)
		if (!(taken >> j & 1) && k->ev[j].code == e->code && same_levels(&k->ev[j], e))
			return (int)j;
	if (e->code == PMUKIT_EVT_CPU_CYCLES && cycles_free &&
	    (!e->explicit_levels || (!e->excl_user && !e->excl_kernel)))
		return READ_CYCLE_COUNTER;
	for (j = 0; j < k->nevents && !e->explicit_levels; j++)
		if (!(taken >> j & 1) && k->ev[j].code == e->code)
			return (int)j;
	return -1;
}

/* mode=read: the module's counters, by read_match()'s rules. */
static int assign_read(struct pmukit_session *s, struct direct *d, const struct pmukit_kmod *k)
{
	uint8_t ctr[PMUKIT_MAX_EVENT_COUNTERS], cycles;
	uint32_t taken = 0;
	int cycles_used = 0;
	unsigned int i;

	if (pmukit_kmod_counters(s->cpu, k->nevents, ctr, &cycles))
		return pmukit_err(-EPROTO, "cannot read %s/cpu%d/counters: reload pmukit.ko", PMUKIT_SYSFS, s->cpu);
	for (i = 0; i < s->n; i++) {
		struct pmukit_ev *e = &s->ev[i];
		struct direct_ctr *c = &d->c[i];
		int found = read_match(k, e, taken, !cycles_used && cycles != PMUKIT_KMOD_NO_COUNTER);

		if (found == READ_CYCLE_COUNTER) {
			c->hw = cycles == 31 ? PMUKIT_HW_CYCLES : cycles;
			c->kidx = k->nevents;
			cycles_used = 1;
			e->excl_user = e->excl_kernel = 0;
			pmukit_ev_rename(e);
			continue;
		}
		if (found < 0)
			return refuse_read_mode(k, e);
		if (ctr[found] == PMUKIT_KMOD_NO_COUNTER)
			return pmukit_err(-EBUSY, "pmukit.ko has no counter for %s on CPU %d (perf could not give it one when the CPU was set up: see the kernel log)",
					  e->name, s->cpu);
		taken |= 1U << found;
		c->hw = ctr[found];
		c->kidx = (unsigned int)found;
		e->excl_user = k->ev[found].excl_user;
		e->excl_kernel = k->ev[found].excl_kernel;
		pmukit_ev_rename(e);
	}
	return 0;
}

/* mode=read: can the module's counters serve every event (read_match()'s rules)? */
static int read_serves(const struct pmukit_session *s, const struct pmukit_kmod *k)
{
	uint32_t taken = 0;
	int cycles_used = 0;
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		int found = read_match(k, &s->ev[i], taken, !cycles_used);

		if (found == READ_CYCLE_COUNTER)
			cycles_used = 1;
		else if (found < 0)
			return 0;
		else
			taken |= 1U << found;
	}
	return 1;
}

/* Has @c a type register? ARMv7's cycle counter has no PMCCFILTR: it counts at all levels. */
static int has_type_reg(const struct direct *d, const struct direct_ctr *c)
{
	return c->hw != PMUKIT_HW_CYCLES || d->v3;
}

/* full access: write our types on the current CPU and enable our counters. */
int pmukit_direct_program(struct pmukit_session *s, struct direct *d)
{
	unsigned int i;
	int ret;

	for (i = 0; i < s->n; i++) {
		struct direct_ctr *c = &d->c[i];

		if (!has_type_reg(d, c))
			continue;
		/* PMEVTYPERn / PMCCFILTR: the event and its P (no EL1) / U (no EL0) / NSH (EL2) bits. */
		ret = pmukit_isa_write_type(c->hw, c->type);
		if (ret)
			return ret;
	}
	/* PMCNTENSET: start our counters (a perf session may have stopped them). */
	ret = pmukit_isa_write_cntenset(d->used);
	if (ret)
		return ret;
	d->programmed_cpu = s->cpu;
	return 0;
}

void pmukit_direct_save_setup(struct pmukit_session *s, struct direct *d)
{
	unsigned int i;

	if (pmukit_isa_read_cntenset(&d->saved_cntenset))
		d->saved_cntenset = 0;
	for (i = 0; i < s->n; i++) {
		struct direct_ctr *c = &d->c[i];

		if (!has_type_reg(d, c))
			continue;
		if (pmukit_isa_read_type(c->hw, &c->saved_type))
			c->saved_type = 0;
	}
}

/* Put back the types and enables found at open, on the CPU that has ours. */
void pmukit_direct_restore_setup(struct pmukit_session *s, struct direct *d)
{
	uint32_t pmcr;
	unsigned int i;

	if (d->programmed_cpu < 0 || pmukit_direct_cpu(s) != d->programmed_cpu)
		return;
	/* PMCR.LC: set again, as the module keeps it (open_arm cleared it). */
	if (d->lc_cleared && !pmukit_isa_read_pmcr(&pmcr))
		pmukit_isa_write_pmcr((pmcr | PMUKIT_PMCR_LC_BIT) & ~(PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
	/* PMCNTENCLR: stop the counters that were off before we came. */
	if (pmukit_isa_write_cntenclr(d->used & ~d->saved_cntenset))
		return;
	for (i = 0; i < s->n; i++) {
		struct direct_ctr *c = &d->c[i];

		if (!has_type_reg(d, c))
			continue;
		/* PMEVTYPERn / PMCCFILTR: the previous owner's event and filter. */
		pmukit_isa_write_type(c->hw, c->saved_type);
	}
}

/*
 * mode=read before PMUv3p5: perf reserved the module's events as 64-bit
 * ones, each on a chained pair whose even counter EL0 reads and whose odd
 * one counts CHAIN, the even one's overflows. An odd counter the module
 * holds (cpu<N>/owned) that is no event's own is such a high half; where
 * PMCEID says CHAIN counts (QEMU 7.2 does not implement it: there the high
 * half stays 0), the pair is read as one 64-bit counter.
 */
static void find_chains(struct pmukit_session *s, struct direct *d, const struct pmukit_kmod *k)
{
	struct pmukit_implemented im;
	uint8_t ctr[PMUKIT_MAX_EVENT_COUNTERS], cycles;
	uint32_t owned, listed = 0;
	unsigned int i;

	if (pmukit_kmod_cpu_reg(s->cpu, "owned", &owned) ||
	    pmukit_kmod_counters(s->cpu, k->nevents, ctr, &cycles) ||
	    !pmukit_implemented_load(s->cpu, PMUKIT_IMPL_SYSFS, &im) ||
	    pmukit_event_supported(&im, PMUKIT_EVT_CHAIN, NULL) != 1)
		return;
	for (i = 0; i < k->nevents; i++)
		if (ctr[i] < 32)
			listed |= 1U << ctr[i];
	if (cycles < 32)
		listed |= 1U << cycles;
	for (i = 0; i < s->n; i++) {
		unsigned int hw = d->c[i].hw;

		if (hw != PMUKIT_HW_CYCLES && !(hw & 1) && hw + 1 < 31 &&
		    (owned >> (hw + 1) & 1) && !(listed >> (hw + 1) & 1))
			d->c[i].chain_hi = (int)hw + 1;
	}
}

/*
 * Where counter @c's overflow flag is read (PMCR @pmcr as found). full access:
 * PMOVSSET, for every 32-bit counter; the AArch32 cycle counter's flag
 * records 32-bit wraps once PMCR.LC is clear, which pmukit_direct_open_arm() sees to
 * (ARMv7 has no LC: always 32-bit). mode=read: the module's counts, except
 * for that cycle counter, which the module runs with LC set.
 */
static enum ovf_source wrap_flag_source(const struct direct *d, const struct direct_ctr *c,
					uint32_t pmcr)
{
	if (c->w.mask == UINT64_MAX)
		return OVF_NONE;
	if (d->full)
		return OVF_REG;
	if (c->hw == PMUKIT_HW_CYCLES && (pmcr & PMUKIT_PMCR_LC_BIT))
		return OVF_NONE;
	return OVF_KMOD;
}

/*
 * /dev/pmukit where the session needs it, and the access then (@access).
 * mode=read, where the module's counters cannot serve these events (or, on
 * ARMv7, user space reads nothing): the device gives this process full
 * access while it runs and says which counters are free; a command is
 * counted with it once adopted (pmukit_direct_child_adopt()). A CPU of a
 * scope (counted whole) holds it in either mode, for PMUKIT_IOC_CPUWIDE;
 * with the module's counters it needs nothing: they count every task.
 */
static int hold_device(struct pmukit_session *s, struct direct *d, const struct pmukit_kmod *k,
		       int *access)
{
	int ret, whole = s->unit_cpu >= 0;

	if (k->loaded && k->read_mode && (*access < 0 || !read_serves(s, k))) {
		ret = pmukit_direct_open_device(s->cpu, 1, &d->free);
		if (ret < 0)
			return ret;
		d->dev_fd = ret;
		d->have_free = 1;
		if (s->flags & PMUKIT_F_CHILD && s->pid > 0) {
			ret = pmukit_direct_child_adopt(s, s->pid);
			if (ret)
				return ret;
		}
		ret = whole ? pmukit_direct_cpu_wide(s, d) : 0;
		*access = pmukit_direct_probe_access(s->cpu, k);
		return ret;
	}
	if (k->loaded && *access == 2 && whole)
		return pmukit_direct_cpu_wide(s, d);
	if (k->loaded && *access == 2) {
		/*
		 * full access: the device, where this user may open it, names
		 * perf's counters; not held (access is every process's), so
		 * the module can still be unloaded under the session.
		 */
		ret = pmukit_direct_open_device(s->cpu, 0, &d->free);
		if (ret >= 0) {
			close(ret);
			d->have_free = 1;
		}
	}
	return 0;
}

/* Runs with the guard held, pinned: access, counters, support, setup. */
int pmukit_direct_open_arm(struct pmukit_session *s, struct direct *d)
{
	struct pmukit_kmod k;
	uint32_t pmcr, x;
	uint64_t v;
	unsigned int i;
	int access, ret;

	pmukit_kmod_get(&k);
	access = pmukit_direct_probe_access(s->cpu, &k);
	ret = hold_device(s, d, &k, &access);
	if (ret)
		return ret;
	if (access < 0)
		return access;
	d->full = access == 2;
	if (pmukit_isa_read_counter(PMUKIT_HW_CYCLES, &v))
		return pmukit_direct_no_access(s->cpu, &k, 0, 0);
	/*
	 * PMUv3: AArch64 always; AArch32 has PMCCFILTR only from PMUv3 on, and
	 * where pmu_id.h knows the version it decides (QEMU's Cortex-A9 has a
	 * PMCCFILTR that the real one lacks).
	 */
	d->v3 = pmukit_isa_cycles64_always || !d->full ||
		(pmukit_this_pmuv3() != 0 && !pmukit_isa_read_type(PMUKIT_HW_CYCLES, &x));
	d->cycles64 = !pmukit_isa_cycles64_always && !pmukit_isa_read_cycles64(&v);
	d->kernel_el = kernel_el_of(d->v3);
	pmcr = pmukit_direct_pmcr(d->full, s->cpu);
	if (!d->full && pmcr && !(pmcr & PMUKIT_PMCR_E_BIT))
		return pmukit_err(-EAGAIN, "the counters are stopped on CPU %d (PMCR.E = 0, as a perf session leaves them) and mode=read cannot restart them: echo 1 > /sys/kernel/pmukit/rearm",
				  s->cpu);
	ret = check_support(s, d);
	if (!ret)
		ret = pmukit_check_levels(s, pmukit_this_level_filter(d->v3, &x), x);
	if (ret)
		return ret;
	ret = d->full ? assign_full(s, d, (unsigned int)PMUKIT_PMCR_N(pmcr)) : assign_read(s, d, &k);
	if (ret)
		return ret;
	d->knevents = k.nevents;
	if (!d->full && !(pmcr & PMUKIT_PMCR_LP_BIT))
		find_chains(s, d, &k);
	for (i = 0; i < s->n; i++) {
		struct direct_ctr *c = &d->c[i];

		if (c->hw == PMUKIT_HW_CYCLES)
			c->w.mask = pmukit_isa_cycles64_always || d->cycles64 ? UINT64_MAX : UINT32_MAX;
		else
			c->w.mask = (pmcr & PMUKIT_PMCR_LP_BIT) || c->chain_hi >= 0 ? UINT64_MAX : UINT32_MAX;
		d->used |= 1U << c->hw;
		if (s->ev[i].code == PMUKIT_EVT_CPU_CYCLES)
			c->w.short_ns = PMUKIT_WRAP_SHORT_CYCLES_NS;
		c->ovf = wrap_flag_source(d, c, pmcr);
		if (c->ovf == OVF_REG)
			d->ovf_reg |= 1U << c->hw;
	}
	if (!d->full) {
		if (!pmukit_kmod_cpu_reg(s->cpu, "pmcntenset", &x) && (x & d->used) != d->used)
			return pmukit_err(-EAGAIN, "the module's counters are stopped on CPU %d (PMCNTENSET 0x%x, a perf session stopped them): echo 1 > /sys/kernel/pmukit/rearm",
					  s->cpu, (unsigned int)x);
		return 0;
	}
	pmukit_direct_save_setup(s, d);
	ret = pmukit_direct_program(s, d);
	if (!ret && (d->ovf_reg >> PMUKIT_HW_CYCLES & 1) && (pmcr & PMUKIT_PMCR_LC_BIT)) {
		/*
		 * PMCR.LC: clear while the session runs, so that PMOVSSET.C
		 * records the 32-bit wraps of the PMCCNTR that AArch32 reads
		 * (with LC set it records 64-bit ones); set again at close.
		 */
		ret = pmukit_isa_write_pmcr(pmcr & ~(PMUKIT_PMCR_LC_BIT | PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
		d->lc_cleared = !ret;
	}
	return ret ? pmukit_direct_revoked(s) : 0;
}
