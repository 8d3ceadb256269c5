/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * The instruction synchronization barrier, as text for inline asm
 * (PMUKIT_ISB, a C string) and for .S files (PMUKIT_ISB_INSN), whatever
 * -march the code is built with.
 *
 * The PMU is ARMv7 / ARMv8 and so is ISB. Code built for an ARMv6 baseline
 * (Raspberry Pi OS's 32-bit userland: -march=armv6kz -marm) must still
 * assemble: there the assembler knows no 'isb', so its ARM encoding is
 * given as a word (ISB SY, A1: 0xf57ff06f). It only runs on cores whose PMU
 * pmukit drives, all ARMv7 or later, where it is the architected ISB. The
 * older CP15 barrier (mcr p15, 0, Rt, c7, c5, 4) is not used: ARMv8 makes it
 * UNDEFINED unless SCTLR.CP15BEN is set, and arm64 kernels clear CP15BEN for
 * 32-bit tasks (emulated with a warning, or SIGILL).
 *
 * ARMv6 Thumb (Thumb-1) has no coprocessor instructions at all; GCC refuses
 * Thumb-1 with the hard-float ABI anyway, so ARMv6 builds are ARM state.
 */
#ifndef PMUKIT_ISB_H
#define PMUKIT_ISB_H

#if defined(__arm__) && !defined(__aarch64__) && __ARM_ARCH < 7 && !defined(__thumb__)
#define PMUKIT_ISB_INSN	.inst 0xf57ff06f	/* isb sy (ARMv7 ARM encoding) */
#else
#define PMUKIT_ISB_INSN	isb
#endif

#define PMUKIT_ISB_STR_(x)	#x
#define PMUKIT_ISB_STR(x)	PMUKIT_ISB_STR_(x)
#define PMUKIT_ISB		PMUKIT_ISB_STR(PMUKIT_ISB_INSN)

#endif /* PMUKIT_ISB_H */
