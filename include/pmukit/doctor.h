/* SPDX-License-Identifier: MIT */
/*
 * Why counters go missing on this machine, and what to do about it: each
 * finding says what is wrong, the file it was read from, the fix (a command
 * or a file fragment) and the access path that works meanwhile. Everything
 * is read from /sys and /proc (under $PMUKIT_SYSFS_ROOT when set, as for
 * machine.h), never guessed: a file that is absent gives no finding.
 */
#ifndef PMUKIT_DOCTOR_H
#define PMUKIT_DOCTOR_H

#include <stddef.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a finding is about: one value per reason counters go missing. */
enum pmukit_finding_kind {
	PMUKIT_FIND_NO_PMU_NODE = 1,	/* no CPU PMU for perf: the device tree lacks the node */
	PMUKIT_FIND_PMU_NAME,		/* perf's PMU driver is named for another core */
	PMUKIT_FIND_NO_IRQ,		/* the PMU has no interrupt: no sampling, no overflow */
	PMUKIT_FIND_VM,			/* a virtual machine: the hypervisor decides */
	PMUKIT_FIND_WATCHDOG,		/* the hard-lockup watchdog holds a counter */
	PMUKIT_FIND_COUNTERS_TAKEN,	/* mode=read: perf gave the module no counter for an event */
	PMUKIT_FIND_PARANOID,		/* kernel.perf_event_paranoid refuses perf */
	PMUKIT_FIND_USER_ACCESS,	/* kernel.perf_user_access = 0: no perf-mmap reads */
	PMUKIT_FIND_MODULE,		/* pmukit.ko not loaded, or not built for this kernel */
	PMUKIT_FIND_MODULE_MODE,	/* loaded in a mode that gives user space nothing here */
	PMUKIT_FIND_KERNEL_EL2,		/* the kernel runs at EL2: what :k counts */
	PMUKIT_FIND_NOT_COUNTING,	/* the counters do not count */
	PMUKIT_FIND_ACCESS_OFF,		/* the module's user access was switched off again */
};

#define PMUKIT_FINDING_TEXT	512

struct pmukit_finding {
	enum pmukit_finding_kind kind;
	const char *name;		/* "no-pmu-node", ...: the kind, for scripts */
	int fix_needed;			/* 1: something is missing and fix says how; 0: a note */
	char what[PMUKIT_FINDING_TEXT];		/* what is wrong (or, for a note, what is so) */
	char evidence[PMUKIT_FINDING_TEXT];	/* the file, register or message that says so */
	char fix[PMUKIT_FINDING_TEXT];		/* a command or a file fragment; "" for a note */
	char works[PMUKIT_FINDING_TEXT];	/* what counts now, without the fix */
};

/**
 * pmukit_doctor() - every reason counters go missing here, with its fix
 * @out: filled with the findings, in the order of enum pmukit_finding_kind
 * @max: room in @out; the findings after that are counted but not stored
 * @flags: 0 (no flags yet)
 *
 * Reads the core types (their MIDR), perf's CPU PMUs and /proc/interrupts,
 * the device tree's model and hypervisor node, /sys/hypervisor, the
 * sysctls kernel.perf_event_paranoid, perf_user_access and nmi_watchdog,
 * /sys/kernel/pmukit (the module's mode, events, kernel_el, id_dfr0,
 * cpu<N>/pmcr, cpu<N>/counters, cpu<N>/user_access), whether this user
 * may open /dev/pmukit, /lib/modules and /boot/config of the running kernel.
 *
 * Return: the number of findings (which may exceed @max), or -EINVAL when
 * @out is NULL with @max not 0 or @flags is not 0.
 */
PMUKIT_API int pmukit_doctor(struct pmukit_finding *out, size_t max, unsigned int flags);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_DOCTOR_H */
