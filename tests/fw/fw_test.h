/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the parts of the test firmware share (tests/fw/fw_test*.c): the
 * level it runs at, its "T <scenario> key=value" output, the PMU put back
 * to one state between scenarios, and the scenarios main() runs.
 */
#ifndef PMUKIT_FW_TEST_H
#define PMUKIT_FW_TEST_H

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

extern unsigned int el;		/* 3, 2, 1; AArch32: 2 in HYP, 1 otherwise */
extern unsigned int ncnt;	/* PMCR.N */
extern uint64_t boot_mdcr;	/* MDCR_EL3, MDCR_EL2 or HDCR as the image found it */

/* One "T name key=value ..." line: t_begin, the values, t_end. */
void t_begin(const char *name);
void t_u(const char *key, uint64_t v);
void t_s(const char *key, int64_t v);
void t_x(const char *key, uint64_t v);
void t_end(void);
uint64_t delta_of(const struct pmukit_fw_event *e);

/* This level's registers (fw_test.c). */
int have_mdcr(void);
uint64_t mdcr_read(void);
void mdcr_write(uint64_t v);
uint64_t ccfiltr_read(void);
void ccfiltr_write(pmukit_ureg_t v);
void pmu_clean(void);
uint64_t raw_count(unsigned int idx, pmukit_ureg_t type, unsigned long n);

/* Counting through the library (fw_test_counts.c). */
void scenario_exact(const char *name, unsigned long n);
void scenario_swincr(unsigned long n);
void scenario_overflow(void);
void scenario_compat(void);
void scenario_passes(const char *name, unsigned int max_per_pass);

/* A PMU found in use, given back as found (fw_test_restore.c). */
void scenario_restore(void);
void scenario_toomany(void);

/* What each level's own registers do, without the library (fw_test_levels.c). */
void scenario_el3_raw(void);
void scenario_el2(void);
void scenario_el1_raw(void);
#if defined(__aarch64__)
void scenario_el3_rw1(void);
#endif

#endif /* PMUKIT_FW_TEST_H */
