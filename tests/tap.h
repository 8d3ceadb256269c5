/* SPDX-License-Identifier: MIT */
/*
 * Minimal TAP 13 producer for pmukit's C tests (host and guest, static or not).
 *
 *   tap_plan(n);                      "1..n"
 *   tap_ok(cond, "name %d", i);       "ok N name" / "not ok N name"
 *   tap_skip("reason", "name");       "ok N name # SKIP reason"
 *   tap_ok_todo(cond, "why", "name"); a goal not met yet: # TODO why
 *   tap_diag("fmt", ...);             "# ..." (to stdout, so it stays in order)
 *   return tap_done();                exit status: 0 when all passed
 */
#ifndef PMUKIT_TAP_H
#define PMUKIT_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tap_n, tap_failed, tap_planned = -1;

static inline void tap_header(void)
{
	static int done;

	if (!done) {
		printf("TAP version 13\n");
		done = 1;
	}
}

static inline void tap_plan(int n)
{
	tap_header();
	tap_planned = n;
	printf("1..%d\n", n);
	fflush(stdout);
}

/* One result line; a failure with a @todo reason does not fail the run. */
static inline int tap_vok(int cond, const char *todo, const char *fmt, va_list ap)
{
	tap_header();
	printf("%sok %d - ", cond ? "" : "not ", ++tap_n);
	vprintf(fmt, ap);
	if (todo)
		printf(" # TODO %s", todo);
	printf("\n");
	fflush(stdout);
	if (!cond && !todo)
		tap_failed++;
	return cond;
}

/*
 * A check whose goal is known not to be met yet where @todo says (NULL:
 * an ordinary check): "not ok N desc # TODO why" does not fail the run.
 */
__attribute__((format(printf, 3, 4)))
static inline int tap_ok_todo(int cond, const char *todo, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cond = tap_vok(cond, todo, fmt, ap);
	va_end(ap);
	return cond;
}

/* "ok N desc" or "not ok N desc"; returns @cond. */
#define tap_ok(cond, ...)	tap_ok_todo((cond), NULL, __VA_ARGS__)

__attribute__((format(printf, 2, 3)))
static inline void tap_skip(const char *reason, const char *fmt, ...)
{
	va_list ap;

	tap_header();
	printf("ok %d - ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(" # SKIP %s\n", reason);
	fflush(stdout);
}

__attribute__((format(printf, 1, 2)))
static inline void tap_diag(const char *fmt, ...)
{
	va_list ap;

	tap_header();
	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

/* Checks two integers and shows both when they differ. */
#define tap_eq(got, want, ...)							\
	do {									\
		long long g_ = (long long)(got), w_ = (long long)(want);	\
		if (!tap_ok(g_ == w_, __VA_ARGS__))				\
			tap_diag("  got %lld, want %lld", g_, w_);		\
	} while (0)

static inline int tap_done(void)
{
	if (tap_planned < 0)
		printf("1..%d\n", tap_n);
	else if (tap_planned != tap_n) {
		printf("# planned %d tests but ran %d\n", tap_planned, tap_n);
		return 1;
	}
	fflush(stdout);
	return tap_failed ? 1 : 0;
}

#endif /* PMUKIT_TAP_H */
