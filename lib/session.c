// SPDX-License-Identifier: MIT
/*
 * Sessions: the public calls of pmukit.h, dispatched to the backend of the
 * access path. "auto" tries the paths in the order of paths.c
 * (pmukit_path_order()) and takes the first whose detect succeeds and whose
 * open accepts the events; $PMUKIT_PATH forces one when the caller asked
 * for auto.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "backend.h"
#include "fault.h"
#include "pmu_info.h"
#include "scope.h"

const struct pmukit_backend *const pmukit_backends[] = {
	&pmukit_backend_direct,
	&pmukit_backend_perf_mmap,
	&pmukit_backend_perf,
	&pmukit_backend_clock,
	NULL,
};

void pmukit_backend_release(struct pmukit_session *s, int guarded)
{
	if (guarded)
		pmukit_fault_guard_put();
	free(s->priv);
	s->priv = NULL;
}

static int session_new(struct pmukit_session **out, const struct pmukit_options *opts,
		       const struct pmukit_session *bound);
static int session_attach(struct pmukit_session *s, const struct pmukit_ev *ev, unsigned int n);
static int session_finish(struct pmukit_session **out, struct pmukit_session *s,
			  const struct pmukit_ev *ev, unsigned int n);

/* The fast read of event 0 for backends that have no special one. */
static int sample1_generic(struct pmukit_session *s, uint64_t *value)
{
	return s->be->sample(s, value, 1);
}

static void unopen(struct pmukit_session *s)
{
	if (s->be)
		s->be->close(s);
	s->be = NULL;
	s->priv = NULL;
	s->sample1 = NULL;
	s->sample_how = PMUKIT_SAMPLE_CALL;
	s->sample_page = NULL;
	s->sample_fd = -1;
	s->cpu_now = NULL;
	s->cpu = -1;
	s->hw0 = 0;
	s->sample_width = 0;
}

/* Opens @s on @be with a copy of @ev (a backend renames its own: the levels a module counter has). */
static int try_open(struct pmukit_session *s, const struct pmukit_backend *be,
		    const struct pmukit_ev *ev, unsigned int n)
{
	int ret;

	memcpy(s->ev, ev, n * sizeof(*ev));
	s->n = n;
	s->be = be;
	ret = be->open(s);
	if (ret) {
		unopen(s);
		return ret;
	}
	if (!s->sample1)
		s->sample1 = sample1_generic;
	return 0;
}

/* Is @err about the caller's request (same on every path) or about the path? */
static int request_error(int err)
{
	return err == -ENOENT || err == -EINVAL || err == -ENOMEM;
}

static int open_auto(struct pmukit_session *s, const struct pmukit_ev *ev, unsigned int n)
{
	const enum pmukit_path *order = pmukit_path_order(s->flags);
	char why[512], *all = calloc(1, 2048);
	size_t used = 0;
	unsigned int i;
	int ret, first = 0;

	if (!all)
		return pmukit_err(-ENOMEM, "out of memory");
	for (i = 0; order[i] != PMUKIT_PATH_AUTO; i++) {
		const struct pmukit_backend *be = pmukit_backend_of(order[i]);

		ret = be->detect(why, sizeof(why));
		if (!ret) {
			ret = try_open(s, be, ev, n);
			if (!ret || request_error(ret)) {
				free(all);
				return ret;
			}
			snprintf(why, sizeof(why), "%s", pmukit_last_error());
			/* A path that works here but refused the events says most. */
			if (!first || first == -EACCES || first == -ENODEV)
				first = ret;
		} else if (!first) {
			first = ret;
		}
		pmukit_add_reason(all, 2048, &used, be->name, why);
	}
	ret = pmukit_err(first, "no access path can count these events: %s", all);
	free(all);
	return ret;
}

/**
 * pmukit_open() - prepare counting of @n events
 * @out: the new session; NULL after a failure
 * @events: event specs as perf writes them: names ("L1D_CACHE_REFILL",
 *	case-insensitive), raw codes ("0x08", "r08"), with ":u" / ":k" / ":uk"
 * @n: how many, 1 to 32
 * @opts: NULL for defaults (auto path, current CPU, calling thread)
 *
 * Return: 0, -ENOENT (unknown event), -EOPNOTSUPP (not implemented by this
 * core or path), -E2BIG (more events than counters), -EACCES (no access),
 * -EINVAL (a malformed spec, a bad option or $PMUKIT_PATH), ...
 */
PMUKIT_API int pmukit_open(struct pmukit_session **out, const char *const *events,
			   unsigned int n, const struct pmukit_options *opts)
{
	struct pmukit_ev ev[PMUKIT_MAX_EVENTS];
	struct pmukit_session *s;
	int ret;

	if (!out)
		return pmukit_err(-EINVAL, "pmukit_open: out is NULL");
	*out = NULL;
	ret = session_new(&s, opts, NULL);
	if (ret)
		return ret;
	if (!events || !n)
		ret = pmukit_err(-EINVAL, "no events given");
	else if (n > PMUKIT_MAX_EVENTS)
		ret = pmukit_err(-E2BIG, "%u events: a session holds at most %d; run in passes (pmukit stat does this)",
				 n, PMUKIT_MAX_EVENTS);
	else
		ret = pmukit_ev_parse_specs(s, events, n, ev);
	if (ret) {
		free(s);
		return ret;
	}
	return session_finish(out, s, ev, n);
}

/* The core type of @from, for @s: what pmukit_session_bind() found for it. */
static void bind_as(struct pmukit_session *s, const struct pmukit_session *from)
{
	s->core = from->core;
	s->perf_type = from->perf_type;
	memcpy(s->pmu, from->pmu, sizeof(s->pmu));
	memcpy(s->span, from->span, sizeof(s->span));
	memcpy(s->bind_cpus, from->bind_cpus, sizeof(s->bind_cpus));
	s->type_cpu = from->type_cpu;
	s->planned = 1;
}

/*
 * A session for @opts (NULL: defaults) bound to its core type (@bound's,
 * when given), on no path yet; s->be is the path asked for, NULL for auto.
 */
static int session_new(struct pmukit_session **out, const struct pmukit_options *opts,
		       const struct pmukit_session *bound)
{
	struct pmukit_options defaults = { .path = PMUKIT_PATH_AUTO, .cpu = -1 };
	const struct pmukit_backend *be;
	struct pmukit_session *s;
	enum pmukit_path path;
	int ret;

	if (!opts)
		opts = &defaults;
	path = opts->path;
	if (path == PMUKIT_PATH_AUTO) {
		ret = pmukit_path_env(&path);
		if (ret)
			return ret;
	}
	be = path == PMUKIT_PATH_AUTO ? NULL : pmukit_backend_of(path);
	if (path != PMUKIT_PATH_AUTO && !be)
		return pmukit_err(-EINVAL, "no access path %d", (int)path);
	s = calloc(1, sizeof(*s));
	if (!s)
		return pmukit_err(-ENOMEM, "out of memory");
	s->flags = opts->flags;
	s->opt_cpu = opts->cpu;
	s->pid = opts->pid;
	s->cpu = -1;
	s->unit_cpu = -1;
	s->be = be;
	if (bound)
		bind_as(s, bound);
	else
		pmukit_session_bind(s);
	*out = s;
	return 0;
}

/* Opens a new session's @ev on its path (s->be), or on the first that takes them (auto). */
static int session_attach(struct pmukit_session *s, const struct pmukit_ev *ev, unsigned int n)
{
	const struct pmukit_backend *be = s->be;

	s->be = NULL;
	return be ? try_open(s, be, ev, n) : open_auto(s, ev, n);
}

/* @s with @ev opened into *@out, or freed (the error said). */
static int session_finish(struct pmukit_session **out, struct pmukit_session *s,
			  const struct pmukit_ev *ev, unsigned int n)
{
	int ret = session_attach(s, ev, n);

	if (ret) {
		free(s);
		return ret;
	}
	pmukit_err_clear();
	*out = s;
	return 0;
}

int pmukit_session_open_bound(struct pmukit_session **out, const struct pmukit_ev *ev,
			      unsigned int n, const struct pmukit_options *opts,
			      const struct pmukit_session *bound)
{
	return pmukit_session_open_as(out, ev, n, opts, bound, 1, 0, -1);
}

int pmukit_session_open_as(struct pmukit_session **out, const struct pmukit_ev *ev,
			   unsigned int n, const struct pmukit_options *opts,
			   const struct pmukit_session *bound, int planned, pid_t tid, int cpu)
{
	struct pmukit_session *s;
	int ret;

	*out = NULL;
	if (!n)
		return pmukit_err(-EINVAL, "no events given");
	if (n > PMUKIT_MAX_EVENTS)
		return pmukit_err(-E2BIG, "%u events: a session holds at most %d; run in passes (pmukit stat does this)",
				  n, PMUKIT_MAX_EVENTS);
	ret = session_new(&s, opts, bound);
	if (ret)
		return ret;
	if (bound)
		s->planned = planned;
	s->unit_tid = tid;
	s->unit_cpu = cpu;
	return session_finish(out, s, ev, n);
}

int pmukit_session_open(struct pmukit_session **out, const struct pmukit_ev *ev, unsigned int n,
			const struct pmukit_options *opts)
{
	return pmukit_session_open_bound(out, ev, n, opts, NULL);
}

int pmukit_session_open_unit(struct pmukit_session **out, const struct pmukit_ev *ev,
			     unsigned int n, const struct pmukit_options *opts, pid_t tid, int cpu)
{
	return pmukit_session_open_as(out, ev, n, opts, NULL, 0, tid, cpu);
}

struct pmukit_ev *pmukit_ev_parse_thread(const char *const *events, unsigned int n,
					  const struct pmukit_options *opts)
{
	struct pmukit_options po = *opts;
	struct pmukit_session *s;
	struct pmukit_ev *ev = calloc(n, sizeof(*ev));

	po.path = PMUKIT_PATH_CLOCK;	/* any: only the binding matters */
	po.pid = 0;
	po.flags &= ~PMUKIT_F_CHILD;
	if (!ev || session_new(&s, &po, NULL)) {
		free(ev);
		return NULL;
	}
	if (pmukit_ev_parse_specs(s, events, n, ev)) {
		free(ev);
		ev = NULL;
	}
	free(s);
	return ev;
}

/** pmukit_start() - start (or continue) counting. Return: 0 or negative errno. */
PMUKIT_API int pmukit_start(struct pmukit_session *s)
{
	if (!s)
		return pmukit_err(-EINVAL, "pmukit_start: no session");
	if (s->scoped)
		return pmukit_scoped_start(s);
	return s->be->start(s);
}

/** pmukit_stop() - stop counting; the counts stay. Return: 0, -EINTR (moved), ... */
PMUKIT_API int pmukit_stop(struct pmukit_session *s)
{
	if (!s)
		return pmukit_err(-EINVAL, "pmukit_stop: no session");
	if (s->scoped)
		return pmukit_scoped_stop(s);
	return s->be->stop(s);
}

/** pmukit_reset() - set every count (and perf's times) back to 0; none is wrapped then. */
PMUKIT_API int pmukit_reset(struct pmukit_session *s)
{
	if (!s)
		return pmukit_err(-EINVAL, "pmukit_reset: no session");
	s->wrapped = 0;
	if (s->scoped)
		return pmukit_scoped_reset(s);
	return s->be->reset(s);
}

int pmukit_wrapped_error(struct pmukit_session *s)
{
	char names[512] = "";
	size_t used = 0;
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		int k;

		if (!(s->wrapped >> i & 1) || used >= sizeof(names))
			continue;
		k = snprintf(names + used, sizeof(names) - used, "%s%s", used ? ", " : "",
			     s->ev[i].name);
		used += k > 0 ? (size_t)k : 0;
	}
	return pmukit_err(-EOVERFLOW, "wrapped: %s: more than 2^32 events may have passed between two reads of a 32-bit counter, which wrapped in between, so the count is not known (pmukit_wrapped(); read more often than every 62.5 ms, or use the perf path, which keeps 64-bit counts)",
			  names);
}

/**
 * pmukit_wrapped() - is event @i's count unknown because its counter wrapped?
 *
 * Only the direct path's 32-bit counters can wrap unseen: a counter read
 * again 62.5 ms or more after the previous read whose overflow flag says it
 * passed its top (or cannot say). pmukit_read() then returns -EOVERFLOW and
 * gives 0 for that event; it stays wrapped until pmukit_reset().
 *
 * Return: 1 wrapped, 0 not (or no such session or event).
 */
PMUKIT_API int pmukit_wrapped(const struct pmukit_session *s, unsigned int i)
{
	return s && i < s->n && (s->wrapped >> i & 1);
}

/**
 * pmukit_read() - fill @counts[0..n) in the order of the events given to open
 * @s: the session, running or stopped
 * @counts: room for pmukit_nevents(s) counts
 *
 * Return: 0; -EINTR when the thread changed CPU during the measurement on
 * the direct path (the counts are filled but meaningless: discard them);
 * -EOVERFLOW when a count is not known because its 32-bit counter wrapped
 * (direct path: the others are filled, that one is 0, pmukit_wrapped());
 * -EACCES when access was revoked; ...
 */
PMUKIT_API int pmukit_read(struct pmukit_session *s, struct pmukit_count *counts)
{
	if (!s || !counts)
		return pmukit_err(-EINVAL, "pmukit_read: no session or no counts");
	if (s->scoped)
		return pmukit_scoped_read(s, counts);
	return s->be->read(s, counts);
}

/** pmukit_close() - end the session; restores what the path changed. NULL is fine. */
PMUKIT_API void pmukit_close(struct pmukit_session *s)
{
	if (!s)
		return;
	if (s->scoped)
		pmukit_scoped_close(s);
	else
		s->be->close(s);
	free(s);
}

/** pmukit_nevents() - how many events the session counts. */
PMUKIT_API unsigned int pmukit_nevents(const struct pmukit_session *s)
{
	return s ? s->n : 0;
}

/**
 * pmukit_event_name() - canonical name of event @i, with the levels it
 * counts at ("INST_RETIRED:u", "CPU_CYCLES:uk", "task-clock", "clock(CNTVCT_EL0)")
 *
 * Return: the name, or NULL when @i is out of range.
 */
PMUKIT_API const char *pmukit_event_name(const struct pmukit_session *s, unsigned int i)
{
	return s && i < s->n ? s->ev[i].name : NULL;
}

/** pmukit_session_path() - the access path the session uses (never auto). */
PMUKIT_API enum pmukit_path pmukit_session_path(const struct pmukit_session *s)
{
	return s ? s->be->path : PMUKIT_PATH_AUTO;
}

/* The session starts with the inline pmukit_sample()'s ABI, field for field. */
#define SAMPLE_ABI_FIELD(a, b)							\
	_Static_assert(offsetof(struct pmukit_session, a) ==			\
		       offsetof(struct pmukit_sample_abi, b) &&			\
		       sizeof(((struct pmukit_session *)0)->a) ==		\
		       sizeof(((struct pmukit_sample_abi *)0)->b), #a " is " #b)
SAMPLE_ABI_FIELD(sample_how, how);
SAMPLE_ABI_FIELD(cpu, cpu);
SAMPLE_ABI_FIELD(cpu_now, at);
SAMPLE_ABI_FIELD(sample_page, at);
SAMPLE_ABI_FIELD(sample_fd, fd);

/*
 * pmukit_sample() is documented in pmukit.h: one indirect call, no checks,
 * so the path's read is all it costs. The inline one of arm64 calls it for
 * anything it does not read itself.
 */
PMUKIT_API int pmukit_sample(struct pmukit_session *s, uint64_t *value)
{
	return s->sample1(s, value);
}

/**
 * pmukit_sample_n() - @n back-to-back reads of event 0 into @buf
 * @s: an open session
 * @buf: room for @n values
 * @n: how many
 *
 * On the direct path this is the loop of include/pmukit/b2b.h: five
 * instructions per read, nothing added.
 *
 * Return: 0; -EINTR when the thread changed CPU during the loop (discard
 * all of @buf); -EACCES when access was revoked; -EINVAL.
 */
PMUKIT_API int pmukit_sample_n(struct pmukit_session *s, uint64_t *buf, size_t n)
{
	if (!s || (!buf && n))
		return pmukit_err(-EINVAL, "pmukit_sample_n: no session or no buffer");
	if (s->scoped)
		return pmukit_err(-EOPNOTSUPP, "pmukit_sample_n: a session of several CPUs or tasks is read with pmukit_read()");
	return s->be->sample(s, buf, n);
}

/** pmukit_sample_width() - bits of the values pmukit_sample() gives (32 or 64). */
PMUKIT_API unsigned int pmukit_sample_width(const struct pmukit_session *s)
{
	return s ? s->sample_width : 0;
}
