/* SPDX-License-Identifier: MIT */
/*
 * Core types on big.LITTLE machines, without such a machine: the library is
 * pointed at the sysfs/procfs trees of tests/fixtures/sysfs (RK3399:
 * 4x Cortex-A53 + 2x Cortex-A72; RK3588: 4x Cortex-A55 + 4x Cortex-A76; a
 * Raspberry Pi 3 on a 32-bit kernel, whose MIDRs come from /proc/cpuinfo)
 * with $PMUKIT_SYSFS_ROOT, and the thread's affinity is replaced through
 * the static library's hook. Checked per fixture: the core of every CPU,
 * the core types with their CPUs, the session's core and perf PMU type when
 * bound to each CPU, the refusal (and its message) of a direct and of a
 * perf session that may run on two types, and event lookup per core.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <pmukit/pmukit.h>
#include "cores.h"
#include "cpu.h"
#include "event_lookup.h"
#include "perf_events.h"
#include "session.h"
#include "sysfile.h"
#include "core/compiler.h"
#include "../tap.h"
#include "sys_tree.h"
#include "util.h"

#define MAX_CPUS	8

static char fixtures[PATH_MAX];

/* ---- the affinity the library sees ------------------------------------ */

static cpu_set_t fake_affinity;
static int faking_affinity;

/*
 * The library's calls of pmukit_affinity_get() come here: mk/check.mk links
 * this test with -Wl,--wrap=pmukit_affinity_get, so that it can describe a
 * machine it does not run on.
 */
int __real_pmukit_affinity_get(pid_t pid, cpu_set_t *set);
int __wrap_pmukit_affinity_get(pid_t pid, cpu_set_t *set);
int __wrap_pmukit_affinity_get(pid_t pid, cpu_set_t *set)
{
	if (!faking_affinity)
		return __real_pmukit_affinity_get(pid, set);
	*set = fake_affinity;
	return 0;
}

static void affinity(const char *list)
{
	if (pmukit_cpulist_parse(list, &fake_affinity))
		tap_diag("bad CPU list in the test: %s", list);
	faking_affinity = 1;
}

static void use_fixture(const char *dir)
{
	char root[PATH_MAX + 64];

	snprintf(root, sizeof(root), "%s/%s", fixtures, dir);
	setenv("PMUKIT_SYSFS_ROOT", root, 1);
}

static void use_root(const char *root)
{
	setenv("PMUKIT_SYSFS_ROOT", root, 1);
}

static const char *name_of(const struct pmukit_core_def *c)
{
	return c ? c->name : "(none)";
}

/* A session as pmukit_open() prepares it, bound to @cpu (-1: the affinity). */
static void bind(struct pmukit_session *s, int cpu)
{
	memset(s, 0, sizeof(*s));
	s->opt_cpu = cpu;
	s->cpu = -1;
	pmukit_session_bind(s);
}

/* ---- the machines ----------------------------------------------------- */

struct machine {
	int line;
	const char *dir;		/* under tests/fixtures/sysfs, or a built tree */
	int ncpus;
	const char *cores;		/* pmukit_cores_describe(), as 'pmukit info' prints it */
	const char *core[MAX_CPUS];	/* the core of each CPU */
	uint32_t perf_type[MAX_CPUS];	/* the perf PMU a session bound there uses */
	const char *pmu[MAX_CPUS];
	const char *span;		/* a thread allowed on every CPU: NULL, or the types */
	const char *bind_hint;		/* the CPUs the refusal suggests */
};

#define A53 "cortex-a53"
#define A72 "cortex-a72"
#define A55 "cortex-a55"
#define A76 "cortex-a76"
#define PA53 "armv8_cortex_a53"
#define PA72 "armv8_cortex_a72"
#define PA55 "armv8_cortex_a55"
#define PA76 "armv8_cortex_a76"

/* perf types: what each fixture's event_source/devices/<pmu>/type says. */
static const struct machine machines[] = {
	{ __LINE__, "rk3399", 6, A53 " (cpus 0-3), " A72 " (cpus 4-5)",
	  { A53, A53, A53, A53, A72, A72 }, { 8, 8, 8, 8, 9, 9 },
	  { PA53, PA53, PA53, PA53, PA72, PA72 },
	  A53 " (cpus 0-3) and " A72 " (cpus 4-5)", "0-3" },
	{ __LINE__, "rk3588", 8, A55 " (cpus 0-3), " A76 " (cpus 4-7)",
	  { A55, A55, A55, A55, A76, A76, A76, A76 }, { 8, 8, 8, 8, 9, 9, 9, 9 },
	  { PA55, PA55, PA55, PA55, PA76, PA76, PA76, PA76 },
	  A55 " (cpus 0-3) and " A76 " (cpus 4-7)", "0-3" },
	{ __LINE__, "rpi3-armhf", 4, A53 " (cpus 0-3)",
	  { A53, A53, A53, A53 }, { 8, 8, 8, 8 }, { PA53, PA53, PA53, PA53 },
	  NULL, NULL },
	/* RK3399 as a 32-bit kernel shows it: no midr_el1, only /proc/cpuinfo. */
	{ __LINE__, "@rk3399-cpuinfo", 6, A53 " (cpus 0-3), " A72 " (cpus 4-5)",
	  { A53, A53, A53, A53, A72, A72 }, { 8, 8, 8, 8, 9, 9 },
	  { PA53, PA53, PA53, PA53, PA72, PA72 },
	  A53 " (cpus 0-3) and " A72 " (cpus 4-5)", "0-3" },
};

static char cpuinfo_tree[PATH_MAX];

/*
 * A tree with rk3399's /proc and perf devices but no per-CPU midr_el1, in
 * the order it is made (and removed in the reverse order): a link to the
 * same path in the fixture rk3399, a directory, or a file with its text.
 */
static const struct sys_part cpuinfo_parts[] = {
	{ "proc", 1, NULL },
	{ "sys", 0, NULL },
	{ "sys/bus", 1, NULL },
	{ "sys/devices", 0, NULL },
	{ "sys/devices/system", 0, NULL },
	{ "sys/devices/system/cpu", 0, NULL },
	{ "sys/devices/system/cpu/online", 0, "0-5\n" },
};

static int make_cpuinfo_tree(void)
{
	char rk3399[PATH_MAX + 16];

	snprintf(rk3399, sizeof(rk3399), "%s/rk3399", fixtures);
	return sys_tree_make(cpuinfo_tree, "cores", rk3399, cpuinfo_parts,
			     ARRAY_SIZE(cpuinfo_parts));
}

static void remove_cpuinfo_tree(void)
{
	sys_tree_remove(cpuinfo_tree, cpuinfo_parts, ARRAY_SIZE(cpuinfo_parts));
}

static void enter(const struct machine *m)
{
	if (m->dir[0] == '@')
		use_root(cpuinfo_tree);
	else
		use_fixture(m->dir);
}

static void test_machine(const struct machine *m)
{
	struct pmukit_session s;
	struct pmukit_cores c;
	char text[512];
	int cpu, ok;

	enter(m);
	for (cpu = 0; cpu < m->ncpus; cpu++) {
		const char *got = name_of(pmukit_core_by_midr(pmukit_cpu_midr(cpu)));

		tap_ok(!strcmp(got, m->core[cpu]), "%s (line %d): cpu%d is %s (got %s)", m->dir,
		       m->line, cpu, m->core[cpu], got);
	}
	pmukit_cores_get(&c);
	pmukit_cores_describe(&c, NULL, ", ", text, sizeof(text));
	tap_ok(!strcmp(text, m->cores), "%s: core types \"%s\" (got \"%s\")", m->dir, m->cores,
	       text);

	for (cpu = 0; cpu < m->ncpus; cpu++) {
		bind(&s, cpu);
		ok = !strcmp(name_of(s.core), m->core[cpu]) && s.perf_type == m->perf_type[cpu] &&
		     !strcmp(s.pmu, m->pmu[cpu]) && !s.span[0];
		if (!tap_ok(ok, "%s: a session bound to cpu%d counts on %s, perf type %u (%s)",
			    m->dir, cpu, m->core[cpu], (unsigned int)m->perf_type[cpu],
			    m->pmu[cpu]))
			tap_diag("  got %s, type %u, pmu '%s', span '%s'", name_of(s.core),
				 (unsigned int)s.perf_type, s.pmu, s.span);
	}

	/* The affinity alone decides when no CPU is given: the last CPU's type. */
	snprintf(text, sizeof(text), "%d", m->ncpus - 1);
	affinity(text);
	bind(&s, -1);
	tap_ok(!strcmp(name_of(s.core), m->core[m->ncpus - 1]) &&
	       s.perf_type == m->perf_type[m->ncpus - 1] && !s.span[0],
	       "%s: a thread allowed only on cpu%d counts on %s, perf type %u", m->dir,
	       m->ncpus - 1, m->core[m->ncpus - 1], (unsigned int)m->perf_type[m->ncpus - 1]);

	snprintf(text, sizeof(text), "0-%d", m->ncpus - 1);
	affinity(text);
	bind(&s, -1);
	if (m->span)
		ok = !strcmp(s.span, m->span) && !strcmp(s.bind_cpus, m->bind_hint);
	else
		ok = !s.span[0] && s.perf_type == m->perf_type[0];
	if (!tap_ok(ok, "%s: a thread allowed on cpus %s %s", m->dir, text,
		    m->span ? "spans two core types" : "has one core type"))
		tap_diag("  span '%s', bind '%s'", s.span, s.bind_cpus);
	/* opts.cpu names the type even when the affinity spans types. */
	bind(&s, m->ncpus - 1);
	tap_ok(!s.span[0] && !strcmp(name_of(s.core), m->core[m->ncpus - 1]),
	       "%s: with the CPU given (cpu%d), a thread allowed everywhere counts on %s",
	       m->dir, m->ncpus - 1, m->core[m->ncpus - 1]);
	faking_affinity = 0;
}

/* ---- refusals --------------------------------------------------------- */

static int says(const char *text)
{
	return strstr(pmukit_last_error(), text) != NULL;
}

static void test_direct_refusal(const struct machine *m)
{
	struct pmukit_options o = { .path = PMUKIT_PATH_DIRECT, .cpu = -1 };
	const char *ev[] = { "cycles" };
	struct pmukit_session *s = NULL;
	char all[16], msg[256];
	int ret;

	enter(m);
	snprintf(all, sizeof(all), "0-%d", m->ncpus - 1);
	affinity(all);
	ret = pmukit_open(&s, ev, 1, &o);
	if (m->span) {
		snprintf(msg, sizeof(msg), "may run on %s, which have different PMUs", m->span);
		if (!tap_ok(ret == -EINVAL && !s && says("the direct path counts on one core type") &&
			    says(msg) && says("taskset -c 0-3") && says("--cpu"),
			    "%s: a direct session allowed on cpus %s is refused: -EINVAL, the types, taskset -c 0-3 and --cpu",
			    m->dir, all))
			tap_diag("  got %d: %s", ret, pmukit_last_error());
	} else {
		/* It may still fail here for other reasons (no PMU access): not for this one. */
		tap_ok(!(ret == -EINVAL && says("core type")),
		       "%s: a direct session allowed on cpus %s is not refused for its core types",
		       m->dir, all);
	}
	pmukit_close(s);
	faking_affinity = 0;
}

/* perf: the refusal comes before any perf_event_open(). */
static void test_perf_refusal(const struct machine *m)
{
	struct pmukit_session s;
	struct pmukit_perf p;
	char all[16];
	int ret;

	if (!m->span)
		return;
	enter(m);
	snprintf(all, sizeof(all), "0-%d", m->ncpus - 1);
	affinity(all);
	bind(&s, -1);
	s.n = 1;
	s.ev[0].kind = PMUKIT_EV_PMU;
	s.ev[0].code = 0x11;	/* CPU_CYCLES */
	snprintf(s.ev[0].name, sizeof(s.ev[0].name), "CPU_CYCLES:u");
	snprintf(s.ev[0].base, sizeof(s.ev[0].base), "CPU_CYCLES");
	memset(&p, 0, sizeof(p));
	ret = pmukit_perf_open_events(&s, &p, 0);
	if (!tap_ok(ret == -EINVAL && says("a perf event counts on one core type") &&
		    says(m->span) && says("taskset -c 0-3"),
		    "%s: a perf session allowed on cpus %s is refused: -EINVAL, the types, taskset",
		    m->dir, all))
		tap_diag("  got %d: %s", ret, pmukit_last_error());
	pmukit_perf_close_events(&p);
	faking_affinity = 0;
}

/* ---- event lookup per core -------------------------------------------- */

static int in_own_table(const struct pmukit_core_def *c, const char *name)
{
	unsigned int i;

	for (i = 0; c && i < c->nevents; i++)
		if (!strcmp(c->events[i].name, name))
			return 1;
	return 0;
}

static void test_lookup(void)
{
	static const struct {
		int line;
		const char *dir;
		int cpu;
		const char *event;
		int in_table;	/* in the core's own table */
		int parse;	/* pmukit_event_parse(): 0 or -ENOENT */
		unsigned int code;
	} rows[] = {
		/* IMPLEMENTATION DEFINED on the A55 only: the A76 has no such name. */
		{ __LINE__, "rk3588", 0, "STALL_BACKEND_LD", 1, 0, 0xe7 },
		{ __LINE__, "rk3588", 4, "STALL_BACKEND_LD", 0, -ENOENT, 0 },
		{ __LINE__, "rk3588", 0, "PREDECODE_ERROR", 1, 0, 0xc6 },
		{ __LINE__, "rk3588", 7, "PREDECODE_ERROR", 0, -ENOENT, 0 },
		/* Speculative events: the A72's table, not the A53's (architectural: still found). */
		{ __LINE__, "rk3399", 4, "INST_SPEC", 1, 0, 0x1b },
		{ __LINE__, "rk3399", 0, "INST_SPEC", 0, 0, 0x1b },
		{ __LINE__, "rk3399", 5, "LD_SPEC", 1, 0, 0x70 },
		{ __LINE__, "rk3399", 3, "LD_SPEC", 0, 0, 0x70 },
	};
	struct pmukit_event_spec es;
	struct pmukit_session s;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		int ret;

		use_fixture(rows[i].dir);
		bind(&s, rows[i].cpu);
		ret = pmukit_event_parse(rows[i].event, s.core, &es);
		tap_ok(in_own_table(s.core, rows[i].event) == rows[i].in_table &&
		       ret == rows[i].parse && (ret || es.code == rows[i].code),
		       "%s cpu%d (%s, line %d): %s %s the core's table, lookup %d code 0x%x",
		       rows[i].dir, rows[i].cpu, name_of(s.core), rows[i].line, rows[i].event,
		       rows[i].in_table ? "in" : "not in", rows[i].parse, rows[i].code);
	}
}

/* perf's events/ of the session's PMU says what the core implements. */
static void test_perf_support(void)
{
	struct pmukit_session s;
	struct pmukit_perf p;
	int ret;

	use_fixture("rk3399");
	bind(&s, 0);
	s.n = 1;
	s.ev[0].kind = PMUKIT_EV_PMU;
	s.ev[0].code = 0x1b;	/* INST_SPEC: the A72's PMU lists it, the A53's does not */
	snprintf(s.ev[0].name, sizeof(s.ev[0].name), "INST_SPEC:u");
	snprintf(s.ev[0].base, sizeof(s.ev[0].base), "INST_SPEC");
	memset(&p, 0, sizeof(p));
	ret = pmukit_perf_open_events(&s, &p, 0);
	if (!tap_ok(ret == -EOPNOTSUPP && says("not implemented by this cortex-a53") &&
		    says("INST_SPEC (0x1b)"),
		    "rk3399 cpu0: perf refuses INST_SPEC, which armv8_cortex_a53/events lacks"))
		tap_diag("  got %d: %s", ret, pmukit_last_error());
	pmukit_perf_close_events(&p);

	bind(&s, 4);
	s.n = 1;
	memset(&p, 0, sizeof(p));
	/* Past the check, perf_event_open() runs on this machine: any result but that refusal. */
	ret = pmukit_perf_open_events(&s, &p, 0);
	tap_ok(!(ret == -EOPNOTSUPP && says("not implemented")),
	       "rk3399 cpu4: INST_SPEC passes the check (armv8_cortex_a72/events lists it)");
	pmukit_perf_close_events(&p);
}

/* ---- the root and CPU lists ------------------------------------------- */

static void test_paths(void)
{
	static const struct str_case rows[] = {	/* want: "R" stands for the root */
		{ __LINE__, "/sys/devices/system/cpu/online", "R/sys/devices/system/cpu/online" },
		{ __LINE__, "/proc/cpuinfo", "R/proc/cpuinfo" },
		{ __LINE__, "/proc", "R/proc" },
		{ __LINE__, "/system/x", "/system/x" },
		{ __LINE__, "/processor", "/processor" },
		{ __LINE__, "/dev/null", "/dev/null" },
		{ __LINE__, "relative/sys", "relative/sys" },
	};
	char got[256], want[256];
	size_t i;

	use_root("/fx");
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		snprintf(want, sizeof(want), "%s%s", rows[i].want[0] == 'R' ? "/fx" : "",
			 rows[i].want + (rows[i].want[0] == 'R'));
		tap_ok(!pmukit_sysfile_path(rows[i].in, got, sizeof(got)) && !strcmp(got, want),
		       "PMUKIT_SYSFS_ROOT=/fx: %s is read at %s (line %d)", rows[i].in, want,
		       rows[i].line);
	}
	unsetenv("PMUKIT_SYSFS_ROOT");
	tap_ok(!pmukit_sysfile_path("/proc/cpuinfo", got, sizeof(got)) &&
	       !strcmp(got, "/proc/cpuinfo"), "without PMUKIT_SYSFS_ROOT: /proc/cpuinfo itself");
}

static void test_cpulists(void)
{
	static const struct {
		int line;
		const char *in;
		int ret;
		const char *out;
	} rows[] = {
		{ __LINE__, "0-3", 0, "0-3" },
		{ __LINE__, "0-3,6\n", 0, "0-3,6" },
		{ __LINE__, "4,5", 0, "4-5" },
		{ __LINE__, "0,2,4-7", 0, "0,2,4-7" },
		{ __LINE__, "", 0, "" },
		{ __LINE__, "3-1", -EINVAL, NULL },
		{ __LINE__, "a", -EINVAL, NULL },
		{ __LINE__, "1-", -EINVAL, NULL },
		{ __LINE__, "0-99999", -EINVAL, NULL },
	};
	char out[64];
	cpu_set_t set;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		int ret = pmukit_cpulist_parse(rows[i].in, &set);

		if (!ret)
			pmukit_cpulist_format(&set, out, sizeof(out));
		tap_ok(ret == rows[i].ret && (ret || !strcmp(out, rows[i].out)),
		       "CPU list \"%s\": %d%s%s (line %d)", rows[i].in, rows[i].ret,
		       rows[i].out ? " " : "", rows[i].out ? rows[i].out : "", rows[i].line);
	}
}

int main(void)
{
	size_t i;

	if (sys_fixtures_dir(fixtures)) {
		printf("1..0 # SKIP %s not found: run from the top of the source tree\n", fixtures);
		return 0;
	}
	if (make_cpuinfo_tree()) {
		printf("Bail out! cannot build a tree under %s\n", cpuinfo_tree);
		return 1;
	}

	test_paths();
	test_cpulists();
	for (i = 0; i < ARRAY_SIZE(machines); i++) {
		test_machine(&machines[i]);
		test_direct_refusal(&machines[i]);
		test_perf_refusal(&machines[i]);
	}
	test_lookup();
	test_perf_support();
	remove_cpuinfo_tree();
	unsetenv("PMUKIT_SYSFS_ROOT");
	return tap_done();
}
