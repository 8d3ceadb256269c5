/* SPDX-License-Identifier: MIT */
/*
 * What libpmukit knows of this machine besides pmukit_pmu_info(): its CPUs
 * and core types, what the PMU supports, the pmukit module's state in
 * /sys/kernel/pmukit and the exception level the kernel runs at.
 *
 * The library reads all of it from /sys and /proc; $PMUKIT_SYSFS_ROOT=DIR
 * makes it read DIR/sys/... and DIR/proc/... instead (tests, diagnosis;
 * ignored by set-user-ID programs). pmukit_sysfile_path() says where a
 * file is read from, for programs that read more of those files.
 */
#ifndef PMUKIT_MACHINE_H
#define PMUKIT_MACHINE_H

#include <dirent.h>
#include <stddef.h>
#include <stdint.h>

#include "events.h"
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where pmukit.ko shows its state, and where perf lists its PMUs. */
#define PMUKIT_SYSFS		"/sys/kernel/pmukit"
#define PMUKIT_PERF_DEVICES	"/sys/bus/event_source/devices"

/**
 * pmukit_sysfile_path() - the file the library opens for a /sys or /proc path
 * @path: an absolute path ("/sys/kernel/pmukit/events")
 * @out: filled with @path, under $PMUKIT_SYSFS_ROOT when that is set and
 *       @path is in /sys or /proc
 * @len: room in @out
 *
 * Return: 0, or -ENAMETOOLONG.
 */
PMUKIT_API int pmukit_sysfile_path(const char *path, char *out, size_t len);

/**
 * pmukit_sysfile_opendir() - opendir() of a /sys or /proc directory
 * @path: an absolute path, opened where pmukit_sysfile_path() says
 *
 * Return: the directory (closedir() it), or NULL with errno set.
 */
PMUKIT_API DIR *pmukit_sysfile_opendir(const char *path);

/**
 * pmukit_perf_event_codes() - the event numbers a perf PMU lists
 * @dir: the PMU's events directory, PMUKIT_PERF_DEVICES "/<pmu>/events"
 * @codes: filled with the "event=" number of each of its files that has
 *         one, in the directory's order
 * @max: room in @codes; the files after that are not read
 *
 * The arm64 driver lists exactly the common events PMCEID reports there.
 *
 * Return: the number of codes stored, or a negative errno when @dir cannot
 * be opened.
 */
PMUKIT_API int pmukit_perf_event_codes(const char *dir, unsigned int *codes, size_t max);

/* ---- CPUs and core types ---------------------------------------------- */

/**
 * pmukit_online_cpus() - the numbers of the online CPUs
 * @cpus: filled with the CPU numbers, in increasing order
 * @max: room in @cpus
 *
 * From /sys/devices/system/cpu/online; where that cannot be read, the CPUs
 * the calling thread may run on.
 *
 * Return: the number of CPUs stored (at most @max), or a negative errno.
 */
PMUKIT_API int pmukit_online_cpus(int *cpus, int max);

/* One CPU's core type (big.LITTLE machines have several). */
struct pmukit_cpu_core {
	uint32_t midr;				/* the type's MIDR; 0 unknown */
	const struct pmukit_core_def *core;	/* its event table; NULL if none */
	uint32_t perf_type;			/* its perf PMU's type; 0 if none found */
	char pmu[64];				/* that PMU's name ("armv8_cortex_a53") or "" */
};

/**
 * pmukit_cpu_core() - the core type of a CPU
 * @cpu: an online CPU
 * @out: filled in when 0 is returned
 *
 * Return: 0; -ENOENT when nothing tells the CPU's type (x86-64, or @cpu
 * not online).
 */
PMUKIT_API int pmukit_cpu_core(int cpu, struct pmukit_cpu_core *out);

/**
 * pmukit_core_types_describe() - the machine's core types, for people
 * @sep: put between two types (", ")
 * @buf: filled with "cortex-a53 (cpus 0-3), cortex-a72 (cpus 4-5)"; a type
 *       not in the tables is "MIDR 0x..."
 * @len: room in @buf (the text is cut to fit)
 *
 * Return: the number of core types named (0 when nothing says, as on x86-64).
 */
PMUKIT_API unsigned int pmukit_core_types_describe(const char *sep, char *buf, size_t len);

/* One core type the calling thread may run on (pmukit_thread_types()). */
struct pmukit_thread_type {
	char name[32];			/* "cortex-a53", or "MIDR 0x..." for a core not in the tables */
	char cpus[64];			/* its CPUs the thread may run on: "0-3" */
	int cpu;			/* the first of them */
	struct pmukit_cpu_core core;	/* the type: MIDR, table, perf PMU */
};

/**
 * pmukit_thread_types() - the core types the calling thread may run on
 * @out: filled with one entry a type, in the machine's order of types
 * @max: room in @out
 *
 * On a big.LITTLE machine a measurement of one type is made on one of its
 * CPUs: pin the thread to @out[i].cpu (a session then counts on that
 * type's PMU with that type's table).
 *
 * Return: the number of types (at most @max; 0 when nothing tells the
 * types, as on x86-64), or a negative errno when the thread's affinity
 * cannot be read.
 */
PMUKIT_API int pmukit_thread_types(struct pmukit_thread_type *out, unsigned int max);

/* ---- what the PMU supports (AArch32 questions; AArch64 is PMUv3) ----- */

/**
 * pmukit_this_pmuv3() - is this core's PMU PMUv3?
 *
 * From ID_DFR0 as pmukit.ko shows it, else from the MIDR.
 *
 * Return: 1 yes, 0 no (PMUv1 or PMUv2), -1 cannot tell.
 */
PMUKIT_API int pmukit_this_pmuv3(void);

/**
 * pmukit_this_level_filter() - do the event counters filter by level?
 * @v3: the PMU is PMUv3 (which always filters)
 * @id_pfr1: set to ID_PFR1 as pmukit.ko shows it, 0 when it does not
 *
 * Whether PMEVTYPER's P and U bits work, from the PMU version, the Security
 * Extensions (ID_PFR1) and the MIDR.
 *
 * Return: 1 yes, 0 no, -1 cannot tell.
 */
PMUKIT_API int pmukit_this_level_filter(int v3, uint32_t *id_pfr1);

/* ---- which events the PMU implements ---------------------------------- */

/* Where pmukit_implemented_load() may look: */
#define PMUKIT_IMPL_SYSFS	1u	/* pmukit.ko's cpuN/pmceid0/1 (their low halves) */
#define PMUKIT_IMPL_REGS	2u	/* PMCEID0/1 read here, where user access allows */
#define PMUKIT_IMPL_PERF	4u	/* the PMUv3 perf driver's events/ list */
#define PMUKIT_IMPL_ALL		7u

#define PMUKIT_IMPL_MAX_PERF	512

/* What one CPU's PMU says it implements, and where that was learnt. */
struct pmukit_implemented {
	int have_ceid;			/* ceid[] holds PMCEID0, PMCEID1 */
	unsigned int ceid_bits;		/* of each: 64, or 32 (no 0x4000 events) */
	uint64_t ceid[2];
	int have_perf;			/* perf[] holds the perf driver's list */
	size_t nperf;
	unsigned int perf[PMUKIT_IMPL_MAX_PERF];
	char source[448];		/* "PMCEID0/1 (/sys/kernel/pmukit/cpu0)", for the user */
	unsigned int ceid_from;		/* PMUKIT_IMPL_SYSFS or _REGS: where ceid[] was read */
	char perf_source[448];		/* "the perf driver (.../events)" when have_perf */
};

/**
 * pmukit_implemented_load() - learn which events a CPU's PMU implements
 * @cpu: the CPU (its core type, on big.LITTLE)
 * @sources: PMUKIT_IMPL_* bits: where to look
 * @im: filled; its source says where the answer comes from, or that
 *      nothing answered
 *
 * PMCEID0/1 from pmukit.ko's sysfs, else read at EL0 (the register is
 * UNDEFINED there unless user access is on; a fault is caught), and the
 * perf driver's list of the CPU's PMU. Only the PMUv3 driver's list is
 * used: it shows the events PMCEID reports, where the ARMv7 driver lists a
 * fixed table that says nothing of the core.
 *
 * Return: 1 when a source answered, 0 when none did.
 */
PMUKIT_API int pmukit_implemented_load(int cpu, unsigned int sources,
				       struct pmukit_implemented *im);

/**
 * pmukit_implemented() - does the PMU implement an event?
 * @im: from pmukit_implemented_load()
 * @code: the event number
 *
 * pmukit_event_supported()'s answer (support.h), without its source.
 *
 * Return: 1 yes, 0 no, -1 cannot tell.
 */
PMUKIT_API int pmukit_implemented(const struct pmukit_implemented *im, unsigned int code);

/* ---- the pmukit module ------------------------------------------------ */

/**
 * pmukit_kmod_cpu_reg() - a PMU register of one CPU as pmukit.ko shows it
 * @cpu: the CPU
 * @reg: the register's file in /sys/kernel/pmukit/cpu<N>/: "pmcr",
 *       "pmceid0", "pmceid1", "pmuserenr", ...
 * @v: the register's value
 *
 * Return: 0; -ENOENT (no module, no such file), -ERANGE, other negative errno.
 */
PMUKIT_API int pmukit_kmod_cpu_reg(int cpu, const char *reg, uint32_t *v);

/**
 * pmukit_kmod_id_reg() - an ID register as pmukit.ko read it at load
 * @name: "id_dfr0" or "id_pfr1" (32-bit kernels)
 * @v: the register's value
 *
 * Return: 0; -ENOENT (no module, or a kernel that does not show it), or
 * another negative errno.
 */
PMUKIT_API int pmukit_kmod_id_reg(const char *name, uint32_t *v);

/**
 * pmukit_kmod_user_access() - is user access on for a CPU, as pmukit.ko says?
 * @cpu: the CPU
 *
 * From /sys/kernel/pmukit/cpu<N>/user_access: PMUSERENR as the module
 * reads it in the kernel, where user space may not.
 *
 * Return: 1 on, 0 off; -ENOENT (no module, no such CPU) or another negative errno.
 */
PMUKIT_API int pmukit_kmod_user_access(int cpu);

/**
 * pmukit_kmod_events() - the events pmukit.ko reserves in mode=read
 * @buf: filled with its events parameter as the module shows it ("0x8,0x11"),
 *       "" when it has none
 * @len: room in @buf
 *
 * Return: 0; -ENOENT (module not loaded) or another negative errno.
 */
PMUKIT_API int pmukit_kmod_events(char *buf, size_t len);

/**
 * pmukit_kmod_rearm() - have pmukit.ko set up every CPU's PMU again
 *
 * A perf session clears PMUSERENR (and may stop the counters) on the CPUs
 * it ran on; writing /sys/kernel/pmukit/rearm re-applies the module's
 * settings on every CPU (root only, as the file is).
 *
 * Return: 0; -ENOENT (module not loaded), -EACCES, or another negative errno.
 */
PMUKIT_API int pmukit_kmod_rearm(void);

/**
 * pmukit_nmi_watchdog() - kernel.nmi_watchdog
 *
 * Where the hard-lockup watchdog is perf-based, it holds a PMU counter
 * (on PMUv3 the cycle counter) for as long as it runs.
 *
 * Return: the sysctl's value (0: off), or a negative errno (-ENOENT: a kernel without it).
 */
PMUKIT_API int pmukit_nmi_watchdog(void);

/**
 * pmukit_kernel_el() - the exception level the kernel runs at
 *
 * User space cannot read CurrentEL: pmukit.ko reports it.
 *
 * Return: 1 (EL1), 2 (EL2, VHE), or 0: unknown (module not loaded, or too old).
 */
PMUKIT_API unsigned int pmukit_kernel_el(void);

/**
 * pmukit_kernel_el_note() - where the kernel runs and what ":k" counts
 * @kernel_el: as pmukit_kernel_el() returns it
 *
 * Return: a sentence for people (a constant string).
 */
PMUKIT_API const char *pmukit_kernel_el_note(unsigned int kernel_el);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_MACHINE_H */
