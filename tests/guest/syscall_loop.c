// SPDX-License-Identifier: MIT
/*
 * syscall_loop: a workload of known kernel work for the tests of counting
 * the kernel (:k), wherever it runs (EL1, or EL2 with VHE).
 *
 *   syscall_loop N    makes N getppid() system calls, then exits 0
 *
 * Every call takes the same path through the kernel, so the kernel-level
 * counts of two runs with N and M calls differ by (M - N) times the cost of
 * one call, on every access path that counts the kernel.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long i, n = argc > 1 ? strtoul(argv[1], NULL, 0) : 0;

	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	return 0;
}
