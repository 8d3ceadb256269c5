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

#define PMUKIT_IOC_MAGIC	0xb6
#define PMUKIT_IOC_COUNTERS	_IOR(PMUKIT_IOC_MAGIC, 1, struct pmukit_dev_counters)

#endif /* PMUKIT_KMOD_DEV_H */
