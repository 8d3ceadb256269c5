/* SPDX-License-Identifier: MIT */
/*
 * The cheapest read (lib/session.c, lib/backend_*.c): pmukit_sample() of
 * event 0, inline on Arm Linux, and pmukit_cycles(), the cycle counter
 * read directly.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_SAMPLE_H
#define PMUKIT_SAMPLE_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"
#include "session_api.h"
#include "sysreg.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * pmukit_sample() - one read of event 0, as cheaply as the path allows, for
 * back-to-back calibration. Return: 0 or negative errno (-EINTR: the thread
 * migrated, sample to discard; -EACCES: access revoked).
 *
 * The value is the counter as read, @pmukit_sample_width() bits wide (use
 * pmukit_deltas() with that width). No argument is checked: @s must be an
 * open session. On the direct path this is isb, the register read and a
 * check of the CPU (glibc's rseq area), nothing more.
 *
 * On Arm Linux it is inline (below): the direct path's read of the cycle
 * counter, perf-mmap's seqlock read of it (arm64) and perf's read() of one
 * event cost no call into the library. Anything else, and every error, goes
 * to the library's pmukit_sample(). The rule of the ABI this needs is below.
 */
#if (defined(__aarch64__) || defined(__arm__)) && defined(__linux__) && !defined(PMUKIT_LIB)
#define PMUKIT_SAMPLE_INLINE	1
#include <unistd.h>	/* read() */
#endif

/*
 * The inline pmukit_sample()'s ABI: every session starts with this struct.
 * The library fills it at open and keeps it while the session lives. @how
 * is a set of bits, one for each read the inline code may do, so that one
 * bit test (arm64's tbz) picks the read. Each layout of the struct has bits
 * of its own and never sets another layout's: code built against another
 * header finds none of its bits set and calls the library. Layout 1 (pmukit
 * 0.1) used the values 0x10001 to 0x10003; layout 2 is bits 24 to 26. A
 * later layout may grow the struct at its end, never change these fields.
 */
#define PMUKIT_SAMPLE_ABI		2u
#define PMUKIT_SAMPLE_CALL		0u		/* call the library */
#define PMUKIT_SAMPLE_PMCCNTR		(1u << 24)	/* direct */
#define PMUKIT_SAMPLE_PERF_PAGE		(1u << 25)	/* perf-mmap */
#define PMUKIT_SAMPLE_READ_FD		(1u << 26)	/* perf */

struct pmukit_sample_abi {
	uint32_t how;			/* PMUKIT_SAMPLE_* */
	int32_t cpu;			/* PMCCNTR: the CPU the session is on */
	/*
	 * What the read needs, loaded in one pair with how and cpu:
	 * PMCCNTR, rseq's cpu_id of the thread; PERF_PAGE, perf's user
	 * page of event 0.
	 */
	const volatile void *at;
	int32_t fd;			/* READ_FD: event 0 alone, value and two times */
};

/*
 * Registers the table of a program's (or shared object's) guarded register
 * reads with the library's SIGILL handler. The header does it from a
 * constructor in every translation unit that includes it: not for direct use.
 */
PMUKIT_API void pmukit_extable_add(const void *start, const void *stop);

#ifdef PMUKIT_SAMPLE_INLINE
#if defined(__aarch64__)
#include "perf_page.h"

/*
 * perf's index 32 is PMCCNTR_EL0; any other counter, the library. Its
 * guarded read's memory clobber keeps pmc_width's plain load in the page
 * read fresh (a volatile ldrh would add a needless zero extension).
 */
static inline __attribute__((__always_inline__)) int pmukit_sample_pmccntr_(uint32_t index, uint64_t *v)
{
	if (__builtin_expect(index != 32, 0))
		return -EAGAIN;
	return pmukit_read_pmccntr_sync_guarded(v);
}
#endif

extern const char pmukit_extable_start_[] __asm__("__start_pmukit_extable")
	__attribute__((weak, visibility("hidden")));
extern const char pmukit_extable_stop_[] __asm__("__stop_pmukit_extable")
	__attribute__((weak, visibility("hidden")));

static __attribute__((constructor, used)) void pmukit_extable_register_(void)
{
	if (pmukit_extable_start_)
		pmukit_extable_add(pmukit_extable_start_, pmukit_extable_stop_);
}

/*
 * The library's pmukit_sample(), under another name beside the inline one,
 * which has a name of its own in the object: an out-of-line copy (its
 * address taken) must not be what "pmukit_sample" means here.
 */
extern int pmukit_sample_call_(struct pmukit_session *s, uint64_t *value)
	__asm__("pmukit_sample");
static inline int pmukit_sample(struct pmukit_session *s, uint64_t *value)
	__asm__("pmukit_sample_inline_");

static inline int pmukit_sample(struct pmukit_session *s, uint64_t *value)
{
	const struct pmukit_sample_abi *f = (const struct pmukit_sample_abi *)(const void *)s;
	/*
	 * arm64: how and cpu as one 64-bit word, loaded in a pair with @at:
	 * the CPU check compares the word's upper half with no instruction of
	 * its own to extract it (cmp x, x, lsr #32).
	 */
	uint64_t cpu;
	uint32_t how;
	const void *at;
	pmukit_ureg_t v;
#if defined(__aarch64__)
	uint64_t word;
#endif
	uint64_t buf[3];

#if defined(__aarch64__)
	__builtin_memcpy(&word, f, sizeof(word));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	how = (uint32_t)(word >> 32);
	cpu = (uint32_t)word;
#else
	how = (uint32_t)word;
	cpu = word >> 32;
#endif
	at = (const void *)f->at;
#else
	how = f->how;
	cpu = (uint32_t)f->cpu;
#endif
	/* One bit test a read, the cheapest read first. */
	if (how & PMUKIT_SAMPLE_PMCCNTR) {
		/* isb and the guarded read: a fault returns non-zero. */
#if defined(__aarch64__)
		if (__builtin_expect(pmukit_read_pmccntr_sync_guarded(&v), 0))
#else
		if (__builtin_expect(pmukit_read_pmccntr32_sync_guarded(&v), 0))
#endif
			goto call;
		*value = v;
		/*
		 * rseq's cpu_id, which the kernel changes, read after the
		 * counter: the read's memory clobber makes this load a fresh
		 * one (a volatile load would add a needless zero extension).
		 */
#if !defined(__aarch64__)
		at = (const void *)f->at;	/* only here: perf's read needs none */
#endif
		if (__builtin_expect(*(const uint32_t *)at == cpu, 1))
			return 0;
#if defined(__aarch64__)
	} else if (how & PMUKIT_SAMPLE_PERF_PAGE) {
		/* The user page's read (perf_page.h), of the cycle counter only. */
		if (__builtin_expect(pmukit_perf_page_read(at, value, pmukit_sample_pmccntr_, 0, 0), 0))
			goto call;
		return 0;
#endif
	} else if (how & PMUKIT_SAMPLE_READ_FD) {
		/* value, time_enabled, time_running; a failure goes to the library. */
		if (__builtin_expect(read(f->fd, buf, sizeof(buf)) >= (ssize_t)sizeof(buf[0]), 1)) {
			*value = buf[0];
			return 0;
		}
	}
call:
	return pmukit_sample_call_(s, value);
}
#else
PMUKIT_API int pmukit_sample(struct pmukit_session *s, uint64_t *value);
#endif

/**
 * pmukit_sample_n() - @n back-to-back reads of event 0 into @buf, in one
 * tight loop: on the direct path the loop of b2b.h (five instructions per
 * read, nothing added). Return: 0; -EINTR: the thread migrated during the
 * loop, discard all; -EACCES: access revoked; -EINVAL.
 */
PMUKIT_API int pmukit_sample_n(struct pmukit_session *s, uint64_t *buf, size_t n);

/** pmukit_sample_width() - the width of sampled values in bits: 32 or 64. */
PMUKIT_API unsigned int pmukit_sample_width(const struct pmukit_session *s);

/* ---- the fast inline read --------------------------------------------- */

/**
 * pmukit_cycles() - the cycle counter, read directly: needs pmukit.ko on ARM
 * (else SIGILL; check with pmukit_path_detect(PMUKIT_PATH_DIRECT)). On 32-bit
 * ARM this is the 32-bit PMCCNTR (use pmukit_deltas() with width 32).
 */
static inline uint64_t pmukit_cycles(void)
{
#if defined(__aarch64__)
	/* isb; mrs PMCCNTR_EL0, as one asm block. */
	return pmukit_read_pmccntr_sync();
#elif defined(__arm__)
	/* isb; mrc PMCCNTR (the isb also where the compiler targets ARMv6: isb.h). */
	return pmukit_read_pmccntr32_sync();
#elif defined(__x86_64__)
	return pmukit_read_tsc_sync();	/* lfence; rdtsc */
#else
	return 0;
#endif
}

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_SAMPLE_H */
