/* SPDX-License-Identifier: MIT */
/*
 * The machines of several core types that pmukit stat's host tests count
 * on (test_cli_types, test_cli_scope_types): the fixtures' sysfs trees, the
 * perf_event_open() that records each call and opens a software event of
 * the command in its place (fake_types.h tells the library what it sees),
 * stat run in this process with its output read back, and the readers of
 * its CSV. Included by one test file each (its statics are that test's).
 */
#ifndef PMUKIT_TEST_CLI_TYPES_FAKE_H
#define PMUKIT_TEST_CLI_TYPES_FAKE_H

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "cli.h"
#include "../tap.h"
#include "fake_types.h"
#include "sys_tree.h"
#include "util.h"

static char fixtures[PATH_MAX];

/* ---- what the library sees -------------------------------------------- */

/*
 * The affinity and the refusal of Arm events are fake_types.h's: an Arm
 * event on this host is parsed and then refused where a plan opens it;
 * once stat makes its plan, the library's calls let it through.
 */
int __real_pmukit_evplan_make(struct pmukit_evplan *p);
int __wrap_pmukit_evplan_make(struct pmukit_evplan *p);
int __wrap_pmukit_evplan_make(struct pmukit_evplan *p)
{
	letting_through = 1;
	return __real_pmukit_evplan_make(p);
}

#define MAX_CALLS	512

static struct call {
	uint32_t pmu;		/* the PMU's type: attr.type, or a generic event's config >> 32 */
	uint64_t event;		/* the event: config, without the PMU */
	int cpu;
	pid_t pid;		/* the task counted; -1: a CPU's */
} calls[MAX_CALLS];
static unsigned int ncalls;
/* A PMU type the command never runs on: its stand-ins count nothing (0: none). */
static uint32_t idle_pmu;

int __wrap_pmukit_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group,
				  unsigned long flags)
{
	struct perf_event_attr a = *attr;
	struct call c;
	int odd;

	if (attr->type == PERF_TYPE_HARDWARE)
		c = (struct call){ (uint32_t)(attr->config >> 32), attr->config & 0xffffffffu, cpu,
				   pid };
	else
		c = (struct call){ attr->type, attr->config, cpu, pid };
	if (attr->type == PERF_TYPE_SOFTWARE)
		return __real_pmukit_perf_event_open(attr, pid, cpu, group, flags);
	/* The command's (its pid) or a CPU's (-1); the plan's checks open for this thread. */
	if (pid && ncalls < MAX_CALLS)
		calls[ncalls++] = c;
	odd = c.pmu & 1;
	a.type = PERF_TYPE_SOFTWARE;
	a.config1 = a.config2 = 0;
	if (pid < 0) {
		/*
		 * A CPU of the fixture, which this host may not have, counted
		 * without the right to: this process's clocks, on any CPU.
		 */
		a.config = (c.event == PERF_COUNT_HW_CPU_CYCLES || c.event == 0x11) != odd ?
			   PERF_COUNT_SW_TASK_CLOCK : PERF_COUNT_SW_CPU_CLOCK;
		return __real_pmukit_perf_event_open(&a, getpid(), -1, group, flags);
	}
	a.config = (c.event == PERF_COUNT_HW_CPU_CYCLES || c.event == 0x11) != odd ?
		   PERF_COUNT_SW_TASK_CLOCK : PERF_COUNT_SW_PAGE_FAULTS;
	if (idle_pmu && c.pmu == idle_pmu)
		a.config = PERF_COUNT_SW_DUMMY;
	return __real_pmukit_perf_event_open(&a, pid, cpu, group, flags);
}

/* ---- the fixtures ----------------------------------------------------- */

struct type_want {
	const char *name, *cpus;
	uint32_t perf_type;
};

struct machine {
	const char *dir;
	unsigned int ncpus;
	unsigned int ntypes;
	struct type_want t[3];
	const char *names;		/* the sums' heading */
};

static const struct machine machines[] = {
	{ "rk3399", 6, 2, { { "cortex-a53", "0-3", 8 }, { "cortex-a72", "4-5", 9 } },
	  "cortex-a53 and cortex-a72" },
	{ "sm8550", 8, 3,
	  { { "cortex-a510", "0-2", 8 }, { "cortex-a715", "3-6", 9 }, { "cortex-x3", "7", 10 } },
	  "cortex-a510, cortex-a715 and cortex-x3" },
};

/*
 * CPU_CYCLES and INST_RETIRED (architectural: summed), 0x42
 * (IMPLEMENTATION DEFINED: per type only).
 */
#define EVENTS	"CPU_CYCLES,INST_RETIRED,0x42"
#define NEVENTS	3
/*
 * Their names in the report: a host without an Arm PMU parses CPU_CYCLES
 * and INST_RETIRED as perf's generic cycles and instructions (on the
 * type's PMU all the same); names_of() picks the pair the report has.
 */
static const char *names[NEVENTS];
/* Each event in perf_event_open(): perf's generic number (this host), or the Arm one. */
static const uint64_t codes[NEVENTS][2] = {
	{ PERF_COUNT_HW_CPU_CYCLES, 0x11 }, { PERF_COUNT_HW_INSTRUCTIONS, 0x08 }, { 0x42, 0x42 },
};
static const char *const arm_names[NEVENTS] = {
	"CPU_CYCLES:u", "INST_RETIRED:u", "L1D_CACHE_REFILL_RD:u",
};
static const char *const generic_names[NEVENTS] = {
	"cycles:u", "instructions:u", "L1D_CACHE_REFILL_RD:u",
};

/* The command: a little work, so that every stand-in counts. */
static char *const command[] = {
	"/bin/sh", "-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done", NULL,
};

static char out_path[PATH_MAX], err_path[PATH_MAX];
static char *errors;	/* what the last stat_of() said on stderr, to free() */

/*
 * The fixtures and the files stat writes to: 1 when the test can run, else
 * 0 with the TAP plan that skips it said.
 */
static inline int fake_types_ready(void)
{
	int fd;

	if (!fake_types_perf_here())
		return 0;
	if (sys_fixtures_dir(fixtures)) {
		printf("1..0 # SKIP tests/fixtures/sysfs not found: run from the top of the source tree\n");
		return 0;
	}
	snprintf(out_path, sizeof(out_path), "/tmp/pmukit-test-cli-types-XXXXXX");
	snprintf(err_path, sizeof(err_path), "/tmp/pmukit-test-cli-types-XXXXXX");
	fd = mkstemp(out_path);
	if (fd >= 0)
		close(fd);
	fd = fd < 0 ? fd : mkstemp(err_path);
	if (fd < 0) {
		printf("1..0 # SKIP no temporary file: %s\n", strerror(errno));
		return 0;
	}
	close(fd);
	return 1;
}

/* The files removed, the fixtures let go; the TAP summary's exit status. */
static inline int fake_types_done(void)
{
	unlink(out_path);
	unlink(err_path);
	free(errors);
	unsetenv("PMUKIT_SYSFS_ROOT");
	return tap_done();
}

/* "cpu 7" for a type of one CPU, "cpus 0-3" for more, as the reports say it. */
static inline const char *cpus_word(const char *list)
{
	return strpbrk(list, ",-") ? "cpus" : "cpu";
}

/* pmukit stat @args... -o FILE -- command on @m; its output (to free()), exit status in *@rc. */
static inline char *stat_of(const struct machine *m, int *rc, const char *const *args)
{
	char root[PATH_MAX + 64];
	char *argv[32];
	int argc = 0, i, saved;
	FILE *f;
	char *text;

	snprintf(root, sizeof(root), "%s/%s", fixtures, m->dir);
	setenv("PMUKIT_SYSFS_ROOT", root, 1);
	argv[argc++] = "stat";
	for (i = 0; args[i]; i++)
		argv[argc++] = (char *)args[i];
	argv[argc++] = "-o";
	argv[argc++] = out_path;
	argv[argc++] = "--";
	for (i = 0; command[i]; i++)
		argv[argc++] = command[i];
	argv[argc] = NULL;
	ncalls = 0;
	letting_through = 0;
	unlink(out_path);
	/* stderr into a file for the call, read back into errors. */
	fflush(stderr);
	saved = dup(2);
	f = fopen(err_path, "w+");
	if (f)
		dup2(fileno(f), 2);
	*rc = cmd_stat(argc, argv);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	free(errors);
	errors = NULL;
	if (f) {
		rewind(f);
		errors = read_stream(f);
		fclose(f);
	}
	if (!errors)
		errors = strdup("");
	f = fopen(out_path, "r");
	if (!f)
		return strdup("");
	text = read_stream(f);
	fclose(f);
	return text ? text : strdup("");
}

/* The CSV line whose event field (the third) is @event, or NULL. */
static inline const char *csv_line(const char *text, const char *event)
{
	const char *l = text;
	char want[96];
	size_t n = (size_t)snprintf(want, sizeof(want), ",%s,", event);

	for (; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *comma = strchr(l, ',');
		const char *eol = strchr(l, '\n');

		if (comma && (!eol || comma < eol) && !strncmp(strchr(comma + 1, ',') ?
		    strchr(comma + 1, ',') : comma, want, n))
			return l;
	}
	return NULL;
}

/* Field @k (0-based) of CSV line @l as a number; NAN when absent or empty. */
static inline double csv_num(const char *l, unsigned int k)
{
	char *end;
	double v;

	for (; l && k; k--) {
		l = strchr(l, ',');
		l = l ? l + 1 : NULL;
	}
	if (!l || *l == ',' || *l == '\n')
		return NAN;
	v = strtod(l, &end);
	return end == l ? NAN : v;
}

/* The value of @event on type @core (NULL: the sum), NAN when no line. */
static inline double value_of(const char *text, const char *core, const char *event)
{
	char field[96];

	if (core)
		snprintf(field, sizeof(field), "%s/%s/", core, event);
	else
		snprintf(field, sizeof(field), "%s", event);
	return csv_num(csv_line(text, field), 0);
}

static inline void names_of(const char *text, const char *core)
{
	unsigned int i;
	const char *const *set = isnan(value_of(text, core, arm_names[0])) ? generic_names :
				 arm_names;

	for (i = 0; i < NEVENTS; i++)
		names[i] = set[i];
}

/* @text without the white space outside its strings: JSON on one line. */
static inline char *compact(const char *text)
{
	char *out = malloc(strlen(text) + 1), *o = out;
	int in = 0;

	for (; out && *text; text++) {
		if (*text == '"' && (text == out || text[-1] != '\\'))
			in = !in;
		if (in || (*text != ' ' && *text != '\n'))
			*o++ = *text;
	}
	if (out)
		*o = '\0';
	return out;
}

/*
 * -a: each CPU's events (the plan's check opens them too) on the PMU of its
 * type, on that CPU alone; no event of a CPU on another type's PMU.
 */
static inline void check_cpu_calls(const struct machine *m)
{
	unsigned int t, i, k, bad = 0, missing = 0;
	int cpus[8], n, j, seen;

	for (t = 0; t < m->ntypes; t++) {
		n = pmukit_cpus_parse(m->t[t].cpus, cpus, 8);
		for (j = 0; j < n; j++) {
			for (i = 0; i < NEVENTS; i++) {
				for (k = 0, seen = 0; k < ncalls; k++)
					seen |= calls[k].cpu == cpus[j] &&
						(calls[k].event == codes[i][0] ||
						 calls[k].event == codes[i][1]);
				missing += !seen;
			}
			for (k = 0; k < ncalls; k++)
				bad += calls[k].cpu == cpus[j] && calls[k].pmu != m->t[t].perf_type;
		}
	}
	for (k = 0; k < ncalls; k++)
		bad += calls[k].cpu < 0;
	tap_ok(ncalls && !bad && !missing,
	       "%s -a: each CPU's %d events on its type's PMU (%u calls, %u elsewhere, %u missing)",
	       m->dir, NEVENTS, ncalls, bad, missing);
}

static inline void check_csv(const struct machine *m, const char *text, const char *how)
{
	unsigned int t, i;
	double sum, v, ipc, want;
	char field[96];
	int all = 1;

	for (i = 0; i < 2; i++) {
		sum = 0;
		all = 1;
		for (t = 0; t < m->ntypes; t++) {
			v = value_of(text, m->t[t].name, names[i]);
			all &= !isnan(v) && v > 0;
			sum += v;
		}
		tap_ok(all, "%s%s: each type's %s row has a count", m->dir, how, names[i]);
		v = value_of(text, NULL, names[i]);
		/* Means over -r runs: each rounded to a count when printed. */
		tap_ok(fabs(v - sum) <= m->ntypes, "%s%s: %s's sum %.0f is the types' %.0f", m->dir, how,
		   names[i], v, sum);
	}
	for (t = 0, all = 1; t < m->ntypes; t++)
		all &= !isnan(value_of(text, m->t[t].name, names[2]));
	tap_ok(all, "%s%s: each type's %s (0x42) row", m->dir, how, names[2]);
	tap_ok(!csv_line(text, names[2]), "%s%s: %s (0x42, IMPLEMENTATION DEFINED) has no sum",
	       m->dir, how, names[2]);
	for (t = 0; t < m->ntypes; t++) {
		snprintf(field, sizeof(field), "%s/%s/", m->t[t].name, names[1]);
		/* The metric's value: after value, unit, event, [variance], run time, counted %. */
		ipc = csv_num(csv_line(text, field), 5 + (strstr(how, "-r") != NULL));
		want = value_of(text, m->t[t].name, names[1]) /
		       value_of(text, m->t[t].name, names[0]);
		tap_ok(!isnan(ipc) && fabs(ipc - want) <= 0.0001 + want * 1e-6,
		   "%s%s: %s's IPC %.4f is its own INST_RETIRED / CPU_CYCLES (%.4f)", m->dir, how,
		   m->t[t].name, ipc, want);
	}
}

#endif /* PMUKIT_TEST_CLI_TYPES_FAKE_H */
