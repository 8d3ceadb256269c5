/* SPDX-License-Identifier: MIT */
/*
 * Helpers of the library's guest tests: a loop of known length, windows
 * measured through the library, and small file and message checks.
 */
#ifndef LIBTEST_UTIL_H
#define LIBTEST_UTIL_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <pmukit/pmukit.h>
#include "tap.h"

/*
 * spin(n): 2n + SPIN_EXTRA instructions, in one asm block so that the
 * compiler cannot add any:
 *
 *	aarch64:  cbz n, 2f; 1: subs n, n, #1; b.ne 1b; 2:	1 + 2n
 *	arm:      cmp n, #0; beq 2f; 1: subs; bne 1b; 2:	2 + 2n
 *
 * The tests subtract a measurement of spin(0), so SPIN_EXTRA cancels out
 * with the library's own overhead and 2n must remain exactly.
 */
#if defined(__aarch64__)
#define SPIN_EXTRA	1
static inline void spin(unsigned long n)
{
	__asm__ volatile("	cbz	%0, 2f\n"
			 "1:	subs	%0, %0, #1\n"
			 "	b.ne	1b\n"
			 "2:\n" : "+r"(n) : : "cc", "memory");
}
#elif defined(__arm__)
#define SPIN_EXTRA	2
static inline void spin(unsigned long n)
{
	__asm__ volatile("	cmp	%0, #0\n"
			 "	beq	2f\n"
			 "1:	subs	%0, %0, #1\n"
			 "	bne	1b\n"
			 "2:\n" : "+r"(n) : : "cc", "memory");
}
#endif

/*
 * The windows, noinline so every call runs the same instructions. Each
 * returns 0 or the library's error; *c gets the counts.
 */
__attribute__((noinline)) static int window_stop(struct pmukit_session *s, unsigned long n,
						 struct pmukit_count *c)
{
	int ret = pmukit_reset(s);

	if (!ret)
		ret = pmukit_start(s);
	if (ret)
		return ret;
	spin(n);
	ret = pmukit_stop(s);
	return ret ? ret : pmukit_read(s, c);
}

/* Read while running: the count stops at the read itself. */
__attribute__((noinline)) static int window_read(struct pmukit_session *s, unsigned long n,
						 struct pmukit_count *c)
{
	int ret = pmukit_reset(s);

	if (!ret)
		ret = pmukit_start(s);
	if (ret)
		return ret;
	spin(n);
	ret = pmukit_read(s, c);
	pmukit_stop(s);
	return ret;
}

/* Two samples of event 0 around the loop: the difference. */
__attribute__((noinline)) static int window_sample(struct pmukit_session *s, unsigned long n,
						   uint64_t *delta)
{
	uint64_t a, b;
	int ret = pmukit_sample(s, &a);

	if (ret)
		return ret;
	spin(n);
	ret = pmukit_sample(s, &b);
	*delta = b - a;
	if (pmukit_sample_width(s) == 32)
		*delta &= 0xffffffffULL;
	return ret;
}

static inline int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY), ok;

	if (fd < 0)
		return -errno;
	ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	close(fd);
	return ok ? 0 : -EIO;
}

static inline int file_exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* ok when @ret is @want and the last error says @text. */
static inline void expect_error(int ret, int want, const char *text, const char *what)
{
	const char *msg = pmukit_last_error();

	if (!tap_ok(ret == want && strstr(msg, text) != NULL, "%s: %s, message says \"%s\"",
		    what, pmukit_strerror(want), text))
		tap_diag("  got %d (%s): %s", ret, pmukit_strerror(ret), msg);
	else
		tap_diag("  %s", msg);
}

#endif /* LIBTEST_UTIL_H */
