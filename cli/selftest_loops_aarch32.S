/* SPDX-License-Identifier: MIT */
/*
 * ARMv7 / AArch32 loops of 'pmukit selftest' (selftest_loops.h), in ARM
 * state (the toolchain's default is Thumb; bx lr returns to either).
 * r0 = n; r1 = the buffer (or PMSWINC's mask). In and out: cmp, beq, bx
 * whatever n.
 */
	.syntax	unified
	.arm
	.text

	.globl	pmukit_loop_store
	.type	pmukit_loop_store, %function
	.p2align 4
pmukit_loop_store:
	cmp	r0, #0
	beq	2f
1:	str	r1, [r1]
	str	r1, [r1, #4]
	subs	r0, r0, #1
	bne	1b
2:	bx	lr
	.size	pmukit_loop_store, . - pmukit_loop_store

	.globl	pmukit_loop_load
	.type	pmukit_loop_load, %function
	.p2align 4
pmukit_loop_load:
	cmp	r0, #0
	beq	2f
1:	ldr	r2, [r1], #64
	subs	r0, r0, #1
	bne	1b
2:	bx	lr
	.size	pmukit_loop_load, . - pmukit_loop_load

	.globl	pmukit_loop_swinc
	.type	pmukit_loop_swinc, %function
	.p2align 4
pmukit_loop_swinc:
	cmp	r0, #0
	beq	2f
1:	mcr	p15, 0, r1, c9, c12, 4	/* PMSWINC */
	subs	r0, r0, #1
	bne	1b
2:	bx	lr
	.size	pmukit_loop_swinc, . - pmukit_loop_swinc

	.section .note.GNU-stack, "", %progbits
