/* SPDX-License-Identifier: MIT */
/*
 * EL2 shim that boots a 32-bit (armhf) Linux zImage on an AArch64-only core
 * (Cortex-A53 under qemu-system-aarch64 -M virt,virtualization=on, no EL3):
 * a Raspberry Pi 3 running a 32-bit OS.
 *
 * QEMU starts CPU 0 here in AArch64 at EL2 with the MMU off; the other CPUs
 * stay off until PSCI CPU_ON. Every CPU runs el2_setup, which makes EL1
 * AArch32 and hands it the PMU, timers and coprocessors, then drops to the
 * kernel in AArch32 SVC mode. The kernel's PSCI calls (DTB /psci method
 * "hvc") trap back here and are forwarded with SMC to QEMU's built-in PSCI.
 * CPU_ON is rewritten to start the CPU at secondary_entry (in AArch64 EL2),
 * which does the same setup and then enters the kernel's entry point.
 *
 * Built by tools/qemu/aarch32-args with -DKERNEL_ENTRY (zImage address),
 * -DDTB_ADDR and -DMAX_CPUS; the code is position independent, linked at
 * SHIM_BASE by aarch32-shim.ld for readable disassembly.
 */

#define SPSR_A32_SVC	0x1d3		/* M[4] = 1 AArch32, M[3:0] = 3 SVC, A I F masked, T = 0 (ARM) */
#define EC_HVC32	0x12		/* ESR_EL2.EC of an HVC executed in AArch32 */
#define PSCI_CPU_ON32	0x84000003
#define PSCI_CPU_ON64	0xc4000003
#define PSCI_INVALID	(-2)		/* INVALID_PARAMETERS */
#define PSCI_NOT_SUPP	(-1)		/* NOT_SUPPORTED */
#define STACK_SIZE	256
#define UART_BASE	0x09000000	/* virt machine PL011, for the last-gasp message */

/* Linear CPU index from an MPIDR: Aff1 * 8 + Aff0 (virt puts 8 CPUs in a cluster with GICv2). */
.macro cpu_index, dst, mpidr, tmp
	ubfx	\tmp, \mpidr, #8, #8
	and	\dst, \mpidr, #0xff
	add	\dst, \dst, \tmp, lsl #3
.endm

	.section .text.entry, "ax"
	.global	_start
_start:					/* CPU 0, from QEMU's reset */
	bl	el2_setup
	mov	x0, #0			/* r0 = 0, as the ARM boot protocol asks */
	mov	x1, #0xffffffff		/* r1 = ~0: no machine number, the DTB describes the board */
	ldr	x2, =DTB_ADDR		/* r2 = physical address of the DTB */
	ldr	x3, =KERNEL_ENTRY
	b	enter_aarch32

secondary_entry:			/* a CPU started by QEMU's PSCI CPU_ON, AArch64 EL2 */
	bl	el2_setup
	mrs	x4, mpidr_el1
	cpu_index x4, x4, x5
	adr	x5, boot_table
	add	x5, x5, x4, lsl #4
	ldp	x3, x0, [x5]		/* kernel entry point; r0 = the kernel's context id */
	mov	x1, #0
	mov	x2, #0
	/* fall through */

enter_aarch32:				/* x3 = AArch32 entry point, x0-x2 = r0-r2 */
	msr	elr_el2, x3		/* ELR_EL2: where eret lands */
	mov	x4, #SPSR_A32_SVC
	msr	spsr_el2, x4		/* SPSR_EL2: return to AArch32 SVC, interrupts masked */
	eret

/* One-time EL2 state of a CPU; clobbers x4, x5, sp. Comments name each field. */
el2_setup:
	adr	x4, vectors
	msr	vbar_el2, x4		/* VBAR_EL2: our vectors; the kernel's HVC lands at +0x600 */
	mrs	x4, mpidr_el1
	cpu_index x4, x4, x5
	cmp	x4, #MAX_CPUS
	b.hs	unexpected
	mov	x5, #STACK_SIZE
	mul	x4, x4, x5
	adr	x5, stacks + STACK_SIZE
	add	x5, x5, x4
	mov	sp, x5			/* SP_EL2: this CPU's stack for the PSCI relay */
	msr	hcr_el2, xzr		/* HCR_EL2: RW = 0 EL1 is AArch32; VM = 0 no stage 2; IMO/FMO/AMO = 0
					   interrupts go to EL1; TSC/TWI/TWE/TID* = 0 no traps; HCD = 0 HVC on */
	mrs	x4, pmcr_el0
	ubfx	x4, x4, #11, #5		/* PMCR_EL0.N: number of event counters */
	msr	mdcr_el2, x4		/* MDCR_EL2: HPMN = N all counters belong to EL1/EL0; HPME = 0;
					   TPM/TPMCR = 0 PMU not trapped; TDE/TDA/TDOSA/TDRA = 0 debug not trapped */
	mov	x4, #3
	msr	cnthctl_el2, x4		/* CNTHCTL_EL2: EL1PCTEN, EL1PCEN = 1 EL1/EL0 physical counter and timer
					   not trapped; EVNTEN = 0 no event stream from EL2 */
	msr	cntvoff_el2, xzr	/* CNTVOFF_EL2 = 0: virtual count equals physical count */
	msr	cnthp_ctl_el2, xzr	/* CNTHP_CTL_EL2: ENABLE = 0, the EL2 timer stays quiet */
	mov	x4, #0x33ff
	msr	cptr_el2, x4		/* CPTR_EL2: RES1 bits 13:12, 9:0 only; TFP = 0 FP/SIMD, TTA = 0 trace,
					   TCPAC = 0 CPACR accesses not trapped */
	msr	hstr_el2, xzr		/* HSTR_EL2: T0-T15 = 0 no AArch32 CP15 accesses trapped */
	mrs	x4, midr_el1
	msr	vpidr_el2, x4		/* VPIDR_EL2: EL1 MIDR reads return the real MIDR (0x410fd034) */
	mrs	x4, mpidr_el1
	msr	vmpidr_el2, x4		/* VMPIDR_EL2: EL1 MPIDR reads return the real MPIDR */
	ldr	x4, =0x00c50838
	msr	sctlr_el1, x4		/* SCTLR (AArch32 view): M = C = I = 0 MMU and caches off (boot protocol),
					   A = 0, CP15BEN = 1, V = 0 low vectors, nTWI = nTWE = 1, TE = 0 ARM
					   exceptions, EE = 0 little-endian; RES1 bits 23, 22, 11, 4, 3 */
	isb
	ret

/* HVC from the AArch32 kernel: r0 = PSCI function, r1-r3 = arguments. Only x0-x3
 * may change (they are r0-r3); x4-x30 hold the kernel's banked registers. */
hvc_from_a32:
	stp	x4, x5, [sp, #-32]!
	stp	x6, x7, [sp, #16]
	mrs	x4, esr_el2
	lsr	x4, x4, #26
	cmp	x4, #EC_HVC32
	b.ne	unexpected
	mrs	x6, elr_el2		/* kept: an UNDEF of the SMC below would overwrite them */
	mrs	x7, spsr_el2
	mov	w0, w0			/* upper halves are UNKNOWN after AArch32: zero them */
	mov	w1, w1
	mov	w2, w2
	mov	w3, w3
	ldr	w4, =PSCI_CPU_ON32
	cmp	w0, w4
	b.eq	cpu_on
	ldr	w4, =PSCI_CPU_ON64
	cmp	w0, w4
	b.eq	cpu_on
psci_smc:
	smc	#0			/* QEMU's PSCI; x0 = result. CPU_OFF, SYSTEM_OFF do not return */
psci_done:
	msr	elr_el2, x6		/* ELR_EL2: back to the instruction after the kernel's HVC */
	msr	spsr_el2, x7		/* SPSR_EL2: the kernel's AArch32 state */
	ldp	x6, x7, [sp, #16]
	ldp	x4, x5, [sp], #32
	eret

cpu_on:					/* x1 = target MPIDR, x2 = kernel entry, x3 = context id */
	cpu_index x4, x1, x5
	cmp	x4, #MAX_CPUS
	b.lo	1f
	mov	x0, #PSCI_INVALID
	b	psci_done
1:	adr	x5, boot_table
	add	x5, x5, x4, lsl #4
	stp	x2, x3, [x5]		/* remembered for secondary_entry on that CPU */
	dsb	sy
	ldr	x0, =PSCI_CPU_ON64	/* SMC64 from AArch64 EL2: the CPU starts in AArch64 EL2 */
	adr	x2, secondary_entry
	mov	x3, x4
	b	psci_smc

/* Synchronous exception at EL2: only an SMC for a function QEMU's PSCI does not
 * implement (UNDEF, EC = 0) is expected; it returns NOT_SUPPORTED. */
el2_sync:
	mrs	x4, esr_el2
	lsr	x4, x4, #26
	cbnz	x4, unexpected
	mrs	x4, elr_el2
	adr	x5, psci_smc
	cmp	x4, x5
	b.ne	unexpected
	adr	x4, psci_done
	msr	elr_el2, x4		/* ELR_EL2: resume after the SMC (SPSR_EL2 already says EL2h) */
	mov	x0, #PSCI_NOT_SUPP
	eret

/* Anything else is a bug: say so on the UART with ESR_EL2 and ELR_EL2, then stop. */
unexpected:
	adr	x0, msg
	bl	puts
	mrs	x0, esr_el2
	bl	puthex
	mrs	x0, elr_el2
	bl	puthex
	adr	x0, crlf
	bl	puts
1:	wfi
	b	1b

puts:					/* x0 = NUL-terminated string; clobbers x1-x3 */
	mov	x1, #UART_BASE
2:	ldrb	w2, [x0], #1
	cbz	w2, 4f
3:	ldr	w3, [x1, #0x18]
	tbnz	w3, #5, 3b		/* UARTFR.TXFF: transmit FIFO full */
	str	w2, [x1]
	b	2b
4:	ret

puthex:					/* x0 = value, printed as " 0x" and 16 hex digits */
	mov	x1, #UART_BASE
	mov	x2, #' '
	str	w2, [x1]
	mov	x2, #'0'
	str	w2, [x1]
	mov	x2, #'x'
	str	w2, [x1]
	mov	x3, #64
5:	sub	x3, x3, #4
	lsr	x2, x0, x3
	and	x2, x2, #0xf
	cmp	x2, #10
	add	x2, x2, #'0'
	b.lo	6f
	add	x2, x2, #('a' - '0' - 10)
6:	str	w2, [x1]
	cbnz	x3, 5b
	ret

msg:	.asciz	"\r\naarch32-shim: unexpected exception, ESR_EL2 ELR_EL2:"
crlf:	.asciz	"\r\n"
	.ltorg

/* Exception vectors: 16 entries of 0x80 bytes, table aligned to 2 KiB. */
	.balign	2048
vectors:
	.irp	n, 0, 1, 2, 3		/* current EL with SP_EL0: unused */
	.balign	0x80
	b	unexpected
	.endr
	.balign	0x80			/* +0x200 current EL with SP_EL2, synchronous */
	b	el2_sync
	.irp	n, 1, 2, 3
	.balign	0x80
	b	unexpected
	.endr
	.irp	n, 0, 1, 2, 3		/* lower EL in AArch64: never, EL1 is AArch32 */
	.balign	0x80
	b	unexpected
	.endr
	.balign	0x80			/* +0x600 lower EL in AArch32, synchronous: HVC */
	b	hvc_from_a32
	.irp	n, 1, 2, 3
	.balign	0x80
	b	unexpected
	.endr

	.bss
	.balign	16
boot_table:				/* per CPU: kernel entry, context id */
	.skip	16 * MAX_CPUS
stacks:
	.skip	STACK_SIZE * MAX_CPUS
