/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pmukit kernel module: internal interfaces between its files.
 */
#ifndef PMUKIT_KMOD_H
#define PMUKIT_KMOD_H

#include <linux/types.h>
#include <pmukit/pmu_id.h>
#include <pmukit/pmu_levels.h>
#include <pmukit/sysreg.h>

enum pmukit_mode {
	PMUKIT_MODE_FULL,	/* EL0 may program the PMU */
	PMUKIT_MODE_READ,	/* EL0 may only read; the module programs counters */
};

/* One counter the module programs from the events= parameter. */
struct pmukit_event {
	u32 code;		/* PMEVTYPER.evtCount */
	u32 filter;		/* PMEVTYPER P/U/NSH bits (pmukit_level_filter) */
};

/* What the module applies on every CPU, fixed at load time. */
struct pmukit_config {
	enum pmukit_mode mode;
	bool reset;
	bool divider64;
	bool hotplug;		/* keep access across CPU hotplug (testing switch) */
	bool pmuv3;		/* PMUv3: CR/ER bits, PMCCFILTR, PMCR.LC, PMCEID */
	unsigned int kernel_el;	/* 1, or 2: the kernel runs at EL2 (VHE) */
	bool level_filter;	/* PMEVTYPER has P/U (pmu_id.h) */
	unsigned int pmu_version;	/* ID_AA64DFR0.PMUVer / ID_DFR0.PerfMon encoding */
	struct pmukit_pmu_caps caps;	/* what every CPU's PMU has (pmu_id.h) */
	unsigned int ncounters;	/* PMCR.N of the probing CPU */
	u32 midr, id_dfr0, id_pfr1;	/* AArch32: as read at load, for sysfs */
	unsigned int nevents;
	struct pmukit_event events[PMUKIT_MAX_EVENT_COUNTERS];
};

/* PMU registers as read on one CPU, for sysfs and the load report. */
struct pmukit_cpu_regs {
	u32 pmuserenr;
	u32 pmcr;
	u32 pmcntenset;
	u32 pmceid0;
	u32 pmceid1;
};

struct pmukit_selftest_result {
	bool valid;
	bool stopped;		/* the cycle counter does not count: PMCR.E or PMCNTENSET.C clear */
	bool filtered;		/* ... or not at the kernel's level (PMCCFILTR) */
	u32 pmcr, pmcntenset, pmccfiltr;	/* as read before the test */
	u32 samples;		/* deltas used */
	u32 wrapped;		/* pairs skipped: the counter wrapped between them */
	u32 outliers;		/* deltas over PMUKIT_SELFTEST_MAX_DELTA, not used */
	u64 min, max;
	u64 mean_x100;		/* mean * 100, rounded */
	u64 sd_x100;		/* population standard deviation * 100 */
};

extern struct pmukit_config pmukit_cfg;

/* Where EL0 reads the module's counts on one CPU (mode=read): counter numbers. */
#define PMUKIT_NO_COUNTER	0xff
struct pmukit_cpu_map {
	u8 counter[PMUKIT_MAX_EVENT_COUNTERS];	/* events= entry i, or PMUKIT_NO_COUNTER */
	u8 cycles;	/* CPU_CYCLES at every level: 31 the cycle counter */
	u32 owned;	/* every counter the module holds, chained halves too */
};

/* Counters kept while they are not there (switched out, over idle): types and counts. */
struct pmukit_counters {
	u32 type[PMUKIT_MAX_EVENT_COUNTERS];	/* PMEVTYPERn */
	u64 value[PMUKIT_MAX_EVENT_COUNTERS];	/* PMEVCNTRn */
	u64 ccnt;				/* PMCCNTR */
	u32 ccfiltr;				/* PMCCFILTR (PMUv3) */
};

/* A process's PMU state on one CPU, kept while /dev/pmukit's holder is switched out. */
struct pmukit_task_pmu {
	u32 mask;		/* the counters it had: free of perf and the module */
	u32 enabled;		/* PMCNTENSET of those */
	u32 overflow;		/* PMOVSSET of those */
	u32 pmcr;		/* as it left it: D and LC are put back with the cycle counter */
	u32 pmselr;
	struct pmukit_counters c;	/* the counters of mask */
};

/* pmukit_cpu.c: per-CPU setup, run on the CPU concerned with interrupts off. */
void pmukit_cpu_setup(void);
void pmukit_cpu_reapply(void);
void pmukit_cpu_idle_enter(void);
void pmukit_cpu_giveback(void);
bool pmukit_cpu_active(unsigned int cpu);
const struct pmukit_cpu_map *pmukit_cpu_map(unsigned int cpu);
u32 pmukit_perf_counters(u32 pmcr);
/*
 * mode=read: the overflow flags of the module's counters on this CPU,
 * consumed (run on that CPU); @count[c]: how many times counter c's flag
 * was found set since the CPU was set up (31: the cycle counter).
 */
void pmukit_cpu_take_overflows(void *count);
/* /dev/pmukit's holder on this CPU, interrupts off (pmukit_task.c calls these). */
u32 pmukit_cpu_task_counters(void);
bool pmukit_cpu_task_in(const struct pmukit_task_pmu *t);
void pmukit_cpu_task_out(struct pmukit_task_pmu *t);
/* ... which counts this CPU whole (PMUKIT_IOC_CPUWIDE): its counters stay at every switch. */
void pmukit_cpu_task_wide(bool wide);
void pmukit_cpu_task_access(bool on);
void pmukit_cpu_read_regs(struct pmukit_cpu_regs *regs);
bool pmukit_user_access_on(u32 pmuserenr);
const char *pmukit_mode_name(enum pmukit_mode mode);	/* sysfs mode: "read", "full" */
const char *pmukit_mode_param(enum pmukit_mode mode);
/* Under cpus_read_lock(): the fewest PMCR.N among online CPUs, and its CPU. */
u32 pmukit_cpus_min_counters(unsigned int *which);

/* pmukit_reserve.c: mode=read counters reserved through perf (may sleep). */
int pmukit_reserve_cpu(unsigned int cpu);
void pmukit_release_cpu(unsigned int cpu);
bool pmukit_reserved_on(unsigned int cpu);
/* perf drives @cpu's PMU but could not reserve (no 64-bit events there). */
bool pmukit_perf_beside(unsigned int cpu);
u32 pmukit_reserved_counter(unsigned int cpu, unsigned int i);
u32 pmukit_reserved_code(unsigned int i);
/* The perf events the module holds now, on every CPU (0 after the unload's release). */
unsigned int pmukit_reserved_count(void);

/* pmukit_report.c: the one-line summary of every CPU at load. */
void pmukit_load_report(void);

/* pmukit_params.c: module parameters, validated before anything is touched. */
int pmukit_params_parse(struct pmukit_config *cfg);
/* On the CPU concerned: 0 if its PMU allows the setup of every other CPU, else -ENODEV. */
int pmukit_cpu_check(void);
/* The event's level suffix as given: ":u", ":k", or "" (every level). */
const char *pmukit_event_levels(const struct pmukit_event *ev);
/* "PMUv1 (ID_DFR0.PerfMon 0, implied by MIDR 0x410fc090)" and the like. */
void pmukit_pmu_describe(const struct pmukit_config *cfg, char *buf, size_t len);

/* pmukit_selftest.c: back-to-back cycle-counter reads on the current CPU. */
#define PMUKIT_SELFTEST_READS	101	/* 100 deltas */
void pmukit_selftest_cpu(struct pmukit_selftest_result *res);

/* pmukit_task.c: /dev/pmukit and the scheduler hook (not in global full access). */
int pmukit_task_init(void);
void pmukit_task_exit(void);
/* The processes holding /dev/pmukit now. */
unsigned int pmukit_task_holders(void);
/* On a CPU going offline, interrupts off: whoever counts it whole stops there. */
void pmukit_task_cpu_down(void);

/* pmukit_sysfs.c */
int pmukit_sysfs_init(void);
void pmukit_sysfs_exit(void);

/* pmukit_main.c: re-apply the setup on every online CPU. */
void pmukit_rearm_all(void);
/* CPU PM exits handled since load, summed over every CPU. */
unsigned long pmukit_idle_exits(void);

#endif /* PMUKIT_KMOD_H */
