// SPDX-License-Identifier: MIT
/*
 * Measuring the selftest's loops. The empty measurement is the same loop
 * with no iterations, so that the code around the counting is the same and
 * what remains is exactly the iterations.
 */
#include <errno.h>
#include <string.h>

#include "cli.h"
#include "passes.h"
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

/* Counts @nev events (indices @idx into l->ev) in one session; fills @res. */
static int measure_group(enum pmukit_path path, const struct st_loop *l, const unsigned int *idx,
			 unsigned int nev, struct st_result *res, int raw)
{
	struct pmukit_options po = { .path = path, .cpu = -1 };
	uint64_t full[ST_MAX_EVENTS + 1], empty[ST_MAX_EVENTS + 1];
	struct pmukit_count c[ST_MAX_EVENTS + 1];	/* the loop's counts, for the verdict */
	const char *spec[ST_MAX_EVENTS + 1];
	struct pmukit_session *s;
	unsigned int i;
	int ret;

	for (i = 0; i < nev; i++)
		spec[i] = l->ev[idx[i]].spec;
	ret = pmukit_open(&s, spec, nev, &po);
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

/*
 * Every event of @l on @path: in groups that fit, and where a group cannot
 * be opened (an event this path lacks), each event on its own.
 */
void selftest_measure(enum pmukit_path path, const struct st_loop *l, struct st_result *res, int raw)
{
	const char *spec[ST_MAX_EVENTS];
	struct pass_plan p;
	int cap = pmukit_ncounters(path);
	unsigned int i, k;

	memset(res, 0, sizeof(*res) * l->nev);
	for (i = 0; i < l->nev; i++)
		spec[i] = l->ev[i].spec;
	if (cap <= 0 || cap > ST_MAX_EVENTS)
		cap = ST_MAX_EVENTS;
	else if (path == PMUKIT_PATH_DIRECT && pmukit_reg_count())
		cap++;	/* the cycle counter, besides the event counters */
	if (cap < 2) {
		/* One counter (the TSC): one event at a time. */
		for (i = 0; i < l->nev; i++) {
			int ret = measure_group(path, l, &i, 1, res, raw);

			if (ret)
				note_failure(l, i, res, ret);
		}
		return;
	}
	while (pass_plan(&p, spec, l->nev, (unsigned int)cap) == 0) {
		int e2big = 0;

		for (k = 0; k < p.npasses; k++) {
			unsigned int idx[ST_MAX_EVENTS + 1], n = 0;
			int ret;

			/* The cycles a plan adds to each pass are of no use here. */
			for (i = 0; i < p.count[k]; i++)
				if (p.idx[k][i] < l->nev)
					idx[n++] = p.idx[k][i];
			ret = measure_group(path, l, idx, n, res, raw);
			if (ret == -E2BIG) {
				e2big = 1;
				break;
			}
			if (ret == 0)
				continue;
			for (i = 0; i < n; i++) {
				ret = measure_group(path, l, &idx[i], 1, res, raw);
				if (ret)
					note_failure(l, idx[i], res, ret);
			}
		}
		if (!e2big || cap <= 2)
			break;
		cap--;
		memset(res, 0, sizeof(*res) * l->nev);
	}
}

