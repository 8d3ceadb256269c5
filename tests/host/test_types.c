/* SPDX-License-Identifier: MIT */
/*
 * Plans on several core types, without such a machine: the library reads
 * the sysfs trees of tests/fixtures/sysfs (RK3399: cortex-a53 on 0-3 and
 * cortex-a72 on 4-5; sm8550: cortex-a510 on 0-2, cortex-a715 on 3-6 and
 * cortex-x3 on 7), the thread's affinity and perf_event_open() are the
 * test's (mk/check.mk links it with -Wl,--wrap). Each perf_event_open()
 * is recorded (attr.type, config, pid, cpu) and a task-clock event of this
 * thread opened in its place, so that the sessions start, stop and read.
 * Checked per fixture: the types a plan counts on, their names, CPUs and
 * PMUs; each type's group on its own PMU with the event numbers asked for;
 * CPUs of a scope on their type's PMU; the sum of the architectural events
 * and no sum of the others; a CPU given, one type as before; a name one
 * type lacks refused, naming that type.
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
#include "event_spec.h"
#include "perf_events.h"
#include "core/compiler.h"
#include "../tap.h"
#include "fake_types.h"
#include "sys_tree.h"
#include "util.h"

static char fixtures[PATH_MAX];

/*
 * The affinity and the refusal of Arm events are fake_types.h's: the
 * plan's calls of pmukit_ev_refused() are let through while the plan is
 * made and opened.
 */

#define MAX_CALLS	256

static struct call {
	uint32_t type;
	uint64_t config;
	pid_t pid;
	int cpu;
} calls[MAX_CALLS];
static unsigned int ncalls;

int __wrap_pmukit_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group,
				  unsigned long flags)
{
	struct perf_event_attr a;

	if (ncalls < MAX_CALLS)
		calls[ncalls++] = (struct call){ attr->type, attr->config, pid, cpu };
	/* In its place: this thread's task-clock, grouped and read as asked. */
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.read_format = attr->read_format;
	a.disabled = attr->disabled;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	return __real_pmukit_perf_event_open(&a, 0, -1, group, flags);
}

/* ---- the fixtures ----------------------------------------------------- */

struct type_want {
	const char *name, *cpus, *pmu;
	uint32_t perf_type;
};

struct machine {
	const char *dir;
	const char *all;		/* every CPU */
	unsigned int ntypes;
	struct type_want t[3];
	const char *only_one;		/* a name one type's table lacks, or NULL */
	const char *lacks;		/* the type that lacks it */
};

static const struct machine machines[] = {
	{ "rk3399", "0-5", 2,
	  { { "cortex-a53", "0-3", "armv8_cortex_a53", 8 },
	    { "cortex-a72", "4-5", "armv8_cortex_a72", 9 } }, NULL, NULL },
	{ "rk3588", "0-7", 2,
	  { { "cortex-a55", "0-3", "armv8_cortex_a55", 8 },
	    { "cortex-a76", "4-7", "armv8_cortex_a76", 9 } }, "STALL_BACKEND_LD", "cortex-a76" },
	{ "sm8550", "0-7", 3,
	  { { "cortex-a510", "0-2", "armv9_cortex_a510", 8 },
	    { "cortex-a715", "3-6", "armv9_cortex_a715", 9 },
	    { "cortex-x3", "7", "armv9_cortex_x3", 10 } }, NULL, NULL },
};

static int use(const struct machine *m, const char *affinity)
{
	char root[PATH_MAX + 64];

	snprintf(root, sizeof(root), "%s/%s", fixtures, m->dir);
	setenv("PMUKIT_SYSFS_ROOT", root, 1);
	return pmukit_cpulist_parse(affinity, &fake_affinity);
}

/*
 * Events asked for: CPU_CYCLES and INST_RETIRED (architectural, summed;
 * this host's parse makes them perf's generic cycles and instructions),
 * L1D_CACHE (0x04, an Arm number on the type's PMU, summed) and 0x42
 * (IMPLEMENTATION DEFINED: per type only).
 */
static const char *const specs[] = { "CPU_CYCLES", "INST_RETIRED", "L1D_CACHE", "0x42" };
static const int summed[] = { 1, 1, 1, 0 };

/* Is the call for event @i on @t's PMU? Arm numbers as its type; generic ones named in config. */
static int call_is(const struct call *c, unsigned int i, const struct type_want *t)
{
	switch (i) {
	case 0:
		return c->type == PERF_TYPE_HARDWARE &&
		       c->config == ((uint64_t)t->perf_type << 32 | PERF_COUNT_HW_CPU_CYCLES);
	case 1:
		return c->type == PERF_TYPE_HARDWARE &&
		       c->config == ((uint64_t)t->perf_type << 32 | PERF_COUNT_HW_INSTRUCTIONS);
	case 2:
		return c->type == t->perf_type && c->config == 0x04;
	default:
		return c->type == t->perf_type && c->config == 0x42;
	}
}

static struct pmukit_evplan *plan_of(const struct machine *m, int cpu, const int *scope,
				     unsigned int nscope)
{
	struct pmukit_options o = { .path = PMUKIT_PATH_PERF, .cpu = cpu };
	struct pmukit_evplan *p = NULL;
	size_t i;
	int ret;

	letting_through = 0;
	ret = pmukit_evplan_new(&p, &o);
	for (i = 0; !ret && i < ARRAY_SIZE(specs); i++)
		ret = pmukit_evplan_add(p, specs[i]) < 0;
	if (!ret && scope)
		ret = pmukit_evplan_scope_cpus(p, scope, nscope);
	letting_through = 1;
	if (!ret)
		ret = pmukit_evplan_make(p);
	if (ret) {
		tap_diag("%s: the plan: %d: %s", m->dir, ret, pmukit_last_error());
		pmukit_evplan_free(p);
		return NULL;
	}
	return p;
}

/* A thread allowed on every CPU: one group per type, each on its PMU. */
static void test_thread(const struct machine *m)
{
	struct pmukit_count all[8], per[3][8];
	struct pmukit_session *s = NULL;
	struct pmukit_type_info info;
	struct pmukit_evplan *p;
	unsigned int t, i, k, found, first;
	int ok, ret;

	use(m, m->all);
	p = plan_of(m, -1, NULL, 0);
	if (!tap_ok(p != NULL, "%s: a plan of a thread allowed on cpus %s is made", m->dir, m->all)) {
		return;
	}
	tap_eq(pmukit_evplan_ntypes(p), m->ntypes, "%s: it counts on %u core types", m->dir,
	       m->ntypes);
	for (t = 0; t < m->ntypes; t++) {
		const struct type_want *w = &m->t[t];

		ret = pmukit_evplan_type(p, t, &info);
		if (!tap_ok(!ret && !strcmp(info.name, w->name) && !strcmp(info.cpus, w->cpus) &&
			    !strcmp(info.pmu, w->pmu) && info.perf_type == w->perf_type,
			    "%s: type %u is %s (cpus %s), perf PMU %s type %u", m->dir, t, w->name,
			    w->cpus, w->pmu, (unsigned int)w->perf_type))
			tap_diag("  got %d: %s (cpus %s), %s type %u", ret, info.name, info.cpus,
				 info.pmu, (unsigned int)info.perf_type);
		/* Each event as the type parses it: 0x42 an Arm number, the others named. */
		for (i = 0, ok = 1; i < ARRAY_SIZE(specs); i++) {
			const struct pmukit_ev *e = pmukit_evplan_type_event(p, t, i);

			ok &= e && e->name[0] && (i != 3 || (e->kind == PMUKIT_EV_PMU && e->code == 0x42));
		}
		tap_ok(ok && !pmukit_evplan_type_event(p, t, ARRAY_SIZE(specs)) &&
		       !pmukit_evplan_type_event(p, m->ntypes, 0),
		       "%s: type %u's parse of each event, and none beyond", m->dir, t);
	}
	ncalls = 0;
	ret = pmukit_open_pass(&s, p, 0, NULL);
	if (!tap_ok(!ret && pmukit_session_ntypes(s) == m->ntypes &&
		    pmukit_session_nunits(s) == 1,
		    "%s: its pass opens as %u types, one unit", m->dir, m->ntypes)) {
		tap_diag("  got %d: %s", ret, pmukit_last_error());
		pmukit_evplan_free(p);
		return;
	}
	/* The calls: each type's events, in order, on its PMU, for this thread on any CPU. */
	for (t = 0; t < m->ntypes; t++) {
		first = t * ARRAY_SIZE(specs);
		found = 0;
		for (i = 0; i < ARRAY_SIZE(specs) && first + i < ncalls; i++) {
			const struct call *c = &calls[first + i];

			found += call_is(c, i, &m->t[t]) && c->pid == 0 && c->cpu == -1;
		}
		if (!tap_ok(ncalls == m->ntypes * ARRAY_SIZE(specs) && found == ARRAY_SIZE(specs),
			    "%s: %s's group: cycles and instructions as PMU %u's, 0x04 and 0x42 on type %u, pid 0, cpu -1",
			    m->dir, m->t[t].name, (unsigned int)m->t[t].perf_type,
			    (unsigned int)m->t[t].perf_type))
			for (k = 0; k < ncalls; k++)
				tap_diag("  call %u: type %u config 0x%llx pid %d cpu %d", k,
					 (unsigned int)calls[k].type,
					 (unsigned long long)calls[k].config, (int)calls[k].pid,
					 calls[k].cpu);
	}
	/* The sums: after the stop, every read sees the same counts. */
	ok = !pmukit_start(s) && !pmukit_stop(s) && !pmukit_read(s, all);
	for (t = 0; ok && t < m->ntypes; t++)
		ok = !pmukit_read_type(s, t, per[t]);
	for (i = 0; ok && i < ARRAY_SIZE(specs); i++) {
		uint64_t sum = 0;

		for (t = 0; t < m->ntypes; t++)
			sum += per[t][i].value;
		ok = pmukit_session_summed(s, i) == summed[i] &&
		     all[i].value == (summed[i] ? sum : 0) && per[0][i].value > 0;
		if (!ok)
			tap_diag("  event %u: summed %d, read %llu, per-type sum %llu", i,
				 pmukit_session_summed(s, i), (unsigned long long)all[i].value,
				 (unsigned long long)sum);
	}
	tap_ok(ok, "%s: pmukit_read() sums the architectural events over the types, leaves 0x42 at 0",
	       m->dir);
	tap_ok(pmukit_read_type(s, m->ntypes, all) == -EINVAL, "%s: no type %u", m->dir, m->ntypes);
	pmukit_close(s);
	pmukit_evplan_free(p);

	/* A CPU given: its type alone, as before. */
	p = plan_of(m, 0, NULL, 0);
	ncalls = 0;
	ret = p ? pmukit_open_pass(&s, p, 0, NULL) : -1;
	found = 0;
	for (k = 0; k < ncalls; k++)
		found += call_is(&calls[k], k, &m->t[0]) || (k < 2 && calls[k].type == PERF_TYPE_HARDWARE &&
							     calls[k].config < 16);
	if (!tap_ok(!ret && pmukit_evplan_ntypes(p) == 1 && pmukit_session_ntypes(s) == 1 &&
		    ncalls == ARRAY_SIZE(specs) && calls[2].type == m->t[0].perf_type,
		    "%s: with cpu 0 given, one type: %u calls, the Arm numbers on %s's PMU",
		    m->dir, (unsigned int)ARRAY_SIZE(specs), m->t[0].name))
		tap_diag("  got %d, %u calls: %s", ret, ncalls, pmukit_last_error());
	pmukit_close(s);
	pmukit_evplan_free(p);
}

/* A scope of every CPU: each CPU on its own type's PMU; per type, the sum of its CPUs. */
static void test_cpus(const struct machine *m)
{
	struct pmukit_count c[8], per[8];
	struct pmukit_session *s = NULL;
	struct pmukit_evplan *p;
	unsigned int t, k, ok = 1;
	int ret, cpus[8];

	use(m, m->all);
	ret = pmukit_cpus_parse(m->all, cpus, 8);
	p = plan_of(m, -1, cpus, (unsigned int)ret);
	ncalls = 0;
	ret = p ? pmukit_open_pass(&s, p, 0, NULL) : -1;
	if (!tap_ok(!ret && pmukit_session_ntypes(s) == m->ntypes,
		    "%s: a scope of cpus %s opens, on %u types", m->dir, m->all, m->ntypes)) {
		tap_diag("  got %d: %s", ret, pmukit_last_error());
		pmukit_evplan_free(p);
		return;
	}
	for (k = 0; k < ncalls; k++) {
		const struct call *cl = &calls[k];
		int cpu = cl->cpu;

		for (t = 0; t < m->ntypes; t++) {
			cpu_set_t set;

			pmukit_cpulist_parse(m->t[t].cpus, &set);
			if (cpu >= 0 && CPU_ISSET(cpu, &set))
				break;
		}
		if (t == m->ntypes || cl->pid != -1 ||
		    !call_is(cl, k % ARRAY_SIZE(specs), &m->t[t])) {
			ok = 0;
			tap_diag("  call %u: type %u config 0x%llx pid %d cpu %d", k,
				 (unsigned int)cl->type, (unsigned long long)cl->config,
				 (int)cl->pid, cl->cpu);
		}
	}
	tap_ok(ok && ncalls == pmukit_session_nunits(s) * ARRAY_SIZE(specs),
	       "%s: each CPU's events on its type's PMU (pid -1, that cpu)", m->dir);
	ok = !pmukit_start(s) && !pmukit_stop(s) && !pmukit_read(s, c);
	for (t = 0; ok && t < m->ntypes; t++) {
		uint64_t sum = 0;
		unsigned int u;
		struct pmukit_unit un;
		cpu_set_t set;

		pmukit_cpulist_parse(m->t[t].cpus, &set);
		ok = !pmukit_read_type(s, t, per);
		for (u = 0; ok && u < pmukit_session_nunits(s); u++) {
			ok = !pmukit_evplan_unit(p, u, &un) && !pmukit_read_unit(s, u, c);
			if (ok && CPU_ISSET(un.cpu, &set))
				sum += c[3].value;
		}
		ok = ok && per[3].value == sum;
	}
	tap_ok(ok, "%s: each type's count of 0x42 is the sum of its CPUs'", m->dir);
	pmukit_close(s);
	pmukit_evplan_free(p);
}

/* A name in one type's table only: refused, naming the type that lacks it. */
static void test_refusal(const struct machine *m)
{
	struct pmukit_options o = { .path = PMUKIT_PATH_PERF, .cpu = -1 };
	struct pmukit_evplan *p = NULL;
	int ret;

	if (!m->only_one)
		return;
	use(m, m->all);
	ret = pmukit_evplan_new(&p, &o);
	/* The thread runs on cpu 0 or 1 here: the table the names are looked up in first. */
	letting_through = 0;
	if (!ret && pmukit_evplan_add(p, m->only_one) < 0)
		ret = -1;
	letting_through = 1;
	if (!ret)
		ret = pmukit_evplan_make(p);
	if (!tap_ok(ret == -ENOENT && strstr(pmukit_last_error(), m->lacks) &&
		    strstr(pmukit_last_error(), "taskset -c"),
		    "%s: %s is refused on a thread allowed on cpus %s: %s lacks it",
		    m->dir, m->only_one, m->all, m->lacks))
		tap_diag("  got %d: %s", ret, pmukit_last_error());
	pmukit_evplan_free(p);
}

int main(void)
{
	size_t i;

	if (sys_fixtures_dir(fixtures)) {
		printf("1..0 # SKIP %s not found: run from the top of the source tree\n", fixtures);
		return 0;
	}
	if (!fake_types_perf_here())
		return 0;
	for (i = 0; i < ARRAY_SIZE(machines); i++) {
		test_thread(&machines[i]);
		test_cpus(&machines[i]);
		test_refusal(&machines[i]);
	}
	unsetenv("PMUKIT_SYSFS_ROOT");
	return tap_done();
}
