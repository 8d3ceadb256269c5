// SPDX-License-Identifier: MIT
/*
 * pmukit stat with perf stat's scopes and intervals: -a (every CPU), -C
 * LIST, -A (a row per CPU), -p PID, -t TID, --per-thread (a row per
 * thread), -I MS (the counts of each interval). The library's plan holds
 * the scope (pmukit_evplan_scope_*()); its one pass is opened as a
 * session of units, started once, read at each interval and at the end.
 *
 * The counting ends when the command after the options ends (if there is
 * one), when every task of -p or -t has ended, after --duration, or at
 * SIGINT; then the counts so far are reported. Intervals are differences
 * of cumulative reads, so that an event's intervals add up to its total
 * exactly; the last, partial interval is printed too. What the count
 * waits for is in stat_wait.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "analysis.h"
#include "stat_scope.h"

#define MAX_IDS		STAT_MAX_IDS

int stat_scope_wanted(const struct stat_opts *o)
{
	return o->all_cpus || o->cpu_list || o->no_aggr || o->pids || o->tids || o->per_thread ||
	       o->interval_ms || o->duration_ms;
}

/* The combinations perf refuses, and those pmukit does not count (yet): the exit status or 0. */
static int check_opts(const struct stat_opts *o)
{
	int cpus = o->all_cpus || o->cpu_list, tasks = o->pids || o->tids;

	if (cpus && tasks)
		return usage_error("stat", "%s and %s exclude each other: count tasks wherever they run (-p, -t) or whole CPUs whatever runs there (-a, -C)",
				   o->pids ? "-p" : "-t", o->all_cpus ? "-a" : "-C");
	if (o->all_cpus && o->cpu_list)
		return usage_error("stat", "-a and -C exclude each other: -a counts every CPU");
	if (o->pids && o->tids)
		return usage_error("stat", "-p and -t exclude each other");
	if (o->no_aggr && !cpus)
		return usage_error("stat", "-A (a row per CPU) goes with -a or -C");
	if (o->per_thread && (cpus || (!tasks && !o->argv)))
		return usage_error("stat", "--per-thread (a row per thread) goes with -p, -t or a command");
	/* A command's threads are known as they end: their counts, not their intervals. */
	if (o->per_thread && !tasks && (o->interval_ms || o->runs > 1))
		return usage_error("stat", "--per-thread of a command gives each thread's count as it ends: not with %s",
				   o->interval_ms ? "-I" : "-r");
	/* perf stat -r over a scope: the command's runs, each counted over the scope. */
	if (o->runs > 1 && !o->argv)
		return usage_error("stat", "-r N repeats a command: give one after the options (-a -r 3 -- COMMAND)");
	if (o->duration_ms && o->argv)
		return usage_error("stat", "--duration ends a count without a command; with one, the count ends with it");
	if (!o->argv && !cpus && !tasks)
		return usage_error("stat", "no command to run (or -a, -C, -p, -t: what to count)");
	return 0;
}

/* "12,34" into @ids; the exit status on a bad list. */
static int parse_ids(const char *opt, const char *list, pid_t *ids, unsigned int *n)
{
	const char *s = list;
	char *end;
	long v;

	*n = 0;
	while (*s) {
		if (*s < '0' || *s > '9')
			goto bad;
		v = strtol(s, &end, 10);
		if (v <= 0 || v > 0x3fffffff)
			goto bad;
		if (*n == MAX_IDS)
			return usage_error("stat", "%s: more than %d ids", opt, MAX_IDS);
		ids[(*n)++] = (pid_t)v;
		s = end;
		if (*s == ',' && s[1])
			s++;
		else if (*s)
			goto bad;
	}
	if (*n)
		return 0;
bad:
	return usage_error("stat", "%s takes ids as 12 or 12,34, not '%s'", opt, list);
}

/* The plan's scope from the options, and perf's words for it into @target. */
static int set_scope(const struct stat_opts *o, struct pmukit_evplan *p, char *target,
		     size_t len)
{
	static pid_t ids[MAX_IDS];
	static int cpus[PMUKIT_SCOPE_MAX_UNITS];
	unsigned int n = 0;
	int ret = 0;

	target[0] = '\0';
	if (o->all_cpus) {
		ret = pmukit_evplan_scope_cpus(p, NULL, 0);
		snprintf(target, len, "system wide");
	} else if (o->cpu_list) {
		ret = pmukit_cpus_parse(o->cpu_list, cpus, PMUKIT_SCOPE_MAX_UNITS);
		if (ret < 0) {
			cli_error("stat", "-C: %s", pmukit_last_error());
			return CLI_USAGE;
		}
		ret = pmukit_evplan_scope_cpus(p, cpus, (unsigned int)ret);
		snprintf(target, len, "CPU(s) %s", o->cpu_list);
	} else if (o->pids || o->tids) {
		const char *opt = o->pids ? "-p" : "-t", *list = o->pids ? o->pids : o->tids;

		ret = parse_ids(opt, list, ids, &n);
		if (ret)
			return ret;
		ret = pmukit_evplan_scope_tasks(p, ids, n, o->pids ? PMUKIT_SCOPE_PROCESS : 0);
		snprintf(target, len, "%s id '%s'", o->pids ? "process" : "thread", list);
	}
	if (ret) {
		cli_error("stat", "%s", pmukit_last_error());
		return ret == -EINVAL ? CLI_USAGE : CLI_FAIL;
	}
	return 0;
}

/*
 * The units' labels, CPUs and threads of session @s: perf's names ("CPU2",
 * "sleep-1234"; a task counted on each of several core types, its type's
 * before: "cortex-a53/sleep-1234"); one "" for the sum.
 */
static int units_new(struct stat_units *u, const struct pmukit_evplan *p,
		     const struct pmukit_session *s, unsigned int n, unsigned int nev, int sum)
{
	struct pmukit_type_info ti;
	struct pmukit_unit un;
	unsigned int k;

	memset(u, 0, sizeof(*u));
	u->n = sum ? 1 : n;
	u->nev = nev;
	u->label = calloc(u->n, sizeof(*u->label));
	u->cpu = calloc(u->n, sizeof(*u->cpu));
	u->tid = calloc(u->n, sizeof(*u->tid));
	u->c = calloc((size_t)u->n * nev, sizeof(*u->c));
	u->offline = calloc(u->n, 1);
	u->absent = calloc((size_t)u->n * nev, 1);
	if (!u->label || !u->cpu || !u->tid || !u->c || !u->offline || !u->absent)
		return -ENOMEM;
	for (k = 0; k < u->n; k++) {
		u->cpu[k] = -1;
		u->tid[k] = -1;
		if (sum || pmukit_session_unit(s, k, &un))
			continue;
		u->cpu[k] = un.cpu;
		u->tid[k] = un.tid;
		if (un.cpu >= 0)
			snprintf(u->label[k], sizeof(u->label[k]), "CPU%d", un.cpu);
		else if (un.type >= 0 && !pmukit_evplan_type(p, (unsigned int)un.type, &ti))
			snprintf(u->label[k], sizeof(u->label[k]), "%.20s/%.15s-%d", ti.name,
				 un.comm, (int)un.tid);
		else
			snprintf(u->label[k], sizeof(u->label[k]), "%s-%d", un.comm, (int)un.tid);
	}
	return 0;
}

static void units_free(struct stat_units *u)
{
	free(u->label);
	free(u->cpu);
	free(u->tid);
	free(u->c);
	free(u->offline);
	free(u->absent);
}

static void count_add(struct pmukit_count *to, const struct pmukit_count *d)
{
	to->value += d->value;
	to->raw += d->raw;
	to->enabled_ns += d->enabled_ns;
	to->running_ns += d->running_ns;
}

void scope_fill(struct stat_units *out, const struct pmukit_evplan *p, unsigned int nunits,
		unsigned int nev, const struct pmukit_count *cum, const struct pmukit_count *prev,
		const unsigned char *offline, const int *utype, int type)
{
	unsigned int k, slot;

	memset(out->c, 0, (size_t)out->n * nev * sizeof(*out->c));
	for (k = 0; k < nunits; k++) {
		unsigned int o = type == SCOPE_BY_TYPE ? (unsigned int)utype[k] : out->n == 1 ? 0 : k;
		/* By type: the last unit is the sum of them all. */
		int all = type == SCOPE_BY_TYPE;

		if ((type >= 0 && utype[k] != type) || (type == SCOPE_BY_TYPE && utype[k] < 0))
			continue;

		if (offline[k])
			out->offline[o] = 1;
		for (slot = 0; slot < nev; slot++) {
			int i = pmukit_evplan_pass_event(p, 0, slot);
			const struct pmukit_count *c = &cum[k * nev + slot];
			struct pmukit_count d = {
				c->value - (prev ? prev[k * nev + slot].value : 0),
				c->raw - (prev ? prev[k * nev + slot].raw : 0),
				c->enabled_ns - (prev ? prev[k * nev + slot].enabled_ns : 0),
				c->running_ns - (prev ? prev[k * nev + slot].running_ns : 0),
			};

			count_add(&out->c[o * nev + (unsigned int)i], &d);
			if (all)
				count_add(&out->c[(out->n - 1) * nev + (unsigned int)i], &d);
		}
	}
}

/* The report's events (r->ev), as stat_summarise() gives them, for a count not yet made. */
static void totals(const struct pmukit_evplan *p, struct stat_report *r)
{
	static struct pass_data pd;
	static uint64_t val[STAT_MAX_EVENTS], times[STAT_TIMES];

	memset(&pd, 0, sizeof(pd));
	memset(val, 0, sizeof(val));
	pd.val = val;
	pd.times = times;
	pd.runs = 1;
	r->runs = 1;
	stat_summarise(p, &pd, r);
}

/* Each count of @u over @runs runs: their mean (a -r row). */
static void units_mean(struct stat_units *u, unsigned long runs)
{
	unsigned int k;

	for (k = 0; runs > 1 && k < u->n * u->nev; k++) {
		u->c[k].value = (u->c[k].value + runs / 2) / runs;
		u->c[k].raw = (u->c[k].raw + runs / 2) / runs;
	}
}

/*
 * Units of several core types (CPUs of -a, -C; tasks of -p, -t counted on
 * each type), or a command on several (-I; its units are its types): each
 * unit's type (x->utype, for its metrics), and unless a row per unit is
 * asked for (@per_unit), which events have a sum, for a block per type,
 * and an interval's rows a row per type, named by its core, then the
 * sums (x->ty stays NULL for one type). Return: 0 or -ENOMEM.
 */
static int types_of_units(struct scope_run *x, unsigned int nev, int per_unit)
{
	static struct stat_typed ty;
	struct pmukit_unit un;
	unsigned int k;

	if (pmukit_evplan_ntypes(x->plan) < 2)
		return 0;
	x->utype = calloc(x->nunits, sizeof(*x->utype));
	if (!x->utype)
		return -ENOMEM;
	for (k = 0; k < x->nunits; k++)
		x->utype[k] = !pmukit_evplan_nunits(x->plan) ? (int)k :
			      pmukit_session_unit(x->s, k, &un) ? -1 : un.type;
	if (per_unit)
		return 0;
	if (stat_types_setup(&ty, x->plan))
		return -ENOMEM;
	x->ty = &ty;
	if (units_new(&x->tsum, x->plan, x->s, x->nunits, nev, 1))
		return -ENOMEM;
	for (k = 0; k < nev; k++)
		ty.summed[pmukit_evplan_pass_event(x->plan, 0, k)] =
			(unsigned char)pmukit_session_summed(x->s, k);
	/* An interval's rows: each type's, then the sums ("all", as JSON's totals name them). */
	units_free(&x->ivl);
	if (units_new(&x->ivl, x->plan, x->s, ty.n + 1, nev, 0))
		return -ENOMEM;
	for (k = 0; k <= ty.n; k++) {
		snprintf(x->ivl.label[k], sizeof(x->ivl.label[k]), "%s",
			 k < ty.n ? ty.info[k].name : "all");
		x->ivl.cpu[k] = -1;
		x->ivl.tid[k] = -1;
	}
	for (k = 0; k < nev; k++)
		x->ivl.absent[ty.n * nev + k] = !ty.summed[k];
	return 0;
}

/*
 * --per-thread of a command: the perf path counts each of its threads as
 * it ends (PMUKIT_F_THREADS), on one core type. Return: 0, or the exit
 * status (said).
 */
static int threads_check(const struct stat_opts *o, const struct pmukit_evplan *p)
{
	if (!o->per_thread)
		return 0;
	if (o->path != PMUKIT_PATH_PERF) {
		cli_error("stat", "--per-thread of a command: the %s path counts it as a whole; the perf path counts each thread (--path perf)",
			  pmukit_path_name(o->path));
		return CLI_FAIL;
	}
	if (pmukit_evplan_ntypes(p) > 1) {
		cli_error("stat", "--per-thread of a command that may run on several core types: bind it to one (taskset -c, or --cpu C)");
		return CLI_FAIL;
	}
	return 0;
}

/*
 * --per-thread of a command, once it ended: a row of each of its threads
 * and processes (pmukit_read_threads()), named as perf names a thread
 * ("comm-TID"; the command's own name where the kernel gave none).
 * Return: 0, or a negative errno (said): -EOPNOTSUPP, a kernel that does
 * not give them.
 */
static int command_threads(struct scope_run *x, unsigned int nev)
{
	enum { MAX_THREADS = 4096 };
	struct pmukit_thread *th = calloc(MAX_THREADS, sizeof(*th));
	struct pmukit_count *c = calloc((size_t)MAX_THREADS * nev, sizeof(*c));
	const char *base = strrchr(x->o->argv[0], '/');
	const struct an_sel *sel = x->mrows.sel;
	unsigned int k, slot;
	int n = th && c ? pmukit_read_threads(x->s, th, c, MAX_THREADS) : -ENOMEM;

	if (n < 0 || (units_free(&x->rows), units_new(&x->rows, x->plan, NULL, (unsigned int)n,
						      nev, 0)) ||
	    (scope_metrics_free(&x->mrows), scope_metrics_new(&x->mrows, (unsigned int)n, sel))) {
		cli_error("stat", "each thread's counts: %s",
			  n < 0 ? pmukit_last_error() : "out of memory");
		free(th);
		free(c);
		return n < 0 ? n : -ENOMEM;
	}
	base = base ? base + 1 : x->o->argv[0];
	for (k = 0; k < (unsigned int)n; k++) {
		snprintf(x->rows.label[k], sizeof(x->rows.label[k]), "%.15s-%d",
			 th[k].comm[0] ? th[k].comm : base, (int)th[k].tid);
		x->rows.tid[k] = th[k].tid;
		for (slot = 0; slot < nev; slot++)
			x->rows.c[k * nev + (unsigned int)pmukit_evplan_pass_event(x->plan, 0, slot)] =
				c[k * nev + slot];
	}
	free(th);
	free(c);
	return 0;
}

static void run_free(struct scope_run *x)
{
	unsigned int i;

	if (x->forked && x->w.child > 0) {
		/* A command still held before its exec: ended without one. */
		pmukit_child_cancel(&x->ch);
	}
	if (x->w.child_fd >= 0)
		close(x->w.child_fd);
	for (i = 0; i < x->w.ntasks; i++)
		if (x->w.fd[i] >= 0)
			close(x->w.fd[i]);
	pmukit_close(x->s);
	pmukit_evplan_free(x->plan);
	units_free(&x->rows);
	units_free(&x->sum);
	units_free(&x->ivl);
	units_free(&x->tsum);
	free(x->utype);
	if (x->ty)
		stat_types_free(x->ty);
	free(x->cum);
	free(x->prev);
	free(x->acc);
	free(x->base);
	free(x->pd.val);
	free(x->pd.times);
	free(x->offline);
	scope_metrics_free(&x->mrows);
	scope_metrics_free(&x->mivl);
}


int stat_scope(struct stat_opts *o)
{
	static struct scope_run x;
	static struct stat_report r;
	static struct an_sel sel;
	unsigned int metric[AN_MAX_ITEMS], nm = 0;
	struct pmukit_options po;
	char target[512];
	struct out_file of;
	unsigned int nunits, nev, i;
	int ret, cap = 0, per_unit = o->no_aggr || o->per_thread;
	int status = CLI_OK, threads_failed = 0;

	ret = check_opts(o);
	if (ret)
		return ret;
	memset(&x, 0, sizeof(x));
	x.w.child_fd = -1;
	ret = stat_plan_new(o, &x.plan);
	if (!ret)
		ret = set_scope(o, x.plan, target, sizeof(target));
	/* -M, --topdown: their events; their values on the totals, each row, each interval. */
	memset(&sel, 0, sizeof(sel));
	if (!ret && (o->metrics || o->topdown))
		ret = stat_metric_setup(o, &sel, metric, &nm);
	if (!ret)
		ret = stat_plan_make(o, x.plan, sel.set ? &sel : NULL, metric, nm, &cap);
	sel.counters = (unsigned int)cap;
	if (!ret && pmukit_evplan_npasses(x.plan) > 1) {
		cli_error("stat", "%u events need %u passes on the %s path: a scope or -I counts one pass (at most %u events here)",
			  pmukit_evplan_nevents(x.plan), pmukit_evplan_npasses(x.plan),
			  pmukit_path_name(o->path), pmukit_evplan_capacity(x.plan));
		ret = CLI_FAIL;
	}
	if (ret) {
		pmukit_evplan_free(x.plan);
		return ret;
	}
	/* Intervals are read as they come: written in place (out_file_stream()). */
	if (o->output && (o->interval_ms ? out_file_stream(&of, "stat", o->output) :
			  out_file_open(&of, "stat", o->output))) {
		pmukit_evplan_free(x.plan);
		return CLI_FAIL;
	}
	nunits = pmukit_evplan_nunits(x.plan);
	nev = pmukit_evplan_pass_size(x.plan, 0);
	po = (struct pmukit_options){ .path = o->path, .cpu = o->out.cpu };
	/* No scope: the command is what is counted (-I, --per-thread alone), from its fork on. */
	if (!nunits && o->argv) {
		x.o = o;
		ret = threads_check(o, x.plan);
		if (!ret)
			ret = scope_fork_command(&x);
		if (ret)
			goto fail;
		po.pid = x.ch.pid;
		po.flags = PMUKIT_F_CHILD | (o->per_thread ? PMUKIT_F_THREADS : 0);
		x.alone = 1;
		x.po = po;
	}
	ret = pmukit_open_pass(&x.s, x.plan, 0, &po);
	if (ret) {
		cli_error("stat", "cannot count: %s", pmukit_last_error());
		goto fail;
	}
	/* A scope's units are the session's (tasks on several core types: a unit per type). */
	nunits = nunits ? pmukit_session_nunits(x.s) : pmukit_session_ntypes(x.s);
	x.cum = calloc((size_t)nunits * nev, sizeof(*x.cum));
	x.prev = calloc((size_t)nunits * nev, sizeof(*x.prev));
	x.offline = calloc(nunits, 1);
	if (!x.cum || !x.prev || !x.offline ||
	    units_new(&x.rows, x.plan, x.s, nunits, nev, !per_unit) ||
	    units_new(&x.sum, x.plan, x.s, nunits, nev, 1) ||
	    units_new(&x.ivl, x.plan, x.s, nunits, nev, !per_unit)) {
		ret = -ENOMEM;
		cli_error("stat", "out of memory");
		goto fail;
	}
	x.nunits = nunits;
	if (types_of_units(&x, nev, per_unit)) {
		ret = -ENOMEM;
		cli_error("stat", "out of memory");
		goto fail;
	}
	if (scope_metrics_new(&x.mrows, x.rows.n, sel.set ? &sel : NULL) ||
	    scope_metrics_new(&x.mivl, x.ivl.n, sel.set ? &sel : NULL)) {
		ret = -ENOMEM;
		cli_error("stat", "out of memory");
		goto fail;
	}
	stat_wait_tasks(&x.w, x.plan, o->pids != NULL);
	/* The report's names of the events, for the intervals' rows. */
	memset(&r, 0, sizeof(r));
	r.npasses = 1;
	totals(x.plan, &r);
	stat_insert_unsupported(o, &r);

	x.o = o;
	x.r = &r;
	x.out = o->output ? of.mem : stderr;
	x.nev = nev;
	ret = scope_runs(&x);
	if (ret)
		goto fail;
	/* The runs' sums: their mean and variation; the units' rows, their mean. */
	r.runs = (unsigned int)x.runs;
	if (x.runs < o->runs && o->argv) {
		r.interrupted = 1;
		r.runs_asked = (unsigned int)o->runs;
	}
	stat_summarise(x.plan, &x.pd, &r);
	scope_fill(&x.rows, x.plan, nunits, nev, x.acc, NULL, x.offline, NULL, -1);
	units_mean(&x.rows, x.runs);
	/* CPUs of several core types: each type's block from its CPUs' counts, then the sums. */
	for (i = 0; x.ty && i < x.ty->n; i++) {
		x.ty->r[i] = r;
		stat_summarise(x.plan, &x.ty->pd[i][0], &x.ty->r[i]);
	}
	if (x.ty)
		stat_types_finish(x.ty, o, x.plan, &r);
	/* Metrics: of each row where there are rows (perf's -A, --per-thread), else of the totals. */
	if (o->per_thread && !pmukit_evplan_nunits(x.plan)) {
		ret = command_threads(&x, nev);
		/* A kernel that does not give them: the command as a whole, and exit 1. */
		if (ret == -EOPNOTSUPP)
			per_unit = 0;
		else if (ret)
			goto fail;
		threads_failed = ret != 0;
	}
	if (per_unit)
		scope_unit_metrics(&x, &x.rows, &x.mrows, 0, (uint64_t)(r.elapsed_s * 1e9));
	else if (sel.set && x.ty)
		stat_type_metric_values(x.ty, &sel);
	else if (sel.set)
		stat_metric_values(&r, &sel);
	stat_insert_unsupported(o, &r);
	r.argv = o->argv;
	r.target = target[0] ? target : NULL;
	r.units = per_unit ? &x.rows : NULL;
	r.path = pmukit_path_name(o->path);
	r.cpu = o->out.cpu;
	r.ncounters = (unsigned int)cap;
	r.exit_code = 0;
	if (o->argv) {
		if (WIFEXITED(x.w.child_status)) {
			r.exit_code = WEXITSTATUS(x.w.child_status);
		} else {
			r.exit_code = -1;
			r.signal = WIFSIGNALED(x.w.child_status) ? WTERMSIG(x.w.child_status) : 0;
		}
		status = r.exit_code >= 0 ? r.exit_code : 128 + r.signal;
	}
	stat_report(o->output ? of.mem : stderr, o->out.fmt, o->out.sep, &r);
	if (o->output && out_file_close(&of, "stat", 1))
		status = CLI_FAIL;
	/* As stat of a command: the others counted, the measurement failed (exit 1). */
	if (stat_say_unsupported(o) || threads_failed)
		status = CLI_FAIL;
	run_free(&x);
	if (stat_ended_by()) {
		signal(stat_ended_by(), SIG_DFL);
		raise(stat_ended_by());
	}
	return status;
fail:
	if (o->output)
		out_file_discard(&of);
	run_free(&x);
	return CLI_FAIL;
}
