/* SPDX-License-Identifier: MIT */
/*
 * The pmukit command's own logic, without hardware: how events are split
 * into passes, which specs count cycles, derived metrics, and the decoding
 * of register fields. Table rows carry their __LINE__.
 */
#include <errno.h>
#include <string.h>

#include "stat_metrics.h"
#include "cycles.h"
#include "regs.h"
#include "support.h"
#include "core/compiler.h"
#include "../tap.h"
#include "util.h"


static void test_is_cycles(void)
{
	static const struct {
		int line;
		const char *spec;
		int want;
	} rows[] = {
		{ __LINE__, "CPU_CYCLES", 1 },
		{ __LINE__, "cpu_cycles:u", 1 },
		{ __LINE__, "r11", 1 },
		{ __LINE__, "0x11:k", 1 },
		{ __LINE__, "cycles", 1 },
		{ __LINE__, "cpu-cycles:uk", 1 },
		{ __LINE__, "CYCLES", 1 },		/* the firmware's cycle counter */
		{ __LINE__, "cycles:u", 1 },
		{ __LINE__, "cortex-a53/CPU_CYCLES:u/", 1 },	/* pmukit stat, a core type's */
		{ __LINE__, "armv8_cortex_a53/cpu_cycles/u", 1 },	/* perf on a hybrid machine */
		{ __LINE__, "cpu_core/cycles/", 1 },
		{ __LINE__, "cortex-a72/INST_RETIRED:u/", 0 },
		{ __LINE__, "CYCLES_X", 0 },
		{ __LINE__, "INST_RETIRED", 0 },
		{ __LINE__, "r08", 0 },
		{ __LINE__, "BUS_CYCLES", 0 },
		{ __LINE__, "task-clock", 0 },
		{ __LINE__, "", 0 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++)
		tap_ok(spec_is_cycles(rows[i].spec) == rows[i].want, "line %d: '%s' %s cycles",
		       rows[i].line, rows[i].spec, rows[i].want ? "counts" : "does not count");
}

/* An empty report of @npasses passes whose cycles are @cycles_ref (-1: none). */
static void start(struct stat_report *r, unsigned int npasses, int cycles_ref)
{
	memset(r, 0, sizeof(*r));
	r->npasses = npasses;
	r->cycles_ref = cycles_ref;
}

/* A row of event @name ("INST_RETIRED:u"), which stat's plan would have parsed. */
static void add(struct stat_report *r, const char *name, unsigned int pass, double mean)
{
	struct stat_event *e = &r->ev[r->nev++];

	memset(e, 0, sizeof(*e));
	snprintf(e->name, sizeof(e->name), "%s", name);
	e->ev = parsed_event(name);
	e->pass = pass;
	e->st.mean = mean;
	e->st.n = 1;
}

/* Two passes of 1000 and 2000 cycles: CPU_CYCLES and @first in pass 1, @second in pass 2. */
static void two_passes(struct stat_report *r, const char *first, double m1, const char *second,
		       double m2)
{
	start(r, 2, 0);
	add(r, "CPU_CYCLES:u", 1, 1500);
	add(r, first, 1, m1);
	add(r, second, 2, m2);
	r->pass_cycles[0] = 1000;
	r->pass_cycles[1] = 2000;
}

static void test_metrics(void)
{
	static struct stat_report r;

	start(&r, 1, -1);
	add(&r, "CPU_CYCLES:u", 1, 2000);
	add(&r, "INST_RETIRED:u", 1, 3000);
	add(&r, "BR_MIS_PRED_RETIRED:u", 1, 5);
	add(&r, "BR_RETIRED:u", 1, 500);
	metrics_compute(&r);
	tap_eq(r.nmetrics, 2, "IPC and branch mispredict rate from *_RETIRED");
	tap_ok(!strcmp(r.metric[0].name, "IPC") && r.metric[0].value == 1.5 &&
	       r.metric[0].event == 1, "IPC = INST_RETIRED / CPU_CYCLES = 1.5, on the instructions' row");
	tap_ok(r.metric[1].value == 1.0 && !strcmp(r.metric[1].unit, "%"),
	       "branch mispredict rate 5 / 500 = 1%%");

	/* Levels: user instructions are divided by user cycles, not by all cycles. */
	start(&r, 1, -1);
	add(&r, "CPU_CYCLES:uk", 1, 10000);
	add(&r, "INST_RETIRED:u", 1, 3000);
	add(&r, "CPU_CYCLES:u", 1, 6000);
	metrics_compute(&r);
	tap_ok(r.nmetrics == 1 && r.metric[0].value == 0.5, "IPC pairs events of the same levels");

	/* Passes: instructions of pass 2 divided by the cycles of pass 2. */
	two_passes(&r, "L1D_CACHE:u", 100, "INST_RETIRED:u", 4000);
	metrics_compute(&r);
	tap_ok(r.nmetrics == 1 && r.metric[0].value == 2.0 && !r.metric[0].cross_pass,
	       "IPC in pass 2 uses pass 2's cycles");

	/* A rate of two passes: the other pass's count scaled by the passes' cycles. */
	two_passes(&r, "L1D_CACHE:u", 40000, "L1D_CACHE_REFILL:u", 1000);
	metrics_compute(&r);
	tap_ok(r.nmetrics == 1 && r.metric[0].cross_pass && r.metric[0].value == 1.25,
	       "L1D refill rate over passes: 1000 / (40000 x 2000 / 1000) = 1.25 %%");

	/* The pass that counted all of a metric's events, before the first event's first row. */
	start(&r, 2, -1);
	add(&r, "INST_RETIRED:u", 1, 3000);
	add(&r, "INST_RETIRED:k", 2, 500);
	add(&r, "CPU_CYCLES:k", 2, 1000);
	metrics_compute(&r);
	tap_ok(r.nmetrics == 1 && r.metric[0].value == 0.5 && !r.metric[0].cross_pass &&
	       r.metric[0].event == 1, "IPC from pass 2, which counted both events: 500 / 1000");

	/* Metrics only from the user's events, never from the added cycles. */
	two_passes(&r, "L1D_CACHE:u", 100, "INST_RETIRED:u", 4000);
	r.ev[0].added = 1;
	metrics_compute(&r);
	tap_eq(r.nmetrics, 0, "no IPC from cycles pmukit added for the passes");

	/* Nothing to divide by. */
	start(&r, 1, -1);
	add(&r, "CPU_CYCLES:u", 1, 0);
	add(&r, "INST_RETIRED:u", 1, 10);
	metrics_compute(&r);
	tap_ok(r.nmetrics == 1 && r.metric[0].value == 0.0, "zero cycles: IPC 0, no division by 0");
}

static void test_decode(void)
{
	static const struct {
		int line;
		enum reg_kind kind;
		uint64_t v;
		const char *want;	/* a part of the text */
	} rows[] = {
		{ __LINE__, REG_PMCR, 0x41033041, "IMP=0x41 IDCODE=0x03 N=6 LP=0 LC=1 DP=0 X=0 D=0 E=1" },
		{ __LINE__, REG_PMCR, 0x41033040, "DISABLED" },
		{ __LINE__, REG_PMCR, 0x410f3001, "N=6" },
		{ __LINE__, REG_PMCR, 0x41072009, "cycle counter every 64th cycle" },
		{ __LINE__, REG_CNTEN, 0x80000003, "enabled: cycle counter, event counters 0,1" },
		{ __LINE__, REG_CNTEN, 0x00000004, "enabled: event counters 2" },
		{ __LINE__, REG_CNTEN, 0, "enabled: none" },
		{ __LINE__, REG_OVS, 0x80000000, "overflowed: cycle counter" },
		{ __LINE__, REG_PMUSERENR, 0xf, "EN=1 SW=1 CR=1 ER=1: user space may program" },
		{ __LINE__, REG_PMUSERENR, 0xc, "may read the cycle and event counters" },
		{ __LINE__, REG_PMUSERENR, 0x4, "may read the cycle counter" },
		{ __LINE__, REG_PMUSERENR, 0, "no user access" },
		{ __LINE__, REG_FILTER, 0, "counts at EL0 EL1 (Non-secure)" },
		{ __LINE__, REG_FILTER, 0x80000000, "counts at EL0 (Non-secure)" },
		{ __LINE__, REG_FILTER, 0x40000000, "counts at EL1 (Non-secure)" },
		{ __LINE__, REG_FILTER, 0xa0000000, "counts at EL0 EL1 (Non-secure)" },
		{ __LINE__, REG_FILTER, 0xc8000000, "counts at EL2 (Non-secure)" },
		{ __LINE__, REG_SELR, 31, "SEL=31: the cycle counter's filter" },
		{ __LINE__, REG_SELR, 3, "SEL=3: event counter 3" },
		{ __LINE__, REG_CEID0, 0x00020101, "implements SW_INCR INST_RETIRED CPU_CYCLES" },
		{ __LINE__, REG_CEID1, 0x2, "implements " },
		{ __LINE__, REG_CEID0, 0, "no common event" },
		/* The high halves (AArch64): 0x4000 + bit - 32. */
		{ __LINE__, REG_CEID0, 0x0000002000000001ULL, "implements SW_INCR STALL_BACKEND_MEM" },
		{ __LINE__, REG_CEID1, 0x8000000000000000ULL, "implements 0x403f" },
		{ __LINE__, REG_FREQ, 62500000, "62500000 Hz (62.500 MHz)" },
		{ __LINE__, REG_COUNT, 12345, "12345" },
	};
	char buf[512];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		reg_decode(rows[i].kind, rows[i].v, buf, sizeof(buf));
		if (!tap_ok(strstr(buf, rows[i].want) != NULL, "line %d: 0x%llx -> '%s'",
			    rows[i].line, (unsigned long long)rows[i].v, rows[i].want))
			tap_diag("  got '%s'", buf);
	}
	reg_decode(REG_PMCR, 0x41033041, buf, 20);
	tap_ok(strlen(buf) < 20, "decoding stops at the buffer's end");
}

/* The selftest's note on events it cannot tell apart: one plain sentence. */
static void test_caveat(void)
{
	static const struct {
		int line, armv7, perf;
		const char *want;
	} rows[] = {
		{ __LINE__, 1, 0, "ARMv7 has no PMCEID and the kernel lists no perf events, so a 0 cannot be told from an event the core lacks." },
		{ __LINE__, 0, 0, "PMCEID is not readable here (pmukit.ko shows it) and the kernel lists no perf events, so a 0 cannot be told from an event the core lacks." },
		{ __LINE__, 1, 1, "ARMv7 has no PMCEID, so the implemented events come from perf's event list only: a 0 for an event it does not list cannot be told from an event the core lacks." },
	};
	struct pmukit_implemented sup;
	char buf[640];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		memset(&sup, 0, sizeof(sup));
		sup.have_perf = rows[i].perf;
		snprintf(sup.source, sizeof(sup.source), "perf's event list");
		support_caveat(&sup, rows[i].armv7, buf, sizeof(buf));
		tap_ok(!strcmp(buf, rows[i].want), "line %d: selftest caveat '%s'", rows[i].line, buf);
	}
}

int main(void)
{
	test_is_cycles();
	test_metrics();
	test_decode();
	test_caveat();
	return tap_done();
}
