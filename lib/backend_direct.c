// SPDX-License-Identifier: MIT
/*
 * The direct path: the PMU's registers read (and, with pmukit.ko in
 * full access, programmed) from user space; on x86-64 the TSC.
 *
 * Counters belong to a CPU, not to a thread: the session pins the calling
 * thread to one CPU (unless PMUKIT_F_NO_PIN) and checks that it is still
 * there after every read (direct_read.c). Counters count for everything
 * that runs on that CPU at the chosen levels.
 *
 * This file holds the backend's operations; direct_access.c what EL0 may
 * do, direct_setup.c the counters' assignment and programming,
 * direct_read.c the reads, direct_cpus.c whole CPUs (a thread on each).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "pmukit/kmod_dev.h"
#include "backend.h"
#include "direct.h"
#include "fault.h"
#include "isa.h"
#include "kernel_el.h"

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
	ret = pmukit_direct_probe_access(cpu, &k);
	if (ret > 0 && pmukit_isa_read_counter(PMUKIT_HW_CYCLES, &v))
		ret = pmukit_direct_no_access(cpu, &k, 0, 0);
	pmukit_fault_guard_put();
	/*
	 * mode=read where EL0 may not even read (ARMv7, or PMUSERENR reset):
	 * /dev/pmukit, where this user may open it, gives the access.
	 */
	if (ret < 0 && k.loaded && k.read_mode) {
		uint32_t free;
		int fd = pmukit_direct_open_device(-1, 1, &free);

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
		return pmukit_direct_no_access(pmukit_cpu_now(), &k, 0, 0);
	return (int)PMUKIT_PMCR_N(pmcr);
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

int pmukit_direct_open_here(struct pmukit_session *s)
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
	ret = pmukit_isa_arm_pmu ? pmukit_direct_open_arm(s, d) : open_x86(s, d);
	if (ret)
		return ret;

	pmukit_direct_sample1_choose(s, d);
	return 0;
}

static int direct_open(struct pmukit_session *s)
{
	/* A CPU of a scope (perf stat -a): opened, read and closed on that CPU. */
	if (s->unit_cpu >= 0)
		return pmukit_direct_unit_open(s);
	return pmukit_direct_open_here(s);
}

/* The thread is not where its counters are: back there, or take this CPU. */
static int follow_cpu(struct pmukit_session *s, struct direct *d)
{
	int now = pmukit_direct_cpu(s);
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
		pmukit_direct_save_setup(s, d);
		if (pmukit_direct_program(s, d))
			return pmukit_direct_revoked(s);
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
			return pmukit_direct_revoked(s);
		if (!(pmcr & PMUKIT_PMCR_E_BIT) &&
		    pmukit_isa_write_pmcr((pmcr | PMUKIT_PMCR_E_BIT) & ~(PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT)))
			return pmukit_direct_revoked(s);
		/* Types and enables again: perf may have reused our counters. */
		if (pmukit_direct_program(s, d))
			return pmukit_direct_revoked(s);
	}
	ret = pmukit_direct_start_counts(s, d, 0);
	if (ret)
		return ret;
	d->moved_to = -1;
	d->running = 1;
	return 0;
}

static int direct_stop(struct pmukit_session *s)
{
	struct direct *d = s->priv;
	int ret;

	if (!d->running)
		return 0;
	ret = pmukit_direct_update(s, d);
	d->running = 0;
	if (ret)
		return ret;
	return d->moved_to >= 0 ? pmukit_direct_moved_error(s, d) : 0;
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
	    !pmukit_isa_arm_pmu || pmukit_direct_cpu(s) != s->cpu)
		return -EOPNOTSUPP;
	if (pmukit_isa_write_cntenclr(d->used))
		return pmukit_direct_revoked(s);
	ret = pmukit_direct_start_counts(s, d, 0);
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
		ret = pmukit_direct_update(s, d);
	for (i = 0; i < s->n; i++) {
		/* A wrapped count is not known: never a number that looks like one. */
		counts[i].value = counts[i].raw = d->c[i].w.wrapped ? 0 : d->c[i].w.acc;
		counts[i].enabled_ns = counts[i].running_ns = 0;
	}
	if (ret)
		return ret;
	if (d->moved_to >= 0)
		return pmukit_direct_moved_error(s, d);
	return s->wrapped ? pmukit_wrapped_error(s) : 0;
}

static int direct_reset(struct pmukit_session *s)
{
	struct direct *d = s->priv;
	unsigned int i;
	int ret;

	if (d->running) {
		ret = pmukit_direct_start_counts(s, d, 1);
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

	if (pmukit_direct_cpu(s) != s->cpu)
		return pmukit_direct_moved(s);
	ret = pmukit_isa_sample(d->c[0].hw, d->cycles64, buf, n);
	if (ret)
		return ret == -EACCES ? pmukit_direct_revoked(s) : ret;
	return pmukit_direct_cpu(s) != s->cpu ? pmukit_direct_moved(s) : 0;
}

static void direct_close(struct pmukit_session *s)
{
	struct direct *d = s->priv;

	if (!d)
		return;
	if (d->full && pmukit_isa_arm_pmu)
		pmukit_direct_restore_setup(s, d);
	/* After the restore: closing ends the access the device gave. */
	if (d->dev_fd >= 0)
		close(d->dev_fd);
	d->dev_fd = -1;
	if (d->pinned)
		pmukit_affinity_restore(&d->old_affinity);
	pmukit_backend_release(s, d->guarded);
}

PMUKIT_BACKEND(direct, direct, "direct", PMUKIT_PATH_DIRECT);
