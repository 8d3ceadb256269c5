// SPDX-License-Identifier: MIT
/*
 * Scopes: a plan counting a set of CPUs (perf stat -a, -C) or of tasks
 * that already run (-p, -t) instead of the calling thread or a command.
 * Each CPU or thread is a unit, opened as a session of its own on the
 * plan's path (perf: perf_event_open()'s pid and cpu); the session the
 * caller holds starts, stops and reads them together, and one by one for
 * perf stat's -A and --per-thread.
 *
 * The units are fixed when the scope is set: a process stands for the
 * threads it has then, and the threads they create later count with their
 * creator (perf's inherit), as perf stat -p does.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"
#include "cores.h"
#include "plan_types.h"
#include "scope.h"
#include "sysfile.h"

void pmukit_scope_free(struct pmukit_scope *sc)
{
	free(sc->unit);
	sc->unit = NULL;
	sc->n = 0;
	sc->tasks = 0;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* "0-3,5" of @cpus[0..n) into @buf. */
static void cpus_text(const int *cpus, int n, char *buf, size_t len)
{
	cpu_set_t set;
	int i;

	CPU_ZERO(&set);
	for (i = 0; i < n; i++)
		if (cpus[i] >= 0 && cpus[i] < CPU_SETSIZE)
			CPU_SET(cpus[i], &set);
	pmukit_cpulist_format(&set, buf, len);
}

/* perf's -C LIST: sysfs's format of a CPU list (cores.c's rule), each CPU once, in order. */
PMUKIT_API int pmukit_cpus_parse(const char *list, int *cpus, unsigned int max)
{
	char q[PMUKIT_QUOTE_LEN];
	unsigned int n = 0;
	cpu_set_t set;
	int cpu;

	if (!list || !*list || strchr(list, '\n') || pmukit_cpulist_parse(list, &set))
		return pmukit_err(-EINVAL, "'%s' is not a list of CPUs (as 0,2-3)",
				  pmukit_err_quote(q, list ? list : ""));
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &set))
			continue;
		if (n == max)
			return pmukit_err(-E2BIG, "more than %u CPUs in '%s'", max,
					  pmukit_err_quote(q, list));
		cpus[n++] = cpu;
	}
	return (int)n;
}

/* A new array of @n units, all of them cleared; NULL with the message. */
static struct pmukit_unit *units_new(unsigned int n)
{
	struct pmukit_unit *u;

	if (n > PMUKIT_SCOPE_MAX_UNITS) {
		pmukit_err(-E2BIG, "%u CPUs or threads: a scope holds at most %d", n,
			   PMUKIT_SCOPE_MAX_UNITS);
		return NULL;
	}
	u = calloc(n ? n : 1, sizeof(*u));
	if (!u)
		pmukit_err(-ENOMEM, "out of memory");
	return u;
}

int pmukit_scope_set_cpus(struct pmukit_scope *sc, const int *cpus, unsigned int n)
{
	static int online[PMUKIT_SCOPE_MAX_UNITS];
	int want[PMUKIT_SCOPE_MAX_UNITS];
	struct pmukit_unit *u;
	char list[256];
	unsigned int i, k, m = 0;
	int non;

	if (sc->n && sc->tasks)
		return pmukit_err(-EINVAL, "a plan counts CPUs or tasks, not both: it counts tasks already");
	non = pmukit_online_cpus(online, PMUKIT_SCOPE_MAX_UNITS);
	if (non <= 0)
		return pmukit_err(non ? non : -ENODEV, "the online CPUs are not known here");
	cpus_text(online, non, list, sizeof(list));
	if (!cpus) {
		for (i = 0; i < (unsigned int)non; i++)
			want[m++] = online[i];
	} else {
		if (n > PMUKIT_SCOPE_MAX_UNITS)
			return pmukit_err(-E2BIG, "%u CPUs: a scope holds at most %d", n,
					  PMUKIT_SCOPE_MAX_UNITS);
		for (i = 0; i < n; i++) {
			for (k = 0; k < (unsigned int)non && online[k] != cpus[i]; k++)
				;
			if (k == (unsigned int)non)
				return pmukit_err(-ENODEV, "cpu %d is not online here: the online CPUs are %s",
						  cpus[i], list);
			for (k = 0; k < m && want[k] != cpus[i]; k++)
				;
			if (k == m)
				want[m++] = cpus[i];
		}
		qsort(want, m, sizeof(*want), cmp_int);
	}
	if (!m)
		return pmukit_err(-EINVAL, "no CPUs given");
	u = units_new(m);
	if (!u)
		return -ENOMEM;
	for (i = 0; i < m; i++) {
		u[i].cpu = want[i];
		u[i].tid = -1;
		u[i].pid = -1;
	}
	free(sc->unit);
	sc->unit = u;
	sc->n = m;
	sc->tasks = 0;
	return 0;
}

/* /proc/@pid/task/@tid/comm into @u->comm ("" when it cannot be read). */
static void task_comm(pid_t pid, pid_t tid, struct pmukit_unit *u)
{
	char path[96], text[64];

	snprintf(path, sizeof(path), "/proc/%d/task/%d/comm", (int)pid, (int)tid);
	if (pmukit_sysfile_read(path, text, sizeof(text)))
		text[0] = '\0';
	snprintf(u->comm, sizeof(u->comm), "%.15s", text);
}

/* The process a thread belongs to (Tgid of /proc/TID/status), or -ESRCH. */
static pid_t tgid_of(pid_t tid)
{
	char path[64], line[128];
	pid_t tgid = -ESRCH;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
	f = fopen(path, "re");
	if (!f)
		return -ESRCH;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Tgid: %d", &tgid) == 1)
			break;
	fclose(f);
	return tgid;
}

/* Appends the unit of thread @tid of @pid, once. */
static int add_task(struct pmukit_unit *u, unsigned int *n, pid_t pid, pid_t tid)
{
	unsigned int i;

	for (i = 0; i < *n; i++)
		if (u[i].tid == tid)
			return 0;
	if (*n == PMUKIT_SCOPE_MAX_UNITS)
		return pmukit_err(-E2BIG, "more than %d threads: a scope holds at most %d",
				  PMUKIT_SCOPE_MAX_UNITS, PMUKIT_SCOPE_MAX_UNITS);
	u[*n].cpu = -1;
	u[*n].tid = tid;
	u[*n].pid = pid;
	task_comm(pid, tid, &u[*n]);
	(*n)++;
	return 0;
}

/* The threads process @pid has now, as units. */
static int add_process(struct pmukit_unit *u, unsigned int *n, pid_t pid)
{
	char path[64];
	struct dirent *d;
	DIR *dir;
	int ret = 0, any = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	dir = opendir(path);
	if (!dir)
		return pmukit_err(-ESRCH, "no process %d runs here", (int)pid);
	while (!ret && (d = readdir(dir))) {
		long tid = strtol(d->d_name, NULL, 10);

		if (tid <= 0)
			continue;
		ret = add_task(u, n, pid, (pid_t)tid);
		any = 1;
	}
	closedir(dir);
	if (!ret && !any)
		return pmukit_err(-ESRCH, "process %d has no threads left (it is ending)", (int)pid);
	return ret;
}

int pmukit_scope_set_tasks(struct pmukit_scope *sc, const pid_t *ids, unsigned int n,
			   unsigned int flags)
{
	struct pmukit_unit *u;
	unsigned int i, m = 0;
	int ret = 0;

	if (sc->n && !sc->tasks)
		return pmukit_err(-EINVAL, "a plan counts CPUs or tasks, not both: it counts CPUs already");
	if (!ids || !n)
		return pmukit_err(-EINVAL, "no process or thread given");
	if (flags & ~PMUKIT_SCOPE_PROCESS)
		return pmukit_err(-EINVAL, "unknown scope flags 0x%x", flags);
	u = units_new(PMUKIT_SCOPE_MAX_UNITS);
	if (!u)
		return -ENOMEM;
	for (i = 0; i < n && !ret; i++) {
		pid_t tgid;

		if (ids[i] <= 0) {
			ret = pmukit_err(-ESRCH, "%d is no %s id", (int)ids[i],
					 flags & PMUKIT_SCOPE_PROCESS ? "process" : "thread");
			break;
		}
		tgid = tgid_of(ids[i]);
		if (tgid < 0) {
			ret = pmukit_err(-ESRCH, "no %s %d runs here",
					 flags & PMUKIT_SCOPE_PROCESS ? "process" : "thread", (int)ids[i]);
			break;
		}
		if (flags & PMUKIT_SCOPE_PROCESS)
			ret = add_process(u, &m, tgid);
		else
			ret = add_task(u, &m, tgid, ids[i]);
	}
	if (ret) {
		free(u);
		return ret;
	}
	free(sc->unit);
	sc->unit = u;
	sc->n = m;
	sc->tasks = 1;
	return 0;
}

int pmukit_scope_path(const struct pmukit_scope *sc, enum pmukit_path path)
{
	const char *what = sc->tasks ? "a process or thread (-p, -t)" : "whole CPUs (-a, -C)";

	switch (path) {
	case PMUKIT_PATH_PERF:
		return 0;
	case PMUKIT_PATH_DIRECT:
		if (sc->tasks)
			return pmukit_err(-EOPNOTSUPP, "the direct path cannot count %s: it reads the PMU of the CPU it runs on, and a task moves between CPUs; the perf path can (--path perf)",
					  what);
		return pmukit_direct_scope_check();
	default:
		return pmukit_err(-EOPNOTSUPP, "the %s path cannot count %s: it reads the counters of the calling thread only; the perf path can (--path perf)",
				  pmukit_path_name(path), what);
	}
}

struct pmukit_session *pmukit_scoped_new(unsigned int n)
{
	struct pmukit_session *s = calloc(1, sizeof(*s));
	struct pmukit_scoped *x = calloc(1, sizeof(*x));
	unsigned int u;

	if (x) {
		x->unit = calloc(n, sizeof(*x->unit));
		x->sub = calloc(n, sizeof(*x->sub));
		x->enabled = calloc(n, sizeof(*x->enabled));
		x->at = calloc(n, sizeof(*x->at));
		x->utype = calloc(n, sizeof(*x->utype));
	}
	if (!s || !x || !x->unit || !x->sub || !x->enabled || !x->at || !x->utype) {
		free(s);
		if (x) {
			free(x->unit);
			free(x->sub);
			free(x->enabled);
			free(x->at);
			free(x->utype);
		}
		free(x);
		pmukit_err(-ENOMEM, "out of memory");
		return NULL;
	}
	x->n = n;
	x->ntypes = 1;
	for (u = 0; u < n; u++)
		x->utype[u] = -1;
	s->scoped = x;
	return s;
}

void pmukit_scoped_finish(struct pmukit_session *s, unsigned int n, unsigned int flags)
{
	struct pmukit_scoped *x = s->scoped;
	unsigned int i;

	s->be = x->sub[0]->be;
	s->n = n;
	memcpy(s->ev, x->sub[0]->ev, n * sizeof(s->ev[0]));
	s->flags = flags;
	s->opt_cpu = -1;
	s->cpu = -1;
	s->unit_cpu = -1;
	s->type_cpu = -1;
	s->sample_fd = -1;
	s->sample_how = PMUKIT_SAMPLE_CALL;
	s->sample1 = NULL;
	s->core = x->sub[0]->core;
	/* Over several types, only what means the same on each is summed. */
	for (i = 0; i < n; i++)
		if (x->ntypes < 2 || pmukit_ev_summable(&s->ev[i]))
			x->summed |= 1U << i;
}

int pmukit_scope_open(struct pmukit_session **out, const struct pmukit_ev *ev, unsigned int n,
		      const struct pmukit_options *opts, const struct pmukit_scope *sc,
		      const struct pmukit_plan_types *ty, const unsigned int *idx)
{
	struct pmukit_ev tev[PMUKIT_MAX_EVENTS];
	struct pmukit_options po = *opts;
	struct pmukit_scoped *x;
	struct pmukit_session *s;
	/* Tasks that may run on several types: a unit per task and type (scope_types.c). */
	unsigned int per = ty && ty->n > 1 && sc->tasks ? ty->n : 1, u, i;
	int ret;

	*out = NULL;
	ret = pmukit_scope_path(sc, opts->path);
	if (ret)
		return ret;
	s = pmukit_scoped_new(sc->n * per);
	if (!s)
		return -ENOMEM;
	x = s->scoped;
	for (u = 0; u < x->n; u++)
		x->unit[u] = sc->unit[u / per];
	if (ty && (!sc->tasks || per > 1))
		x->ntypes = ty->n;
	/* A unit is no child: the command (if any) runs beside the scope. */
	po.flags &= ~PMUKIT_F_CHILD;
	po.pid = 0;
	for (u = 0; u < x->n; u++) {
		const struct pmukit_unit *un = &x->unit[u];
		const struct pmukit_ev *uev = ev;
		int t = x->ntypes < 2 ? -1 : per > 1 ? (int)(u % per) :
			pmukit_plan_type_of(ty, un->cpu);

		/* A CPU's own core type, or a task's on each: that PMU, its table's names. */
		if (t >= 0) {
			for (i = 0; i < n; i++)
				tev[i] = ty->ev[(unsigned int)t * PMUKIT_PLAN_MAX_EVENTS + idx[i]];
			uev = tev;
			x->utype[u] = t;
		}
		po.cpu = un->cpu;
		if (t >= 0)
			ret = pmukit_session_open_as(&x->sub[u], uev, n, &po, &ty->t[t].bind, 0,
						     un->tid, un->cpu);
		else
			ret = pmukit_session_open_unit(&x->sub[u], uev, n, &po, un->tid, un->cpu);
		if (ret) {
			if (un->cpu >= 0)
				pmukit_err_append("on cpu %d", un->cpu);
			else
				pmukit_err_append("on thread %d of process %d%s%s", (int)un->tid,
						  (int)un->pid, t >= 0 ? ", on " : "",
						  t >= 0 ? ty->t[t].name : "");
			pmukit_scoped_close(s);
			free(s);
			return ret;
		}
	}
	pmukit_scoped_finish(s, n, opts->flags);
	*out = s;
	return 0;
}

/* Each unit's start, stop or reset; the first error is returned, the others still run. */
static int each(struct pmukit_session *s, int (*op)(struct pmukit_session *))
{
	struct pmukit_scoped *x = s->scoped;
	unsigned int u;
	int ret = 0, r;

	for (u = 0; u < x->n; u++) {
		r = op(x->sub[u]);
		if (r && !ret)
			ret = r;
	}
	return ret;
}

int pmukit_scoped_start(struct pmukit_session *s)
{
	return each(s, pmukit_start);
}

int pmukit_scoped_stop(struct pmukit_session *s)
{
	return each(s, pmukit_stop);
}

int pmukit_scoped_reset(struct pmukit_session *s)
{
	return each(s, pmukit_reset);
}

/* Is @cpu offline now? */
static int cpu_offline(int cpu)
{
	char path[80], text[8];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	return !pmukit_sysfile_read(path, text, sizeof(text)) && text[0] == '0';
}

PMUKIT_API int pmukit_read_unit(struct pmukit_session *s, unsigned int u,
				struct pmukit_count *counts)
{
	struct pmukit_scoped *x;
	struct timespec ts;
	uint64_t now;
	int ret;

	if (!s || !counts)
		return pmukit_err(-EINVAL, "pmukit_read_unit: no session or no counts");
	x = s->scoped;
	if (!x || x->typed) {
		if (u)
			return pmukit_err(-EINVAL, "pmukit_read_unit: no unit %u: the session has one", u);
		return pmukit_read(s, counts);
	}
	if (u >= x->n)
		return pmukit_err(-EINVAL, "pmukit_read_unit: no unit %u: the session has %u", u, x->n);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	now = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	ret = pmukit_read(x->sub[u], counts);
	if (ret || x->unit[u].cpu < 0)
		return ret;
	/*
	 * A CPU's events run while it is online, so their enabled time grows
	 * as fast as the clock: only a CPU looked at for the first time, or
	 * whose time grew by less than half the time since its last read, is
	 * looked up in sysfs (a read of a file per CPU and interval would cost
	 * more than the counters' read). Once offline, always: its time stands.
	 */
	if ((!x->at[u] || (counts[0].enabled_ns - x->enabled[u]) * 2 < now - x->at[u]) &&
	    cpu_offline(x->unit[u].cpu)) {
		x->enabled[u] = counts[0].enabled_ns;
		return pmukit_err(-ENODEV, "cpu %d went offline: its counts stop where it did",
				  x->unit[u].cpu);
	}
	x->enabled[u] = counts[0].enabled_ns;
	x->at[u] = now;
	return 0;
}

/* The sum over the units of type @t (-1: all) of event i with bit i of @mask; the first -ENODEV. */
static int read_sum(struct pmukit_session *s, int t, uint32_t mask, struct pmukit_count *counts)
{
	struct pmukit_scoped *x = s->scoped;
	struct pmukit_count c[PMUKIT_MAX_EVENTS];
	unsigned int u, i;
	int ret = 0, r;

	memset(counts, 0, s->n * sizeof(*counts));
	for (u = 0; u < x->n; u++) {
		if (t >= 0 && x->utype[u] != t)
			continue;
		/* A typed session's units are its types: pmukit_read_unit() sees one. */
		r = x->typed ? pmukit_read(x->sub[u], c) : pmukit_read_unit(s, u, c);
		/* An offline CPU's counts are still counts: the others go on. */
		if (r && r != -ENODEV)
			return r;
		if (r && !ret)
			ret = r;
		for (i = 0; i < s->n; i++) {
			if (!(mask >> i & 1))
				continue;
			counts[i].value += c[i].value;
			counts[i].raw += c[i].raw;
			counts[i].enabled_ns += c[i].enabled_ns;
			counts[i].running_ns += c[i].running_ns;
		}
	}
	return ret;
}

int pmukit_scoped_read(struct pmukit_session *s, struct pmukit_count *counts)
{
	return read_sum(s, -1, s->scoped->summed, counts);
}

PMUKIT_API unsigned int pmukit_session_ntypes(const struct pmukit_session *s)
{
	if (!s)
		return 0;
	return s->scoped ? s->scoped->ntypes : 1;
}

PMUKIT_API int pmukit_session_summed(const struct pmukit_session *s, unsigned int i)
{
	if (!s || i >= s->n)
		return 0;
	return s->scoped ? (int)(s->scoped->summed >> i & 1) : 1;
}

PMUKIT_API int pmukit_read_type(struct pmukit_session *s, unsigned int t,
				struct pmukit_count *counts)
{
	if (!s || !counts)
		return pmukit_err(-EINVAL, "pmukit_read_type: no session or no counts");
	if (t >= pmukit_session_ntypes(s))
		return pmukit_err(-EINVAL, "pmukit_read_type: no core type %u: the session has %u",
				  t, pmukit_session_ntypes(s));
	if (!s->scoped || s->scoped->ntypes < 2)
		return pmukit_read(s, counts);
	return read_sum(s, (int)t, UINT32_MAX, counts);
}

void pmukit_scoped_close(struct pmukit_session *s)
{
	struct pmukit_scoped *x = s->scoped;
	unsigned int u;

	for (u = 0; u < x->n; u++)
		pmukit_close(x->sub[u]);
	free(x->sub);
	free(x->unit);
	free(x->enabled);
	free(x->at);
	free(x->utype);
	free(x);
	s->scoped = NULL;
}

PMUKIT_API unsigned int pmukit_session_nunits(const struct pmukit_session *s)
{
	if (!s)
		return 0;
	return s->scoped && !s->scoped->typed ? s->scoped->n : 1;
}
