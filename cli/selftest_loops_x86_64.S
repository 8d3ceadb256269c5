/* SPDX-License-Identifier: MIT */
/*
 * x86-64 loops of 'pmukit selftest' (selftest_loops.h). rdi = n; rsi = the
 * buffer. In and out: test, jz, ret whatever n. There is no PMSWINC: the
 * swinc loop does nothing.
 */
	.text

	.globl	pmukit_loop_store
	.type	pmukit_loop_store, @function
	.p2align 4
pmukit_loop_store:
	test	%rdi, %rdi
	jz	2f
1:	mov	%rsi, (%rsi)
	mov	%rsi, 8(%rsi)
	dec	%rdi
	jnz	1b
2:	ret
	.size	pmukit_loop_store, . - pmukit_loop_store

	.globl	pmukit_loop_load
	.type	pmukit_loop_load, @function
	.p2align 4
pmukit_loop_load:
	test	%rdi, %rdi
	jz	2f
1:	mov	(%rsi), %rax
	add	$64, %rsi
	dec	%rdi
	jnz	1b
2:	ret
	.size	pmukit_loop_load, . - pmukit_loop_load

	.globl	pmukit_loop_swinc
	.type	pmukit_loop_swinc, @function
pmukit_loop_swinc:
	ret
	.size	pmukit_loop_swinc, . - pmukit_loop_swinc

	.section .note.GNU-stack, "", @progbits
