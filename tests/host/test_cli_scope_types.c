/* SPDX-License-Identifier: MIT */
/*
 * pmukit stat's scopes on a machine of several core types, without such a
 * machine (the fixtures and stand-ins of cli_types_fake.h: each CPU's
 * events are this process's clocks, the types' stand-ins swapped, so that
 * a count or metric taken from the wrong CPU or type is far off):
 *
 *  - -a -A: a row per CPU of the fixture, each CPU's events on its type's
 *    PMU, each row's IPC from that row's own counts;
 *  - -a -M IPC: each type's metrics from its own counts;
 *  - -a -A -M IPC: each CPU's metrics, after the rows, from its own counts;
 *  - -a -I -M IPC: each interval's metrics of each type;
 *  - -a -I: each interval's sums after the types' rows;
 *  - -p PID of a process that may run on every type: counted on each
 *    type's PMU (pid PID, any CPU), shown per type as a command is, and
 *    with --per-thread a row of its thread per type;
 *  - -a -r 3: each type's rows, the sums, each type's IPC, with the
 *    variance field, the CPUs' events opened once for the three runs.
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
#include <signal.h>
#include <stdarg.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pmukit/pmukit.h>
#include "cli.h"
#include "../tap.h"
#include "cli_types_fake.h"
#include "sys_tree.h"

/* Field @k (0-based) of the CSV line that starts with @label and has @event as field @at. */
static double field_of(const char *text, const char *label, unsigned int at, const char *event,
		       unsigned int k)
{
	const char *l;
	size_t n = strlen(label), e = strlen(event);

	for (l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *f = l;
		unsigned int i;

		if (strncmp(l, label, n) || l[n] != ',')
			continue;
		for (i = 0; f && i < at; i++) {
			f = strchr(f, ',');
			f = f ? f + 1 : NULL;
		}
		if (f && !strncmp(f, event, e) && f[e] == ',')
			return csv_num(l, k);
	}
	return NAN;
}

/* The pair of names the rows have (an Arm host's, or perf's generic ones). */
static void row_names(const char *text)
{
	unsigned int i;
	const char *const *set = strstr(text, ",CPU_CYCLES:u,") ? arm_names : generic_names;

	for (i = 0; i < NEVENTS; i++)
		names[i] = set[i];
}

/* The check's verdict; the output and what stat said when it fails; @text freed. */
static void verdict(int ok, char *text, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vok(ok, NULL, fmt, ap);
	va_end(ap);
	if (!ok)
		tap_diag("%s%s", text, errors);
	free(text);
}

static int near(double a, double b)
{
	return !isnan(a) && !isnan(b) && fabs(a - b) <= 0.0001 + fabs(b) * 1e-6;
}

/* CPU @cpu's rows in @text (-A): its label into @label, its INST_RETIRED / CPU_CYCLES (NAN: none). */
static double cpu_ratio(const char *text, unsigned int cpu, char *label, size_t len)
{
	double c, i;

	snprintf(label, len, "CPU%u", cpu);
	c = field_of(text, label, 3, names[0], 1);
	i = field_of(text, label, 3, names[1], 1);
	return c > 0 && !isnan(i) ? i / c : NAN;
}

/*
 * -a -A: a row per CPU of @m, each with its own IPC (CSV: label, value,
 * unit, event, ..., metric value, name); @metric: -M IPC, each CPU's
 * metric line after the rows ("CPU4,,,,,,value,IPC,...") instead.
 */
static void check_rows(const struct machine *m, int metric)
{
	const char *args[] = { "-x,", "-a", "-A", "--path", "perf", "-e", EVENTS, NULL };
	const char *how = metric ? "-a -A -M IPC" : "-a -A";
	unsigned int cpu, rows = 0, good = 0;
	char label[16];
	char *text;
	int rc;

	if (metric) {
		args[5] = "-M";
		args[6] = "IPC";
	}
	text = stat_of(m, &rc, args);
	row_names(text);
	tap_ok(rc == 0, "%s %s: exits 0 (%d)", m->dir, how, rc);
	if (!metric)
		check_cpu_calls(m);
	for (cpu = 0; cpu < m->ncpus; cpu++) {
		double ratio = cpu_ratio(text, cpu, label, sizeof(label));

		rows += !isnan(ratio) && (metric || !isnan(field_of(text, label, 3, names[2], 1)));
		good += near(metric ? field_of(text, label, 7, "IPC", 6) :
				      field_of(text, label, 3, names[1], 6), ratio);
	}
	tap_ok(rows == m->ncpus, "%s %s: a row of each event for each of its %u CPUs (%u)", m->dir,
	       how, m->ncpus, rows);
	verdict(good == m->ncpus, text, "%s %s: each CPU's IPC from its own rows (%u of %u)",
		m->dir, how, good, m->ncpus);
}

/* -a -M IPC: each type's metrics from its own counts (the metric's line has its core). */
static void check_metrics(const struct machine *m)
{
	static const char *const args[] = { "-x,", "-a", "--path", "perf", "-M", "IPC", NULL };
	unsigned int t;
	char *text;
	int rc;

	text = stat_of(m, &rc, args);
	names_of(text, m->t[0].name);
	tap_ok(rc == 0, "%s -a -M IPC: exits 0 (%d)", m->dir, rc);
	for (t = 0; t < m->ntypes; t++) {
		double ipc = csv_num(csv_line(text, m->t[t].name), 5);
		double ratio = value_of(text, m->t[t].name, names[1]) /
			       value_of(text, m->t[t].name, names[0]);

		tap_ok(near(ipc, ratio), "%s -a -x, -M IPC: %s's IPC %.4f from its own counts (%.4f)",
		       m->dir, m->t[t].name, ipc, ratio);
	}
	free(text);
}

/* -a -I 10 -M IPC: each interval's metric lines of each type (time,core,,,,,,value,IPC,...). */
static void check_interval_metrics(const struct machine *m)
{
	static const char *const args[] = {
		"-x,", "-a", "-I", "10", "--path", "perf", "-M", "IPC", NULL,
	};
	unsigned int t, ok = 0;
	char want[96];
	char *text;
	int rc;

	text = stat_of(m, &rc, args);
	tap_ok(rc == 0, "%s -a -I 10 -M IPC: exits 0 (%d)", m->dir, rc);
	for (t = 0; t < m->ntypes; t++) {
		snprintf(want, sizeof(want), ",%s,,,,,,", m->t[t].name);
		ok += strstr(text, want) && strstr(strstr(text, want), ",IPC,");
	}
	verdict(ok == m->ntypes, text,
		"%s -a -I 10 -M IPC: the intervals' metrics of each type (%u of %u)", m->dir, ok,
		m->ntypes);
}

/*
 * -a -I 10: each interval's rows of each type, then the sums' ("all"): of
 * an architectural event, the types' rows of that interval added up; of an
 * IMPLEMENTATION DEFINED one, none.
 */
static void check_interval_sums(const struct machine *m)
{
	static const char *const args[] = {
		"-x,", "-a", "-I", "10", "--path", "perf", "-e", EVENTS, NULL,
	};
	char time[32] = "", ev[64], label[48];
	double types = 0, v;
	unsigned int sums = 0, good = 0, other = 0;
	const char *l;
	char *text;
	int rc;

	text = stat_of(m, &rc, args);
	names_of(text, m->t[0].name);
	for (l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		char t[32];

		/* time,label,value,unit,event,... */
		if (sscanf(l, "%31[0-9.],%47[^,],%lf,%*[^,],%63[^,],", t, label, &v, ev) != 4 &&
		    sscanf(l, "%31[0-9.],%47[^,],%lf,,%63[^,],", t, label, &v, ev) != 4)
			continue;
		if (strcmp(t, time)) {
			snprintf(time, sizeof(time), "%s", t);
			types = 0;
		}
		if (!strcmp(ev, names[2]))
			other += !strcmp(label, "all");
		if (strcmp(ev, names[0]))
			continue;
		if (strcmp(label, "all")) {
			types += v;
			continue;
		}
		sums++;
		good += v == types;
	}
	tap_ok(rc == 0 && sums >= 1 && good == sums,
	       "%s -a -I 10: each interval's sum of %s after the types' rows, their total (%u of %u)",
	       m->dir, names[0], good, sums);
	verdict(sums && !other, text, "%s -a -I 10: no sum of %s (IMPLEMENTATION DEFINED)", m->dir,
		names[2]);
}

/* A process to attach to: it faults pages in and runs, so that every stand-in counts. */
static pid_t busy_start(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		for (;;) {
			char *pg = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

			if (pg != MAP_FAILED) {
				pg[0] = 1;
				munmap(pg, 4096);
			}
		}
	}
	return pid;
}

/*
 * -p PID of a process that may run on every type: its events on each
 * type's PMU, on any CPU (pid PID, cpu -1), each event of each type as
 * often as the others; the types' rows, the sums, each type's IPC; with
 * --per-thread a row of its thread on each type, named by the type.
 */
static void check_tasks(const struct machine *m)
{
	static char pidarg[16];
	const char *args[] = { "-x,", "-p", pidarg, "--path", "perf", "-e", EVENTS, NULL };
	const char *per[] = {
		"-x,", "-p", pidarg, "--per-thread", "--path", "perf", "-e", EVENTS, NULL,
	};
	unsigned int t, i, k, n[3][NEVENTS], wrong = 0, same = 1;
	pid_t pid = busy_start();
	char want[96], *text;
	int rc;

	if (pid < 0) {
		tap_skip(strerror(errno), "%s -p: no process to attach to", m->dir);
		return;
	}
	snprintf(pidarg, sizeof(pidarg), "%d", (int)pid);
	text = stat_of(m, &rc, args);
	names_of(text, m->t[0].name);
	tap_ok(rc == 0, "%s -p: exits 0 (%d)", m->dir, rc);
	if (rc)
		tap_diag("%s", errors);
	memset(n, 0, sizeof(n));
	for (k = 0; k < ncalls; k++) {
		if (calls[k].pid != pid)
			continue;
		for (t = 0; t < m->ntypes && calls[k].pmu != m->t[t].perf_type; t++)
			;
		for (i = 0; i < NEVENTS && calls[k].event != codes[i][0] &&
			    calls[k].event != codes[i][1]; i++)
			;
		if (t == m->ntypes || i == NEVENTS || calls[k].cpu != -1)
			wrong++;
		else
			n[t][i]++;
	}
	for (t = 0; t < m->ntypes; t++)
		for (i = 0; i < NEVENTS; i++)
			same &= n[t][i] >= 1 && n[t][i] == n[0][0];
	tap_ok(same && !wrong,
	       "%s -p: each type's %d events on its PMU, on any CPU, for the process (%u each, %u elsewhere)",
	       m->dir, NEVENTS, n[0][0], wrong);
	check_csv(m, text, " -p");
	free(text);

	text = stat_of(m, &rc, (const char *const *)per);
	for (t = 0, k = 0; t < m->ntypes; t++) {
		snprintf(want, sizeof(want), "\n%s/", m->t[t].name);
		k += strstr(text, want) && strstr(strstr(text, want), pidarg);
	}
	verdict(rc == 0 && k == m->ntypes, text,
		"%s -p --per-thread: the thread's rows on each of its %u types, named by the type (%u)",
		m->dir, m->ntypes, k);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

static void check_machine(const struct machine *m)
{
	static const char *const runs[] = {
		"-x,", "-a", "-r", "3", "--path", "perf", "-e", EVENTS, NULL,
	};
	static const char *const once[] = { "-x,", "-a", "--path", "perf", "-e", EVENTS, NULL };
	unsigned int calls_once;
	char *text;
	int rc;

	CPU_ZERO(&fake_affinity);
	for (int c = 0; c < 8; c++)
		CPU_SET(c, &fake_affinity);
	check_rows(m, 0);
	check_metrics(m);
	check_rows(m, 1);
	check_interval_metrics(m);
	check_interval_sums(m);
	check_tasks(m);

	text = stat_of(m, &rc, once);
	calls_once = ncalls;
	free(text);
	text = stat_of(m, &rc, runs);
	names_of(text, m->t[0].name);
	tap_ok(rc == 0, "%s -a -r 3: exits 0 (%d)", m->dir, rc);
	tap_ok(ncalls == calls_once, "%s -a -r 3: the CPUs' events opened once for the runs (%u, %u)",
	       m->dir, ncalls, calls_once);
	check_csv(m, text, " -a -r 3");
	free(text);
}

int main(void)
{
	size_t i;

	if (!fake_types_ready())
		return 0;
	for (i = 0; i < ARRAY_SIZE(machines); i++)
		check_machine(&machines[i]);
	return fake_types_done();
}
