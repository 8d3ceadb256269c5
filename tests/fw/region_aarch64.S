/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Measured regions of known length for the exact-count tests.
 *
 * test_region(ev, n): pmukit_fw_start(ev), a loop of n iterations of
 * "subs; b.ne" (2n instructions), pmukit_fw_stop(ev); returns stop's result.
 * Between the return from pmukit_fw_start and the entry of pmukit_fw_stop
 * this code executes exactly 2n + 4 instructions: "cbnz" (not taken),
 * "mov x0, x20", the loop, "mov x0, x19" and "bl pmukit_fw_stop". The
 * labels region_caller_begin/end delimit them for the tests that count
 * instructions in the disassembly.
 *
 * test_loop(n): only the loop, 2n + 1 instructions with its ret.
 */
	.text
	.global	test_region
	.type	test_region, %function
test_region:
	stp	x29, x30, [sp, #-32]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	mov	x19, x0
	mov	x20, x1
	bl	pmukit_fw_start
	.global	region_caller_begin
region_caller_begin:
	cbnz	w0, 2f
	mov	x0, x20
1:	subs	x0, x0, #1
	b.ne	1b
	mov	x0, x19
	bl	pmukit_fw_stop
	.global	region_caller_end
region_caller_end:
2:	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #32
	ret
	.size	test_region, . - test_region

	.global	test_loop
	.type	test_loop, %function
test_loop:
1:	subs	x0, x0, #1
	b.ne	1b
	ret
	.size	test_loop, . - test_loop

	.section .note.GNU-stack, "", %progbits
