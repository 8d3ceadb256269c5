// SPDX-License-Identifier: MIT
/*
 * The direct path: the PMU's registers read (and, with pmukit.ko in
 * full access, programmed) from user space; on x86-64 the TSC.
 *
 * Counters belong to a CPU, not to a thread: the session pins the calling
 * thread to one CPU (unless PMUKIT_F_NO_PIN) and checks that it is still
 * there after every read; a reading taken elsewhere is refused with -EINTR.
 * Counters count for everything that runs on that CPU at the chosen levels.
 *
 * Counts accumulate in software from successive reads (wrap.h): 64-bit
 * counters (PMCR.LP, AArch64's PMCCNTR) are exact; a 32-bit one (event
 * counters before PMUv3p5, AArch32's PMCCNTR read by mrc) is exact across
 * one wrap between reads less than 62.5 ms apart, and across longer times
 * when its overflow flag says it did not wrap. Else its count is "wrapped":
 * pmukit_read() returns -EOVERFLOW and pmukit_wrapped() names it. The flag
 * is PMOVSSET with full access (our counters' flags cleared at start and after
 * a wrap seen in the values) and the module's cpu<N>/overflows in
 * mode=read (EL0 cannot read PMOVSSET there). In mode=read a count perf
 * placed on a chained pair is read as one 64-bit counter where CHAIN counts.
 *
 * With mode=read the module programmed the event counters (events=); EL0
 * can only read them, so the session maps its events onto those counters.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "pmukit/kmod_dev.h"
#include "pmukit/pmu_fields.h"
#include "pmukit/pmu_levels.h"
#include "backend.h"
#include "cpu.h"
#include "event_lookup.h"
#include "fault.h"
#include "isa.h"
#include "isa_inline.h"
#include "kernel_el.h"
#include "pmu_info.h"
#include "pmu_support.h"
#include "wrap.h"

/* Where a 32-bit counter's overflow flag is read. */
enum ovf_source {
	OVF_NONE,	/* nowhere: a wide counter, or one the flag does not serve */
	OVF_REG,	/* PMOVSSET (full access) */
	OVF_KMOD,	/* the module's cpu<N>/overflows (mode=read) */
};

struct direct_ctr {
	unsigned int hw;	/* event counter n, or PMUKIT_HW_CYCLES */
	uint32_t type;		/* PMEVTYPER/PMCCFILTR value programmed (full access) */
	uint32_t saved_type;	/* what was there before */
	struct pmukit_wrap w;	/* width, previous read, count */
	enum ovf_source ovf;
	unsigned int kidx;	/* mode=read: its place in the module's files */
	int chain_hi;		/* mode=read: the odd counter chained to it, or -1 */
	uint32_t kcount;	/* mode=read: its overflow count at the last look */
};

struct direct {
	int full;		/* EL0 may program (PMUSERENR.EN); else mode=read */
	int v3;			/* PMUv3: PMCCFILTR, PMCEID, 16-bit event numbers */
	int cycles64;		/* AArch32: mrrc reads all of PMCCNTR */
	unsigned int kernel_el;	/* 1, 2 (VHE), 0 unknown: what :k filters (pmu_levels.h) */
	int pinned;
	int guarded;		/* holds the SIGILL guard */
	cpu_set_t old_affinity;
	int running;
	int moved_to;		/* -1, or where the thread was found */
	int programmed_cpu;	/* full access: the CPU carrying our setup */
	uint32_t used;		/* PMCNTENSET bits of our counters */
	uint32_t saved_cntenset;
	uint32_t ovf_reg;	/* PMOVSSET bits of the counters whose flag we use */
	int lc_cleared;		/* AArch32: 1 we cleared PMCR.LC (open_arm), 2 found set again */
	unsigned int knevents;	/* mode=read: the module's events= count */
	uint64_t last_ns;	/* CLOCK_BOOTTIME before the previous read */
	int dev_fd;		/* /dev/pmukit, held while the session lives; or -1 */
	int have_free;		/* free: the counters the module says are ours to program */
	uint32_t free;
	struct direct_ctr c[PMUKIT_MAX_EVENTS];
};

static int cpu_of(struct pmukit_session *s)
{
	return s->cpu_now ? *s->cpu_now : pmukit_cpu_now();
}

/* The thread left s->cpu: says so and returns -EINTR. */
static int direct_moved(struct pmukit_session *s)
{
	struct direct *d = s->priv;
	int now = cpu_of(s);

	d->moved_to = now;
	return pmukit_err(-EINTR, "the thread moved from CPU %d to CPU %d during the measurement: PMU counters belong to a CPU, so this reading is meaningless; discard it and measure again%s",
			  s->cpu, now,
			  (s->flags & PMUKIT_F_NO_PIN) ? " (PMUKIT_F_NO_PIN: pin the thread yourself)" :
			  " (something changed the thread's affinity after the session pinned it)");
}

/* A read faulted after access had worked: says why, returns -EACCES. */
static int direct_revoked(struct pmukit_session *s)
{
	struct pmukit_kmod k;

	pmukit_kmod_get(&k);
	if (!k.loaded)
		return pmukit_err(-EACCES, "user access to the PMU was turned off on CPU %d during the measurement: pmukit.ko was unloaded; load it again or use the perf path",
				  s->cpu);
	return pmukit_err(-EACCES, "user access to the PMU was revoked on CPU %d after it had worked (a perf session, CPU bring-up or 'sysctl kernel.perf_user_access=0' resets PMUSERENR): echo 1 > /sys/kernel/pmukit/rearm, then measure again",
			  s->cpu);
}

/* Why EL0 cannot use the PMU on @cpu, for open and detect. */
static int no_access(int cpu, const struct pmukit_kmod *k, uint32_t userenr, int fault)
{
	if (fault)
		return pmukit_err(-EACCES, "user access to the PMU is off on CPU %d (even PMUSERENR cannot be read: not a Linux kernel that allows it, or an emulator without a PMU): use the perf or the clock path",
				  cpu);
	if (!k->loaded)
		return pmukit_err(-EACCES, "user access to the PMU is off on CPU %d: load pmukit.ko or use the perf path",
				  cpu);
	return pmukit_err(-EACCES, "user access to the PMU is off on CPU %d although pmukit.ko is loaded (PMUSERENR 0x%x: a perf session or CPU bring-up reset it): echo 1 > /sys/kernel/pmukit/rearm",
			  cpu, (unsigned int)userenr);
}

/*
 * What EL0 may do: 2 program and read (EN), 1 read only (CR/ER with the
 * module in mode=read), else < 0. CR/ER alone without mode=read is perf's
 * doing for its own self-reading events: not ours to use.
 */
static int probe_access(int cpu, const struct pmukit_kmod *k)
{
	uint32_t midr = pmukit_this_midr(), u = 0;
	const struct pmukit_core_def *core = midr ? pmukit_core_by_midr(midr) : NULL;
	int ret = pmukit_core_refusal(midr, core ? core->name : NULL);

	if (ret)
		return ret;	/* an ARM11: no PMU register is touched */
	if (pmukit_isa_read_userenr(&u))
		return no_access(cpu, k, 0, 1);
	if (u & PMUKIT_PMUSERENR_EN_BIT)
		return 2;
	if (k->loaded && k->read_mode &&
	    (u & (PMUKIT_PMUSERENR_CR_BIT | PMUKIT_PMUSERENR_ER_BIT)) ==
	    (PMUKIT_PMUSERENR_CR_BIT | PMUKIT_PMUSERENR_ER_BIT))
		return 1;
	return no_access(cpu, k, u, 0);
}

static int open_device(int cpu, int say, uint32_t *free);

static int direct_detect(char *why, size_t len)
{
	struct pmukit_kmod k;
	uint64_t v;
	int cpu = pmukit_cpu_now(), ret;
	unsigned int el;

	if (!pmukit_isa_arm_pmu) {
		snprintf(why, len, "direct: %s (cycles only)", pmukit_isa_clock_name);
		return 0;
	}
	ret = pmukit_fault_guard_get();
	if (ret)
		return pmukit_err(ret, "cannot install the SIGILL handler: %s", strerror(-ret));
	pmukit_kmod_get(&k);
	ret = probe_access(cpu, &k);
	if (ret > 0 && pmukit_isa_read_counter(PMUKIT_HW_CYCLES, &v))
		ret = no_access(cpu, &k, 0, 0);
	pmukit_fault_guard_put();
	/*
	 * mode=read where EL0 may not even read (ARMv7, or PMUSERENR reset):
	 * /dev/pmukit, where this user may open it, gives the access.
	 */
	if (ret < 0 && k.loaded && k.read_mode) {
		uint32_t free;
		int fd = open_device(-1, 1, &free);

		if (fd >= 0) {
			close(fd);
			ret = 3;
		}
	}
	if (ret < 0) {
		snprintf(why, len, "%s", pmukit_last_error());
		return ret;
	}
	el = pmukit_kernel_el();
	snprintf(why, len, "direct: user access on CPU %d (%s)%s%s", cpu,
		 ret == 3 ? "pmukit.ko mode=read, through " PMUKIT_DEV_PATH :
		 ret == 2 ? (k.loaded ? "pmukit.ko global_full_access=1" : "PMUSERENR.EN") :
		 "pmukit.ko mode=read: the module's events, others through " PMUKIT_DEV_PATH " where this user may open it",
		 el ? "" : "; ", el ? "" : pmukit_kernel_el_note(0));
	return 0;
}

/* PMCR of @cpu: the register with EN, else the module's sysfs; 0 unknown. */
static uint32_t get_pmcr(int full, int cpu)
{
	uint32_t pmcr = 0;

	if (full ? pmukit_isa_read_pmcr(&pmcr) : pmukit_kmod_cpu_reg(cpu, "pmcr", &pmcr))
		pmcr = 0;
	return pmcr;
}

/*
 * Opens /dev/pmukit (close-on-exec): in mode=read it gives this process full
 * access while it runs; in either mode its ioctl names the counters neither
 * perf nor the module holds on this CPU (@free). Return: the descriptor, or
 * a negative errno after saying what to do when @say.
 */
static int open_device(int cpu, int say, uint32_t *free)
{
	struct pmukit_dev_counters c;
	int fd = open(PMUKIT_DEV_PATH, O_RDONLY | O_CLOEXEC), err;

	if (fd < 0) {
		err = errno;
		if (!say)
			return -err;
		if (err == EACCES || err == EPERM)
			return pmukit_err(-EACCES, "pmukit.ko is in mode=read, where user space may only read the module's counters; programming them needs %s, which this user may not open: ask the administrator for its group (a udev rule KERNEL==\"pmukit\", GROUP=\"pmukit\", MODE=\"0660\" and membership of 'pmukit'), or run as root, or use the perf path",
					  PMUKIT_DEV_PATH);
		if (err == ENOENT || err == ENODEV || err == ENXIO)
			return pmukit_err(-ENOENT, "pmukit.ko is in mode=read, where user space may only read the module's counters, and %s, which gives a process full access, is missing (a pmukit.ko older than this library, or no devtmpfs): load a current pmukit.ko, or use the perf path",
					  PMUKIT_DEV_PATH);
		return pmukit_err(-err, "cannot open %s: %s", PMUKIT_DEV_PATH, strerror(err));
	}
	if (ioctl(fd, PMUKIT_IOC_COUNTERS, &c)) {
		err = errno;
		close(fd);
		return say ? pmukit_err(-err, "%s: PMUKIT_IOC_COUNTERS: %s", PMUKIT_DEV_PATH, strerror(err)) : -err;
	}
	if (cpu >= 0 && (int)c.cpu != cpu) {
		close(fd);
		return say ? pmukit_err(-EINTR, "the thread left CPU %d while asking %s for its counters: measure again",
					cpu, PMUKIT_DEV_PATH) : -EINTR;
	}
	*free = c.counters;
	return fd;
}

static int direct_ncounters(void)
{
	struct pmukit_kmod k;
	uint32_t pmcr = 0;
	int ret;

	if (!pmukit_isa_arm_pmu)
		return 1;	/* the TSC */
	pmukit_kmod_get(&k);
	/*
	 * mode=read: the module's counters, the only ones that count a command
	 * (the device's free counters are its opener's alone, and asking for
	 * them would make this process a holder of it for nothing).
	 */
	if (k.loaded && k.read_mode)
		return (int)k.nevents;
	if (!pmukit_kmod_cpu_reg(pmukit_cpu_now(), "pmcr", &pmcr))
		return (int)PMUKIT_PMCR_N(pmcr);
	ret = pmukit_fault_guard_get();
	if (ret)
		return ret;
	ret = pmukit_isa_read_pmcr(&pmcr);
	pmukit_fault_guard_put();
	if (ret)
		return no_access(pmukit_cpu_now(), &k, 0, 0);
	return (int)PMUKIT_PMCR_N(pmcr);
}

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

/*
 * mode=read: the module's counters. An explicit :u/:k/:uk must match the
 * counter's filter; an event without one takes the module's filter (the
 * name then says which). CPU_CYCLES may use the cycle counter, which the
 * module lets count at every level (EL0 and the kernel's).
 */
static int assign_read(struct pmukit_session *s, struct direct *d, const struct pmukit_kmod *k)
{
	uint8_t ctr[PMUKIT_MAX_EVENT_COUNTERS], cycles;
	uint32_t taken = 0;
	int cycles_used = 0;
	unsigned int i, j;

	if (pmukit_kmod_counters(s->cpu, k->nevents, ctr, &cycles))
		return pmukit_err(-EPROTO, "cannot read %s/cpu%d/counters: reload pmukit.ko", PMUKIT_SYSFS, s->cpu);
	for (i = 0; i < s->n; i++) {
		struct pmukit_ev *e = &s->ev[i];
		struct direct_ctr *c = &d->c[i];
		int found = -1;

		for (j = 0; j < k->nevents && found < 0; j++)
			if (!(taken >> j & 1) && k->ev[j].code == e->code && same_levels(&k->ev[j], e))
				found = (int)j;
		if (found < 0 && e->code == PMUKIT_EVT_CPU_CYCLES && !cycles_used &&
		    cycles != PMUKIT_KMOD_NO_COUNTER &&
		    (!e->explicit_levels || (!e->excl_user && !e->excl_kernel))) {
			c->hw = cycles == 31 ? PMUKIT_HW_CYCLES : cycles;
			c->kidx = k->nevents;
			cycles_used = 1;
			e->excl_user = e->excl_kernel = 0;
			pmukit_ev_rename(e);
			continue;
		}
		for (j = 0; j < k->nevents && found < 0 && !e->explicit_levels; j++)
			if (!(taken >> j & 1) && k->ev[j].code == e->code)
				found = (int)j;
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

/* mode=read: can the module's counters serve every event (assign_read's rules)? */
static int read_serves(const struct pmukit_session *s, const struct pmukit_kmod *k)
{
	uint32_t taken = 0;
	int cycles_used = 0;
	unsigned int i, j;

	for (i = 0; i < s->n; i++) {
		const struct pmukit_ev *e = &s->ev[i];
		int found = -1;

		for (j = 0; j < k->nevents && found < 0; j++)
			if (!(taken >> j & 1) && k->ev[j].code == e->code && same_levels(&k->ev[j], e))
				found = (int)j;
		if (found < 0 && e->code == PMUKIT_EVT_CPU_CYCLES && !cycles_used &&
		    (!e->explicit_levels || (!e->excl_user && !e->excl_kernel))) {
			cycles_used = 1;
			continue;
		}
		for (j = 0; j < k->nevents && found < 0 && !e->explicit_levels; j++)
			if (!(taken >> j & 1) && k->ev[j].code == e->code)
				found = (int)j;
		if (found < 0)
			return 0;
		taken |= 1U << found;
	}
	return 1;
}

/* full access: write our types on the current CPU and enable our counters. */
static int program(struct pmukit_session *s, struct direct *d)
{
	unsigned int i;
	int ret;

	for (i = 0; i < s->n; i++) {
		struct direct_ctr *c = &d->c[i];

		/* Cycle counter on ARMv7: no PMCCFILTR, always all levels. */
		if (c->hw == PMUKIT_HW_CYCLES && !d->v3)
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

static void save_setup(struct pmukit_session *s, struct direct *d)
{
	unsigned int i;

	if (pmukit_isa_read_cntenset(&d->saved_cntenset))
		d->saved_cntenset = 0;
	for (i = 0; i < s->n; i++) {
		struct direct_ctr *c = &d->c[i];

		if (c->hw == PMUKIT_HW_CYCLES && !d->v3)
			continue;
		if (pmukit_isa_read_type(c->hw, &c->saved_type))
			c->saved_type = 0;
	}
}

/* Put back the types and enables found at open, on the CPU that has ours. */
static void restore_setup(struct pmukit_session *s, struct direct *d)
{
	uint32_t pmcr;
	unsigned int i;

	if (d->programmed_cpu < 0 || cpu_of(s) != d->programmed_cpu)
		return;
	/* PMCR.LC: set again, as the module keeps it (open_arm cleared it). */
	if (d->lc_cleared && !pmukit_isa_read_pmcr(&pmcr))
		pmukit_isa_write_pmcr((pmcr | PMUKIT_PMCR_LC_BIT) & ~(PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
	/* PMCNTENCLR: stop the counters that were off before we came. */
	if (pmukit_isa_write_cntenclr(d->used & ~d->saved_cntenset))
		return;
	for (i = 0; i < s->n; i++) {
		struct direct_ctr *c = &d->c[i];

		if (c->hw == PMUKIT_HW_CYCLES && !d->v3)
			continue;
		/* PMEVTYPERn / PMCCFILTR: the previous owner's event and filter. */
		pmukit_isa_write_type(c->hw, c->saved_type);
	}
}

/* A chained pair, high, low, high (and low again if the high half moved). */
static int read_chain(const struct direct_ctr *c, uint64_t *v)
{
	uint64_t hi0, lo, hi1, lo1 = 0;

	if (pmukit_isa_read_counter((unsigned int)c->chain_hi, &hi0) ||
	    pmukit_isa_read_counter(c->hw, &lo) ||
	    pmukit_isa_read_counter((unsigned int)c->chain_hi, &hi1) ||
	    (hi0 != hi1 && pmukit_isa_read_counter(c->hw, &lo1)))
		return -EACCES;
	*v = pmukit_wrap_chain((uint32_t)hi0, (uint32_t)lo, (uint32_t)hi1, (uint32_t)lo1);
	return 0;
}

static int read_all(struct direct *d, unsigned int n, uint64_t *v)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		if (d->c[i].chain_hi >= 0)
			ret = read_chain(&d->c[i], &v[i]);
		else if (d->c[i].hw == PMUKIT_HW_CYCLES && d->cycles64)
			ret = pmukit_isa_read_cycles64(&v[i]);
		else
			ret = pmukit_isa_read_counter(d->c[i].hw, &v[i]);
		if (ret)
			return ret;
	}
	return 0;
}

/* CLOCK_BOOTTIME runs on through a suspend: the time between reads is never short of it. */
static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* mode=read: the module's overflow counts of this CPU into @kc; 0 or negative errno. */
static int kmod_overflows(struct pmukit_session *s, struct direct *d, uint32_t *kc)
{
	return pmukit_kmod_overflows(s->cpu, d->knevents, kc);
}

/*
 * Counts from the values read now: from 0 when @fresh, else on from the
 * counts so far (a start after a stop). full access: our flags are
 * cleared before the values are read (a set flag is then a wrap of this
 * session). mode=read: the module's overflow counts are the baseline, read
 * between two reads of the values; the counts start at the second read, so
 * that a :k count does not count the file's read (kernel work). A counter
 * that went past its top between the two reads may have wrapped before or
 * after its overflow count was read: its count is not known across a later
 * long read, which then says "wrapped", never a wrong count.
 */
static int start_counts(struct pmukit_session *s, struct direct *d, int fresh)
{
	uint64_t v[PMUKIT_MAX_EVENTS], before[PMUKIT_MAX_EVENTS], t0;
	uint32_t kc[PMUKIT_MAX_EVENT_COUNTERS + 1];
	int kmod = 0;
	unsigned int i;

	/* PMOVSCLR: our counters' flags, so that a set one is a wrap from now on. */
	if (d->ovf_reg && pmukit_isa_write_ovsclr(d->ovf_reg))
		return direct_revoked(s);
	for (i = 0; i < s->n; i++)
		if (d->c[i].ovf == OVF_KMOD)
			kmod = 1;
	if (kmod) {
		if (read_all(d, s->n, before))
			return direct_revoked(s);
		if (kmod_overflows(s, d, kc))
			kmod = 0;
	}
	t0 = now_ns();
	if (read_all(d, s->n, v))
		return direct_revoked(s);
	for (i = 0; i < s->n; i++) {
		struct direct_ctr *c = &d->c[i];

		if (fresh)
			pmukit_wrap_start(&c->w, v[i]);
		else
			pmukit_wrap_resume(&c->w, v[i]);
		if (c->ovf == OVF_KMOD)	/* unknown: a long read is "wrapped" */
			c->kcount = kmod && (v[i] & c->w.mask) >= (before[i] & c->w.mask) ?
				    kc[c->kidx] : UINT32_MAX;
	}
	d->last_ns = t0;
	if (fresh)
		s->wrapped = 0;
	return 0;
}

/* What counter @c's flag says, from the registers or files read for this update. */
static enum pmukit_ovf flag_of(const struct direct_ctr *c, uint32_t ovs, int reg_ok,
			       const uint32_t *kc, int kmod_ok)
{
	if (c->ovf == OVF_REG && reg_ok)
		return (ovs >> c->hw & 1) ? PMUKIT_OVF_SET : PMUKIT_OVF_CLEAR;
	if (c->ovf == OVF_KMOD && kmod_ok && c->kcount != UINT32_MAX)
		return kc[c->kidx] != c->kcount ? PMUKIT_OVF_SET : PMUKIT_OVF_CLEAR;
	return PMUKIT_OVF_UNKNOWN;
}

/*
 * The single reads of event 0 (s->sample1): the ISA layer's isb and
 * guarded read, then the rseq cpu_id compared with the CPU the session is
 * pinned to (two loads and a compare), nothing else. The ISA layer only
 * reports a fault; what it means for the session is decided here.
 */
static inline int sample1_done(struct pmukit_session *s, int ret)
{
	if (__builtin_expect(ret != 0, 0))
		return direct_revoked(s);
	if (__builtin_expect(*s->cpu_now != s->cpu, 0))
		return direct_moved(s);
	return 0;
}

static int sample1_cycles(struct pmukit_session *s, uint64_t *v)
{
	return sample1_done(s, pmukit_isa_read_counter_sync(PMUKIT_HW_CYCLES, v));
}

static int sample1_cycles64(struct pmukit_session *s, uint64_t *v)
{
	return sample1_done(s, pmukit_isa_read_cycles64_sync(v));
}

/* One function per event counter: no switch between the call and the read. */
#define SAMPLE1_EV(unused, n)							\
static int sample1_ev##n(struct pmukit_session *s, uint64_t *v)			\
{										\
	return sample1_done(s, pmukit_isa_read_counter_sync(n, v));		\
}
PMUKIT_ISA_EACH_EVENT_COUNTER(SAMPLE1_EV, )
#undef SAMPLE1_EV

typedef int (*sample1_fn)(struct pmukit_session *s, uint64_t *v);

static sample1_fn sample1_event(unsigned int hw)
{
	static const sample1_fn fns[] = {
#define FN(unused, n) sample1_ev##n,
		PMUKIT_ISA_EACH_EVENT_COUNTER(FN, )
#undef FN
		NULL	/* past the ISA's event counters (x86-64 has none) */
	};

	return hw < sizeof(fns) / sizeof(fns[0]) ? fns[hw] : NULL;
}

/* The slow single read, when glibc gives no rseq area to find the CPU. */
static int sample1_slow(struct pmukit_session *s, uint64_t *v)
{
	struct direct *d = s->priv;
	int ret;

	if (d->c[0].hw == PMUKIT_HW_CYCLES && d->cycles64)
		ret = pmukit_isa_read_cycles64(v);
	else
		ret = pmukit_isa_read_counter(d->c[0].hw, v);
	if (ret)
		return direct_revoked(s);
	return pmukit_cpu_now() == s->cpu ? 0 : direct_moved(s);
}

static int open_x86(struct pmukit_session *s, struct direct *d)
{
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		if (s->ev[i].kind != PMUKIT_EV_CYCLES)
			return pmukit_err(-EOPNOTSUPP, "the direct path on %s reads only the %s (cycles); %s needs the perf path",
					  pmukit_isa_name, pmukit_isa_clock_name, s->ev[i].name);
		/* A level asked for that the TSC cannot leave out: refused, not counted anyway. */
		if (s->ev[i].explicit_levels && (s->ev[i].excl_user || s->ev[i].excl_kernel))
			return pmukit_err(-EOPNOTSUPP, "%s: the %s counts at every level and cannot leave out %s; count %s on the perf path, or cycles (every level) on the direct path",
					  s->ev[i].name, pmukit_isa_clock_name,
					  s->ev[i].excl_user ? "user space" : "the kernel", s->ev[i].name);
		d->c[i].hw = PMUKIT_HW_CYCLES;
		d->c[i].w.mask = UINT64_MAX;
		/* The TSC counts at every level: say so in the name. */
		snprintf(s->ev[i].base, sizeof(s->ev[i].base), "cycles(%s)", pmukit_isa_clock_name);
		memcpy(s->ev[i].name, s->ev[i].base, strlen(s->ev[i].base) + 1);
	}
	return 0;
}

static int check_kinds(struct pmukit_session *s)
{
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		const struct pmukit_ev *e = &s->ev[i];

		if (e->kind == PMUKIT_EV_SOFTWARE)
			return pmukit_err(-EOPNOTSUPP, "%s is a perf software event: use the perf path",
					  e->name);
		if (e->kind == PMUKIT_EV_CLOCK)
			return pmukit_err(-EOPNOTSUPP, "'clock' is the clock path's counter: use the clock path");
	}
	return 0;
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
 * records 32-bit wraps once PMCR.LC is clear, which open_arm() sees to
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

/* Runs with the guard held, pinned: access, counters, support, setup. */
static int open_arm(struct pmukit_session *s, struct direct *d)
{
	struct pmukit_kmod k;
	uint32_t pmcr, x;
	uint64_t v;
	unsigned int i;
	int access, ret;

	pmukit_kmod_get(&k);
	access = probe_access(s->cpu, &k);
	if (k.loaded && k.read_mode && (access < 0 || !read_serves(s, &k))) {
		/*
		 * The module's counters cannot serve these events (or, on
		 * ARMv7, user space reads nothing): /dev/pmukit gives this
		 * process full access while it runs, and says which counters
		 * are free. A command is counted with it once adopted
		 * (pmukit_direct_child_adopt()).
		 */
		ret = open_device(s->cpu, 1, &d->free);
		if (ret < 0)
			return ret;
		d->dev_fd = ret;
		d->have_free = 1;
		if (s->flags & PMUKIT_F_CHILD && s->pid > 0) {
			ret = pmukit_direct_child_adopt(s, s->pid);
			if (ret)
				return ret;
		}
		access = probe_access(s->cpu, &k);
	} else if (k.loaded && access == 2) {
		/*
		 * full access: the device, where this user may open it, names
		 * perf's counters; not held (access is every process's), so
		 * the module can still be unloaded under the session.
		 */
		ret = open_device(s->cpu, 0, &d->free);
		if (ret >= 0) {
			close(ret);
			d->have_free = 1;
		}
	}
	if (access < 0)
		return access;
	d->full = access == 2;
	if (pmukit_isa_read_counter(PMUKIT_HW_CYCLES, &v))
		return no_access(s->cpu, &k, 0, 0);
	/*
	 * PMUv3: AArch64 always; AArch32 has PMCCFILTR only from PMUv3 on, and
	 * where pmu_id.h knows the version it decides (QEMU's Cortex-A9 has a
	 * PMCCFILTR that the real one lacks).
	 */
	d->v3 = pmukit_isa_cycles64_always || !d->full ||
		(pmukit_this_pmuv3() != 0 && !pmukit_isa_read_type(PMUKIT_HW_CYCLES, &x));
	d->cycles64 = !pmukit_isa_cycles64_always && !pmukit_isa_read_cycles64(&v);
	d->kernel_el = kernel_el_of(d->v3);
	pmcr = get_pmcr(d->full, s->cpu);
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
	save_setup(s, d);
	ret = program(s, d);
	if (!ret && (d->ovf_reg >> PMUKIT_HW_CYCLES & 1) && (pmcr & PMUKIT_PMCR_LC_BIT)) {
		/*
		 * PMCR.LC: clear while the session runs, so that PMOVSSET.C
		 * records the 32-bit wraps of the PMCCNTR that AArch32 reads
		 * (with LC set it records 64-bit ones); set again at close.
		 */
		ret = pmukit_isa_write_pmcr(pmcr & ~(PMUKIT_PMCR_LC_BIT | PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
		d->lc_cleared = !ret;
	}
	return ret ? direct_revoked(s) : 0;
}

static int direct_open(struct pmukit_session *s)
{
	struct direct *d;
	unsigned int i;
	int ret, cpu;

	ret = check_kinds(s);
	if (!ret)
		ret = pmukit_session_one_type(s, "the direct path");
	if (ret)
		return ret;
	d = calloc(1, sizeof(*d));
	if (!d)
		return pmukit_err(-ENOMEM, "out of memory");
	d->moved_to = -1;
	d->programmed_cpu = -1;
	for (i = 0; i < PMUKIT_MAX_EVENTS; i++)
		d->c[i].chain_hi = -1;
	d->dev_fd = -1;
	s->priv = d;

	cpu = s->opt_cpu >= 0 ? s->opt_cpu : pmukit_cpu_now();
	if (cpu < 0)
		return pmukit_err(cpu, "cannot tell which CPU this thread runs on: %s", strerror(-cpu));
	if (!(s->flags & PMUKIT_F_NO_PIN)) {
		ret = pmukit_affinity_pin(cpu, &d->old_affinity);
		if (ret)
			return pmukit_err(ret, "cannot pin the thread to CPU %d for the measurement: %s",
					  cpu, strerror(-ret));
		d->pinned = 1;
	}
	if ((s->flags & PMUKIT_F_CHILD) && s->pid > 0) {
		cpu_set_t set;

		/* The child must run where the counters are. */
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(s->pid, sizeof(set), &set))
			return pmukit_err(-errno, "cannot pin the child %d to CPU %d: %s",
					  (int)s->pid, cpu, strerror(errno));
	}
	s->cpu = cpu;
	s->cpu_now = pmukit_cpu_rseq();

	ret = pmukit_fault_guard_get();
	if (ret)
		return pmukit_err(ret, "cannot install the SIGILL handler: %s", strerror(-ret));
	d->guarded = 1;
	ret = pmukit_isa_arm_pmu ? open_arm(s, d) : open_x86(s, d);
	if (ret)
		return ret;

	s->hw0 = d->c[0].hw;
	/* A chained pair's single read is its low half. */
	s->sample_width = d->c[0].w.mask == UINT64_MAX && d->c[0].chain_hi < 0 ? 64 : 32;
	if (!s->cpu_now)
		s->sample1 = sample1_slow;
	else if (d->c[0].hw != PMUKIT_HW_CYCLES)
		s->sample1 = sample1_event(d->c[0].hw);
	else
		s->sample1 = d->cycles64 ? sample1_cycles64 : sample1_cycles;
	/* The inline pmukit_sample() does these reads itself (pmukit.h). */
#if defined(__aarch64__)
	if (s->sample1 == sample1_cycles || s->sample1 == sample1_cycles64)
		s->sample_how = PMUKIT_SAMPLE_PMCCNTR;	/* isb; mrs PMCCNTR_EL0 */
#elif defined(__arm__)
	if (s->sample1 == sample1_cycles)
		s->sample_how = PMUKIT_SAMPLE_PMCCNTR;	/* isb; mrc PMCCNTR */
#endif
	return 0;
}

/* The thread is not where its counters are: back there, or take this CPU. */
static int follow_cpu(struct pmukit_session *s, struct direct *d)
{
	int now = cpu_of(s);
	cpu_set_t set;

	if (now == s->cpu)
		return 0;
	if (!(s->flags & PMUKIT_F_NO_PIN)) {
		CPU_ZERO(&set);
		CPU_SET(s->cpu, &set);
		if (!sched_setaffinity(0, sizeof(set), &set) && pmukit_cpu_now() == s->cpu)
			return 0;
	}
	s->cpu = pmukit_cpu_now();
	if (d->full && pmukit_isa_arm_pmu) {
		save_setup(s, d);
		if (program(s, d))
			return direct_revoked(s);
	}
	return 0;
}

static int direct_start(struct pmukit_session *s)
{
	struct direct *d = s->priv;
	uint32_t pmcr;
	int ret;

	if (d->running)
		return pmukit_err(-EBUSY, "the session is already started");
	ret = follow_cpu(s, d);
	if (ret)
		return ret;
	if (d->full) {
		/* PMCR.E: a perf session leaves it clear and every counter frozen. */
		if (pmukit_isa_read_pmcr(&pmcr))
			return direct_revoked(s);
		if (!(pmcr & PMUKIT_PMCR_E_BIT) &&
		    pmukit_isa_write_pmcr((pmcr | PMUKIT_PMCR_E_BIT) & ~(PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT)))
			return direct_revoked(s);
		/* Types and enables again: perf may have reused our counters. */
		if (program(s, d))
			return direct_revoked(s);
	}
	ret = start_counts(s, d, 0);
	if (ret)
		return ret;
	d->moved_to = -1;
	d->running = 1;
	return 0;
}

/*
 * Reads, then checks the CPU: a read from elsewhere is flagged. The flags
 * are read only where wrap.h needs them (a 32-bit counter read long after
 * the previous read), and cleared (full access) or consumed into the module's
 * counts (mode=read) once a wrap they recorded is counted.
 */
static int update(struct pmukit_session *s, struct direct *d)
{
	uint64_t v[PMUKIT_MAX_EVENTS], t0, elapsed;
	uint32_t ovs = 0, clear = 0, pmcr, kc[PMUKIT_MAX_EVENT_COUNTERS + 1], look = 0;
	int need_reg = 0, need_kmod = 0, reg_ok = 0, kmod_ok = 0;
	unsigned int i;

	t0 = now_ns();
	if (read_all(d, s->n, v))
		return direct_revoked(s);
	elapsed = now_ns() - d->last_ns;
	d->last_ns = t0;
	if (cpu_of(s) != s->cpu)
		d->moved_to = cpu_of(s);
	for (i = 0; i < s->n; i++) {
		if (!pmukit_wrap_needs_flag(&d->c[i].w, elapsed))
			continue;
		need_reg |= d->c[i].ovf == OVF_REG;
		need_kmod |= d->c[i].ovf == OVF_KMOD;
	}
	if (need_reg)
		reg_ok = !pmukit_isa_read_ovsset(&ovs);
	/* PMCR.LC set again (the module re-applies it after idle): the cycle flag means 2^64. */
	if (need_reg && d->lc_cleared && (pmukit_isa_read_pmcr(&pmcr) || (pmcr & PMUKIT_PMCR_LC_BIT)))
		d->lc_cleared = 2;
	if (need_kmod)
		kmod_ok = !kmod_overflows(s, d, kc);
	for (i = 0; i < s->n; i++) {
		struct direct_ctr *c = &d->c[i];
		int long_read = pmukit_wrap_needs_flag(&c->w, elapsed);
		enum pmukit_ovf f = PMUKIT_OVF_UNKNOWN;

		if (long_read && !(c->hw == PMUKIT_HW_CYCLES && d->lc_cleared == 2))
			f = flag_of(c, ovs, reg_ok, kc, kmod_ok);
		if (pmukit_wrap_update(&c->w, v[i], elapsed, f) || long_read) {
			if (c->ovf == OVF_REG)
				clear |= 1U << c->hw;
			else if (c->ovf == OVF_KMOD)
				look |= 1U << i;
		}
		if (c->w.wrapped)
			s->wrapped |= 1U << i;
	}
	/* PMOVSCLR: the flags of our counters whose wraps are now counted (or known lost). */
	if (clear && pmukit_isa_write_ovsclr(clear))
		return direct_revoked(s);
	if (d->lc_cleared == 2) {
		/* PMCR.LC: clear again, so the cycle counter's flag means a 32-bit wrap from here. */
		if (!pmukit_isa_read_pmcr(&pmcr))
			pmukit_isa_write_pmcr(pmcr & ~(PMUKIT_PMCR_LC_BIT | PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
		d->lc_cleared = 1;
	}
	/* The module consumes a flag when its file is read: one look moves past it. */
	if (look && !kmod_ok)
		kmod_ok = !kmod_overflows(s, d, kc);
	for (i = 0; i < s->n; i++)
		if (look >> i & 1)
			d->c[i].kcount = kmod_ok ? kc[d->c[i].kidx] : UINT32_MAX;
	return 0;
}

static int moved_error(struct pmukit_session *s, struct direct *d)
{
	int to = d->moved_to;
	int ret = direct_moved(s);

	d->moved_to = to;
	return ret;
}

static int direct_stop(struct pmukit_session *s)
{
	struct direct *d = s->priv;
	int ret;

	if (!d->running)
		return 0;
	ret = update(s, d);
	d->running = 0;
	if (ret)
		return ret;
	return d->moved_to >= 0 ? moved_error(s, d) : 0;
}

/*
 * pmukit_child_run(), and open with a child: where the session holds
 * /dev/pmukit (mode=read), the command @pid, a child of this process, is
 * adopted so that the counters go on counting while it and its own
 * children run (PMUKIT_IOC_ADOPT). Elsewhere there is nothing to do.
 */
int pmukit_direct_child_adopt(struct pmukit_session *s, pid_t pid)
{
	struct direct *d = s->priv;
	int32_t nr = (int32_t)pid;

	if (s->be != &pmukit_backend_direct || !d || d->dev_fd < 0)
		return 0;
	if (ioctl(d->dev_fd, PMUKIT_IOC_ADOPT, &nr))
		return pmukit_err(-errno, "%s: counting the command %d with this process (PMUKIT_IOC_ADOPT): %s%s",
				  PMUKIT_DEV_PATH, (int)pid, strerror(errno),
				  errno == ENOTTY ? " (a pmukit.ko older than this library: load a current one)" : "");
	return 0;
}

/*
 * pmukit_child_run(): stops a running full access session's counters and
 * takes their values as the start, so that a child pinned to this CPU can
 * start them itself right before its exec. @mask: the PMCNTENSET bits.
 * -EOPNOTSUPP where that cannot be done (mode=read, not pinned).
 */
int pmukit_direct_child_hold(struct pmukit_session *s, uint32_t *mask)
{
	struct direct *d = s->priv;
	int ret;

	if (s->be != &pmukit_backend_direct || !d->full || !d->pinned || !d->running ||
	    !pmukit_isa_arm_pmu || cpu_of(s) != s->cpu)
		return -EOPNOTSUPP;
	if (pmukit_isa_write_cntenclr(d->used))
		return direct_revoked(s);
	ret = start_counts(s, d, 0);
	if (ret)
		return ret;
	*mask = d->used;
	return 0;
}

static int direct_read(struct pmukit_session *s, struct pmukit_count *counts)
{
	struct direct *d = s->priv;
	unsigned int i;
	int ret = 0;

	if (d->running)
		ret = update(s, d);
	for (i = 0; i < s->n; i++) {
		/* A wrapped count is not known: never a number that looks like one. */
		counts[i].value = counts[i].raw = d->c[i].w.wrapped ? 0 : d->c[i].w.acc;
		counts[i].enabled_ns = counts[i].running_ns = 0;
	}
	if (ret)
		return ret;
	if (d->moved_to >= 0)
		return moved_error(s, d);
	return s->wrapped ? pmukit_wrapped_error(s) : 0;
}

static int direct_reset(struct pmukit_session *s)
{
	struct direct *d = s->priv;
	unsigned int i;
	int ret;

	if (d->running) {
		ret = start_counts(s, d, 1);
		if (ret)
			return ret;
	}
	for (i = 0; i < s->n; i++)
		pmukit_wrap_start(&d->c[i].w, d->c[i].w.last);
	s->wrapped = 0;
	d->moved_to = -1;
	return 0;
}

static int direct_sample(struct pmukit_session *s, uint64_t *buf, size_t n)
{
	struct direct *d = s->priv;
	int ret;

	if (cpu_of(s) != s->cpu)
		return direct_moved(s);
	ret = pmukit_isa_sample(d->c[0].hw, d->cycles64, buf, n);
	if (ret)
		return ret == -EACCES ? direct_revoked(s) : ret;
	return cpu_of(s) != s->cpu ? direct_moved(s) : 0;
}

static void direct_close(struct pmukit_session *s)
{
	struct direct *d = s->priv;

	if (!d)
		return;
	if (d->full && pmukit_isa_arm_pmu)
		restore_setup(s, d);
	/* After the restore: closing ends the access the device gave. */
	if (d->dev_fd >= 0)
		close(d->dev_fd);
	d->dev_fd = -1;
	if (d->pinned)
		pmukit_affinity_restore(&d->old_affinity);
	pmukit_backend_release(s, d->guarded);
}

PMUKIT_BACKEND(direct, direct, "direct", PMUKIT_PATH_DIRECT);
