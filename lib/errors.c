// SPDX-License-Identifier: MIT
/*
 * Error texts: a short one per errno value (pmukit_strerror) and this
 * thread's detailed message of the last failure (pmukit_last_error).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/compiler.h"
#include "pmukit/pmukit.h"
#include "errors.h"

/*
 * Room for any message: what a caller gives is quoted through
 * pmukit_err_quote(), the rest is the library's own text.
 */
#define MSG_LEN	1024

/* Per thread, so two threads with sessions do not overwrite each other's reasons. */
static __thread char last_msg[MSG_LEN];

/* vsnprintf() returned @n for @room bytes: a message that did not fit ends in "...". */
static void mark_cut(size_t room, int n)
{
	if (n < 0 || (size_t)n >= room)
		memcpy(last_msg + sizeof(last_msg) - sizeof("..."), "...", sizeof("..."));
}

int pmukit_err(int err, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(last_msg, sizeof(last_msg), fmt, ap);
	va_end(ap);
	mark_cut(sizeof(last_msg), n);
	return err;
}

const char *pmukit_err_quote(char *buf, const char *s)
{
	size_t n = strnlen(s, PMUKIT_QUOTE_MAX + 1);

	if (n <= PMUKIT_QUOTE_MAX) {
		memcpy(buf, s, n + 1);
		return buf;
	}
	/* Cut before a UTF-8 sequence, not inside one. */
	n = PMUKIT_QUOTE_MAX;
	while (n > PMUKIT_QUOTE_MAX - 3 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	memcpy(buf, s, n);
	memcpy(buf + n, "...", sizeof("..."));
	return buf;
}

void pmukit_err_append(const char *fmt, ...)
{
	size_t len = strlen(last_msg);
	va_list ap;
	int n;

	if (len + 3 >= sizeof(last_msg))
		return;
	if (len) {
		memcpy(last_msg + len, "; ", 3);
		len += 2;
	}
	va_start(ap, fmt);
	n = vsnprintf(last_msg + len, sizeof(last_msg) - len, fmt, ap);
	va_end(ap);
	mark_cut(sizeof(last_msg) - len, n);
}

void pmukit_err_clear(void)
{
	last_msg[0] = '\0';
}

/**
 * pmukit_last_error() - the detailed message of this thread's last failure
 *
 * Set by every call of this library that fails (and by pmukit_path_detect()
 * with its reason); "" when there was none.
 *
 * Return: a string owned by the library, valid until this thread's next call.
 */
PMUKIT_API const char *pmukit_last_error(void)
{
	return last_msg;
}

/* The meaning of the values this library returns, in its own terms. */
static const struct {
	int err;
	const char *text;
} texts[] = {
	{ ENOENT, "unknown event, or no such file" },
	{ EOPNOTSUPP, "not supported by this core or access path" },
	{ E2BIG, "more events than counters" },
	{ EACCES, "no access to the counters" },
	{ EPERM, "not permitted" },
	{ EINTR, "the thread moved to another CPU: reading discarded" },
	{ EOVERFLOW, "a count wrapped and is not known" },
	{ ENODEV, "access path not available here" },
	{ EAGAIN, "counters stopped: re-arm them" },
	{ EINVAL, "invalid argument" },
	{ EBUSY, "session already running" },
	{ ENOMEM, "out of memory" },
	{ ESRCH, "no such process" },
};

/**
 * pmukit_strerror() - a short text for a value returned by this library
 * @err: a negative errno (a positive one is taken as its negation)
 *
 * pmukit_last_error() says what exactly happened; this says what the
 * number means ("unknown event", "more events than counters").
 *
 * Return: a constant string; "success" for 0.
 */
PMUKIT_API const char *pmukit_strerror(int err)
{
	size_t i;

	if (err == 0)
		return "success";
	if (err > 0)
		err = -err;
	for (i = 0; i < ARRAY_SIZE(texts); i++)
		if (texts[i].err == -err)
			return texts[i].text;
	/* glibc's texts for the rest are constant strings too. */
	return strerror(-err);
}
