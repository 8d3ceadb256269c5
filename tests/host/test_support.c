/* SPDX-License-Identifier: MIT */
/*
 * pmukit_event_supported() and the perf PMU of a CPU (pmukit_cpu_core()),
 * on machines the test does not run on: the library is pointed at the
 * sysfs/procfs trees of tests/fixtures/sysfs with $PMUKIT_SYSFS_ROOT. The
 * big.LITTLE RK3399 has a perf PMU per core type with different event
 * lists (the A72's has INST_SPEC, the A53's not); a tree built here adds
 * pmukit.ko's PMCEID0/1 of one CPU of each type, which then decide.
 * Table rows carry their __LINE__.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pmukit/pmukit.h"
#include "pmukit/machine.h"
#include "pmukit/support.h"
#include "core/compiler.h"
#include "../tap.h"
#include "sys_tree.h"

/* Every source but the registers, which would be this machine's own. */
#define FILES	(PMUKIT_IMPL_SYSFS | PMUKIT_IMPL_PERF)

static char fixtures[PATH_MAX];
static char kmod_tree[PATH_MAX];

#define EV_L1I_CACHE_REFILL	0x01
#define EV_L1D_CACHE_REFILL	0x03
#define EV_INST_RETIRED		0x08
#define EV_BUS_CYCLES		0x1d
#define EV_CHAIN		0x1e
#define EV_INST_SPEC		0x1b
#define EV_STALL_FRONTEND	0x23
#define EV_SAMPLE_POP		0x4000
#define EV_IMPDEF		0xc0

/* The root under which the library reads /sys and /proc: a fixture, or a built tree. */
static void use_root(const char *dir)
{
	char root[PATH_MAX + 64];

	if (dir[0] == '/')
		snprintf(root, sizeof(root), "%s", dir);
	else
		snprintf(root, sizeof(root), "%s/%s", fixtures, dir);
	setenv("PMUKIT_SYSFS_ROOT", root, 1);
}

/* ---- the perf PMU of each CPU: one rule (lib/cores.c) ----------------- */

static void test_perf_pmu(void)
{
	static const struct {
		int line;
		const char *dir;
		int cpu;
		const char *pmu;	/* "" none */
		unsigned int type;
	} rows[] = {
		{ __LINE__, "rk3399", 0, "armv8_cortex_a53", 8 },
		{ __LINE__, "rk3399", 3, "armv8_cortex_a53", 8 },
		{ __LINE__, "rk3399", 4, "armv8_cortex_a72", 9 },
		{ __LINE__, "rk3399", 5, "armv8_cortex_a72", 9 },
		{ __LINE__, "rk3588", 7, "armv8_cortex_a76", 9 },
		{ __LINE__, "ec2-c7g", 1, "armv8_pmuv3_0", 8 },
		{ __LINE__, "rpi4-armhf", 2, "armv7_cortex_a7", 8 },
		{ __LINE__, "rpi5-6.12", 0, "", 0 },
	};
	struct pmukit_cpu_core t;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		int ret;

		use_root(rows[i].dir);
		memset(&t, 0xff, sizeof(t));
		ret = pmukit_cpu_core(rows[i].cpu, &t);
		tap_ok(ret == 0 && !strcmp(t.pmu, rows[i].pmu) && t.perf_type == rows[i].type,
		       "line %d: %s cpu%d: perf PMU '%s' type %u (got %d, '%s' %u)", rows[i].line,
		       rows[i].dir, rows[i].cpu, rows[i].pmu, rows[i].type, ret,
		       ret ? "" : t.pmu, ret ? 0 : (unsigned int)t.perf_type);
	}
	use_root("rk3399");
	tap_ok(pmukit_cpu_core(6, &t) == -ENOENT, "rk3399 cpu6: not online, -ENOENT");
}

/* ---- is an event supported here, and how do we know ------------------- */

struct support_row {
	int line;
	const char *dir;	/* NULL: the tree with pmukit.ko's PMCEID */
	int cpu;
	unsigned int sources;
	unsigned int code;
	int want;
	enum pmukit_support_source src;
	const char *where;	/* a part of how.where; "" with NONE */
};

static void check_rows(const struct support_row *rows, size_t n)
{
	struct pmukit_implemented im;
	struct pmukit_support how;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct support_row *r = &rows[i];
		int got, plain;

		use_root(r->dir ? r->dir : kmod_tree);
		pmukit_implemented_load(r->cpu, r->sources, &im);
		memset(&how, 0xff, sizeof(how));
		got = pmukit_event_supported(&im, r->code, &how);
		plain = pmukit_event_supported(&im, r->code, NULL);
		tap_ok(got == r->want && how.supported == got && plain == got &&
		       pmukit_implemented(&im, r->code) == got && how.source == r->src &&
		       how.where && (r->where[0] ? strstr(how.where, r->where) != NULL :
				     !how.where[0]),
		       "line %d: %s cpu%d event 0x%x: %d from %s (got %d from %s: '%s')", r->line,
		       r->dir ? r->dir : "the pmukit.ko tree", r->cpu, r->code, r->want,
		       pmukit_support_source_name(r->src), got,
		       pmukit_support_source_name(how.source), how.where ? how.where : "(null)");
	}
}

/* The perf driver's list of the CPU's own PMU: big.LITTLE types differ. */
static void test_from_perf(void)
{
	static const struct support_row rows[] = {
		{ __LINE__, "rk3399", 0, FILES, EV_INST_SPEC, 0, PMUKIT_SUPPORT_PERF,
		  "armv8_cortex_a53/events" },
		{ __LINE__, "rk3399", 4, FILES, EV_INST_SPEC, 1, PMUKIT_SUPPORT_PERF,
		  "armv8_cortex_a72/events" },
		{ __LINE__, "rk3399", 5, PMUKIT_IMPL_PERF, EV_INST_SPEC, 1, PMUKIT_SUPPORT_PERF,
		  "armv8_cortex_a72/events" },
		{ __LINE__, "rk3399", 2, PMUKIT_IMPL_PERF, EV_L1D_CACHE_REFILL, 1, PMUKIT_SUPPORT_PERF,
		  "armv8_cortex_a53/events" },
		/* Past the common events, a list that lacks a number cannot tell. */
		{ __LINE__, "rk3399", 0, PMUKIT_IMPL_PERF, EV_SAMPLE_POP, -1, PMUKIT_SUPPORT_NONE, "" },
		{ __LINE__, "rk3399", 4, PMUKIT_IMPL_PERF, EV_IMPDEF, -1, PMUKIT_SUPPORT_NONE, "" },
		/* Not asked for: the module's PMCEID alone, which this tree lacks. */
		{ __LINE__, "rk3399", 4, PMUKIT_IMPL_SYSFS, EV_INST_SPEC, -1, PMUKIT_SUPPORT_NONE, "" },
		{ __LINE__, "rk3588", 4, PMUKIT_IMPL_PERF, EV_INST_SPEC, 1, PMUKIT_SUPPORT_PERF,
		  "armv8_cortex_a76/events" },
		/* The ARMv7 driver lists a fixed table, not the core's: not used. */
		{ __LINE__, "rpi4-armhf", 0, PMUKIT_IMPL_PERF, EV_INST_RETIRED, -1,
		  PMUKIT_SUPPORT_NONE, "" },
		/* No PMU node in the device tree: nothing tells. */
		{ __LINE__, "rpi5-6.12", 0, FILES, EV_INST_RETIRED, -1,
		  PMUKIT_SUPPORT_NONE, "" },
	};

	check_rows(rows, ARRAY_SIZE(rows));
}

/*
 * The tree: rk3399's /proc, perf PMUs and CPUs, and pmukit.ko's PMCEID0/1
 * of cpu0 (an A53 without INST_SPEC and CHAIN) and cpu4 (an A72 with
 * both), in the order it is made and removed in reverse.
 */
static const struct sys_part kmod_parts[] = {
	{ "proc", 1, NULL },
	{ "sys", 0, NULL },
	{ "sys/bus", 1, NULL },
	{ "sys/devices", 1, NULL },
	{ "sys/kernel", 0, NULL },
	{ "sys/kernel/pmukit", 0, NULL },
	{ "sys/kernel/pmukit/mode", 0, "read\n" },
	{ "sys/kernel/pmukit/cpu0", 0, NULL },
	/* 0x00-0x1a; 0x1b (INST_SPEC) to 0x1f off, BUS_CYCLES too; 0x20-0x23 */
	{ "sys/kernel/pmukit/cpu0/pmceid0", 0, "0x07ffffff\n" },
	{ "sys/kernel/pmukit/cpu0/pmceid1", 0, "0x0000000f\n" },
	{ "sys/kernel/pmukit/cpu4", 0, NULL },
	/* every common event 0x00-0x1f, and 0x20-0x23 */
	{ "sys/kernel/pmukit/cpu4/pmceid0", 0, "0xffffffff\n" },
	{ "sys/kernel/pmukit/cpu4/pmceid1", 0, "0x0000000f\n" },
	{ "sys/kernel/pmukit/cpu0/user_access", 0, "off\n" },
	{ "sys/kernel/pmukit/cpu4/user_access", 0, "on\n" },
	{ "sys/kernel/pmukit/events", 0, "0x08:u,0x11\n" },
};

static int make_kmod_tree(void)
{
	char rk3399[PATH_MAX + 16];

	snprintf(rk3399, sizeof(rk3399), "%s/rk3399", fixtures);
	return sys_tree_make(kmod_tree, "support", rk3399, kmod_parts, ARRAY_SIZE(kmod_parts));
}

static void remove_kmod_tree(void)
{
	sys_tree_remove(kmod_tree, kmod_parts, ARRAY_SIZE(kmod_parts));
}

/* PMCEID as pmukit.ko shows it comes first; perf's list where it has no bit. */
static void test_from_kmod(void)
{
	static const struct support_row rows[] = {
		{ __LINE__, NULL, 0, FILES, EV_INST_SPEC, 0, PMUKIT_SUPPORT_KMOD,
		  "/sys/kernel/pmukit/cpu0" },
		{ __LINE__, NULL, 4, FILES, EV_INST_SPEC, 1, PMUKIT_SUPPORT_KMOD,
		  "/sys/kernel/pmukit/cpu4" },
		{ __LINE__, NULL, 0, PMUKIT_IMPL_SYSFS, EV_CHAIN, 0, PMUKIT_SUPPORT_KMOD,
		  "PMCEID0/1" },
		{ __LINE__, NULL, 4, PMUKIT_IMPL_SYSFS, EV_CHAIN, 1, PMUKIT_SUPPORT_KMOD,
		  "PMCEID0/1" },
		/* PMCEID wins over perf's list: the A53's has BUS_CYCLES, not STALL_FRONTEND. */
		{ __LINE__, NULL, 0, FILES, EV_BUS_CYCLES, 0, PMUKIT_SUPPORT_KMOD,
		  "cpu0" },
		{ __LINE__, NULL, 0, FILES, EV_STALL_FRONTEND, 1, PMUKIT_SUPPORT_KMOD,
		  "cpu0" },
		{ __LINE__, NULL, 0, FILES, EV_L1I_CACHE_REFILL, 1, PMUKIT_SUPPORT_KMOD,
		  "cpu0" },
		/* The module shows the low halves alone: 0x4000 events go to perf's list. */
		{ __LINE__, NULL, 4, FILES, EV_SAMPLE_POP, -1, PMUKIT_SUPPORT_NONE, "" },
		/* Without the module's source, perf's list of the CPU's own PMU again. */
		{ __LINE__, NULL, 0, PMUKIT_IMPL_PERF, EV_INST_SPEC, 0, PMUKIT_SUPPORT_PERF,
		  "armv8_cortex_a53" },
		/* A CPU the module shows nothing for: perf's list. */
		{ __LINE__, NULL, 5, PMUKIT_IMPL_SYSFS | PMUKIT_IMPL_PERF, EV_INST_SPEC, 1,
		  PMUKIT_SUPPORT_PERF, "armv8_cortex_a72" },
	};

	check_rows(rows, ARRAY_SIZE(rows));
}

/* pmukit_implemented_load()'s source text and return, for people. */
static void test_load(void)
{
	struct pmukit_implemented im;
	int ret;

	use_root("rk3399");
	ret = pmukit_implemented_load(4, PMUKIT_IMPL_PERF, &im);
	tap_ok(ret == 1 && im.have_perf && !im.have_ceid && im.nperf == 14 &&
	       strstr(im.source, "armv8_cortex_a72/events") && !strcmp(im.source, im.perf_source),
	       "rk3399 cpu4, perf only: the A72's 14 events, source '%s'", im.source);
	ret = pmukit_implemented_load(4, PMUKIT_IMPL_SYSFS, &im);
	tap_ok(ret == 0 && !strcmp(im.source, "nothing: no PMCEID and no perf event list"),
	       "rk3399 without pmukit.ko, PMCEID only: nothing answers ('%s')", im.source);
	use_root(kmod_tree);
	ret = pmukit_implemented_load(4, FILES, &im);
	tap_ok(ret == 1 && im.have_ceid && im.have_perf && im.ceid_bits == 32 &&
	       im.ceid_from == PMUKIT_IMPL_SYSFS && im.ceid[0] == 0xffffffffu &&
	       !strcmp(im.source, "PMCEID0/1 (/sys/kernel/pmukit/cpu4)") &&
	       strstr(im.perf_source, "armv8_cortex_a72/events"),
	       "pmukit.ko's PMCEID of cpu4 and the A72's list: '%s', '%s'", im.source,
	       im.perf_source);
}

/* The module's and the kernel's other answers the command shows. */
static void test_machine(void)
{
	char ev[64] = "x";

	use_root(kmod_tree);
	tap_ok(pmukit_kmod_user_access(0) == 0 && pmukit_kmod_user_access(4) == 1,
	       "pmukit.ko: user access off on cpu0, on on cpu4");
	tap_ok(pmukit_kmod_user_access(5) == -ENOENT, "a CPU the module shows nothing for: -ENOENT");
	tap_ok(pmukit_kmod_events(ev, sizeof(ev)) == 0 && !strcmp(ev, "0x08:u,0x11"),
	       "pmukit.ko's events, its newline cut: '%s'", ev);
	tap_ok(pmukit_nmi_watchdog() == -ENOENT, "no nmi_watchdog in rk3399's /proc: -ENOENT");
	use_root("rk3399");
	tap_ok(pmukit_kmod_user_access(0) == -ENOENT && pmukit_kmod_events(ev, sizeof(ev)) == -ENOENT,
	       "no module: -ENOENT");
	use_root("ec2-c7g");
	tap_ok(pmukit_nmi_watchdog() == 0, "ec2-c7g: nmi_watchdog 0");
}

static void test_names(void)
{
	tap_ok(!strcmp(pmukit_support_source_name(PMUKIT_SUPPORT_NONE), "nothing") &&
	       !strcmp(pmukit_support_source_name(PMUKIT_SUPPORT_KMOD), "pmukit.ko") &&
	       !strcmp(pmukit_support_source_name(PMUKIT_SUPPORT_PMCEID), "PMCEID") &&
	       !strcmp(pmukit_support_source_name(PMUKIT_SUPPORT_PERF), "perf"),
	       "the sources' names");
}

int main(void)
{
	if (sys_fixtures_dir(fixtures)) {
		printf("1..0 # SKIP %s not found: run from the top of the source tree\n", fixtures);
		return 0;
	}
	if (make_kmod_tree()) {
		printf("Bail out! cannot build a tree under %s\n", kmod_tree);
		remove_kmod_tree();
		return 1;
	}
	test_perf_pmu();
	test_from_perf();
	test_from_kmod();
	test_load();
	test_machine();
	test_names();
	remove_kmod_tree();
	unsetenv("PMUKIT_SYSFS_ROOT");
	return tap_done();
}
