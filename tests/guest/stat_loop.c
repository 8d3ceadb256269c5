// SPDX-License-Identifier: MIT
/*
 * stat_loop: a workload of known length for the tests of 'pmukit stat'.
 *
 *   stat_loop N [STATUS]   runs N iterations of a two-instruction loop
 *                          (subs; b.ne), then exits with STATUS (default 0)
 *   stat_loop --insns      prints the loop's instructions per iteration
 *
 * Everything else the program does is the same for every N of the same
 * number of digits, so the user-space instruction counts of two runs with
 * N and M iterations differ by exactly 2 * (M - N).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOOP_INSNS	2

static void loop(unsigned long n)
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
#error "stat_loop runs in the ARM guests"
#endif
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--insns")) {
		printf("%d\n", LOOP_INSNS);
		return 0;
	}
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: stat_loop N [STATUS] | stat_loop --insns\n");
		return 2;
	}
	loop(strtoul(argv[1], NULL, 10));
	return argc == 3 ? atoi(argv[2]) : 0;
}
