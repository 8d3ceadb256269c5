/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * The back-to-back cycle-counter read loop, shared verbatim by the kernel
 * module's selftest, the user-space library and the tests, so that all of
 * them measure the same instructions.
 *
 * Each iteration is exactly five instructions:
 *
 *	isb			synchronise, so the read is not hoisted
 *	mrs/mrc  pmccntr	the read
 *	str			store the value, post-increment the pointer
 *	subs			count down
 *	b.ne/bne		loop
 *
 * Under QEMU's -icount shift=0 the cycle counter advances by one per
 * instruction, so consecutive values differ by exactly PMUKIT_B2B_INSNS.
 */
#ifndef PMUKIT_B2B_H
#define PMUKIT_B2B_H

#include "sysreg_types.h"
#include "isb.h"

#define PMUKIT_B2B_INSNS	5

#if defined(__aarch64__)
/* Fills buf[0..n) with consecutive reads of PMCCNTR_EL0; n >= 1. */
static inline void pmukit_b2b_cycles(pmukit_ureg_t *buf, unsigned long n)
{
	pmukit_ureg_t v;

	__asm__ volatile("1:	isb\n"
			 "	mrs	%[v], pmccntr_el0\n"
			 "	str	%[v], [%[p]], #8\n"
			 "	subs	%[n], %[n], #1\n"
			 "	b.ne	1b\n"
			 : [p] "+r"(buf), [n] "+r"(n), [v] "=&r"(v)
			 : : "memory", "cc");
}
#elif defined(__arm__)
/* Fills buf[0..n) with consecutive 32-bit reads of PMCCNTR; n >= 1. */
static inline void pmukit_b2b_cycles(pmukit_ureg_t *buf, unsigned long n)
{
	pmukit_ureg_t v;

	__asm__ volatile("1:\t" PMUKIT_ISB "\n"
			 "	mrc	p15, 0, %[v], c9, c13, 0\n"
			 "	str	%[v], [%[p]], #4\n"
			 "	subs	%[n], %[n], #1\n"
			 "	bne	1b\n"
			 : [p] "+r"(buf), [n] "+r"(n), [v] "=&r"(v)
			 : : "memory", "cc");
}
#endif

#endif /* PMUKIT_B2B_H */
