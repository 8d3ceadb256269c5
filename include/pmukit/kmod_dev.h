/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * /dev/pmukit, the device through which pmukit.ko gives one process full
 * access to the PMU while it runs (see README.md, Security): its name and its
 * ioctl, shared by the module and user space.
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
#define PMUKIT_IOC_MAGIC	0xb6
#define PMUKIT_IOC_COUNTERS	_IOR(PMUKIT_IOC_MAGIC, 1, struct pmukit_dev_counters)
#define PMUKIT_IOC_ADOPT	_IOW(PMUKIT_IOC_MAGIC, 2, __s32)

#endif /* PMUKIT_KMOD_DEV_H */
