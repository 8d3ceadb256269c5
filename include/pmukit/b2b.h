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

#include "sysreg.h"

#define PMUKIT_B2B_INSNS	5

#if PMUKIT_HAVE_SYSREG
/*
 * Fills buf[0..n) with consecutive reads of the cycle counter (PMCCNTR_EL0;
 * the 32-bit PMCCNTR on AArch32); n >= 1.
 */
static inline void pmukit_b2b_cycles(pmukit_ureg_t *buf, unsigned long n)
{
	pmukit_ureg_t v;

	__asm__ volatile(PMUKIT_B2B_PMCCNTR_ASM
			 : "=&r"(v), "+r"(buf), "+r"(n)
			 : : "memory", "cc");
}
#endif

#endif /* PMUKIT_B2B_H */
