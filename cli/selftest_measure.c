// SPDX-License-Identifier: MIT
/*
 * Measuring the selftest's loops. The empty measurement is the same loop
 * with no iterations, so that the code around the counting is the same and
 * what remains is exactly the iterations.
 */
#include <errno.h>
#include <string.h>

#include "cli.h"
#include "regs.h"
#include "selftest.h"

#define ST_RUNS		5

/* Not inlined: the call is then the same instructions for every n. */
static __attribute__((noinline)) void run_loop(const struct st_loop *l, unsigned long n)
{
	l->fn(n, l->arg);
}

struct st_run {
	struct pmukit_session *s;
	const struct st_loop *l;
	unsigned long n;
	struct pmukit_count *c;
	int ret;
};

static void counted_run(void *arg)
{
	struct st_run *r = arg;

	r->ret = pmukit_reset(r->s);
	if (!r->ret)
		r->ret = pmukit_start(r->s);
	if (r->ret)
		return;
	run_loop(r->l, r->n);
	r->ret = pmukit_stop(r->s);
	if (!r->ret)
		r->ret = pmukit_read(r->s, r->c);
}

/* The smallest counts of ST_RUNS runs of @n iterations; -EPERM if the loop trapped. */
static int min_counts(struct pmukit_session *s, const struct st_loop *l, unsigned long n,
		      unsigned int nev, uint64_t *min)
{
	struct pmukit_count c[ST_MAX_EVENTS + 1];
	struct st_run r = { .s = s, .l = l, .n = n, .c = c };
	unsigned int k, i;

	for (i = 0; i < nev; i++)
		min[i] = UINT64_MAX;
	for (k = 0; k < ST_RUNS; k++) {
		if (l->pmu_write) {
			if (pmukit_call_guarded(counted_run, &r)) {
				pmukit_stop(s);
				return -EPERM;
			}
		} else {
			counted_run(&r);
		}
		if (r.ret)
			return r.ret;
		for (i = 0; i < nev; i++)
			if (c[i].value < min[i])
				min[i] = c[i].value;
	}
	return 0;
}

/*
 * Counts @nev events of the plan @p (its indices @pidx, which are l->ev's
 * @idx) in one session; fills @res.
 */
static int measure_group(const struct pmukit_evplan *p, const struct st_loop *l,
			 const unsigned int *pidx, const unsigned int *idx, unsigned int nev,
			 struct st_result *res, int raw)
{
	uint64_t full[ST_MAX_EVENTS + 1], empty[ST_MAX_EVENTS + 1];
	struct pmukit_count c[ST_MAX_EVENTS + 1];	/* the loop's counts, for the verdict */
	struct pmukit_options po = { .path = pmukit_evplan_path(p), .cpu = -1 };
	struct pmukit_session *s;
	unsigned int i;
	int ret;

	ret = pmukit_evplan_open(&s, p, pidx, nev, &po);
	if (ret)
		return ret;
	ret = min_counts(s, l, 0, nev, empty);
	if (!ret)
		ret = min_counts(s, l, l->iters, nev, full);
	for (i = 0; i < nev && !ret; i++)
		c[i] = (struct pmukit_count){ .value = full[i], .raw = full[i] };
	for (i = 0; i < nev; i++) {
		struct st_result *r = &res[idx[i]];

		snprintf(r->name, sizeof(r->name), "%s", pmukit_event_name(s, i));
		r->err = ret;
		if (ret == -EPERM) {
			snprintf(r->why, sizeof(r->why), "PMSWINC traps in user space on this path");
			continue;
		}
		if (ret) {
			snprintf(r->why, sizeof(r->why), "%s", pmukit_last_error());
			continue;
		}
		r->ok = 1;
		/* The loop ran: the library says whether its count is one. */
		r->verdict = pmukit_count_verdict(s, i, c, r->vwhy, sizeof(r->vwhy));
		r->raw = full[i];
		r->empty = empty[i];
		r->value = raw ? full[i] : full[i] > empty[i] ? full[i] - empty[i] : 0;
	}
	pmukit_close(s);
	return ret == -EPERM ? 0 : ret;
}

static void note_failure(const struct st_loop *l, unsigned int i, struct st_result *res, int err)
{
	if (!res[i].err)
		res[i].err = err;
	if (!res[i].why[0])
		snprintf(res[i].why, sizeof(res[i].why), "%s", pmukit_last_error());
	if (!res[i].name[0])
		snprintf(res[i].name, sizeof(res[i].name), "%s", l->ev[i].spec);
}

/* Event @i of @l (plan index @pi) on its own; a failure noted. */
static void measure_alone(const struct pmukit_evplan *p, const struct st_loop *l, unsigned int pi,
			  unsigned int i, struct st_result *res, int raw)
{
	int ret = measure_group(p, l, &pi, &i, 1, res, raw);

	if (ret)
		note_failure(l, i, res, ret);
}

/*
 * Every event of @l on @path: each spec parsed once into the library's
 * plan (its event number kept for the verdict), counted in the plan's passes (the cycles a plan adds to each pass
 * are of no use here), and where a pass cannot be opened (an event this
 * path lacks, a group the kernel refuses), each event on its own. One
 * counter (the TSC, the clock): one event at a time.
 */
void selftest_measure(enum pmukit_path path, const struct st_loop *l, struct st_result *res, int raw)
{
	struct pmukit_options po = { .path = path, .cpu = -1 };
	unsigned int loop_of[PMUKIT_PLAN_MAX_EVENTS], i, k, slot;
	struct pmukit_evplan *p;
	int ret;

	memset(res, 0, sizeof(*res) * l->nev);
	for (i = 0; i < l->nev; i++)
		res[i].code = -1;
	ret = pmukit_evplan_new(&p, &po);
	if (ret) {
		for (i = 0; i < l->nev; i++)
			note_failure(l, i, res, ret);
		return;
	}
	for (i = 0; i < l->nev; i++) {
		const struct pmukit_ev *ev;

		ret = pmukit_evplan_add(p, l->ev[i].spec);
		if (ret < 0) {
			note_failure(l, i, res, ret);
			continue;
		}
		loop_of[ret] = i;
		ev = pmukit_evplan_event(p, (unsigned int)ret);
		if (ev && ev->kind == PMUKIT_EV_PMU)
			res[i].code = ev->code;
	}
	if (pmukit_evplan_nevents(p))
		pmukit_evplan_make(p);
	if (!pmukit_evplan_npasses(p) && pmukit_evplan_keep_path(p) == 0) {
		/* No passes fit (one counter): one event at a time. */
		for (i = 0; i < pmukit_evplan_nevents(p); i++)
			measure_alone(p, l, i, loop_of[i], res, raw);
		pmukit_evplan_free(p);
		return;
	}
	for (k = 0; k < pmukit_evplan_npasses(p); k++) {
		unsigned int pidx[ST_MAX_EVENTS + 1], idx[ST_MAX_EVENTS + 1], n = 0;

		for (slot = 0; slot < pmukit_evplan_pass_size(p, k); slot++) {
			int x = pmukit_evplan_pass_event(p, k, slot);

			if (pmukit_evplan_added(p) && x == (int)pmukit_evplan_nevents(p) - 1)
				continue;
			pidx[n] = (unsigned int)x;
			idx[n++] = loop_of[x];
		}
		if (measure_group(p, l, pidx, idx, n, res, raw) == 0)
			continue;
		for (i = 0; i < n; i++)
			measure_alone(p, l, pidx[i], idx[i], res, raw);
	}
	pmukit_evplan_free(p);
}
