/* SPDX-License-Identifier: MIT */
/*
 * Measurement windows and a loop of known instruction counts for the guest tests.
 *
 * Each window is one asm block, so the compiler cannot add instructions:
 *
 *	isb
 *	read  counter -> a
 *   1:	subs  n, n, #1		} N times
 *	b.ne  1b		}
 *	isb
 *	read  counter -> b
 *
 * Under -icount shift=0 the delta b - a is 2N + PMUTEST_WINDOW_EXTRA:
 * the counter read by the first read already includes that read, so the
 * window counts the 2N loop instructions, the second isb and the second read
 * (see the tests that check this constant for N and 2N).
 */
#ifndef PMUTEST_ASM_H
#define PMUTEST_ASM_H

#include <stdint.h>

#include "pmukit/isb.h"

#define PMUTEST_WINDOW_EXTRA	2

#if defined(__aarch64__)
#define PMUTEST_WINDOW(name, reg)						\
static inline uint64_t name(unsigned long n)					\
{										\
	uint64_t a, b;								\
	__asm__ volatile("isb\n"						\
			 "mrs %[a], " reg "\n"					\
			 "1: subs %[n], %[n], #1\n"				\
			 "b.ne 1b\n"						\
			 "isb\n"						\
			 "mrs %[b], " reg "\n"					\
			 : [a] "=&r"(a), [b] "=&r"(b), [n] "+r"(n)		\
			 : : "memory", "cc");					\
	return b - a;								\
}
PMUTEST_WINDOW(window_cycles, "pmccntr_el0")
PMUTEST_WINDOW(window_evcntr0, "pmevcntr0_el0")
#elif defined(__arm__)
/* 32-bit: the cycle counter through mrc; counter 0 through PMXEVCNTR. */
#define PMUTEST_WINDOW(name, crm, op2)						\
static inline uint64_t name(unsigned long n)					\
{										\
	uint32_t a, b;								\
	__asm__ volatile(PMUKIT_ISB "\n"					\
			 "mrc p15, 0, %[a], c9, " crm ", " op2 "\n"		\
			 "1: subs %[n], %[n], #1\n"				\
			 "bne 1b\n"						\
			 PMUKIT_ISB "\n"					\
			 "mrc p15, 0, %[b], c9, " crm ", " op2 "\n"		\
			 : [a] "=&r"(a), [b] "=&r"(b), [n] "+r"(n)		\
			 : : "memory", "cc");					\
	return (uint32_t)(b - a);	/* one 32-bit wrap is harmless */	\
}
PMUTEST_WINDOW(window_cycles, "c13", "0")
/* PMSELR must select counter 0 before this window. */
PMUTEST_WINDOW(window_evcntr0, "c13", "2")
#endif

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

#endif
