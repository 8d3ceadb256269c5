/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Start and stop profiling points: the ISA-independent part. The register
 * accessors have the same names on AArch64 and AArch32; what differs by
 * exception level (MDCR_EL3, MDCR_EL2, the filters) is in el_aarch64.c and
 * el_aarch32.c.
 *
 * Every selected counter is started by one PMCNTENSET write at the end of
 * pmukit_fw_start() and stopped by one PMCNTENCLR write at the beginning of
 * pmukit_fw_stop(), with the pre-values read just before the start: all
 * counters see the same instructions, and the instructions of the library
 * inside that window are a small constant.
 */
#include "pmu_fw_internal.h"

struct pmukit_fw_state pmukit_fw_st;

/* Longest selection scanned for its END marker before giving up. */
#define PMUKIT_FW_SCAN_MAX	256

static pmukit_ureg_t all_counters(unsigned int n)
{
	return PMUKIT_CYCLE_COUNTER_BIT | (((pmukit_ureg_t)1 << n) - 1);
}

static void warn(const char *what, const char *name, const char *why)
{
	struct pmukit_fw_line l;

	l.len = 0;

	pmukit_fw_line_str(&l, "pmukit: ");
	pmukit_fw_line_str(&l, what);
	if (name) {
		pmukit_fw_line_str(&l, name);
		pmukit_fw_line_str(&l, ": ");
	}
	pmukit_fw_line_str(&l, why);
	pmukit_fw_line_end(&l);
}

/* Counts the events (not CYCLES) and checks numbers and the END marker. */
static int check_selection(struct pmukit_fw_state *s, const struct pmukit_fw_event *ev,
			   unsigned int *nev)
{
	unsigned int i, events = 0, cycles = 0;

	for (i = 0; i < PMUKIT_FW_SCAN_MAX; i++) {
		const struct pmukit_fw_event *e = &ev[i];

		if (e->number == PMUKIT_FW_END) {
			if (cycles > 1) {
				warn("", 0, "more than one CYCLES entry in the selection");
				return PMUKIT_FW_EINVAL;
			}
			*nev = events;
			return 0;
		}
		if (e->number == PMUKIT_FW_CYCLES) {
			cycles++;
			continue;
		}
		if (e->number < 0 || (unsigned int)e->number > s->evt_mask) {
			warn("event ", e->name ? e->name : "?",
			     "number too wide for PMEVTYPER.evtCount on this PMU");
			return PMUKIT_FW_EINVAL;
		}
		events++;
	}
	warn("", 0, "selection has no PMUKIT_FW_EV_END marker");
	return PMUKIT_FW_EINVAL;
}

static void too_many(unsigned int nev, unsigned int n)
{
	struct pmukit_fw_line l;

	l.len = 0;

	pmukit_fw_line_str(&l, "pmukit: ");
	pmukit_fw_line_u64(&l, nev);
	pmukit_fw_line_str(&l, " events selected but this PMU has ");
	pmukit_fw_line_u64(&l, n);
	pmukit_fw_line_str(&l, " event counters (PMCR.N): nothing programmed;"
			   " split them with pmukit_fw_passes_init()");
	pmukit_fw_line_end(&l);
}

static void save_state(struct pmukit_fw_state *s)
{
	struct pmukit_fw_saved *sv = &s->saved;
	unsigned int i;

	sv->pmcr = pmukit_read_pmcr();
	sv->pmcntenset = pmukit_read_pmcntenset();
	sv->pmintenset = pmukit_read_pmintenset();
	sv->pmovsset = pmukit_read_pmovsclr();	/* reads the flags; PMOVSSET is not on PMUv1 */
	sv->pmselr = pmukit_read_pmselr();	/* before the AArch32 accessors change it */
	sv->pmuserenr = pmukit_read_pmuserenr();
	for (i = 0; i < s->n; i++) {
		sv->evtyper[i] = pmukit_read_pmevtyper(i);
		sv->evcntr[i] = pmukit_read_pmevcntr(i);
	}
	sv->ccfiltr = pmukit_fw_arch_read_ccfiltr(s);
	sv->ccntr = pmukit_read_pmccntr();
	s->saved.mdcr_saved = !pmukit_fw_arch_read_mdcr(s, &s->saved.mdcr);
}

static void restore_state(const struct pmukit_fw_state *s)
{
	const struct pmukit_fw_saved *sv = &s->saved;
	pmukit_ureg_t all = all_counters(s->n);
	unsigned int i;

	/* PMCNTENCLR: every counter off while the old state goes back. */
	pmukit_write_pmcntenclr(all);
	pmukit_isb();
	/* PMCR: E, D, X, DP, LC, LP as found (P and C are write-only: not set). */
	pmukit_write_pmcr(sv->pmcr & ~(PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
	for (i = 0; i < s->n; i++) {
		/* PMEVTYPER<n>: the event and filter found by start. */
		pmukit_write_pmevtyper(i, sv->evtyper[i]);
		/* PMEVCNTR<n>: the value found by start (PMCR.P reset it). */
		pmukit_write_pmevcntr(i, sv->evcntr[i]);
	}
	/* PMCCFILTR: the cycle counter filter found by start. */
	pmukit_fw_arch_write_ccfiltr(s, sv->ccfiltr);
	/* PMCCNTR: the value found by start (PMCR.C reset it). */
	pmukit_write_pmccntr(sv->ccntr);
	/* PMOVSCLR, PMOVSSET: the overflow flags found by start, no others. */
	pmukit_write_pmovsclr(all);
	if (sv->pmovsset)
		pmukit_write_pmovsset(sv->pmovsset);
	/* PMINTENCLR, PMINTENSET: the overflow interrupts found by start. */
	pmukit_write_pmintenclr(all);
	pmukit_write_pmintenset(sv->pmintenset);
	/* PMUSERENR: EL0/PL0 access as found (the profiled code may change it). */
	pmukit_write_pmuserenr(sv->pmuserenr);
	/* MDCR_EL3/MDCR_EL2 (SDCR/HDCR): the counting rules found by start. */
	if (s->saved.mdcr_saved) {
		pmukit_fw_arch_write_mdcr(s, s->saved.mdcr);
		pmukit_isb();
	}
	/* PMSELR: the selection found by start (the AArch32 accessors change it). */
	pmukit_write_pmselr(sv->pmselr);
	pmukit_isb();
	/* PMCNTENSET: the counters that were counting count again. */
	pmukit_write_pmcntenset(sv->pmcntenset);
	pmukit_isb();
}

/*
 * Can event counters count here? Counter 0 counts SW_INCR with the filter of
 * this level; one PMSWINC write must increment it. Needs PMCR.E set and
 * counter 0 free (the caller saved it).
 */
static int events_count_here(const struct pmukit_fw_state *s)
{
	/* PMEVTYPER0: SW_INCR, filtered for this level, as the real events will be. */
	pmukit_write_pmevtyper(0, s->filter | PMUKIT_EVT_SW_INCR);
	/* PMEVCNTR0: from 0, so that one increment reads 1. */
	pmukit_write_pmevcntr(0, 0);
	/* PMCNTENSET: counter 0 only, for the probe. */
	pmukit_write_pmcntenset(1);
	pmukit_isb();
	/* PMSWINC: one software increment of counter 0. */
	pmukit_write_pmswinc(1);
	pmukit_isb();
	/* PMCNTENCLR: probe done. */
	pmukit_write_pmcntenclr(1);
	pmukit_isb();
	return pmukit_read_pmevcntr(0) == 1;
}

static uint64_t read_counter(const struct pmukit_fw_state *s, unsigned int counter)
{
	if (counter == PMUKIT_CYCLE_COUNTER_IDX)
		return s->cc_64bit ? pmukit_read_pmccntr() : (uint32_t)pmukit_read_pmccntr();
	return s->ev_64bit ? pmukit_read_pmevcntr(counter) : (uint32_t)pmukit_read_pmevcntr(counter);
}

/*
 * PMCEID0/PMCEID1, which PMUv3 has, at their full width: on AArch64 the
 * high halves are the events 0x4000..0x403F; AArch32's PMCEID0/1 are the
 * low halves alone (the high ones are PMCEID2/3, which the register layer
 * does not have).
 */
static void read_ceid(struct pmukit_fw_state *s)
{
#if defined(__aarch64__)
	s->ceid_valid = 1;
#else
	s->ceid_valid = s->pmu_version >= PMUKIT_PERFMON_V3;
#endif
	if (!s->ceid_valid)
		return;
	s->ceid[0] = pmukit_read_pmceid0();
	s->ceid[1] = pmukit_read_pmceid1();
	s->ceid_bits = 8 * sizeof(pmukit_ureg_t);
}

/*
 * Everything pmukit_fw_start() does except starting the counters. (The
 * attribute's reserved spelling: the kernel's and U-Boot's headers define
 * noinline as a macro.)
 */
static __attribute__((__noinline__)) int prepare(struct pmukit_fw_event *ev)
{
	struct pmukit_fw_state *s = &pmukit_fw_st;
	pmukit_ureg_t pmcr, mask = 0;
	unsigned int i, nev = 0, next = 0;
	int rc;

	if (s->active) {
		warn("", 0, "pmukit_fw_start() while a session is running");
		return PMUKIT_FW_EBUSY;
	}
	rc = pmukit_fw_arch_init(s);
	if (rc == PMUKIT_FW_ENODEV)
		warn("", 0, "no architected PMU on this core");
	else if (rc == PMUKIT_FW_EPERM)
		warn("", 0, "the PMU is programmed from EL1 or higher (PL1 or higher)");
	if (rc)
		return rc;
	s->n = PMUKIT_PMCR_N(pmukit_read_pmcr());
	rc = check_selection(s, ev, &nev);
	if (rc)
		return rc;
	if (nev > s->n) {
		too_many(nev, s->n);
		return PMUKIT_FW_E2BIG;
	}

	/* Counters in array order: events 0, 1, ..., the cycle counter for CYCLES. */
	for (i = 0; ev[i].number != PMUKIT_FW_END; i++) {
		ev[i].flags &= ~PMUKIT_FW_OUT_FLAGS;
		ev[i].counter = ev[i].number == PMUKIT_FW_CYCLES ? PMUKIT_CYCLE_COUNTER_IDX : next++;
		mask |= (pmukit_ureg_t)1 << ev[i].counter;
	}
	s->nev = nev;
	s->ev = ev;
	s->prohibited = 0;
	save_state(s);

	/* PMCNTENCLR: stop every counter while they are programmed. */
	pmukit_write_pmcntenclr(all_counters(s->n));
	pmukit_isb();
	/* PMINTENCLR: no overflow interrupt from our counters: firmware has no handler. */
	pmukit_write_pmintenclr(mask);
	/* MDCR_EL3 / MDCR_EL2 (SDCR / HDCR): allow counting at this level. */
	pmukit_fw_arch_allow(s);

	pmcr = s->saved.pmcr & ~(PMUKIT_PMCR_E_BIT | PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT | PMUKIT_PMCR_D_BIT |
				 PMUKIT_PMCR_X_BIT | PMUKIT_PMCR_DP_BIT | PMUKIT_PMCR_LC_BIT | PMUKIT_PMCR_LP_BIT);
	/*
	 * PMCR: E set, so that PMCNTENSET alone starts our counters; D clear, the
	 * cycle counter counts every cycle; X clear, nothing exported; DP clear,
	 * the cycle counter counts even where events may not; LC/LP as the ISA
	 * code chose (64-bit counters where they can be read as such).
	 */
	pmcr |= PMUKIT_PMCR_E_BIT | s->pmcr_set;
	pmukit_write_pmcr(pmcr);
	pmukit_isb();

	if (nev > 0) {
		while (!events_count_here(s)) {
			if (!pmukit_fw_arch_prohibited(s)) {
				s->prohibited = 1;
				break;
			}
		}
	}

	for (i = 0; ev[i].number != PMUKIT_FW_END; i++) {
		if (ev[i].number == PMUKIT_FW_CYCLES)
			continue;
		/* PMEVTYPER<n>: the event, counted at this level only. */
		pmukit_write_pmevtyper(ev[i].counter, s->filter | (pmukit_ureg_t)ev[i].number);
	}
	/* PMCCFILTR: the cycle counter counts at this level only. */
	pmukit_fw_arch_write_ccfiltr(s, s->filter);
	/* PMCR.P, PMCR.C: reset the event counters and the cycle counter. */
	pmukit_write_pmcr(pmcr | PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT);
	pmukit_isb();

	for (i = 0; ev[i].number != PMUKIT_FW_END; i++) {
		if (!(ev[i].flags & PMUKIT_FW_PRESET))
			continue;
		if (ev[i].counter == PMUKIT_CYCLE_COUNTER_IDX)
			/* PMCCNTR: the caller's start value. */
			pmukit_write_pmccntr(ev[i].preset);
		else
			/* PMEVCNTR<n>: the caller's start value (e.g. close to overflow). */
			pmukit_write_pmevcntr(ev[i].counter, ev[i].preset);
	}
	/* PMOVSCLR: no stale overflow flag on our counters. */
	pmukit_write_pmovsclr(mask);
	pmukit_isb();

	/* Pre-values, with the counters still stopped. */
	for (i = 0; ev[i].number != PMUKIT_FW_END; i++)
		ev[i].preval = read_counter(s, ev[i].counter);

	read_ceid(s);
	s->mask = mask;
	s->active = 1;
	return 0;
}

int pmukit_fw_start(struct pmukit_fw_event *ev)
{
	int rc = prepare(ev);

	if (rc)
		return rc;
	/* PMCNTENSET: start every selected counter in one write. */
	pmukit_write_pmcntenset(pmukit_fw_st.mask);
	pmukit_isb();
	return 0;
}

/*
 * Everything pmukit_fw_stop() measures after stopping the counters
 * (pmukit_fw_counters_stop()): the post-values, the flags, and the PMU as
 * it was before the start. The report (report.c) prints what it found.
 */
int pmukit_fw_finish(struct pmukit_fw_event *ev)
{
	struct pmukit_fw_state *s = &pmukit_fw_st;
	pmukit_ureg_t ovs;
	unsigned int i;
	int rc = 0;

	if (!s->active || ev != s->ev) {
		if (s->active)
			/* PMCNTENSET: not this session's stop: its counters run on. */
			pmukit_write_pmcntenset(s->mask);
		warn("", 0, "pmukit_fw_stop() without a matching pmukit_fw_start()");
		return PMUKIT_FW_ENOENT;
	}
	for (i = 0; ev[i].number != PMUKIT_FW_END; i++)
		ev[i].postval = read_counter(s, ev[i].counter);
	ovs = pmukit_read_pmovsclr() & s->mask;

	for (i = 0; ev[i].number != PMUKIT_FW_END; i++) {
		ev[i].flags |= PMUKIT_FW_VALID;
		if (ovs & ((pmukit_ureg_t)1 << ev[i].counter)) {
			ev[i].flags |= PMUKIT_FW_OVERFLOW;
			rc = PMUKIT_FW_EOVERFLOW;
		}
		if (s->prohibited && ev[i].counter != PMUKIT_CYCLE_COUNTER_IDX)
			ev[i].flags |= PMUKIT_FW_PROHIBITED;
	}
	restore_state(s);
	s->mask = 0;
	s->active = 0;
	s->ev = 0;
	return rc;
}

unsigned int pmukit_fw_num_counters(void)
{
	return PMUKIT_PMCR_N(pmukit_read_pmcr());
}

const char *pmukit_fw_level_name(void)
{
	struct pmukit_fw_state *s = &pmukit_fw_st;

	if (!s->active && pmukit_fw_arch_init(s) != 0)
		return "EL0/PL0 or no PMU";
	return s->level_name;
}
