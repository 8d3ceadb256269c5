// SPDX-License-Identifier: MIT
/*
 * The runs of 'pmukit stat': each pass of events, each run of the command,
 * counted as pmukit.h describes for PMUKIT_F_CHILD; then the statistics.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "stat_metrics.h"
#include "stat.h"
#include "stat_wait.h"

#define STAT_OVERHEAD_RUNS	8

/*
 * Signals while the command runs. ^C (SIGINT) from a terminal reaches the
 * command itself (same process group); for pmukit it means: stop after
 * this run, leave it out, report the others. SIGTERM and SIGHUP, which
 * come to pmukit alone (kill, a closed terminal), are passed on to the
 * command, which pmukit then waits for, and end pmukit too once its
 * sessions are closed. SIGQUIT from a terminal reaches the command and
 * nothing more. A signal its parent made pmukit ignore (nohup: SIGHUP;
 * '&' in a shell without job control: SIGINT and SIGQUIT) stays ignored,
 * for pmukit and, through the exec, for the command.
 */
static const int caught[] = { SIGINT, SIGQUIT, SIGTERM, SIGHUP };
static struct sigaction before[ARRAY_SIZE(caught)];
static volatile sig_atomic_t got_int, got_end, child_pid;
static pid_t self;

static void on_signal(int sig)
{
	int err = errno;

	if (getpid() != self) {
		/* The command before its exec: it dies of it, as it would have after. */
		signal(sig, SIG_DFL);
		raise(sig);
	} else if (sig == SIGINT) {
		got_int = 1;
	} else if (sig == SIGTERM || sig == SIGHUP) {
		got_end = sig;
		if (child_pid > 0)
			kill((pid_t)child_pid, sig);
	}
	errno = err;
}

void stat_signals_catch(void)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	/* The waits for the command go on; the flags say what to do after. */
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_SIZE(caught); i++)
		sigaddset(&sa.sa_mask, caught[i]);
	self = getpid();
	for (i = 0; i < ARRAY_SIZE(caught); i++) {
		sigaction(caught[i], NULL, &before[i]);
		/* A handler, not SIG_IGN: the exec resets it, so the command still gets ^C. */
		if (before[i].sa_handler != SIG_IGN)
			sigaction(caught[i], &sa, NULL);
	}
}

void stat_signals_restore(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(caught); i++)
		sigaction(caught[i], &before[i], NULL);
}

void stat_signals_child(pid_t pid)
{
	child_pid = pid;
}

int stat_interrupted(void)
{
	return got_int;
}

int stat_ended_by(void)
{
	return got_end;
}

/* The run under way: left out, and no other run once a signal came. */
static int stopping(void)
{
	return got_int || got_end;
}

/* The smallest count of an empty measurement (start, stop, read) per event. */
static int measure_overhead(struct pmukit_session *s, unsigned int n, uint64_t *ovh)
{
	struct pmukit_count c[STAT_MAX_EVENTS + 1];
	unsigned int r, k;
	int ret;

	for (k = 0; k < n; k++)
		ovh[k] = UINT64_MAX;
	for (r = 0; r < STAT_OVERHEAD_RUNS; r++) {
		ret = pmukit_reset(s);
		if (!ret)
			ret = pmukit_start(s);
		if (!ret)
			ret = pmukit_stop(s);
		if (!ret)
			ret = pmukit_read(s, c);
		if (ret)
			return ret;
		for (k = 0; k < n; k++)
			if (c[k].value < ovh[k])
				ovh[k] = c[k].value;
	}
	return 0;
}

/*
 * The library's verdict on each count of a run of the command (code that
 * ran), while the session that counted is open; a run that did not count
 * is added to @pd's tally of event slot i; the events of @wrapped are not
 * judged (their count is not known).
 */
static void judge_run(struct pmukit_session *s, unsigned int n, const struct pmukit_count *c,
		      struct pass_data *pd, uint32_t wrapped)
{
	char why[PMUKIT_VERDICT_WHY_LEN];
	unsigned int i;

	for (i = 0; i < n; i++) {
		/* A wrapped count reads 0 and is reported as wrapped instead. */
		int v = wrapped >> i & 1 ? PMUKIT_COUNTED :
			pmukit_count_verdict(s, i, c, why, sizeof(why));

		if (v <= PMUKIT_COUNTED)
			continue;
		if (!pd->nc_runs[i]++) {
			pd->verdict[i] = v;
			snprintf(pd->why[i], sizeof(pd->why[i]), "%s", why);
		}
	}
}

/* The events of session @s that have no sum over its core types (pmukit_session_summed()). */
static uint32_t not_summed(const struct pmukit_session *s, unsigned int n)
{
	uint32_t mask = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!pmukit_session_summed(s, i))
			mask |= 1U << i;
	return mask;
}

/*
 * Each core type's counts of a run (pass @pass of @p) into @ct, judged into
 * that type's pass data; which events have a sum into ty->summed.
 */
static int read_types(struct pmukit_session *s, const struct pmukit_evplan *p, unsigned int pass,
		      unsigned int n, struct stat_typed *ty,
		      struct pmukit_count (*ct)[STAT_MAX_EVENTS + 1])
{
	unsigned int t, i;
	int ret;

	for (i = 0; i < n; i++)
		ty->summed[pmukit_evplan_pass_event(p, pass, i)] = (unsigned char)pmukit_session_summed(s, i);
	for (t = 0; t < ty->n; t++) {
		ret = pmukit_read_type(s, t, ct[t]);
		if (ret)
			return ret;
		judge_run(s, n, ct[t], &ty->pd[t][pass], 0);
	}
	return 0;
}

static uint64_t tv_ns(const struct timeval *tv)
{
	return (uint64_t)tv->tv_sec * 1000000000u + (uint64_t)tv->tv_usec * 1000u;
}

/*
 * One run of the command for one pass, in the order pmukit.h gives for
 * PMUKIT_F_CHILD. @s: the direct/clock session, kept across runs (this
 * process is pinned, and so is each child it forks); NULL for perf, which
 * opens one per child. @exact: set when the counters ran only from the
 * command's exec to its end (direct path): no overhead to take off. The
 * counts are judged into @pd (judge_run()). @wrapped: bit k set when event
 * k's count is not known (pmukit_wrapped()): the run still counts, that
 * event is reported as wrapped. @t: the run's times (STAT_WALL: from the
 * release of the command to its reaping, as perf's; STAT_USER, STAT_SYS:
 * the CPU time of the command, reaped as pmukit's only child).
 */
static int run_once(const struct stat_opts *o, const struct pmukit_evplan *p, unsigned int pass,
		    unsigned int n, struct pmukit_session *s, struct pmukit_count *c, int *status, int *exact,
		    struct pass_data *pd, uint32_t *wrapped, uint64_t *t, struct stat_typed *ty,
		    struct pmukit_count (*ct)[STAT_MAX_EVENTS + 1])
{
	struct rusage ru0, ru1;
	uint64_t t0;
	unsigned int k;
	struct pmukit_session *ps = NULL;
	struct pmukit_child ch;
	int ret, perf = s == NULL;

	*status = 0;
	*exact = 0;
	ret = pmukit_child_fork(&ch, o->argv);
	if (ret) {
		cli_error("stat", "cannot start '%s': %s", o->argv[0], pmukit_last_error());
		return ret;
	}
	/*
	 * From here a SIGTERM or SIGHUP goes on to the command. Before its
	 * exec it dies of it (on_signal()), and the release fails: a run left
	 * out, with no message.
	 */
	child_pid = ch.pid;
	if (stopping()) {
		pmukit_child_cancel(&ch);
		child_pid = 0;
		return -EINTR;
	}
	if (perf) {
		struct pmukit_options po = {
			.path = PMUKIT_PATH_PERF, .cpu = -1, .pid = ch.pid, .flags = PMUKIT_F_CHILD,
		};

		ret = pmukit_open_pass(&ps, p, pass, &po);
		s = ps;
	} else {
		ret = pmukit_reset(s);
	}
	if (!ret)
		ret = pmukit_start(s);
	if (ret) {
		cli_error("stat", "cannot count: %s", pmukit_last_error());
		pmukit_child_cancel(&ch);
		child_pid = 0;
		pmukit_close(ps);
		return ret;
	}
	/* Release, wait, stop: on the direct path, perf's window (the command alone). */
	getrusage(RUSAGE_CHILDREN, &ru0);
	t0 = stat_mono_ns();
	ret = pmukit_child_run(&ch, s, status);
	t[STAT_WALL] = stat_mono_ns() - t0;
	getrusage(RUSAGE_CHILDREN, &ru1);
	t[STAT_USER] = tv_ns(&ru1.ru_utime) - tv_ns(&ru0.ru_utime);
	t[STAT_SYS] = tv_ns(&ru1.ru_stime) - tv_ns(&ru0.ru_stime);
	/*
	 * Reaped: no signal goes to its pid any more (one that came in
	 * between would find the pid free, or reused only after the kernel's
	 * pid numbers wrapped around).
	 */
	child_pid = 0;
	if (ret < 0 && ch.pid == 0) {	/* the command could not be started */
		if (!stopping())
			cli_error("stat", "cannot run '%s': %s", o->argv[0], strerror(-ret));
		pmukit_close(ps);
		return stopping() ? -EINTR : ret;
	}
	*exact = ret == 1;
	*wrapped = 0;
	if (ret >= 0)
		ret = pmukit_read(s, c);
	if (ret == -EOVERFLOW) {
		for (k = 0; k < n; k++)
			if (pmukit_wrapped(s, k))
				*wrapped |= 1U << k;
		ret = *wrapped ? 0 : ret;
	}
	if (!ret && ty->n)
		ret = read_types(s, p, pass, n, ty, ct);
	if (ret)
		cli_error("stat", "reading the counters failed: %s", pmukit_last_error());
	else
		judge_run(s, n, c, pd, *wrapped | (ty->n ? not_summed(s, n) : 0));
	pmukit_close(ps);
	return ret;
}

/* Runs every pass o->runs times; fills @pd. */
void stat_record_run(struct pass_data *pd, unsigned long run, unsigned int count,
		     const struct pmukit_count *c, int exact)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		uint64_t v = c[i].value;

		if (exact)
			pd->ovh[i] = 0;	/* the window holds no marker */
		pd->val[run * count + i] = v > pd->ovh[i] ? v - pd->ovh[i] : 0;
		pd->enabled[i] += (double)c[i].enabled_ns;
		pd->running[i] += (double)c[i].running_ns;
	}
	pd->runs++;
}

int stat_run_passes(const struct stat_opts *o, const struct pmukit_evplan *p,
		    struct pass_data *pd, struct stat_typed *ty, struct stat_report *r)
{
	static struct pmukit_count ct[STAT_MAX_TYPES][STAT_MAX_EVENTS + 1];
	struct pmukit_count c[STAT_MAX_EVENTS + 1];
	struct pmukit_options po = { .path = o->path, .cpu = o->out.cpu };
	unsigned int k, i, t, npasses = pmukit_evplan_npasses(p);
	unsigned long run;
	int ret = 0;

	for (k = 0; k < npasses && !ret; k++) {
		struct pmukit_session *s = NULL;
		unsigned int count = pmukit_evplan_pass_size(p, k);

		pd[k].val = calloc(o->runs * count, sizeof(uint64_t));
		pd[k].times = calloc(o->runs * STAT_TIMES, sizeof(uint64_t));
		if (!pd[k].val || !pd[k].times)
			return -ENOMEM;
		for (t = 0; t < ty->n; t++) {
			ty->pd[t][k].val = calloc(o->runs * count, sizeof(uint64_t));
			ty->pd[t][k].times = pd[k].times;
			if (!ty->pd[t][k].val)
				return -ENOMEM;
		}
		if (o->path != PMUKIT_PATH_PERF) {
			ret = pmukit_open_pass(&s, p, k, &po);
			if (ret) {
				cli_error("stat", "cannot count: %s", pmukit_last_error());
				return ret;
			}
			if (r->cpu < 0 && o->path == PMUKIT_PATH_DIRECT)
				r->cpu = sched_getcpu();
			ret = measure_overhead(s, count, pd[k].ovh);
			for (i = 0; i < count && o->raw; i++)
				pd[k].ovh[i] = 0;
			if (ret) {
				cli_error("stat", "an empty measurement failed: %s", pmukit_last_error());
				pmukit_close(s);
				return ret;
			}
		}
		for (run = 0; run < o->runs && !ret; run++) {
			int status, exact;
			uint32_t wrapped = 0;

			if (stopping())
				break;
			ret = run_once(o, p, k, count, s, c, &status, &exact, &pd[k], &wrapped,
				       &pd[k].times[run * STAT_TIMES], ty, ct);
			/* Interrupted: this run is left out, whatever it counted. */
			if (stopping()) {
				ret = 0;
				break;
			}
			if (ret)
				break;
			pd[k].wrapped |= wrapped;
			if (WIFEXITED(status)) {
				r->exit_code = WEXITSTATUS(status);
				r->signal = 0;
			} else {
				r->exit_code = -1;
				r->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
			}
			if (r->exit_code != 0)
				r->failed_runs++;
			stat_record_run(&pd[k], run, count, c, exact);
			for (t = 0; t < ty->n; t++)
				stat_record_run(&ty->pd[t][k], run, count, ct[t], exact);
		}
		/* Closed whatever ended the runs: the direct path's PMU is as it was. */
		if (s)
			pmukit_close(s);
		if (stopping())
			break;
	}
	return ret;
}

/*
 * The times of one run of the command, over every run of every pass (@v:
 * room for runs x passes values): the mean wall time and its standard
 * deviation of the mean (perf's "+-": the sample standard deviation over
 * the square root of the runs), the mean user and system time.
 */
static void summarise_times(const struct pmukit_evplan *p, const struct pass_data *pd,
			    unsigned long runs, uint64_t *v, struct stat_report *r)
{
	double user = 0, sys = 0, wall;
	struct pmukit_stats st;
	unsigned long run;
	unsigned int k;
	size_t n = 0;

	for (k = 0; k < pmukit_evplan_npasses(p); k++) {
		wall = 0;
		for (run = 0; run < runs; run++) {
			const uint64_t *t = &pd[k].times[run * STAT_TIMES];

			v[n++] = t[STAT_WALL];
			wall += (double)t[STAT_WALL];
			user += (double)t[STAT_USER];
			sys += (double)t[STAT_SYS];
		}
		r->pass_elapsed_s[k] = runs ? wall / (double)runs / 1e9 : 0;
	}
	r->nruns_all = (unsigned int)n;
	if (!n || pmukit_stats_compute(v, n, 0, &st))
		return;
	r->elapsed_s = st.mean / 1e9;
	r->elapsed_sd_s = stat_sd_of_mean(&st) / 1e9;
	r->user_s = user / (double)n / 1e9;
	r->sys_s = sys / (double)n / 1e9;
}

void stat_summarise(const struct pmukit_evplan *p, const struct pass_data *pd,
		    struct stat_report *r)
{
	/* r->runs: o->runs, or after ^C the runs every pass completed. */
	unsigned long runs = r->runs;
	unsigned int npasses = pmukit_evplan_npasses(p), nev = pmukit_evplan_nevents(p);
	uint64_t *v = malloc((runs * npasses + 1) * sizeof(*v));
	unsigned int i, k, slot, count, lo = 0, hi = 0;
	int cycles = pmukit_evplan_cycles(p);
	unsigned long run;

	if (!v)
		return;
	summarise_times(p, pd, runs, v, r);
	r->cycles_ref = -1;
	r->nev = nev;
	r->not_counted = 0;
	for (i = 0; i < nev; i++) {
		struct stat_event *e = &r->ev[i];
		double en = 0, ru = 0, wall = 0;
		size_t n = 0;

		memset(e, 0, sizeof(*e));
		e->added = pmukit_evplan_added(p) && i == nev - 1;
		e->ev = *pmukit_evplan_counted(p, i);
		snprintf(e->name, sizeof(e->name), "%s", e->ev.name);
		for (k = 0; k < npasses; k++) {
			count = pmukit_evplan_pass_size(p, k);
			for (slot = 0; slot < count && pmukit_evplan_pass_event(p, k, slot) != (int)i;
			     slot++)
				;
			if (slot == count)
				continue;
			if (pd[k].wrapped >> slot & 1)
				e->wrapped = 1;
			if (!n) {
				e->pass = k + 1;
				e->overhead = pd[k].ovh[slot];
			}
			if (pd[k].nc_runs[slot] && !e->nc_runs) {
				e->verdict = pd[k].verdict[slot];
				snprintf(e->why, sizeof(e->why), "%s", pd[k].why[slot]);
			}
			e->nc_runs += pd[k].nc_runs[slot];
			for (run = 0; run < runs; run++)
				v[n++] = pd[k].val[run * count + slot];
			en += pd[k].enabled[slot];
			ru += pd[k].running[slot];
			/* The pass's wall time, its mean from summarise_times(). */
			wall += r->pass_elapsed_s[k] * 1e9 * (double)runs;
		}
		e->counting = en > 0 ? 100.0 * ru / en : 100.0;
		/* perf's run time; the direct and clock paths count for the whole run. */
		e->run_ns = n ? (ru > 0 ? ru : wall) / (double)n : 0;
		r->not_counted += e->nc_runs > 0;
		if (n)
			pmukit_stats_compute(v, n, 0, &e->st);
	}
	if (cycles >= 0 && npasses > 1) {
		r->cycles_ref = cycles;
		for (k = 0; k < npasses; k++) {
			double sum = 0;

			count = pmukit_evplan_pass_size(p, k);
			for (run = 0; run < runs; run++)
				sum += (double)pd[k].val[run * count];	/* slot 0: the cycles */
			r->pass_cycles[k] = sum / (double)runs;
			if (r->pass_cycles[k] < r->pass_cycles[lo])
				lo = k;
			if (r->pass_cycles[k] > r->pass_cycles[hi])
				hi = k;
		}
		r->pass_spread = r->ev[cycles].st.mean > 0 ?
			(r->pass_cycles[hi] - r->pass_cycles[lo]) / r->ev[cycles].st.mean * 100 : 0;
	}
	free(v);
	metrics_compute(r);
}
