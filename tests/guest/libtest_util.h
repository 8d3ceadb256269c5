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
#include "pmutest_asm.h"	/* spin(n): 2n + SPIN_EXTRA instructions */
#include "tap.h"

/*
 * The windows, noinline so every call runs the same instructions. Each
 * returns 0 or the library's error; *c gets the counts.
 *
 * What the tests subtract is measured, not assumed: the count of a window
 * around spin(0), the same on every run under icount. Where the numbers
 * come from, from objdump -d of libtest for arm64 (Debian 12's gcc 12 and
 * static glibc 2.36; another build gives other numbers and the same test):
 * a window counts the instructions after the read that opens it, up to and
 * with the read that closes it.
 *
 *   direct, sample pair, INST_RETIRED:u (event counter 0): 20 =
 *	 8  the rest of sample1_ev0 after its mrs (ldr, str, ldr, ldr, cmp,
 *	    b.ne: the rseq CPU check, mov, ret)
 *	 7  window_sample: mov, cbz; mov and spin(0)'s cbz (SPIN_EXTRA); add,
 *	    mov, bl
 *	 3  pmukit_sample: ldr, mov, br (the session's sample1)
 *	 2  sample1_ev0: isb, mrs
 *
 *   perf-mmap, sample pair, INST_RETIRED:u: 37 =
 *	11  the rest of mmap_sample1 after its mrs of PMXEVCNTR: the seqlock
 *	    re-check (ldr, cmp, b.ne), sign extension and add (mov, sub,
 *	    lsl, asr, add), str, mov, ret
 *	 7  window_sample, as above
 *	 3  pmukit_sample
 *	16  mmap_sample1 to its mrs: ldr, ldr, b; the page's lock, offset,
 *	    pmc_width and index (4 ldr, and); index 32? (cmp, b.eq); index - 1
 *	    in range (sub, cmp, b.hi); msr PMSELR_EL0, isb, mrs PMXEVCNTR_EL0
 *
 *   perf, start/read: 77 user instructions between the kernel enabling
 *   the group and reading it:
 *	 3  glibc's ioctl() after its svc: cmn, b.cs, ret
 *	11  pmukit_perf_enable (tbz; mov, ldp, ldp, ret) and perf_start
 *	    (mov, cbnz, ldr, mov, ldp, ret) returning
 *	 7  window_read: mov, cbnz; mov, spin(0)'s cbz; mov, mov, bl
 *	10  pmukit_read (cmp, ccmp, b.eq, ldr, ldr, mov, br), perf_read (3)
 *	35  pmukit_perf_read_events (17) and read_raw (18) to their calls
 *	11  glibc's read() to and with its svc: stp, adrp, mov, ldr, stp,
 *	    sxtw, ldrb, cbz (single-threaded), mov, mov x8, svc. This is the
 *	    "read() wrapper cost" of this build (QEMU.md saw 26 elsewhere).
 */
/* The start of both windows, inlined: reset, start, spin(n); 0 or the error. */
__attribute__((always_inline)) static inline int window_run(struct pmukit_session *s,
							     unsigned long n)
{
	int ret = pmukit_reset(s);

	if (!ret)
		ret = pmukit_start(s);
	if (!ret)
		spin(n);
	return ret;
}

__attribute__((noinline, unused)) static int window_stop(struct pmukit_session *s, unsigned long n,
						 struct pmukit_count *c)
{
	int ret = window_run(s, n);

	if (ret)
		return ret;
	ret = pmukit_stop(s);
	return ret ? ret : pmukit_read(s, c);
}

/* Read while running: the count stops at the read itself. */
__attribute__((noinline, unused)) static int window_read(struct pmukit_session *s, unsigned long n,
						 struct pmukit_count *c)
{
	int ret = window_run(s, n);

	if (ret)
		return ret;
	ret = pmukit_read(s, c);
	pmukit_stop(s);
	return ret;
}

/* Two samples of event 0 around the loop: the difference. */
__attribute__((noinline, unused)) static int window_sample(struct pmukit_session *s, unsigned long n,
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
