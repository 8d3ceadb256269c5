/* SPDX-License-Identifier: MIT */
/*
 * The direct path's session state, shared by its files: backend_direct.c
 * (the backend's operations: detect, open, start, stop, close),
 * direct_access.c (what EL0 may do on a CPU, and /dev/pmukit),
 * direct_setup.c (which counter holds which event, and programming them)
 * direct_read.c (reading the counters into counts, the single reads) and
 * direct_cpus.c (a CPU of a scope, run by a thread pinned there).
 */
#ifndef PMUKIT_DIRECT_H
#define PMUKIT_DIRECT_H

#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>

#include "pmukit/pmu_fields.h"
#include "cpu.h"
#include "pmu_info.h"
#include "session.h"
#include "wrap.h"

struct pmukit_backend;
struct pmukit_direct_cpu;

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
	/* A CPU of a scope: the thread that runs the session there (direct_cpus.c). */
	struct pmukit_direct_cpu *unit;
};

/* The CPU the calling thread runs on: rseq's cpu_id where glibc gives it. */
static inline int pmukit_direct_cpu(struct pmukit_session *s)
{
	return s->cpu_now ? *s->cpu_now : pmukit_cpu_now();
}

/* backend_direct.c: the open, on the calling thread's CPU or s->opt_cpu. */
int pmukit_direct_open_here(struct pmukit_session *s);

/* direct_cpus.c: a CPU of a scope (s->unit_cpu), opened on a thread of its own there. */
int pmukit_direct_unit_open(struct pmukit_session *s);
extern const struct pmukit_backend pmukit_backend_direct_cpu;

/* direct_access.c */
int pmukit_direct_no_access(int cpu, const struct pmukit_kmod *k, uint32_t userenr, int fault);
int pmukit_direct_probe_access(int cpu, const struct pmukit_kmod *k);
uint32_t pmukit_direct_pmcr(int full, int cpu);
int pmukit_direct_open_device(int cpu, int say, uint32_t *free);
/* A CPU of a scope: this process's counters on s->cpu count every task there. */
int pmukit_direct_cpu_wide(struct pmukit_session *s, struct direct *d);

/* direct_setup.c */
int pmukit_direct_open_arm(struct pmukit_session *s, struct direct *d);
int pmukit_direct_program(struct pmukit_session *s, struct direct *d);
void pmukit_direct_save_setup(struct pmukit_session *s, struct direct *d);
void pmukit_direct_restore_setup(struct pmukit_session *s, struct direct *d);

/* direct_read.c */
int pmukit_direct_moved(struct pmukit_session *s);
int pmukit_direct_revoked(struct pmukit_session *s);
int pmukit_direct_moved_error(struct pmukit_session *s, struct direct *d);
int pmukit_direct_start_counts(struct pmukit_session *s, struct direct *d, int fresh);
int pmukit_direct_update(struct pmukit_session *s, struct direct *d);
void pmukit_direct_sample1_choose(struct pmukit_session *s, struct direct *d);

#endif /* PMUKIT_DIRECT_H */
