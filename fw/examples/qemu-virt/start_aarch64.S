/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * AArch64 entry for QEMU virt at EL3, EL2 or EL1 (whichever QEMU starts
 * in): stack, exception vectors of the current level, .bss cleared, main(),
 * then exit through semihosting with main's return value.
 */
	.section .text.boot, "ax"
	.global	_start
_start:
	ldr	x0, =__stack_top
	mov	sp, x0
	adr	x1, vectors
	mrs	x0, CurrentEL
	ubfx	x0, x0, #2, #2
	cmp	x0, #3
	b.ne	1f
	msr	vbar_el3, x1		/* VBAR_EL3: report unexpected exceptions */
	b	3f
1:	cmp	x0, #2
	b.ne	2f
	msr	vbar_el2, x1		/* VBAR_EL2: report unexpected exceptions */
	b	3f
2:	msr	vbar_el1, x1		/* VBAR_EL1: report unexpected exceptions */
3:	isb
	ldr	x0, =__bss_start
	ldr	x1, =__bss_end
4:	cmp	x0, x1
	b.hs	5f
	str	xzr, [x0], #8
	b	4b
5:	bl	main
	b	board_exit

/* board_exit(code): semihosting SYS_EXIT with ADP_Stopped_ApplicationExit. */
	.text
	.global	board_exit
	.type	board_exit, %function
board_exit:
	sub	sp, sp, #16
	mov	x1, #0x0026
	movk	x1, #0x2, lsl #16	/* ADP_Stopped_ApplicationExit */
	stp	x1, x0, [sp]
	mov	x1, sp
	mov	w0, #0x18		/* SYS_EXIT */
	hlt	#0xf000
6:	wfi
	b	6b

/* Any exception is unexpected: report it with its syndrome and stop. */
	.macro	vector idx
	.balign	0x80
	mov	x0, #\idx
	b	vector_common
	.endm

	.section .vectors, "ax"
	.balign	2048
vectors:
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vector	\i
	.endr

vector_common:
	ldr	x1, =__exc_stack_top
	mov	sp, x1
	mrs	x3, CurrentEL
	ubfx	x3, x3, #2, #2
	cmp	x3, #3
	b.ne	1f
	mrs	x1, esr_el3
	mrs	x2, elr_el3
	b	3f
1:	cmp	x3, #2
	b.ne	2f
	mrs	x1, esr_el2
	mrs	x2, elr_el2
	b	3f
2:	mrs	x1, esr_el1
	mrs	x2, elr_el1
3:	bl	board_exception
	b	board_exit

	.section .note.GNU-stack, "", %progbits
