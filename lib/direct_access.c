// SPDX-License-Identifier: MIT
/*
 * The direct path's access: what EL0 may do with the PMU on a CPU (probed
 * under the SIGILL guard), why it may not, and /dev/pmukit, which in
 * mode=read gives its opener full access and names the free counters.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "pmukit/kmod_dev.h"
#include "direct.h"
#include "errors.h"
#include "isa.h"
#include "pmu_support.h"

/* Why EL0 cannot use the PMU on @cpu, for open and detect. */
int pmukit_direct_no_access(int cpu, const struct pmukit_kmod *k, uint32_t userenr, int fault)
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
int pmukit_direct_probe_access(int cpu, const struct pmukit_kmod *k)
{
	uint32_t midr = pmukit_this_midr(), u = 0;
	const struct pmukit_core_def *core = midr ? pmukit_core_by_midr(midr) : NULL;
	int ret = pmukit_core_refusal(midr, core ? core->name : NULL);

	if (ret)
		return ret;	/* an ARM11: no PMU register is touched */
	if (pmukit_isa_read_userenr(&u))
		return pmukit_direct_no_access(cpu, k, 0, 1);
	if (u & PMUKIT_PMUSERENR_EN_BIT)
		return 2;
	if (k->loaded && k->read_mode &&
	    (u & (PMUKIT_PMUSERENR_CR_BIT | PMUKIT_PMUSERENR_ER_BIT)) ==
	    (PMUKIT_PMUSERENR_CR_BIT | PMUKIT_PMUSERENR_ER_BIT))
		return 1;
	return pmukit_direct_no_access(cpu, k, u, 0);
}

/* PMCR of @cpu: the register with EN, else the module's sysfs; 0 unknown. */
uint32_t pmukit_direct_pmcr(int full, int cpu)
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
int pmukit_direct_open_device(int cpu, int say, uint32_t *free)
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

/*
 * A CPU of a scope (perf stat -a): this process's counters on s->cpu, where
 * the calling thread runs, stay there and count every task
 * (PMUKIT_IOC_CPUWIDE on the session's /dev/pmukit, opened here when the
 * session holds none). The module checks the right perf stat -a needs.
 */
int pmukit_direct_cpu_wide(struct pmukit_session *s, struct direct *d)
{
	struct pmukit_dev_counters c;
	int fd, err;

	if (d->dev_fd < 0) {
		fd = pmukit_direct_open_device(s->cpu, 0, &d->free);
		if (fd < 0)
			return pmukit_err(fd, "the direct path counts whole CPUs (-a, -C) through %s, which this process cannot open (%s): run as root, or use the perf path (--path perf)",
					  PMUKIT_DEV_PATH, strerror(-fd));
		d->dev_fd = fd;
	}
	if (ioctl(d->dev_fd, PMUKIT_IOC_CPUWIDE, &c)) {
		err = errno;
		if (err == EACCES)
			return pmukit_err(-EACCES, "counting whole CPUs (-a, -C) on the direct path needs CAP_PERFMON or root (pmukit.ko asks what perf asks of a user when kernel.perf_event_paranoid is above 0); or use the perf path (--path perf) with kernel.perf_event_paranoid 0 or lower");
		if (err == EBUSY)
			return pmukit_err(-EBUSY, "cpu %d is counted whole by another process through %s, or perf and pmukit.ko hold every counter there: end that count, or use the perf path (--path perf)",
					  s->cpu, PMUKIT_DEV_PATH);
		if (err == ENODEV)
			return pmukit_err(-ENODEV, "pmukit.ko does not serve cpu %d (a PMU unlike the others, or set up without it: see the kernel log); the perf path counts it (--path perf)",
					  s->cpu);
		if (err == ENOTTY)
			return pmukit_err(-ENOTTY, "%s cannot count whole CPUs (no PMUKIT_IOC_CPUWIDE: a pmukit.ko older than this library): load a current one, or use the perf path (--path perf)",
					  PMUKIT_DEV_PATH);
		return pmukit_err(-err, "%s: PMUKIT_IOC_CPUWIDE on cpu %d: %s", PMUKIT_DEV_PATH,
				  s->cpu, strerror(err));
	}
	if ((int)c.cpu != s->cpu)
		return pmukit_err(-EINTR, "the thread left CPU %d while %s set it to be counted whole: measure again",
				  s->cpu, PMUKIT_DEV_PATH);
	d->free = c.counters;
	d->have_free = 1;
	return 0;
}
