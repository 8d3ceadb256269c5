/* SPDX-License-Identifier: MIT */
/*
 * The guest programs' known loop: n iterations of LOOP_INSNS instructions
 * (subs, then the branch back), one function so that every program that
 * counts it (stat_loop, threads_loop) counts the same instructions.
 */
#ifndef COUNTED_LOOP_H
#define COUNTED_LOOP_H

#define LOOP_INSNS	2

static __attribute__((noinline)) void loop(unsigned long n)
{
	if (!n)
		return;
#if defined(__aarch64__)
	__asm__ volatile("1:	subs	%0, %0, #1\n"
			 "	b.ne	1b\n" : "+r"(n) : : "cc");
#elif defined(__arm__)
	__asm__ volatile("1:	subs	%0, %0, #1\n"
			 "	bne	1b\n" : "+r"(n) : : "cc");
#else
#error "the counted loop runs in the ARM guests"
#endif
}

#endif /* COUNTED_LOOP_H */
