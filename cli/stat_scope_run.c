// SPDX-License-Identifier: MIT
/*
 * The runs of a scope's count (stat_scope.c sets it up and reports it).
 * A run starts the counters, releases the command (if there is one),
 * reads them at each interval, and stops and reads them when the command
 * ends, the tasks end, --duration is over or SIGINT comes. With -r N a
 * scope with a command is counted as perf stat -r counts it: the command
 * runs N times over the same counters, read at the end of each run; each
 * run's sums are one sample of the mean and variation reported, and a unit's
 * row (-A, --per-thread) is the mean of its runs.
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
#include "stat_scope.h"

/*
 * The cumulative counts of every unit into x->cum ([unit * nev + slot],
 * the pass's slots), x->offline marked; a command on several core types
 * (no scope, -I): its types are the units. Return: 0 or a negative errno
 * (said).
 */
static int read_all(struct scope_run *x)
{
	int typed = pmukit_session_nunits(x->s) < x->nunits;
	unsigned int k;
	int ret;

	for (k = 0; k < x->nunits; k++) {
		ret = typed ? pmukit_read_type(x->s, k, &x->cum[k * x->nev]) :
			      pmukit_read_unit(x->s, k, &x->cum[k * x->nev]);
		if (ret == -ENODEV) {
			x->offline[k] = 1;
			continue;
		}
		if (ret) {
			cli_error("stat", "reading the counters failed: %s", pmukit_last_error());
			return ret;
		}
	}
	return 0;
}

/* An interval ending @t_ns after the run's start: the counts just read, less those before. */
static void report_interval(struct scope_run *x, uint64_t t_ns)
{
	scope_fill(&x->ivl, x->plan, x->nunits, x->nev, x->cum, x->prev, x->offline, x->utype,
		   x->ty ? SCOPE_BY_TYPE : -1);
	/* Each row's metrics over the interval, as perf's. */
	scope_unit_metrics(x, &x->ivl, &x->mivl, x->ty != NULL, t_ns - x->ivl_t);
	x->ivl_t = t_ns;
	stat_interval_report(x->out, x->o->out.fmt, x->o->out.sep, x->r, t_ns, &x->ivl,
			     &x->header);
	memcpy(x->prev, x->cum, (size_t)x->nunits * x->nev * sizeof(*x->cum));
}

/* @u's counts (the plan's event order) as run @run of @pd (slot order). */
static void record_sum(struct scope_run *x, struct pass_data *pd, unsigned long run,
		       const struct stat_units *u)
{
	struct pmukit_count c[STAT_MAX_EVENTS + 1];
	unsigned int slot;

	for (slot = 0; slot < x->nev; slot++)
		c[slot] = u->c[pmukit_evplan_pass_event(x->plan, 0, slot)];
	stat_record_run(pd, run, x->nev, c, 1);
}

/* Run @run's counts (x->cum) into the samples of the sums, each type's, and the units' sums. */
static void record(struct scope_run *x, unsigned long run, const uint64_t *times)
{
	unsigned int t, k;

	scope_fill(&x->sum, x->plan, x->nunits, x->nev, x->cum, x->base, x->offline, NULL, -1);
	record_sum(x, &x->pd, run, &x->sum);
	for (t = 0; x->ty && t < x->ty->n; t++) {
		scope_fill(&x->tsum, x->plan, x->nunits, x->nev, x->cum, x->base, x->offline,
			   x->utype, (int)t);
		record_sum(x, &x->ty->pd[t][0], run, &x->tsum);
	}
	memcpy(&x->pd.times[run * STAT_TIMES], times, STAT_TIMES * sizeof(*times));
	for (k = 0; k < x->nunits * x->nev; k++) {
		x->acc[k].value += x->cum[k].value - x->base[k].value;
		x->acc[k].raw += x->cum[k].raw - x->base[k].raw;
		x->acc[k].enabled_ns += x->cum[k].enabled_ns - x->base[k].enabled_ns;
		x->acc[k].running_ns += x->cum[k].running_ns - x->base[k].running_ns;
	}
	x->runs = run + 1;
}

static uint64_t tv_ns(const struct timeval *tv)
{
	return (uint64_t)tv->tv_sec * 1000000000u + (uint64_t)tv->tv_usec * 1000u;
}

int scope_fork_command(struct scope_run *x)
{
	int ret;

	if (!x->o->argv || x->forked)
		return 0;
	ret = pmukit_child_fork(&x->ch, x->o->argv);
	if (ret) {
		cli_error("stat", "cannot start '%s': %s", x->o->argv[0], pmukit_last_error());
		return ret;
	}
	x->forked = 1;
	x->w.child = x->ch.pid;
	stat_signals_child(x->ch.pid);
	return 0;
}

/* One run; its wall and the command's CPU times into @times. Return: 0 or a negative errno. */
static int one_run(struct scope_run *x, uint64_t *times)
{
	const struct stat_opts *o = x->o;
	struct rusage ru0, ru1;
	uint64_t t0, next, end;
	unsigned int tick = 0;
	int ret;

	/*
	 * Not reset between runs: a run's counts are those read at its end
	 * less those at the end of the run before (x->base), as intervals are.
	 */
	ret = scope_fork_command(x);
	if (ret)
		return ret;
	memcpy(x->prev, x->base, (size_t)x->nunits * x->nev * sizeof(*x->prev));
	x->ivl_t = 0;
	getrusage(RUSAGE_CHILDREN, &ru0);
	ret = pmukit_start(x->s);
	if (ret) {
		cli_error("stat", "cannot count: %s", pmukit_last_error());
		return ret;
	}
	t0 = stat_mono_ns();
	if (x->forked) {
		x->w.child_fd = stat_pidfd_of(x->ch.pid);
		/* Forked with the mask as it was: the command gets SIGCHLD as it would. */
		stat_wait_child(&x->w, 1);
		ret = pmukit_child_release(&x->ch);
		if (ret) {
			cli_error("stat", "cannot run '%s': %s", o->argv[0], strerror(-ret));
			x->w.child = 0;	/* reaped by the release */
			stat_wait_child(&x->w, 0);
			return ret;
		}
	}
	end = o->duration_ms ? t0 + o->duration_ms * 1000000ull : 0;
	for (;;) {
		next = o->interval_ms ? t0 + (tick + 1) * o->interval_ms * 1000000ull : 0;
		if (end && (!next || end < next))
			next = end;
		if (stat_wait_until(&x->w, next) != 0 || (end && next == end))
			break;
		/* --interval-count: the last interval is read once the counters stopped (below). */
		if (o->interval_count && tick + 1 >= o->interval_count)
			break;
		ret = read_all(x);
		if (ret)
			break;
		report_interval(x, stat_mono_ns() - t0);
		tick++;
	}
	x->sig_int = stat_interrupted();
	pmukit_stop(x->s);
	if (!ret)
		ret = read_all(x);
	x->wall_ns = stat_mono_ns() - t0;
	/* SIGINT with a command: it got it too (a terminal's ^C); its end is waited for. */
	if (x->w.child > 0 && (x->sig_int || stat_ended_by())) {
		kill(x->w.child, x->sig_int ? SIGINT : stat_ended_by());
		while (waitpid(x->w.child, &x->w.child_status, 0) < 0 && errno == EINTR)
			;
		x->w.child = 0;
	}
	/*
	 * The last, partial interval (with --interval-count, the last one):
	 * the intervals of a run add up to its counts.
	 */
	if (!ret && o->interval_ms)
		report_interval(x, x->wall_ns);
	/* --interval-count ended the count before the command: waited for, as perf does, not counted. */
	if (!ret && x->w.child > 0) {
		while (waitpid(x->w.child, &x->w.child_status, 0) < 0 && errno == EINTR)
			;
		x->w.child = 0;
		stat_signals_child(0);
	}
	stat_wait_child(&x->w, 0);
	if (x->w.child_fd >= 0)
		close(x->w.child_fd);
	x->w.child_fd = -1;
	x->forked = 0;
	getrusage(RUSAGE_CHILDREN, &ru1);
	times[STAT_WALL] = x->wall_ns;
	times[STAT_USER] = tv_ns(&ru1.ru_utime) - tv_ns(&ru0.ru_utime);
	times[STAT_SYS] = tv_ns(&ru1.ru_stime) - tv_ns(&ru0.ru_stime);
	return ret;
}

/*
 * -r with -I of a command alone: its counters follow that command (its
 * pid, from its exec), so each run forks the command again and opens a
 * session for it, as stat of a command does.
 */
static int command_again(struct scope_run *x)
{
	struct pmukit_options po = x->po;
	int ret;

	if (!x->alone)
		return 0;
	pmukit_close(x->s);
	x->s = NULL;
	ret = scope_fork_command(x);
	if (ret)
		return ret;
	po.pid = x->ch.pid;
	ret = pmukit_open_pass(&x->s, x->plan, 0, &po);
	if (ret)
		cli_error("stat", "cannot count: %s", pmukit_last_error());
	return ret;
}

int scope_runs(struct scope_run *x)
{
	unsigned long runs = x->o->argv ? x->o->runs : 1, run;
	uint64_t times[STAT_TIMES];
	unsigned int t;
	int ret = 0;

	x->pd.val = calloc(runs * x->nev, sizeof(*x->pd.val));
	x->pd.times = calloc(runs * STAT_TIMES, sizeof(*x->pd.times));
	x->acc = calloc((size_t)x->nunits * x->nev, sizeof(*x->acc));
	x->base = calloc((size_t)x->nunits * x->nev, sizeof(*x->base));
	if (!x->pd.val || !x->pd.times || !x->acc || !x->base)
		ret = -ENOMEM;
	for (t = 0; !ret && x->ty && t < x->ty->n; t++) {
		x->ty->pd[t][0].val = calloc(runs * x->nev, sizeof(uint64_t));
		x->ty->pd[t][0].times = x->pd.times;
		if (!x->ty->pd[t][0].val)
			ret = -ENOMEM;
	}
	if (ret) {
		cli_error("stat", "out of memory");
		return ret;
	}
	stat_signals_catch();
	for (run = 0; run < runs; run++) {
		ret = run ? command_again(x) : 0;
		if (!ret)
			ret = one_run(x, times);
		if (ret)
			break;
		/* The run under way at SIGINT is left out, unless it is the only one. */
		if (!run || !x->sig_int)
			record(x, run, times);
		/* A command alone's next session counts from 0; a scope's goes on. */
		if (x->alone)
			memset(x->base, 0, (size_t)x->nunits * x->nev * sizeof(*x->base));
		else
			memcpy(x->base, x->cum, (size_t)x->nunits * x->nev * sizeof(*x->cum));
		if (x->sig_int || stat_ended_by())
			break;
	}
	stat_signals_restore();
	return ret;
}
