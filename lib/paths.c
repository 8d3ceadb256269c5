// SPDX-License-Identifier: MIT
/*
 * Access paths: their names, $PMUKIT_PATH, whether one works here, the
 * one rule of "auto" (which paths, in which order) and the choice of a
 * path for given events, each spec parsed once for all of them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "backend.h"
#include "paths.h"

static const char *const path_names[PMUKIT_PATH_COUNT] = {
	[PMUKIT_PATH_AUTO] = "auto",
	[PMUKIT_PATH_DIRECT] = "direct",
	[PMUKIT_PATH_PERF] = "perf",
	[PMUKIT_PATH_PERF_MMAP] = "perf-mmap",
	[PMUKIT_PATH_CLOCK] = "clock",
};

/**
 * pmukit_path_name() - the name of an access path
 * @path: a PMUKIT_PATH_* value
 *
 * Return: "auto", "direct", "perf", "perf-mmap" or "clock"; "?" for a
 * value that is none of them.
 */
PMUKIT_API const char *pmukit_path_name(enum pmukit_path path)
{
	if ((unsigned int)path >= PMUKIT_PATH_COUNT)
		return "?";
	return path_names[path];
}

/**
 * pmukit_path_parse() - the access path a name means
 * @name: "auto", "direct", "perf", "perf-mmap" or "clock", any case
 * @path: where to store it
 *
 * Return: 0, or -EINVAL (with the names in pmukit_last_error()).
 */
PMUKIT_API int pmukit_path_parse(const char *name, enum pmukit_path *path)
{
	char q[PMUKIT_QUOTE_LEN];
	unsigned int i;

	if (!name || !path)
		return pmukit_err(-EINVAL, "pmukit_path_parse: NULL argument");
	for (i = 0; i < PMUKIT_PATH_COUNT; i++) {
		if (!strcasecmp(name, path_names[i])) {
			*path = (enum pmukit_path)i;
			return 0;
		}
	}
	return pmukit_err(-EINVAL, "'%s' is not an access path: auto, direct, perf, perf-mmap or clock",
			  pmukit_err_quote(q, name));
}

static const struct pmukit_backend *backend_of(enum pmukit_path path)
{
	unsigned int i;

	for (i = 0; pmukit_backends[i]; i++)
		if (pmukit_backends[i]->path == path)
			return pmukit_backends[i];
	return NULL;
}

/*
 * The one rule for "auto": which paths, in which order. Counting the
 * calling thread, the closest to the counters comes first; counting a
 * command (PMUKIT_F_CHILD), perf comes first as it follows the command and
 * its children on every CPU, while direct and clock read one CPU (the
 * command is pinned to it) and perf-mmap reads the calling thread only.
 */
static const enum pmukit_path thread_order[] = {
	PMUKIT_PATH_DIRECT, PMUKIT_PATH_PERF_MMAP, PMUKIT_PATH_PERF, PMUKIT_PATH_CLOCK,
	PMUKIT_PATH_AUTO,
};
static const enum pmukit_path command_order[] = {
	PMUKIT_PATH_PERF, PMUKIT_PATH_DIRECT, PMUKIT_PATH_CLOCK, PMUKIT_PATH_AUTO,
};

static const enum pmukit_path *order_for(unsigned int flags)
{
	return flags & PMUKIT_F_CHILD ? command_order : thread_order;
}

const enum pmukit_path *pmukit_path_order(unsigned int flags)
{
	return order_for(flags);
}

const struct pmukit_backend *pmukit_backend_of(enum pmukit_path path)
{
	return backend_of(path);
}

/**
 * pmukit_path_env() - the path $PMUKIT_PATH asks for
 * @path: where to store it; PMUKIT_PATH_AUTO when the variable is unset or empty
 *
 * Return: 0, or -EINVAL when the variable names no access path (the
 * message in pmukit_last_error() names the variable and the valid values).
 */
PMUKIT_API int pmukit_path_env(enum pmukit_path *path)
{
	/* A set-user-ID program takes no path from its caller's environment. */
	const char *env = secure_getenv("PMUKIT_PATH");
	char q[PMUKIT_QUOTE_LEN];

	if (!path)
		return pmukit_err(-EINVAL, "pmukit_path_env: NULL argument");
	*path = PMUKIT_PATH_AUTO;
	if (!env || !*env)
		return 0;
	if (pmukit_path_parse(env, path))
		return pmukit_err(-EINVAL, "PMUKIT_PATH=%s is not an access path: auto, direct, perf, perf-mmap or clock",
				  pmukit_err_quote(q, env));
	return 0;
}

/* Do the parsed @ev (none: yes) open on @path with @opts, for the calling thread? */
static int events_open_on(const struct pmukit_ev *ev, unsigned int n,
			  const struct pmukit_options *opts, enum pmukit_path path)
{
	struct pmukit_options po = *opts;
	struct pmukit_session *s;

	po.path = path;
	po.pid = 0;
	po.flags &= ~PMUKIT_F_CHILD;
	if (n && pmukit_session_open(&s, ev, n, &po))
		return 0;
	if (n)
		pmukit_close(s);
	return 1;
}

/**
 * pmukit_path_choose() - the path a session would use, before opening it
 * @events: the event specs the session will count, or NULL
 * @n: how many (0: any path that works will do)
 * @opts: as for pmukit_open(); NULL for defaults. @opts->path other than
 *	auto is checked as it is; auto is $PMUKIT_PATH when set, else the
 *	first path that works here and counts @events, in the order for
 *	@opts->flags: direct, perf-mmap, perf, clock for the calling thread;
 *	perf, direct, clock for a command (PMUKIT_F_CHILD). When none counts
 *	@events, the first that works (its open then says why).
 * @path: the path (never auto)
 * @why: filled with the reason for the choice, or why nothing works; may be NULL
 * @len: room in @why
 *
 * Return: 0; -EINVAL for a bad $PMUKIT_PATH (or perf-mmap for a command);
 * -EACCES, -ENODEV, ... when the path asked for, or none, works here.
 */
PMUKIT_API int pmukit_path_choose(const char *const *events, unsigned int n,
				  const struct pmukit_options *opts, enum pmukit_path *path,
				  char *why, size_t len)
{
	struct pmukit_options defaults = { .path = PMUKIT_PATH_AUTO, .cpu = -1 };
	const enum pmukit_path *order;
	char local[512], note[512];
	const char *from = "";
	enum pmukit_path want;
	struct pmukit_ev *ev = NULL;
	int ret, first = -1, err = 0;
	size_t i;

	if (!path)
		return pmukit_err(-EINVAL, "pmukit_path_choose: NULL argument");
	if (!why || !len) {
		why = local;
		len = sizeof(local);
	}
	why[0] = '\0';
	if (!opts)
		opts = &defaults;
	want = opts->path;
	if (want == PMUKIT_PATH_AUTO) {
		ret = pmukit_path_env(&want);
		if (ret) {
			snprintf(why, len, "%s", pmukit_last_error());
			return ret;
		}
		if (want != PMUKIT_PATH_AUTO)
			from = "$PMUKIT_PATH: ";
	}
	if (want != PMUKIT_PATH_AUTO) {
		if (want == PMUKIT_PATH_PERF_MMAP && (opts->flags & PMUKIT_F_CHILD)) {
			snprintf(why, len, "%sperf-mmap reads the counters of the calling thread only, not a command's: use perf or direct",
				 from);
			return pmukit_err(-EINVAL, "%s", why);
		}
		ret = pmukit_path_detect(want, note, sizeof(note));
		snprintf(why, len, "%s%s", from, note);
		if (ret)
			return pmukit_err(ret, "%s", why);
		*path = want;
		return 0;
	}
	/* The specs mean the same on every path: parsed once (none that parse: none counts). */
	if (events && n && n <= PMUKIT_MAX_EVENTS)
		ev = pmukit_ev_parse_thread(events, n, opts);
	order = order_for(opts->flags);
	for (i = 0; order[i] != PMUKIT_PATH_AUTO; i++) {
		ret = pmukit_path_detect(order[i], note, sizeof(note));
		if (ret) {
			if (!err)
				err = ret;
			continue;
		}
		if (first < 0) {
			first = (int)i;
			snprintf(why, len, "%s", note);
		}
		if ((!n || ev) && events_open_on(ev, ev ? n : 0, opts, order[i])) {
			snprintf(why, len, "%s", note);
			*path = order[i];
			free(ev);
			pmukit_err_clear();
			return 0;
		}
	}
	free(ev);
	if (first >= 0) {
		*path = order[first];
		pmukit_err_clear();
		return 0;
	}
	snprintf(why, len, "no access path works here");
	return pmukit_err(err ? err : -ENODEV, "%s", why);
}

/* Appends "NAME: WHY" to the list of reasons @all (@cap bytes, @used so far). */
void pmukit_add_reason(char *all, size_t cap, size_t *used, const char *name, const char *why)
{
	*used += (size_t)snprintf(all + *used, *used < cap ? cap - *used : 0, "%s%s: %s",
				  *used ? "; " : "", name, why);
	if (*used >= cap)
		*used = cap - 1;
}

/**
 * pmukit_path_detect() - does an access path work here, for the calling thread?
 * @path: the path; PMUKIT_PATH_AUTO: the one pmukit_path_choose() takes
 *	for the calling thread ($PMUKIT_PATH, else the first that works)
 * @why: filled with the reason when it does not (and a short note when it
 *	does, naming the path auto would take); may be NULL
 * @len: room in @why
 *
 * Return: 0 if it works; -EACCES, -ENODEV, -ENOENT, -EOPNOTSUPP, -EINVAL
 * (a bad $PMUKIT_PATH) ... if not.
 */
PMUKIT_API int pmukit_path_detect(enum pmukit_path path, char *why, size_t len)
{
	const struct pmukit_backend *be;
	char local[512], *all;
	size_t used = 0;
	unsigned int i;
	int ret, first = 0;
	enum pmukit_path chosen;

	if (!why || !len) {
		why = local;
		len = sizeof(local);
	}
	why[0] = '\0';
	if (path != PMUKIT_PATH_AUTO) {
		be = backend_of(path);
		if (!be) {
			snprintf(why, len, "no access path %d", (int)path);
			return pmukit_err(-EINVAL, "%s", why);
		}
		ret = be->detect(why, len);
		if (ret)
			pmukit_err(ret, "%s", why);
		else
			pmukit_err_clear();
		return ret;
	}
	ret = pmukit_path_choose(NULL, 0, NULL, &chosen, local, sizeof(local));
	if (!ret || ret == -EINVAL) {
		snprintf(why, len, "%s%s", ret ? "" : "auto: ", local);
		return ret;
	}
	all = calloc(1, 2048);
	if (!all)
		return pmukit_err(-ENOMEM, "out of memory");
	for (i = 0; pmukit_backends[i]; i++) {
		be = pmukit_backends[i];
		ret = be->detect(local, sizeof(local));
		if (!first)
			first = ret;
		pmukit_add_reason(all, 2048, &used, be->name, local);
	}
	snprintf(why, len, "%s", all);
	pmukit_err(first ? first : -ENODEV, "no access path works: %s", all);
	free(all);
	return first ? first : -ENODEV;
}

/**
 * pmukit_ncounters() - how many events one session can hold on @path here
 * @path: the path; auto: the path auto would take
 *
 * direct: the event counters (PMCR.N; with pmukit.ko in mode=read, the
 * counters it programmed), CPU_CYCLES going on the cycle counter besides;
 * perf-mmap: the events the PMU takes at once; perf: 32, as the kernel
 * multiplexes; clock: 1.
 *
 * Return: the number, or a negative errno when the path does not work.
 */
PMUKIT_API int pmukit_ncounters(enum pmukit_path path)
{
	const struct pmukit_backend *be;
	char why[512];

	if (path != PMUKIT_PATH_AUTO) {
		be = backend_of(path);
		return be ? be->ncounters() : pmukit_err(-EINVAL, "no access path %d", (int)path);
	}
	if (pmukit_path_choose(NULL, 0, NULL, &path, why, sizeof(why)))
		return pmukit_err(-ENODEV, "no access path works here: %s", why);
	return backend_of(path)->ncounters();
}
