/* SPDX-License-Identifier: MIT */
/*
 * AArch64 loops of 'pmukit selftest' (selftest_loops.h). x0 = n; x1 = the
 * buffer (or PMSWINC's mask). In and out: cbz, ret (two branches) whatever n.
 */
	.text

	.globl	pmukit_loop_store
	.type	pmukit_loop_store, %function
	.p2align 4
pmukit_loop_store:
	cbz	x0, 2f
1:	str	x1, [x1]
	str	x1, [x1, #8]
	subs	x0, x0, #1
	b.ne	1b
2:	ret
	.size	pmukit_loop_store, . - pmukit_loop_store

	.globl	pmukit_loop_load
	.type	pmukit_loop_load, %function
	.p2align 4
pmukit_loop_load:
	cbz	x0, 2f
1:	ldr	x2, [x1], #64
	subs	x0, x0, #1
	b.ne	1b
2:	ret
	.size	pmukit_loop_load, . - pmukit_loop_load

	.globl	pmukit_loop_swinc
	.type	pmukit_loop_swinc, %function
	.p2align 4
pmukit_loop_swinc:
	cbz	x0, 2f
1:	msr	pmswinc_el0, x1
	subs	x0, x0, #1
	b.ne	1b
2:	ret
	.size	pmukit_loop_swinc, . - pmukit_loop_swinc

	.section .note.GNU-stack, "", %progbits
