/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Test firmware for the firmware library: one image per exception level
 * (and mode), run under QEMU with -icount shift=0 by the TAP scripts. Each
 * scenario prints the library's own output and one "T <scenario> key=value
 * ..." line that the TAP scripts check. This file: main(), the output and
 * the level's registers; the scenarios are in fw_test_counts.c,
 * fw_test_restore.c and fw_test_levels.c.
 *
 * Event numbers are PMUKIT_EVT_<NAME> of the emulated core (Cortex-A53 on
 * AArch64, Cortex-A15 on AArch32); those used are architectural, the same
 * on both: only SW_INCR, INST_RETIRED and CPU_CYCLES count in QEMU.
 */
#include "fw_test.h"

unsigned int el;
unsigned int ncnt;
uint64_t boot_mdcr;

/* ---- output ---- */

void t_begin(const char *name)
{
	pmukit_fw_print("T ");
	pmukit_fw_print(name);
}

void t_u(const char *key, uint64_t v)
{
	pmukit_fw_print(" ");
	pmukit_fw_print(key);
	pmukit_fw_print("=");
	pmukit_fw_print_u64(v);
}

void t_s(const char *key, int64_t v)
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

void t_x(const char *key, uint64_t v)
{
	pmukit_fw_print(" ");
	pmukit_fw_print(key);
	pmukit_fw_print("=");
	pmukit_fw_print_hex(v);
}

void t_end(void)
{
	pmukit_fw_print("\n");
}

/* A counted delta, or a large marker when there is none. */
uint64_t delta_of(const struct pmukit_fw_event *e)
{
	pmukit_fw_u64 d;

	return pmukit_fw_delta(e, &d) == 0 ? d : 999999999999ULL;
}

/* ---- level registers: MDCR_EL3/MDCR_EL2 (HDCR) where this level has them ---- */

int have_mdcr(void)
{
#if defined(__aarch64__)
	return el >= 2;
#else
	return el == 2;
#endif
}

uint64_t mdcr_read(void)
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

void mdcr_write(uint64_t v)
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

uint64_t ccfiltr_read(void)
{
#if defined(__aarch64__)
	return pmukit_read_pmccfiltr();
#else
	return pmukit_read_pmevtyper(PMUKIT_CYCLE_COUNTER_IDX);
#endif
}

void ccfiltr_write(pmukit_ureg_t v)
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
void pmu_clean(void)
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
uint64_t raw_count(unsigned int idx, pmukit_ureg_t type, unsigned long n)
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

