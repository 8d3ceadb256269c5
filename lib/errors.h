/* SPDX-License-Identifier: MIT */
/*
 * This thread's detailed message of the last failure (errors.c), which
 * pmukit_last_error() gives: what every file of the library that reports
 * an error includes.
 */
#ifndef PMUKIT_LIB_ERRORS_H
#define PMUKIT_LIB_ERRORS_H

#include <stddef.h>

/* Sets this thread's detailed message; returns @err for "return pmukit_err(...)". */
int pmukit_err(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Adds "; more" to this thread's message. */
void pmukit_err_append(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Forgets this thread's message (a call that succeeds leaves none behind). */
void pmukit_err_clear(void);
/*
 * A caller's text (an event spec, a path name) inside a message: its first
 * PMUKIT_QUOTE_MAX bytes, then "..." when there is more, so that however
 * long the text the message still holds the reason. @buf: PMUKIT_QUOTE_LEN
 * bytes. Return: @buf.
 *
 *	char q[PMUKIT_QUOTE_LEN];
 *
 *	return pmukit_err(-EINVAL, "'%s' is not ...", pmukit_err_quote(q, spec));
 */
#define PMUKIT_QUOTE_MAX	64
#define PMUKIT_QUOTE_LEN	(PMUKIT_QUOTE_MAX + sizeof("..."))
const char *pmukit_err_quote(char *buf, const char *s);

#endif /* PMUKIT_LIB_ERRORS_H */
