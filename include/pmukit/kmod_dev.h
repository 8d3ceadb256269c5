/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * /dev/pmukit, the device through which pmukit.ko gives one process full
 * access to the PMU while it runs (see README.md, Security): its name and its
 * ioctls, shared by the module and user space.
 */
#ifndef PMUKIT_KMOD_DEV_H
#define PMUKIT_KMOD_DEV_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define PMUKIT_DEV_NAME		"pmukit"
#define PMUKIT_DEV_PATH		"/dev/pmukit"

/*
 * PMUKIT_IOC_COUNTERS: the counters the calling process may program on the
 * CPU the call ran on (bits 0..30 event counters, bit 31 the cycle counter):
 * every counter neither perf nor the module holds there. A caller pinned to
 * one CPU gets that CPU's answer; perf can take a counter later, which the
 * caller then finds changed (pmukit's library checks before it programs).
 */
struct pmukit_dev_counters {
	__u32 cpu;
	__u32 counters;
};

/*
 * PMUKIT_IOC_ADOPT: the argument (a __s32) is the pid of a child of the
 * calling process: from now on it and its descendants are counted with the
 * caller and share its access (the counters go on counting when the CPU
 * switches between them), until the caller closes the device or adopts
 * another child. A command pmukit runs is adopted so before its exec.
 * EPERM: not a child of the caller; ESRCH: no such process.
 */
/*
 * PMUKIT_IOC_CPUWIDE: the CPU the call runs on is counted whole by the
 * caller: from now on its counters there stay on the PMU and go on counting
 * whatever task runs (access stays the caller's alone, given while it runs
 * there), until the caller's last file of the device is closed. Fills in
 * the CPU and its free counters as PMUKIT_IOC_COUNTERS. Needs what perf
 * stat -a needs of a user who is not paranoid-exempt: CAP_PERFMON (or
 * CAP_SYS_ADMIN), else EACCES. EBUSY: another process counts that CPU
 * whole, or perf and the module hold every counter there. ENODEV: the
 * module does not serve that CPU. With global_full_access=1 nothing
 * switches the counters: the call checks the right and fills in the CPU.
 */
#define PMUKIT_IOC_MAGIC	0xb6
#define PMUKIT_IOC_COUNTERS	_IOR(PMUKIT_IOC_MAGIC, 1, struct pmukit_dev_counters)
#define PMUKIT_IOC_ADOPT	_IOW(PMUKIT_IOC_MAGIC, 2, __s32)
#define PMUKIT_IOC_CPUWIDE	_IOR(PMUKIT_IOC_MAGIC, 3, struct pmukit_dev_counters)

#endif /* PMUKIT_KMOD_DEV_H */
