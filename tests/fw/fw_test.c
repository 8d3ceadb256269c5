/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Test firmware for the firmware library: one image per exception level
 * (and mode), run under QEMU with -icount shift=0 by the TAP scripts. Each
 * scenario prints the library's own output and one "T <scenario> key=value
 * ..." line that the TAP scripts check.
 *
 * Event numbers are PMUKIT_EVT_<NAME> of the emulated core (Cortex-A53 on
 * AArch64, Cortex-A15 on AArch32); those used are architectural, the same
 * on both: only SW_INCR, INST_RETIRED and CPU_CYCLES count in QEMU.
 */
#if defined(__aarch64__)
#define PMUKIT_FW_CORE_EVENTS "cortex_a53.def"
#else
#define PMUKIT_FW_CORE_EVENTS "cortex_a15.def"
#endif

#include <pmukit/sysreg.h>
#include "pmukit_fw.h"
#include "pmukit_fw_events.h"
#include "pmukit_fw_pmuv3.h"
#include "board.h"

/* Events QEMU accepts but never counts: the values stay put. */
#define UNCOUNTED_EVENT_BASE	0x20

/* The events of the exact and overflow scenarios: two counters and the cycle counter. */
#define INST_CYCLES_EVENTS {						\
	PMUKIT_FW_EV("INST_RETIRED", PMUKIT_EVT_INST_RETIRED),		\
	PMUKIT_FW_EV("CPU_CYCLES", PMUKIT_EVT_CPU_CYCLES),		\
	PMUKIT_FW_EV_CYCLES,						\
	PMUKIT_FW_EV_END						\
}

/* region_aarch64.S / region_aarch32.S */
int test_region(struct pmukit_fw_event *ev, unsigned long n);
void test_loop(unsigned long n);

static unsigned int el;		/* 3, 2, 1; AArch32: 2 in HYP, 1 otherwise */
static unsigned int ncnt;	/* PMCR.N */
static uint64_t boot_mdcr;

/* ---- output ---- */

static void t_begin(const char *name)
{
	pmukit_fw_print("T ");
	pmukit_fw_print(name);
}

static void t_u(const char *key, uint64_t v)
{
	pmukit_fw_print(" ");
	pmukit_fw_print(key);
	pmukit_fw_print("=");
	pmukit_fw_print_u64(v);
}

static void t_s(const char *key, int64_t v)
{
	pmukit_fw_print(" ");
	pmukit_fw_print(key);
	pmukit_fw_print("=");
	if (v < 0) {
		pmukit_fw_print("-");
		v = -v;
	}
	pmukit_fw_print_u64((uint64_t)v);
}

static void t_x(const char *key, uint64_t v)
{
	pmukit_fw_print(" ");
	pmukit_fw_print(key);
	pmukit_fw_print("=");
	pmukit_fw_print_hex(v);
}

static void t_end(void)
{
	pmukit_fw_print("\n");
}

/* A counted delta, or a large marker when there is none. */
static uint64_t delta_of(const struct pmukit_fw_event *e)
{
	pmukit_fw_u64 d;

	return pmukit_fw_delta(e, &d) == 0 ? d : 999999999999ULL;
}

/* ---- level registers: MDCR_EL3/MDCR_EL2 (HDCR) where this level has them ---- */

static int have_mdcr(void)
{
#if defined(__aarch64__)
	return el >= 2;
#else
	return el == 2;
#endif
}

static uint64_t mdcr_read(void)
{
#if defined(__aarch64__)
	if (el == 3)
		return pmukit_read_mdcr_el3();
	if (el == 2)
		return pmukit_read_mdcr_el2();
#else
	if (el == 2)
		return pmukit_read_hdcr();
#endif
	return 0;
}

static void mdcr_write(uint64_t v)
{
#if defined(__aarch64__)
	if (el == 3)
		pmukit_write_mdcr_el3(v);	/* MDCR_EL3: the scenario's value */
	else if (el == 2)
		pmukit_write_mdcr_el2(v);	/* MDCR_EL2: the scenario's value */
#else
	if (el == 2)
		pmukit_write_hdcr((pmukit_ureg_t)v);	/* HDCR: the scenario's value */
#endif
	pmukit_isb();
}

static uint64_t ccfiltr_read(void)
{
#if defined(__aarch64__)
	return pmukit_read_pmccfiltr();
#else
	return pmukit_read_pmevtyper(PMUKIT_CYCLE_COUNTER_IDX);
#endif
}

static void ccfiltr_write(pmukit_ureg_t v)
{
#if defined(__aarch64__)
	pmukit_write_pmccfiltr(v);	/* PMCCFILTR_EL0: the scenario's value */
#else
	pmukit_write_pmevtyper(PMUKIT_CYCLE_COUNTER_IDX, v);	/* PMCCFILTR via PMSELR 31 */
#endif
}

static pmukit_ureg_t all_counters(void)
{
	return PMUKIT_CYCLE_COUNTER_BIT | (((pmukit_ureg_t)1 << ncnt) - 1);
}

/* Every scenario starts from the same PMU state. */
static void pmu_clean(void)
{
	unsigned int i;

	pmukit_write_pmcntenclr(all_counters());	/* PMCNTENCLR: all off */
	pmukit_write_pmintenclr(all_counters());	/* PMINTENCLR: no interrupts */
	pmukit_write_pmovsclr(all_counters());	/* PMOVSCLR: no overflow flags */
	pmukit_write_pmcr(PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT);	/* PMCR: disabled, counters reset */
	for (i = 0; i < ncnt; i++)
		pmukit_write_pmevtyper(i, 0);	/* PMEVTYPER<n>: SW_INCR, no filter */
	ccfiltr_write(0);
	pmukit_write_pmselr(0);			/* PMSELR: counter 0 */
	pmukit_write_pmuserenr(0);		/* PMUSERENR: no EL0 access */
	if (have_mdcr())
		mdcr_write(boot_mdcr);
	pmukit_isb();
}

/* Counts one event on one counter directly, without the library. */
static uint64_t raw_count(unsigned int idx, pmukit_ureg_t type, unsigned long n)
{
	pmukit_write_pmevtyper(idx, type);	/* PMEVTYPER<idx>: event and filter under test */
	pmukit_write_pmevcntr(idx, 0);		/* PMEVCNTR<idx>: from 0 */
	pmukit_write_pmcr(PMUKIT_PMCR_E_BIT);		/* PMCR.E: counters enabled */
	pmukit_write_pmcntenset((pmukit_ureg_t)1 << idx);	/* PMCNTENSET: this counter */
	pmukit_isb();
	test_loop(n);
	pmukit_write_pmcntenclr((pmukit_ureg_t)1 << idx);	/* PMCNTENCLR: stop it */
	pmukit_isb();
	return pmukit_read_pmevcntr(idx);
}

/* ---- scenarios ---- */

static void scenario_exact(const char *name, unsigned long n)
{
	struct pmukit_fw_event ev[] = INST_CYCLES_EVENTS;
	int rc;

	pmu_clean();
	rc = test_region(ev, n);
	t_begin(name);
	t_u("n", n);
	t_s("rc", rc);
	t_u("inst", delta_of(&ev[0]));
	t_u("cpu_cycles", delta_of(&ev[1]));
	t_u("cycles", delta_of(&ev[2]));
	t_u("pre_inst", ev[0].preval);
	t_end();
}

static void scenario_swincr(unsigned long n)
{
	struct pmukit_fw_event ev[] = {
		PMUKIT_FW_EV("SW_INCR", PMUKIT_EVT_SW_INCR),
		PMUKIT_FW_EV("SW_INCR_QUARTER", PMUKIT_EVT_SW_INCR),
		PMUKIT_FW_EV_CYCLES,
		PMUKIT_FW_EV_END
	};
	unsigned long i;
	int rc;

	pmu_clean();
	rc = pmukit_fw_start(ev);
	if (rc == 0) {
		pmukit_ureg_t b0 = (pmukit_ureg_t)1 << ev[0].counter;
		pmukit_ureg_t b1 = (pmukit_ureg_t)1 << ev[1].counter;

		for (i = 0; i < n; i++)
			/* PMSWINC: counter 0 every time, counter 1 every 4th time. */
			pmukit_write_pmswinc(b0 | ((i & 3) == 0 ? b1 : 0));
		rc = pmukit_fw_stop(ev);
	}
	t_begin("swincr");
	t_u("n", n);
	t_s("rc", rc);
	t_u("d0", delta_of(&ev[0]));
	t_u("d1", delta_of(&ev[1]));
	t_end();
}

struct snapshot {
	uint64_t pmcr, cnten, inten, ovs, selr, userenr, ccfiltr, mdcr;
	uint64_t type[PMUKIT_FW_MAX_COUNTERS], cnt[PMUKIT_FW_MAX_COUNTERS];
};

static void snap(struct snapshot *s)
{
	unsigned int i;

	s->selr = pmukit_read_pmselr();		/* first: AArch32 reads below change it */
	s->pmcr = pmukit_read_pmcr();
	s->cnten = pmukit_read_pmcntenset();
	s->inten = pmukit_read_pmintenset();
	s->ovs = pmukit_read_pmovsclr();
	s->userenr = pmukit_read_pmuserenr();
	s->ccfiltr = ccfiltr_read();
	s->mdcr = mdcr_read();
	for (i = 0; i < ncnt; i++) {
		s->type[i] = pmukit_read_pmevtyper(i);
		s->cnt[i] = pmukit_read_pmevcntr(i);
	}
	pmukit_write_pmselr((pmukit_ureg_t)s->selr);	/* PMSELR: as it was */
}

static int snap_equal(const struct snapshot *a, const struct snapshot *b)
{
	unsigned int i;

	if (a->pmcr != b->pmcr || a->cnten != b->cnten || a->inten != b->inten ||
	    a->ovs != b->ovs || a->selr != b->selr || a->userenr != b->userenr ||
	    a->ccfiltr != b->ccfiltr || a->mdcr != b->mdcr)
		return 0;
	for (i = 0; i < ncnt; i++)
		if (a->type[i] != b->type[i] || a->cnt[i] != b->cnt[i])
			return 0;
	return 1;
}

static void snap_print(const char *name, const struct snapshot *s)
{
	unsigned int i;

	t_begin(name);
	t_x("pmcr", s->pmcr);
	t_x("pmcntenset", s->cnten);
	t_x("pmintenset", s->inten);
	t_x("pmovsset", s->ovs);
	t_x("pmselr", s->selr);
	t_x("pmuserenr", s->userenr);
	t_x("pmccfiltr", s->ccfiltr);
	t_x("mdcr", s->mdcr);
	for (i = 0; i < ncnt; i++) {
		t_x("type", s->type[i]);
		t_u("cnt", s->cnt[i]);
	}
	t_end();
}

/*
 * A PMU found in use: counters with events QEMU never counts (so their
 * values stay put), some enabled, flags and interrupts set, odd PMCR bits,
 * and at EL3/EL2 an MDCR with trap bits and (EL2) a hypervisor partition.
 */
static void set_found_state(void)
{
	unsigned int i;

	for (i = 0; i < ncnt; i++) {
		pmukit_write_pmevtyper(i, UNCOUNTED_EVENT_BASE + i);	/* PMEVTYPER<n>: found */
		pmukit_write_pmevcntr(i, 1000 * (i + 1));		/* PMEVCNTR<n>: found */
	}
	ccfiltr_write(PMUKIT_PMEVTYPER_NSH_BIT);
	/* PMCR: E on, D (cycle divider) and X set, LC clear: not what the library wants. */
	pmukit_write_pmcr(PMUKIT_PMCR_E_BIT | PMUKIT_PMCR_D_BIT | PMUKIT_PMCR_X_BIT);
	pmukit_write_pmintenset((pmukit_ureg_t)1 << 5);	/* PMINTENSET: counter 5 */
	pmukit_write_pmovsset((pmukit_ureg_t)1 << 2);	/* PMOVSSET: counter 2 flagged */
	pmukit_write_pmuserenr(PMUKIT_PMUSERENR_EN_BIT | PMUKIT_PMUSERENR_CR_BIT);	/* PMUSERENR: EL0 access */
	if (have_mdcr()) {
		if (el == 3)
			/* MDCR_EL3: TPM (bit 6) set, SPME clear, as TF-A leaves it. */
			mdcr_write((boot_mdcr | (1U << 6)) & ~(uint64_t)PMUKIT_MDCR_EL3_SPME_BIT);
		else
			/* MDCR_EL2: a hypervisor keeps counters 3..N-1, TPM and TPMCR set. */
			mdcr_write((boot_mdcr & ~(uint64_t)PMUKIT_MDCR_EL2_HPMN_MASK) | 3 |
				   PMUKIT_MDCR_EL2_TPM_BIT | PMUKIT_MDCR_EL2_TPMCR_BIT);
	}
	/* PMCNTENSET: counter 4 and the cycle counter "in use by the OS". */
	pmukit_write_pmcntenset(PMUKIT_CYCLE_COUNTER_BIT | ((pmukit_ureg_t)1 << 4));
	pmukit_write_pmselr(3);	/* PMSELR: counter 3 */
	pmukit_isb();
}

static void scenario_restore(void)
{
	struct pmukit_fw_event ev[] = {
		PMUKIT_FW_EV("INST_RETIRED", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV("INST_RETIRED_1", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV("INST_RETIRED_2", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV_CYCLES,
		PMUKIT_FW_EV_END
	};
	static struct snapshot before, after;
	uint64_t cc_before, cc_after;
	int rc;

	pmu_clean();
	set_found_state();
	snap(&before);
	/* The cycle counter is running (as found): it must still run after. */
	cc_before = pmukit_read_pmccntr();
	rc = test_region(ev, 1000);
	cc_after = pmukit_read_pmccntr();
	snap(&after);
	snap_print("restore-before", &before);
	snap_print("restore-after", &after);
	t_begin("restore");
	t_s("rc", rc);
	t_u("equal", snap_equal(&before, &after));
	t_u("inst", delta_of(&ev[0]));
	t_u("inst2", delta_of(&ev[2]));
	t_u("cc_running", cc_after > cc_before);
	t_end();
}

static void scenario_toomany(void)
{
	static struct pmukit_fw_event ev[PMUKIT_FW_MAX_COUNTERS + 2];
	static struct snapshot before, after;
	unsigned int i;
	int rc;

	for (i = 0; i <= ncnt; i++) {
		ev[i].name = "INST_RETIRED";
		ev[i].number = PMUKIT_EVT_INST_RETIRED;
		ev[i].flags = 0;
	}
	ev[i].name = "CYCLES";
	ev[i].number = PMUKIT_FW_CYCLES;
	ev[i + 1].name = 0;
	ev[i + 1].number = PMUKIT_FW_END;

	pmu_clean();
	set_found_state();
	snap(&before);
	rc = pmukit_fw_start(ev);
	snap(&after);
	if (rc == 0)
		pmukit_fw_stop(ev);
	t_begin("toomany");
	t_u("selected", ncnt + 1);
	t_u("n", ncnt);
	t_s("rc", rc);
	t_u("unchanged", snap_equal(&before, &after));
	t_end();
}

static void scenario_overflow(void)
{
	struct pmukit_fw_event ev[] = INST_CYCLES_EVENTS;
	int rc;

	ev[0].flags = PMUKIT_FW_PRESET;
	ev[0].preset = 0xfffffff0;
	ev[2].flags = PMUKIT_FW_PRESET;
	ev[2].preset = 0xfffffff0;
	pmu_clean();
	rc = test_region(ev, 1000);
	t_begin("overflow");
	t_s("rc", rc);
	t_x("f0", ev[0].flags);
	t_x("f1", ev[1].flags);
	t_x("f2", ev[2].flags);
	t_u("pre0", ev[0].preval);
	t_u("d1", delta_of(&ev[1]));
	t_u("d2", delta_of(&ev[2]));
	t_s("delta_rc0", pmukit_fw_delta(&ev[0], &(pmukit_fw_u64){0}));
	t_end();
}

static void scenario_compat(void)
{
	struct pmu_event_selected evt[] = {
		{ .event = { .number = PMUKIT_EVT_INST_RETIRED, .name = "INST_RETIRED" } },
		{ .event = { .number = PMUKIT_EVT_SW_INCR, .name = "SW_INCR" } },
		{ .event = { .number = -1, .name = "CYCLES" } },
	};

	pmu_clean();
	pmuv3_startProfiling(evt);
	test_loop(500);
	pmukit_write_pmswinc(1 << 1);	/* PMSWINC: counter 1, once */
	pmuv3_stopProfiling(evt);
	t_begin("compat");
	t_u("inst", evt[0].postval - evt[0].preval);
	t_u("swinc", evt[1].postval - evt[1].preval);
	t_u("cycles", evt[2].postval - evt[2].preval);
	t_end();
}

static struct pmukit_fw_passes passes;

static void scenario_passes(const char *name, unsigned int max_per_pass)
{
	static struct pmukit_fw_event all[] = {
		PMUKIT_FW_EV("INST_RETIRED", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV("L1D_CACHE", PMUKIT_EVT_L1D_CACHE),
		PMUKIT_FW_EV("L1D_CACHE_REFILL", PMUKIT_EVT_L1D_CACHE_REFILL),
		PMUKIT_FW_EV("L2D_CACHE", PMUKIT_EVT_L2D_CACHE),
		PMUKIT_FW_EV("L2D_CACHE_REFILL", PMUKIT_EVT_L2D_CACHE_REFILL),
		PMUKIT_FW_EV("MEM_ACCESS", PMUKIT_EVT_MEM_ACCESS),
		PMUKIT_FW_EV("BR_PRED", PMUKIT_EVT_BR_PRED),
		PMUKIT_FW_EV("SW_INCR", PMUKIT_EVT_SW_INCR),
		PMUKIT_FW_EV("CPU_CYCLES", PMUKIT_EVT_CPU_CYCLES),
		PMUKIT_FW_EV_CYCLES,
		PMUKIT_FW_EV_END
	};
	unsigned int i;
	int np, rc;

	pmu_clean();
	np = pmukit_fw_passes_init(&passes, all, max_per_pass);
	while ((rc = pmukit_fw_passes_next(&passes)) > 0) {
		test_loop(1000);
		pmukit_fw_passes_stop(&passes);
	}
	pmukit_fw_passes_report(&passes);
	t_begin(name);
	t_s("npasses", np);
	t_s("rc", rc);
	t_u("per_pass", passes.per_pass);
	t_u("inst", delta_of(&all[0]));
	t_u("cpu_cycles", delta_of(&all[8]));
	t_u("cycles_entry", delta_of(&all[9]));
	for (i = 0; i < passes.npasses; i++)
		t_u("cycles", passes.cycles[i]);
	t_end();
}

/* EL3: event counters and MDCR_EL3.SPME, without the library. */
static void scenario_el3_raw(void)
{
	/* Filter: EL3 with P clear (SCR_EL3.RW is 0 at reset, M unused). */
	pmukit_ureg_t type = PMUKIT_PMEVTYPER_U_BIT | PMUKIT_PMEVTYPER_NSK_BIT | PMUKIT_EVT_INST_RETIRED;
	uint64_t off, on;

	pmu_clean();
	mdcr_write(boot_mdcr & ~(uint64_t)PMUKIT_MDCR_EL3_SPME_BIT);
	off = raw_count(0, type, 100);
	mdcr_write(boot_mdcr | PMUKIT_MDCR_EL3_SPME_BIT);
	on = raw_count(0, type, 100);
	pmu_clean();
	t_begin("el3-raw");
	t_x("boot_mdcr", boot_mdcr);
	t_u("spme0", off);
	t_u("spme1", on);
	t_end();
}

/* EL2 / HYP: NSH, HPMN and HPME, without and then with the library. */
static void scenario_el2(void)
{
	struct pmukit_fw_event ev[] = {
		PMUKIT_FW_EV("INST_RETIRED_0", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV("INST_RETIRED_1", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV("INST_RETIRED_2", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV("INST_RETIRED_3", PMUKIT_EVT_INST_RETIRED),
		PMUKIT_FW_EV_CYCLES,
		PMUKIT_FW_EV_END
	};
	uint64_t part = (boot_mdcr & ~(uint64_t)(PMUKIT_MDCR_EL2_HPMN_MASK | PMUKIT_MDCR_EL2_HPME_BIT)) | 2;
	pmukit_ureg_t f = PMUKIT_PMEVTYPER_P_BIT | PMUKIT_PMEVTYPER_U_BIT;
	uint64_t nonsh, nsh, hpme0, hpme1, mdcr_after;
	int rc;

	pmu_clean();
	nonsh = raw_count(0, f | PMUKIT_EVT_INST_RETIRED, 100);
	nsh = raw_count(0, f | PMUKIT_PMEVTYPER_NSH_BIT | PMUKIT_EVT_INST_RETIRED, 100);
	/* HPMN = 2: counter 3 belongs to EL2 and is enabled by HPME only. */
	mdcr_write(part);
	hpme0 = raw_count(3, f | PMUKIT_PMEVTYPER_NSH_BIT | PMUKIT_EVT_INST_RETIRED, 100);
	mdcr_write(part | PMUKIT_MDCR_EL2_HPME_BIT);
	hpme1 = raw_count(3, f | PMUKIT_PMEVTYPER_NSH_BIT | PMUKIT_EVT_INST_RETIRED, 100);

	/* The library, from that partition with HPME clear. */
	pmu_clean();
	mdcr_write(part);
	rc = test_region(ev, 1000);
	mdcr_after = mdcr_read();
	t_begin("el2");
	t_x("boot_mdcr", boot_mdcr);
	t_u("nonsh", nonsh);
	t_u("nsh", nsh);
	t_u("hpme0", hpme0);
	t_u("hpme1", hpme1);
	t_s("rc", rc);
	t_u("lib0", delta_of(&ev[0]));
	t_u("lib1", delta_of(&ev[1]));
	t_u("lib2", delta_of(&ev[2]));
	t_u("lib3", delta_of(&ev[3]));
	t_u("cycles", delta_of(&ev[4]));
	t_x("mdcr_before", part);
	t_x("mdcr_after", mdcr_after);
	t_end();
	pmu_clean();
}

/* EL1 / SVC: the P filter, without the library. */
static void scenario_el1_raw(void)
{
	uint64_t p1, p0;

	pmu_clean();
	p1 = raw_count(0, PMUKIT_PMEVTYPER_P_BIT | PMUKIT_PMEVTYPER_U_BIT | PMUKIT_EVT_INST_RETIRED, 100);
	p0 = raw_count(0, PMUKIT_PMEVTYPER_U_BIT | PMUKIT_EVT_INST_RETIRED, 100);
	pmu_clean();
	t_begin("el1-raw");
	t_u("p1", p1);
	t_u("p0", p0);
	t_end();
}

#if defined(__aarch64__)
#define SCR_EL3_RW	(1UL << 10)
/* EL3 with SCR_EL3.RW = 1: the library's filter uses PMEVTYPER.M. */
static void scenario_el3_rw1(void)
{
	pmukit_ureg_t scr = pmukit_read_scr_el3();

	pmukit_write_scr_el3(scr | SCR_EL3_RW);	/* SCR_EL3.RW: lower levels AArch64 */
	pmukit_isb();
	scenario_exact("exact-rw1", 1000);
	pmukit_write_scr_el3(scr);		/* SCR_EL3: as found */
	pmukit_isb();
}
#endif

int main(void)
{
	board_init();
#if defined(__aarch64__)
	el = pmukit_current_el();
#else
	el = (pmukit_read_cpsr() & CPSR_MODE_MASK) == CPSR_MODE_HYP ? 2 : 1;
#endif
	ncnt = pmukit_fw_num_counters();
	boot_mdcr = mdcr_read();
	t_begin("level");
	t_u("el", el);
	t_u("n", ncnt);
	t_u("ok", board_level_ok());
	pmukit_fw_print(" name=");
	pmukit_fw_print(pmukit_fw_level_name());
	t_end();

	scenario_exact("exact", 1000);
	scenario_exact("exact", 100000);
#if defined(__aarch64__)
	if (el == 3)
		scenario_el3_rw1();
#endif
	scenario_swincr(1000);
	scenario_restore();
	scenario_toomany();
	scenario_overflow();
	scenario_compat();
	scenario_passes("passes", 0);
	scenario_passes("passes3", 3);
	if (el == 3)
		scenario_el3_raw();
	else if (el == 2)
		scenario_el2();
	else
		scenario_el1_raw();
	pmukit_fw_print("T done\n");
	return 0;
}
