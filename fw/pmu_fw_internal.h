/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Internal state of the firmware profiling library, the interface between the
 * ISA-independent code (pmu_fw.c, fw_passes.c, report_metrics.c) and the exception
 * level rules of each ISA (el_aarch64.c, el_aarch32.c), and the output and
 * integer helpers. Layers, each calling only those below it: the report
 * (report.c, fw_passes.c's merged report, report_metrics.c), what a run found
 * (result.c), the measuring code (pmu_fw.c, el_*.c), the output (output.c).
 */
#ifndef PMUKIT_FW_INTERNAL_H
#define PMUKIT_FW_INTERNAL_H

#include <pmukit/sysreg.h>
#include "pmukit_fw.h"

/* What pmukit_fw_start() found, restored by pmukit_fw_stop(). */
struct pmukit_fw_saved {
	pmukit_ureg_t pmcr;
	pmukit_ureg_t pmcntenset;
	pmukit_ureg_t pmintenset;
	pmukit_ureg_t pmovsset;
	pmukit_ureg_t pmselr;
	pmukit_ureg_t pmuserenr;
	pmukit_ureg_t ccfiltr;
	uint64_t ccntr;
	pmukit_ureg_t evtyper[PMUKIT_FW_MAX_COUNTERS];
	uint64_t evcntr[PMUKIT_FW_MAX_COUNTERS];
	uint64_t mdcr;		/* MDCR_EL3 or MDCR_EL2 (SDCR or HDCR) at EL3/EL2 */
	int mdcr_saved;
};

struct pmukit_fw_state {
	/*
	 * PMCNTENSET/PMCNTENCLR bits of the selected counters. First, so that
	 * the start and stop writes load it without an offset.
	 */
	pmukit_ureg_t mask;
	int active;
	struct pmukit_fw_event *ev;	/* the running selection */
	unsigned int n;			/* PMCR.N at this level */
	unsigned int nev;		/* event counters in use: 0..nev-1 */
	/* Set by pmukit_fw_arch_init() */
	unsigned int el;		/* 3, 2, 1 (AArch32: 3 Secure PL1/MON, 2 HYP, 1 NS PL1) */
	unsigned int pmu_version;	/* ID_AA64DFR0.PMUVer or ID_DFR0.PerfMon */
	const char *level_name;
	pmukit_ureg_t filter;		/* PMEVTYPER/PMCCFILTR bits: count here, nowhere else */
	pmukit_ureg_t pmcr_set;		/* PMCR bits this ISA sets (LC, LP) */
	unsigned int evt_mask;		/* PMEVTYPER.evtCount width */
	int ev_64bit;			/* event counters are 64 bits wide (PMCR.LP) */
	int cc_64bit;			/* the cycle counter is read as 64 bits */
	int prohibited;			/* event counting is prohibited here */
	struct pmukit_fw_saved saved;
	int ceid_valid;			/* ceid[] was read (PMUv3) */
	uint64_t ceid[2];		/* PMCEID0, PMCEID1 (core/pmceid.c decodes them) */
	unsigned int ceid_bits;		/* of each: 64 on AArch64, 32 on AArch32 */
};

extern struct pmukit_fw_state pmukit_fw_st;

/*
 * The measuring code (pmu_fw.c) under the report (report.c): after
 * pmukit_fw_counters_stop() (pmu_fw_stop.h), reads the post-values, sets
 * each entry's flags and restores the PMU. Return: 0, PMUKIT_FW_EOVERFLOW,
 * or PMUKIT_FW_ENOENT (not the running selection: nothing read, said so).
 */
int pmukit_fw_finish(struct pmukit_fw_event *ev);

/* Exception level rules: el_aarch64.c or el_aarch32.c. */
int pmukit_fw_arch_init(struct pmukit_fw_state *s);
/* The counting rules of this level (MDCR_EL3/MDCR_EL2, SDCR/HDCR): 0, or -1 if it has none. */
int pmukit_fw_arch_read_mdcr(const struct pmukit_fw_state *s, uint64_t *v);
void pmukit_fw_arch_write_mdcr(const struct pmukit_fw_state *s, uint64_t v);
void pmukit_fw_arch_allow(struct pmukit_fw_state *s);
/* Event counting found prohibited: may fix it (return 1: probe again) or explain. */
int pmukit_fw_arch_prohibited(struct pmukit_fw_state *s);
pmukit_ureg_t pmukit_fw_arch_read_ccfiltr(const struct pmukit_fw_state *s);
void pmukit_fw_arch_write_ccfiltr(const struct pmukit_fw_state *s, pmukit_ureg_t v);

/* Output (output.c): one line is assembled, then sent to the hook. */
struct pmukit_fw_line {
	char buf[128];
	unsigned int len;
};

void pmukit_fw_line_str(struct pmukit_fw_line *l, const char *s);
void pmukit_fw_line_char(struct pmukit_fw_line *l, char c);
void pmukit_fw_line_u64(struct pmukit_fw_line *l, uint64_t v);
void pmukit_fw_line_hex(struct pmukit_fw_line *l, uint64_t v);
/* v / 10^decimals with that many decimals: 1234, 3 -> "1.234" */
void pmukit_fw_line_fixed(struct pmukit_fw_line *l, uint64_t v, unsigned int decimals);
void pmukit_fw_line_end(struct pmukit_fw_line *l);	/* adds '\n' and sends */
void pmukit_fw_rule(void);				/* a line of dashes */

/* Metrics (report_metrics.c): what a report knows of one event a metric uses. */
struct pmukit_fw_mval {
	int valid;		/* a count: no overflow, counting allowed */
	int prohibited;		/* invalid because counting is prohibited here */
	uint64_t count;
	uint64_t cycles;	/* CYCLES of the pass that counted it */
	int have_cycles;
	int cycles_valid;	/* that CYCLES did not overflow */
	unsigned int pass;	/* 1-based; 0 for a single run */
};

/*
 * A report's counts: fills @v for event @number (PMUKIT_FW_CYCLES: the
 * cycle counter) as counted in @pass (1-based; 0: the first pass that has
 * it) and returns 1, or returns 0 when it was not counted there.
 */
typedef int (*pmukit_fw_mval_get)(const void *ctx, int number, unsigned int pass,
				  struct pmukit_fw_mval *v);

/* The image's metric set (metrics.c; pmukit_fw_metrics.h chooses another). */
struct pmukit_metric_set;
const struct pmukit_metric_set *pmukit_fw_metric_set(void);

/*
 * Prints every metric of the image's set whose events @get has, topdown
 * stage 1 first; with @nonly, only the metrics listed in @only.
 */
void pmukit_fw_metrics_emit(pmukit_fw_mval_get get, const void *ctx,
			    const unsigned int *only, unsigned int nonly);

/*
 * Does the PMU of the last session implement event @number, as PMCEID0/1
 * say? 1 yes, 0 no, -1 cannot tell (no PMUv3, no session, a number without
 * a PMCEID bit, an 0x4000 event on AArch32) (result.c).
 */
int pmukit_fw_event_implemented(int number);

/* Event delta as the stop code left it (result.c). */
int pmukit_fw_event_delta(const struct pmukit_fw_event *e, pmukit_fw_u64 *delta);

#endif /* PMUKIT_FW_INTERNAL_H */
