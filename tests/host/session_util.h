/* SPDX-License-Identifier: MIT */
/*
 * Helpers of the host session tests (tests/host/test_session_*.c): a
 * session opened on a chosen path, the library's message checked, and
 * perf opened as far as this host allows it.
 */
#ifndef PMUKIT_TESTS_HOST_SESSION_UTIL_H
#define PMUKIT_TESTS_HOST_SESSION_UTIL_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <pmukit/pmukit.h>
#include "core/compiler.h"
#include "../tap.h"
#include "util.h"

static inline int open_on(enum pmukit_path path, const char *const *ev, unsigned int n,
			  struct pmukit_session **s)
{
	struct pmukit_options o = { .path = path, .cpu = -1 };

	return pmukit_open(s, ev, n, &o);
}

static inline int says(const char *text)
{
	return strstr(pmukit_last_error(), text) != NULL;
}

static inline void expect(int ret, int want, const char *text, const char *what)
{
	if (!tap_ok(ret == want && says(text), "%s: %d, \"%s\"", what, want, text))
		tap_diag("  got %d: %s", ret, pmukit_last_error());
}

/*
 * perf on any host: it may count everything (root, or perf_event_paranoid
 * 1 or lower), user space only (paranoid 2, the default, without root), or
 * nothing (Debian's paranoid 3 without root, a seccomp filter, a kernel or
 * emulator without perf: -EACCES or -ENODEV). Opens @ev on the perf path;
 * where perf refuses only the kernel's share, opens them again as :u.
 */
static int perf_user_only;	/* open_perf() added :u */

static inline int open_perf(const char *const *ev, unsigned int n, struct pmukit_options *o,
			    struct pmukit_session **s)
{
	char names[4][64];
	const char *u[4];
	unsigned int i;
	int ret = pmukit_open(s, ev, n, o);

	perf_user_only = 0;
	if (ret != -EACCES || !says("count user space only") || n > ARRAY_SIZE(u))
		return ret;
	perf_user_only = 1;
	tap_diag("  perf counts user space only here (%s): the events as :u", pmukit_last_error());
	for (i = 0; i < n; i++) {
		snprintf(names[i], sizeof(names[i]), "%s:u", ev[i]);
		u[i] = names[i];
	}
	return pmukit_open(s, u, n, o);
}

/* perf_event_open() is refused or absent here: a reason to skip, not a failure. */
static inline int perf_unusable(int ret)
{
	return ret == -EACCES || ret == -ENODEV;
}

#endif /* PMUKIT_TESTS_HOST_SESSION_UTIL_H */
