/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The test firmware's scenarios of a PMU found in use by someone else:
 * the library gives every register back as it found it, and refuses
 * more events than counters without touching any.
 */
#include "fw_test.h"

struct snapshot {
	uint64_t pmcr, cnten, inten, ovs, selr, userenr, ccfiltr, mdcr;
	uint64_t type[PMUKIT_FW_MAX_COUNTERS], cnt[PMUKIT_FW_MAX_COUNTERS];
};

/*
 * The counters a snapshot holds: PMCR.N, 5 bits, so never above
 * PMUKIT_FW_MAX_COUNTERS; the bound says so where the compiler cannot see
 * where ncnt came from.
 */
static unsigned int snap_counters(void)
{
	return ncnt < PMUKIT_FW_MAX_COUNTERS ? ncnt : PMUKIT_FW_MAX_COUNTERS;
}

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
	for (i = 0; i < snap_counters(); i++) {
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
	for (i = 0; i < snap_counters(); i++)
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
	for (i = 0; i < snap_counters(); i++) {
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

void scenario_restore(void)
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

void scenario_toomany(void)
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
