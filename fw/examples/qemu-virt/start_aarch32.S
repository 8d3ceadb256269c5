/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ARMv7-A (AArch32) entry for QEMU virt in Secure SVC, HYP or Non-secure
 * SVC mode: stack, exception vectors (HVBAR in HYP mode, VBAR otherwise),
 * .bss cleared, main(), then exit through semihosting with its return value.
 */
#include "pmukit/isb.h"

	.syntax	unified
	.arm
	.section .text.boot, "ax"
	.global	_start
_start:
	ldr	sp, =__stack_top
	ldr	r1, =vectors
	mrs	r0, cpsr
	and	r0, r0, #0x1f
	cmp	r0, #0x1a
	mcreq	p15, 4, r1, c12, c0, 0	/* HVBAR: report unexpected exceptions */
	mcrne	p15, 0, r1, c12, c0, 0	/* VBAR: report unexpected exceptions */
	PMUKIT_ISB_INSN
	ldr	r0, =__bss_start
	ldr	r1, =__bss_end
	mov	r2, #0
1:	cmp	r0, r1
	strlo	r2, [r0], #4
	blo	1b
	bl	main
	b	board_exit

/* board_exit(code): semihosting SYS_EXIT_EXTENDED, ADP_Stopped_ApplicationExit. */
	.text
	.global	board_exit
	.type	board_exit, %function
board_exit:
	sub	sp, sp, #8
	ldr	r1, =0x20026		/* ADP_Stopped_ApplicationExit */
	str	r1, [sp]
	str	r0, [sp, #4]
	mov	r1, sp
	mov	r0, #0x20		/* SYS_EXIT_EXTENDED */
	svc	0x123456
2:	wfi
	b	2b

	.macro	vector idx
	ldr	sp, =__exc_stack_top
	mov	r0, #\idx
	b	vector_common
	.endm

	.section .vectors, "ax"
	.balign	32
vectors:
	b	vec0
	b	vec1
	b	vec2
	b	vec3
	b	vec4
	b	vec5
	b	vec6
	b	vec7
vec0:	vector	0
vec1:	vector	1
vec2:	vector	2
vec3:	vector	3
vec4:	vector	4
vec5:	vector	5
vec6:	vector	6
vec7:	vector	7

vector_common:
	mov	r2, lr
	mrs	r1, cpsr
	bl	board_exception
	b	board_exit

	.section .note.GNU-stack, "", %progbits
