/* SPDX-License-Identifier: MIT */
/*
 * pmukit stat of a command on a machine of several core types, without
 * such a machine: the library reads the sysfs trees of tests/fixtures/sysfs
 * (RK3399: cortex-a53 on 0-3, cortex-a72 on 4-5; sm8550: cortex-a510 on
 * 0-2, cortex-a715 on 3-6, cortex-x3 on 7), the thread's affinity (every
 * CPU) and perf_event_open() are the test's (mk/check.mk links it with
 * -Wl,--wrap; and its plan, to let this host's refusal of Arm events
 * through once the events are parsed). Each perf_event_open() for the command is recorded
 * (attr.type, config, cpu) and a software event of the command opened in
 * its place, so that stat runs, reads and reports real counts. The
 * stand-ins differ from type to type: on even types CPU_CYCLES counts the
 * command's task-clock and INST_RETIRED its page faults, on odd types the
 * other way round, so that a count or metric taken from the wrong type is
 * far off.
 *
 * Checked per fixture: one group per type on its PMU with the events asked
 * for, on any CPU; each type's rows in CSV ("cortex-a53/CPU_CYCLES:u/"),
 * the sums of the architectural events equal to the types' rows added up,
 * no sum of an IMPLEMENTATION DEFINED event; each type's IPC from its own
 * rows, beside the counts and with -M; the table's blocks and the JSON's
 * "core"; -r per type; -a (each CPU's events on its type's PMU) and -I
 * (a type's intervals add up to its total); the direct path refused,
 * naming the types, the perf path and a binding; a binding (taskset,
 * --cpu) counts one type as before, with the output of one type.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>
#include <sys/stat.h>
#include <unistd.h>

#include <pmukit/pmukit.h>
#include "cli.h"
#include "../tap.h"
#include "fake_types.h"
#include "sys_tree.h"
#include "util.h"

#include "cli_types_fake.h"

/* The calls of the command's events: @ntypes groups, each on its type's PMU, on any CPU. */
static void check_calls(const struct machine *m, unsigned int ntypes, const char *how)
{
	unsigned int t, i, k, found, anycpu = 1;

	for (k = 0; k < ncalls; k++)
		anycpu &= calls[k].cpu == -1;
	tap_ok(ncalls == ntypes * NEVENTS, "%s%s: %u perf_event_open() calls for %u types of %d events",
	       m->dir, how, ncalls, ntypes, NEVENTS);
	tap_ok(anycpu, "%s%s: the command's events are opened on any CPU (-1)", m->dir, how);
	for (t = 0; t < ntypes; t++) {
		for (i = 0, found = 0; i < NEVENTS; i++)
			for (k = 0; k < ncalls; k++)
				found += (calls[k].pmu == m->t[t].perf_type ||
					  /* one type: perf's generic event, on no PMU named */
					  (ntypes == 1 && !calls[k].pmu && i < 2)) &&
					 (calls[k].event == codes[i][0] || calls[k].event == codes[i][1]);
		tap_ok(found == NEVENTS, "%s%s: PMU type %u (%s) has each of the %d events once (%u)",
		       m->dir, how, m->t[t].perf_type, m->t[t].name, NEVENTS, found);
	}
}



/*
 * -I: each type's rows (time,core,value,unit,event,...) of @names[0] add up
 * to its block's total; @all: of each event, the IMPLEMENTATION DEFINED one
 * counted too (not left at 0).
 */
static void check_intervals(const struct machine *m, const char *text, const char *how, int all)
{
	unsigned int t, i;
	char want[96];

	for (t = 0; t < m->ntypes; t++) {
		for (i = 0; i < (all ? NEVENTS : 1); i++) {
			double total = value_of(text, m->t[t].name, names[i]), sum = 0;
			unsigned int rows = 0;
			const char *l;

			snprintf(want, sizeof(want), ",%s,", m->t[t].name);
			for (l = text; (l = strstr(l, want)) != NULL; l++) {
				const char *v = l + strlen(want);
				const char *ev = strchr(strchr(v, ',') + 1, ',') + 1;

				if (strncmp(ev, names[i], strlen(names[i])) ||
				    ev[strlen(names[i])] != ',')
					continue;
				sum += strtod(v, NULL);
				rows++;
			}
			tap_ok(rows >= 1 && total > 0 && sum == total,
			       "%s%s: %s's %u intervals of %s add up to its total (%.0f, %.0f)",
			       m->dir, how, m->t[t].name, rows, names[i], sum, total);
		}
	}
}

static void check_machine(const struct machine *m)
{
	static const char *const csv[] = { "-x,", "--path", "perf", "-e", EVENTS, NULL };
	static const char *const csv_r[] = { "-x,", "-r", "3", "--path", "perf", "-e", EVENTS, NULL };
	static const char *const table[] = { "--path", "perf", "-e", EVENTS, NULL };
	static const char *const json[] = { "--json", "--path", "perf", "-e", EVENTS, NULL };
	static const char *const metric[] = { "--path", "perf", "-M", "IPC", NULL };
	static const char *const metric_csv[] = { "-x,", "--path", "perf", "-M", "IPC", NULL };
	static const char *const wide[] = { "-x,", "-a", "--path", "perf", "-e", EVENTS, NULL };
	static const char *const wide_ivl[] = {
		"-x,", "-a", "-I", "10", "--path", "perf", "-e", EVENTS, NULL,
	};
	static const char *const cmd_ivl[] = {
		"-x,", "-I", "10", "--path", "perf", "-e", EVENTS, NULL,
	};
	static const char *const direct[] = { "-x,", "--path", "direct", "-e", EVENTS, NULL };
	static const char *const one[] = { "-x,", "--cpu", "0", "--path", "perf", "-e", EVENTS, NULL };
	char want[200], *sums;
	unsigned int t;
	char *text, *flat;
	int rc, cpus[8], n, k;

	CPU_ZERO(&fake_affinity);
	for (t = 0; t < 8; t++)
		CPU_SET(t, &fake_affinity);
	text = stat_of(m, &rc, csv);
	tap_ok(rc == 0, "%s: stat -x, exits 0 (%d)", m->dir, rc);
	names_of(text, m->t[0].name);
	check_calls(m, m->ntypes, "");
	check_csv(m, text, "");
	/* docs/cli.md shows this and the table below. */
	if (rc || !strcmp(m->dir, "rk3399"))
		tap_diag("stat -x, --path perf -e %s:\n%s", EVENTS, text);
	free(text);

	text = stat_of(m, &rc, csv_r);
	tap_ok(rc == 0, "%s: stat -x, -r 3 exits 0 (%d)", m->dir, rc);
	tap_ok(ncalls == 3 * m->ntypes * NEVENTS,
	       "%s -r 3: each run opens each type's group (%u calls)", m->dir, ncalls);
	check_csv(m, text, " -r 3");
	free(text);

	text = stat_of(m, &rc, table);
	tap_ok(rc == 0, "%s: stat's table exits 0 (%d)", m->dir, rc);
	for (t = 0; t < m->ntypes; t++) {
		snprintf(want, sizeof(want), "\n %s (%s %s):\n", m->t[t].name,
			 cpus_word(m->t[t].cpus), m->t[t].cpus);
		tap_ok(strstr(text, want) != NULL, "%s: the table has the block of %s", m->dir,
		       m->t[t].name);
	}
	snprintf(want, sizeof(want), "\n sums over %s (the events that mean the same on each):\n",
		 m->names);
	sums = strstr(text, want);
	tap_ok(sums && strstr(sums, names[1]) && !strstr(sums, names[2]),
	       "%s: the sums' block, with %s and without %s", m->dir, names[1], names[2]);
	tap_ok(sums && strstr(text, "IPC") && strstr(text, "IPC") < sums && !strstr(sums, "IPC"),
	       "%s: the types' blocks have their IPC, the sums none", m->dir);
	if (!strcmp(m->dir, "rk3399"))
		tap_diag("stat --path perf -e %s:\n%s", EVENTS, text);
	free(text);

	text = stat_of(m, &rc, json);
	flat = compact(text);
	tap_ok(rc == 0 && flat, "%s: stat --json exits 0 (%d)", m->dir, rc);
	for (t = 0; t < m->ntypes && flat; t++) {
		snprintf(want, sizeof(want), "\"core\":\"%s\",\"cpus\":\"%s\",\"event\":\"%s\"",
			 m->t[t].name, m->t[t].cpus, names[0]);
		tap_ok(strstr(flat, want) != NULL, "%s: JSON: %s", m->dir, want);
	}
	snprintf(want, sizeof(want), "\"core\":\"all\",\"event\":\"%s\"", names[1]);
	tap_ok(flat && strstr(flat, want), "%s: JSON: the sums are %s", m->dir, want);
	snprintf(want, sizeof(want), "\"core\":\"all\",\"event\":\"%s\"", names[2]);
	tap_ok(flat && !strstr(flat, want), "%s: JSON: no %s", m->dir, want);
	snprintf(want, sizeof(want), "\"types\":[{\"core\":\"%s\",\"cpus\":\"%s\",\"metrics\":[",
		 m->t[0].name, m->t[0].cpus);
	tap_ok(flat && strstr(flat, want), "%s: JSON: %s", m->dir, want);
	free(flat);
	free(text);

	/*
	 * The command never on the last type: that type's rows did not count
	 * (as perf's <not counted>), the sums and the other types did, exit 0.
	 */
	idle_pmu = m->t[m->ntypes - 1].perf_type;
	text = stat_of(m, &rc, table);
	idle_pmu = 0;
	snprintf(want, sizeof(want), " %s: %s did not count", m->t[m->ntypes - 1].name, names[0]);
	tap_ok(rc == 0 && strstr(text, want) && !strstr(errors, "did not count"),
	       "%s, the command never on %s: exit 0 (%d), its rows did not count", m->dir,
	       m->t[m->ntypes - 1].name, rc);
	if (rc || !strstr(text, want))
		tap_diag("%s%s", text, errors);
	free(text);

	/* -a: each CPU on its type's PMU; a block per type from its CPUs, the sums. */
	text = stat_of(m, &rc, wide);
	tap_ok(rc == 0, "%s -a: exits 0 (%d)", m->dir, rc);
	if (rc)
		tap_diag("%s", errors);
	check_cpu_calls(m);
	check_csv(m, text, " -a");
	free(text);

	/* -a -I: each interval a row per type; a type's intervals add up to its total. */
	text = stat_of(m, &rc, wide_ivl);
	tap_ok(rc == 0, "%s -a -I 10: exits 0 (%d)", m->dir, rc);
	check_intervals(m, text, " -a -I 10", 0);
	free(text);

	/* -I of the command alone: its types are the rows, as its groups are counted. */
	text = stat_of(m, &rc, cmd_ivl);
	tap_ok(rc == 0, "%s -I 10: exits 0 (%d)", m->dir, rc);
	check_intervals(m, text, " -I 10", 1);
	free(text);

	/* -M: each type's metrics from its own counts. */
	text = stat_of(m, &rc, metric);
	tap_ok(rc == 0, "%s -M IPC: exits 0 (%d)", m->dir, rc);
	for (t = 0; t < m->ntypes; t++) {
		snprintf(want, sizeof(want), "\n metrics for %s (", m->t[t].name);
		tap_ok(strstr(text, want) != NULL, "%s -M IPC: the metrics of %s", m->dir,
		       m->t[t].name);
	}
	free(text);
	text = stat_of(m, &rc, metric_csv);
	tap_ok(rc == 0, "%s -x, -M IPC: exits 0 (%d)", m->dir, rc);
	for (t = 0; t < m->ntypes; t++) {
		/* The metric's line: its core in the event field, its value after 3 empty fields. */
		double ipc = csv_num(csv_line(text, m->t[t].name), 5);
		double ratio = value_of(text, m->t[t].name, names[1]) /
			       value_of(text, m->t[t].name, names[0]);

		tap_ok(!isnan(ipc) && fabs(ipc - ratio) <= 0.0001 + ratio * 1e-6,
		       "%s -x, -M IPC: %s's IPC %.4f from its own counts (%.4f)", m->dir,
		       m->t[t].name, ipc, ratio);
	}
	free(text);

	/* taskset -c of the first type's CPUs: that type alone, printed as one type. */
	n = pmukit_cpus_parse(m->t[0].cpus, cpus, 8);
	CPU_ZERO(&fake_affinity);
	for (k = 0; k < n; k++)
		CPU_SET(cpus[k], &fake_affinity);
	text = stat_of(m, &rc, csv);
	tap_ok(rc == 0, "%s taskset -c %s: stat exits 0 (%d)", m->dir, m->t[0].cpus, rc);
	check_calls(m, 1, " taskset");
	tap_ok(csv_line(text, names[0]) && csv_line(text, names[2]) && !strchr(text, '/'),
	       "%s taskset: one type's rows, without a core", m->dir);
	free(text);

	/* The direct path reads one CPU's PMU: refused, naming the types and what counts them. */
	CPU_ZERO(&fake_affinity);
	for (t = 0; t < 8; t++)
		CPU_SET(t, &fake_affinity);
	text = stat_of(m, &rc, direct);
	snprintf(want, sizeof(want), "%s (%s %s)", m->t[m->ntypes - 1].name,
		 cpus_word(m->t[m->ntypes - 1].cpus), m->t[m->ntypes - 1].cpus);
	tap_ok(rc != 0 && strstr(errors, want) && strstr(errors, "--path perf") &&
	       strstr(errors, "taskset -c") && !ncalls,
	       "%s --path direct: refused (%d), naming %s, --path perf and a binding", m->dir, rc,
	       want);
	tap_ok(strchr(errors, '\n') == errors + strlen(errors) - 1,
	       "%s --path direct: the refusal is one message (the reason, then what counts it)",
	       m->dir);
	if (!strcmp(m->dir, "sm8550"))
		tap_diag("stat --path direct: %s", errors);
	if (!rc || !strstr(errors, "--path perf"))
		tap_diag("%s", errors);
	free(text);

	/* --cpu 0 (stat runs the command there): likewise. */
	CPU_ZERO(&fake_affinity);
	CPU_SET(0, &fake_affinity);
	text = stat_of(m, &rc, one);
	tap_ok(rc == 0, "%s: stat --cpu 0 exits 0 (%d)", m->dir, rc);
	check_calls(m, 1, " --cpu 0");
	tap_ok(csv_line(text, names[0]) && csv_line(text, names[2]) && !strchr(text, '/'),
	       "%s --cpu 0: one type's rows, without a core", m->dir);
	free(text);
}

int main(void)
{
	cpu_set_t mine;
	size_t i;

	if (!fake_types_ready())
		return 0;
	/* --cpu pins this process: its own affinity again after. */
	sched_getaffinity(0, sizeof(mine), &mine);
	for (i = 0; i < ARRAY_SIZE(machines); i++) {
		check_machine(&machines[i]);
		sched_setaffinity(0, sizeof(mine), &mine);
	}
	return fake_types_done();
}
