/* SPDX-License-Identifier: MIT */
/*
 * Loops of known length for 'pmukit selftest', in assembly so that the
 * compiler cannot change what is counted (selftest_loops_<isa>.S).
 *
 * Each loop runs n iterations of a body of loop_insns instructions. With
 * n = 0 it goes in and out by the same instructions as with n > 0 (a test
 * of n, a branch, the return), so the difference between n and 0
 * iterations is exactly n bodies: that is what the selftest compares with.
 */
#ifndef PMUKIT_CLI_SELFTEST_LOOPS_H
#define PMUKIT_CLI_SELFTEST_LOOPS_H

/* Two stores to buf per iteration. */
void pmukit_loop_store(unsigned long n, void *buf);
/* One load per iteration, each 64 bytes after the last: n * 64 bytes of buf. */
void pmukit_loop_load(unsigned long n, void *buf);
/* One write of mask to PMSWINC per iteration (ARM only: SW_INCR). */
void pmukit_loop_swinc(unsigned long n, void *mask);

/* What one iteration of each loop is, on this ISA (selftest_loops_shape_<isa>.c). */
struct loop_shape {
	const char *body;	/* the instructions, for the output */
	unsigned int insns;	/* instructions per iteration */
};

extern const struct loop_shape loop_store_shape, loop_load_shape, loop_swinc_shape;
/* 0 where the ISA has no PMSWINC (x86-64). */
extern const int loop_have_swinc;

#endif /* PMUKIT_CLI_SELFTEST_LOOPS_H */
