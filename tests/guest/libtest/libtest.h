/* SPDX-License-Identifier: MIT */
/*
 * What libtest's subcommands share (tests/guest/libtest.c and the files
 * of this directory): the module's files, a session opened on a
 * chosen path, refusals and results checked with the library's message,
 * windows measured again when an interrupt came into them, and the
 * subcommands main() dispatches to.
 *
 * Each subcommand prints its TAP from its own file: tap.h keeps its count
 * per file, so a subcommand's checks and its tap_done() stay in one file,
 * and what several files share is static inline here.
 */
#ifndef LIBTEST_H
#define LIBTEST_H

#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pmukit/pmukit.h>
#include "core/compiler.h"
#include "libtest_util.h"
#include "guest_irq.h"

#define SYSFS		"/sys/kernel/pmukit"
#define USER_ACCESS	"/proc/sys/kernel/perf_user_access"
#define KO		"/lib/modules/pmukit.ko"
#define NREPEAT		3

/* The event of the tests that need one that counts exactly in user space (libtest.c). */
extern const char *const inst_u[1];

static inline int open_on(enum pmukit_path path, const char *const *ev, unsigned int n,
			  unsigned int flags, struct pmukit_session **s)
{
	struct pmukit_options o = { .path = path, .cpu = -1, .flags = flags };

	return pmukit_open(s, ev, n, &o);
}

/* Opening @ev[0] alone on @path fails: expect_error() of what it returns. */
static inline void expect_open_error(enum pmukit_path path, const char *const *ev, int want,
				     const char *text, const char *what)
{
	struct pmukit_session *s;

	expect_error(open_on(path, ev, 1, 0, &s), want, text, what);
}

/* A test point that holds when @ret is 0; otherwise @ret and the library's message. */
#define ok_ret(ret, ...)							\
	(tap_ok(!(ret), __VA_ARGS__) || (tap_diag("  %d: %s", (ret), pmukit_last_error()), 0))

typedef int (*window_fn)(struct pmukit_session *, unsigned long, struct pmukit_count *);

/*
 * A window that no interrupt came into (guest_irq.h): one that an interrupt
 * came into is measured again, up to GUEST_IRQ_TRIES times, said in a diagnostic and counted in *again. The
 * windows kept are checked as exactly as before. Without this, the perf
 * path's windows of 32-bit programs on Linux 5.10 under QEMU counted one
 * user instruction more in about one run of the suite in five (2 of 10
 * runs of the aarch32 cell); with it, none in 16 runs.
 */
static inline int clean_window(window_fn w, struct pmukit_session *s, unsigned long n,
			       struct pmukit_count *c, unsigned int *again)
{
	unsigned int k;
	int ret = 0;

	for (k = 0; k < GUEST_IRQ_TRIES; k++) {
		uint64_t before = guest_irq_total();

		ret = w(s, n, c);
		if (ret || guest_irq_total() == before)
			break;
		tap_diag("  an interrupt came into a window of spin(%lu): %" PRIu64 " counted; measured again",
			 n, c[0].value);
		(*again)++;
	}
	return ret;
}


/* The subcommands: exact.c */
int cmd_exact(enum pmukit_path path);
int cmd_samples(enum pmukit_path path);
/* counters.c */
int cmd_swincr(void);
int cmd_wrap(void);
int cmd_wrap_long(void);
/* errors.c */
int cmd_errors(void);
int cmd_nomodule(void);
int cmd_info(void);
/* access.c */
int cmd_frozen(void);
int cmd_after_perf(void);
int cmd_revoke_sysctl(void);
int cmd_revoke_rmmod(void);
int cmd_readmode(void);
int cmd_readmode_user(void);
int cmd_mmap_revoke(void);
/* sessions.c */
int cmd_multiplex(void);
int cmd_child(void);
int cmd_clock(void);
/* migrate.c */
int cmd_migrate(void);

#endif /* LIBTEST_H */
