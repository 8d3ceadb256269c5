// SPDX-License-Identifier: MIT
/*
 * The PMU identification of include/pmukit/pmu_id.h and the library's use
 * of it (lib/pmu_support.c), table-driven: register values as the cores'
 * TRMs and QEMU's models give them -> PMU version, level filter, refusal.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "pmukit/pmu_id.h"
#include "core/compiler.h"
#include "pmu_support.h"
#include "session.h"
#include "event_spec.h"
#include "tap.h"

struct core_case {
	const char *name;
	uint32_t midr, id_dfr0, id_pfr1;
	unsigned int perfmon;	/* expected pmukit_aarch32_perfmon() */
	int filter;		/* expected pmukit_aarch32_level_filter() */
	int armv6;		/* expected pmukit_midr_armv6_pmu() */
};

/* ID_PFR1 0x00011011: Virtualization 1 (A7, A15); 0x00000011: none (A9). */
static const struct core_case cores[] = {
	{ "Cortex-A9 (QEMU vexpress-a9)", 0x410fc090, 0x00000000, 0x00000011, PMUKIT_PERFMON_V1, 0, 0 },
	{ "Cortex-A9 r4p1", 0x414fc091, 0x00000000, 0x00000011, PMUKIT_PERFMON_V1, 0, 0 },
	{ "Cortex-A8 r3p2", 0x413fc082, 0x00000000, 0x00000011, PMUKIT_PERFMON_V1, 0, 0 },
	/* The Cortex-A5 TRM gives PerfMon 2; no Virtualization Extensions. */
	{ "Cortex-A5", 0x410fc051, 0x02010444, 0x00000011, PMUKIT_PERFMON_V2, 0, 0 },
	{ "Cortex-A15 (QEMU)", 0x412fc0f1, 0x02010555, 0x00011011, PMUKIT_PERFMON_V2, 1, 0 },
	{ "Cortex-A7 (QEMU)", 0x410fc075, 0x02010555, 0x00011011, PMUKIT_PERFMON_V2, 1, 0 },
	/* QEMU's virt machine (no EL2) hides the Virtualization field. */
	{ "Cortex-A15 (QEMU virt, no EL2)", 0x412fc0f1, 0x02010555, 0x00010001, PMUKIT_PERFMON_V2, 1, 0 },
	{ "Cortex-A17", 0x410fc0e0, 0x02010555, 0x00000001, PMUKIT_PERFMON_V2, 1, 0 },
	/* An ARMv7 core the MIDR does not name: ID_PFR1 alone. */
	{ "other ARMv7 core with Virtualization", 0x4d0f0010, 0x02000000, 0x00001000, PMUKIT_PERFMON_V2, 1, 0 },
	{ "other ARMv7 core without", 0x4d0f0010, 0x02000000, 0x00000011, PMUKIT_PERFMON_V2, 0, 0 },
	/* ARMv8 in AArch32: PMUv3 filters whatever ID_PFR1 says. */
	{ "Cortex-A53 AArch32", 0x410fd034, 0x03010066, 0x00011011, PMUKIT_PERFMON_V3, 1, 0 },
	{ "Cortex-A53 AArch32, ID_PFR1 0", 0x410fd034, 0x03010066, 0x00000000, PMUKIT_PERFMON_V3, 1, 0 },
	{ "PMUv3p1 core", 0x410fd0b0, 0x04010088, 0x00011011, PMUKIT_PERFMON_V3P1, 1, 0 },
	/* ARM11: PerfMon 0 and an ARMv6 PMU: none that pmukit drives. */
	{ "ARM1176JZF-S (Raspberry Pi 1, Zero)", 0x410fb767, 0x00000033, 0x00000011, 0, 0, 1 },
	{ "ARM1136", 0x4117b363, 0x00000033, 0x00000011, 0, 0, 1 },
	{ "ARM11 MPCore", 0x410fb022, 0x00000033, 0x00000011, 0, 0, 1 },
	/* Part 0xc09 from another implementer is not a Cortex-A9. */
	{ "implementer 0x51, part 0xc09", 0x510fc090, 0x00000000, 0x00000011, 0, 0, 0 },
	{ "IMPLEMENTATION DEFINED PMU", 0x560f5811, 0x0f000000, 0x00000000, PMUKIT_PMUVER_IMPDEF, 0, 0 },
};

static void test_cores(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cores); i++) {
		const struct core_case *c = &cores[i];
		unsigned int v = pmukit_aarch32_perfmon(c->midr, c->id_dfr0);
		int f = pmukit_aarch32_level_filter(v, c->midr, c->id_pfr1);

		tap_ok(v == c->perfmon, "%s: PMU version %u (got %u)", c->name, c->perfmon, v);
		tap_ok(f == c->filter, "%s: level filter %s", c->name, c->filter ? "yes" : "no");
		tap_ok(pmukit_midr_armv6_pmu(c->midr) == c->armv6, "%s: %s", c->name,
		       c->armv6 ? "ARMv6 PMU" : "not an ARMv6 PMU");
	}
}

/* Without ID_DFR0 (PL0, no module): the MIDR alone. */
static void test_midr_only(void)
{
	tap_ok(pmukit_aarch32_perfmon(0x410fc090, 0) == PMUKIT_PERFMON_V1,
	       "Cortex-A9 without ID_DFR0: PMUv1 by the MIDR");
	tap_ok(pmukit_aarch32_perfmon(0x412fc0f1, 0) == 0,
	       "Cortex-A15 without ID_DFR0: the MIDR alone does not say");
	tap_ok(pmukit_level_filter_of(0, 0, 0x410fc090, 0, 0) == -1,
	       "Cortex-A9 without ID_PFR1: level filter unknown");
	tap_ok(pmukit_level_filter_of(0, 0, 0x412fc0f1, 0, 0) == 1,
	       "Cortex-A15 without ID_PFR1: level filter yes by the MIDR");
	tap_ok(pmukit_level_filter_of(1, 0, 0x410fd034, 0, 0) == 1,
	       "PMUv3 without the ID registers: level filter yes");
	tap_ok(pmukit_level_filter_of(0, 1, 0x410fc090, 0, 0x11) == 0,
	       "Cortex-A9 with ID_PFR1 0x11: level filter no");
}

static void test_core_refusal(void)
{
	int ret = pmukit_core_refusal(0x410fb767, "arm1176jzf-s");
	const char *m = pmukit_last_error();

	tap_ok(ret == -ENODEV, "ARM1176: refused with -ENODEV (%d)", ret);
	tap_ok(strstr(m, "arm1176jzf-s") && strstr(m, "0x410fb767") && strstr(m, "ARMv6") &&
	       strstr(m, "Use the perf path"),
	       "ARM1176: the message names the core, its MIDR, the ARMv6 PMU and what to use");
	tap_diag("%s", m);
	tap_ok(pmukit_core_refusal(0x410fc090, "cortex-a9") == 0, "Cortex-A9: not refused");
	tap_ok(pmukit_core_refusal(0x410fd034, "cortex-a53") == 0, "Cortex-A53: not refused");
}

static struct pmukit_ev *add_ev(struct pmukit_session *s, const char *base, int u, int k,
				int explicit)
{
	struct pmukit_ev *e = &s->ev[s->n++];

	memset(e, 0, sizeof(*e));
	snprintf(e->base, sizeof(e->base), "%s", base);
	e->kind = PMUKIT_EV_PMU;
	e->excl_kernel = u && !k;
	e->excl_user = k && !u;
	e->explicit_levels = explicit;
	pmukit_ev_rename(e);
	return e;
}

static void test_check_levels(void)
{
	struct pmukit_session s;
	struct pmukit_ev *e;
	int ret;

	memset(&s, 0, sizeof(s));
	e = add_ev(&s, "CPU_CYCLES", 1, 0, 0);
	ret = pmukit_check_levels(&s, 0, 0x11);
	tap_ok(!ret && !e->excl_kernel && !e->excl_user && !strcmp(e->name, "CPU_CYCLES:uk"),
	       "no level filter: a default-level event counts at every level, named %s", e->name);

	memset(&s, 0, sizeof(s));
	add_ev(&s, "SW_INCR", 1, 1, 1);
	add_ev(&s, "CPU_CYCLES", 1, 0, 1);
	ret = pmukit_check_levels(&s, 0, 0x11);
	tap_ok(ret == -EOPNOTSUPP && strstr(pmukit_last_error(), "CPU_CYCLES:u") &&
	       strstr(pmukit_last_error(), "every level only") &&
	       strstr(pmukit_last_error(), "Virtualization Extensions"),
	       "no level filter: an explicit :u is refused, saying why");
	tap_diag("%s", pmukit_last_error());

	memset(&s, 0, sizeof(s));
	add_ev(&s, "INST_RETIRED", 0, 1, 1);
	ret = pmukit_check_levels(&s, -1, 0);
	tap_ok(ret == -EOPNOTSUPP && strstr(pmukit_last_error(), "cannot tell") &&
	       strstr(pmukit_last_error(), "id_pfr1"),
	       "filter unknown: an explicit :k is refused, naming what would tell");

	memset(&s, 0, sizeof(s));
	e = add_ev(&s, "CPU_CYCLES", 1, 0, 1);
	ret = pmukit_check_levels(&s, 1, 0x11011);
	tap_ok(!ret && e->excl_kernel && !strcmp(e->name, "CPU_CYCLES:u"),
	       "level filter: :u is kept");
}

/*
 * The module's merge of every CPU's PMU (big.LITTLE cores can differ), one
 * CPU folded into the first's: what differs, and what the merge keeps.
 * QEMU's machines have one core type, so the decision is tested here.
 */
struct caps_case {
	const char *name;
	struct pmukit_pmu_caps first, next;
	unsigned int diff;		/* expected PMUKIT_CAPS_* */
	unsigned int version;		/* expected merged version */
	int divider;			/* expected merged divider */
};

static const struct caps_case caps_cases[] = {
	{ "RK3399: Cortex-A53 and A72, both PMUv3 (PMUVer 1)",
	  { 0x1, 1, 1, 1 }, { 0x1, 1, 1, 1 }, 0, 0x1, 1 },
	{ "RK3588: Cortex-A55 and A76, both PMUv3p1 (PMUVer 4)",
	  { 0x4, 1, 1, 1 }, { 0x4, 1, 1, 1 }, 0, 0x4, 1 },
	{ "PMUv3p4 beside PMUv3p1: the lower version, events checked against it",
	  { 0x5, 1, 1, 1 }, { 0x4, 1, 1, 1 }, PMUKIT_CAPS_VERSION, 0x4, 1 },
	{ "PMUv3 first, PMUv3p5 next: the lower stays",
	  { 0x1, 1, 1, 1 }, { 0x6, 1, 1, 1 }, PMUKIT_CAPS_VERSION, 0x1, 1 },
	{ "a core without AArch32 at EL0 beside one with: no divider",
	  { 0x1, 1, 1, 1 }, { 0x1, 1, 1, 0 }, PMUKIT_CAPS_DIVIDER, 0x1, 0 },
	{ "PMUv3 beside an IMPLEMENTATION DEFINED PMU: refused",
	  { 0x1, 1, 1, 1 }, { PMUKIT_PMUVER_IMPDEF, 0, 1, 1 }, PMUKIT_CAPS_KIND | PMUKIT_CAPS_VERSION, 0x1, 1 },
	{ "AArch32: PMUv3 (PerfMon 3) beside PMUv2: refused",
	  { PMUKIT_PERFMON_V3, 1, 1, 1 }, { PMUKIT_PERFMON_V2, 0, 1, 1 },
	  PMUKIT_CAPS_KIND | PMUKIT_CAPS_VERSION, PMUKIT_PERFMON_V2, 1 },
	{ "AArch32: PMUv2 with the level filter beside PMUv2 without: refused",
	  { PMUKIT_PERFMON_V2, 0, 1, 1 }, { PMUKIT_PERFMON_V2, 0, 0, 1 }, PMUKIT_CAPS_KIND, PMUKIT_PERFMON_V2, 1 },
	{ "AArch32: PMUv2 beside an IMPLEMENTATION DEFINED PMU (neither PMUv3): refused",
	  { PMUKIT_PERFMON_V2, 0, 0, 1 }, { PMUKIT_PMUVER_IMPDEF, 0, 0, 1 },
	  PMUKIT_CAPS_KIND | PMUKIT_CAPS_VERSION, PMUKIT_PERFMON_V2, 1 },
	{ "AArch32: PMUv1 beside PMUv2: the lower version",
	  { PMUKIT_PERFMON_V2, 0, 0, 1 }, { PMUKIT_PERFMON_V1, 0, 0, 1 }, PMUKIT_CAPS_VERSION, PMUKIT_PERFMON_V1, 1 },
	{ "a core with no PMU beside PMUv2: refused",
	  { PMUKIT_PERFMON_V2, 0, 0, 1 }, { PMUKIT_PMUVER_NONE, 0, 0, 1 },
	  PMUKIT_CAPS_KIND | PMUKIT_CAPS_VERSION, PMUKIT_PMUVER_NONE, 1 },
};

static void test_caps_merge(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(caps_cases); i++) {
		const struct caps_case *c = &caps_cases[i];
		struct pmukit_pmu_caps all = c->first;
		unsigned int diff = pmukit_pmu_caps_merge(&all, &c->next);

		tap_ok(diff == c->diff && all.version == c->version && all.divider == c->divider,
		       "CPU caps merge: %s (differs 0x%x, version 0x%x, divider %d)",
		       c->name, diff, all.version, all.divider);
	}
	/* A third CPU alike to the merged ones adds nothing. */
	{
		struct pmukit_pmu_caps all = { 0x5, 1, 1, 1 }, a = { 0x4, 1, 1, 1 };

		pmukit_pmu_caps_merge(&all, &a);
		tap_ok(pmukit_pmu_caps_merge(&all, &a) == 0 && all.version == 0x4,
		       "CPU caps merge: a CPU like the merged lower one differs in nothing");
	}
}

int main(void)
{
	test_cores();
	test_midr_only();
	test_core_refusal();
	test_check_levels();
	test_caps_merge();
	return tap_done();
}
