/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Measured regions of known length for the exact-count tests (A32).
 *
 * test_region(ev, n): pmukit_fw_start(ev), a loop of n iterations of
 * "subs; bne" (2n instructions), pmukit_fw_stop(ev); returns stop's result.
 * Between the return from pmukit_fw_start and the entry of pmukit_fw_stop
 * this code executes exactly 2n + 5 instructions: "cmp", "bne" (not
 * taken), "mov r0, r5", the loop, "mov r0, r4" and "bl pmukit_fw_stop",
 * delimited by the labels region_caller_begin/end.
 *
 * test_loop(n): only the loop, 2n + 1 instructions with its return.
 */
	.syntax	unified
	.arm
	.text
	.global	test_region
	.type	test_region, %function
test_region:
	push	{r4, r5, r6, lr}
	mov	r4, r0
	mov	r5, r1
	bl	pmukit_fw_start
	.global	region_caller_begin
region_caller_begin:
	cmp	r0, #0
	bne	2f
	mov	r0, r5
1:	subs	r0, r0, #1
	bne	1b
	mov	r0, r4
	bl	pmukit_fw_stop
	.global	region_caller_end
region_caller_end:
2:	pop	{r4, r5, r6, pc}
	.size	test_region, . - test_region

	.global	test_loop
	.type	test_loop, %function
test_loop:
1:	subs	r0, r0, #1
	bne	1b
	bx	lr
	.size	test_loop, . - test_loop

	.section .note.GNU-stack, "", %progbits
