/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * The macro family behind sysreg_aarch64.h and sysreg_aarch32.h: from the
 * instruction text of one register's read (or write), every accessor of
 * that register. Each ISA header turns its encodings into that text and
 * has one line per register.
 *
 * For a register <reg> read by the text RD (operand %0 is the value):
 *
 *	pmukit_read_<reg>()		the read
 *	pmukit_read_<reg>_sync()	isb, then the read, as one asm block
 *					(nothing is scheduled in between)
 * and, written by WR (operand %0 is the value):
 *
 *	pmukit_write_<reg>(v)		the write
 *
 * In hosted user space (PMUKIT_SYSREG_GUARDED) also the guarded forms,
 * which return 0, or -EACCES when the access raised SIGILL (the register
 * is closed to EL0/PL0, or the core has none):
 *
 *	pmukit_read_<reg>_guarded(&v)
 *	pmukit_read_<reg>_sync_guarded(&v)
 *	pmukit_write_<reg>_guarded(v)
 *
 * A guarded access is the same instruction with an entry in the section
 * pmukit_extable: the instruction and where to resume. The SIGILL handler
 * of libpmukit (held by the library while it reads registers) looks the
 * faulting PC up there and resumes at the entry's fixup. Only entries of
 * the module (executable or shared object) that contains the handler are
 * seen: code linked against the shared library calls the library's
 * functions instead (pmukit_call_guarded() in pmukit.h).
 */
#ifndef PMUKIT_SYSREG_GEN_H
#define PMUKIT_SYSREG_GEN_H

#include "sysreg_types.h"
#include "isb.h"

#if !defined(__KERNEL__) && defined(__STDC_HOSTED__) && __STDC_HOSTED__
#define PMUKIT_SYSREG_GUARDED	1
#include <errno.h>
#else
#define PMUKIT_SYSREG_GUARDED	0
#endif

/*
 * An exception-table entry for the instruction at local label @insn (e.g.
 * "1b"), resuming at the asm goto's C label @fixup. Offsets are
 * PC-relative, so the table needs no relocation in a shared library.
 * Always write "volatile" on the asm goto: GCC 11 and 12 drop an asm goto
 * with outputs whose outputs are unused, although asm goto is meant to be
 * volatile.
 */
#define PMUKIT_EXTABLE(insn, fixup)						\
	".pushsection pmukit_extable, \"a\"\n\t"				\
	".balign 4\n\t"								\
	".long " insn " - .\n\t"						\
	".long %l[" #fixup "] - .\n\t"						\
	".popsection\n\t"

#define PMUKIT_SR_READ_PLAIN_(name, type, rd)					\
static inline type pmukit_read_##name(void)					\
{										\
	type v;									\
										\
	__asm__ volatile(rd : "=r"(v));						\
	return v;								\
}										\
static inline type pmukit_read_##name##_sync(void)				\
{										\
	type v;									\
										\
	__asm__ volatile(PMUKIT_ISB "\n\t" rd : "=r"(v) : : "memory");		\
	return v;								\
}

#define PMUKIT_SR_WRITE_PLAIN_(name, type, wr)					\
static inline void pmukit_write_##name(type v)					\
{										\
	__asm__ volatile(wr : : "r"(v) : "memory");				\
}

#if PMUKIT_SYSREG_GUARDED
#define PMUKIT_SR_READ_GUARDED_(name, type, rd)					\
static inline int pmukit_read_##name##_guarded(type *out)			\
{										\
	type v;									\
										\
	__asm__ volatile goto("1:\t" rd "\n\t"					\
			      PMUKIT_EXTABLE("1b", fault)			\
			      : "=r"(v) : : "memory" : fault);			\
	*out = v;								\
	return 0;								\
fault:										\
	return -EACCES;								\
}										\
static inline int pmukit_read_##name##_sync_guarded(type *out)			\
{										\
	type v;									\
										\
	__asm__ volatile goto("\t" PMUKIT_ISB "\n"				\
			      "1:\t" rd "\n\t"					\
			      PMUKIT_EXTABLE("1b", fault)			\
			      : "=r"(v) : : "memory" : fault);			\
	*out = v;								\
	return 0;								\
fault:										\
	return -EACCES;								\
}
#define PMUKIT_SR_WRITE_GUARDED_(name, type, wr)				\
static inline int pmukit_write_##name##_guarded(type v)				\
{										\
	__asm__ volatile goto("1:\t" wr "\n\t"					\
			      PMUKIT_EXTABLE("1b", fault)			\
			      : : "r"(v) : "memory" : fault);			\
	return 0;								\
fault:										\
	return -EACCES;								\
}
#else
#define PMUKIT_SR_READ_GUARDED_(name, type, rd)
#define PMUKIT_SR_WRITE_GUARDED_(name, type, wr)
#endif

/* Every read accessor of @name (of @type), whose read instruction is @rd. */
#define PMUKIT_SR_READ_(name, type, rd)						\
	PMUKIT_SR_READ_PLAIN_(name, type, rd)					\
	PMUKIT_SR_READ_GUARDED_(name, type, rd)
/* Every write accessor of @name, whose write instruction is @wr. */
#define PMUKIT_SR_WRITE_(name, type, wr)					\
	PMUKIT_SR_WRITE_PLAIN_(name, type, wr)					\
	PMUKIT_SR_WRITE_GUARDED_(name, type, wr)

/* The counter numbers of PMEVCNTR<n>/PMEVTYPER<n>: op(arg, n) for n in 0..30. */
#define PMUKIT_EVREG_EACH(op, arg)						\
	op(arg, 0) op(arg, 1) op(arg, 2) op(arg, 3) op(arg, 4) op(arg, 5)	\
	op(arg, 6) op(arg, 7) op(arg, 8) op(arg, 9) op(arg, 10) op(arg, 11)	\
	op(arg, 12) op(arg, 13) op(arg, 14) op(arg, 15) op(arg, 16)		\
	op(arg, 17) op(arg, 18) op(arg, 19) op(arg, 20) op(arg, 21)		\
	op(arg, 22) op(arg, 23) op(arg, 24) op(arg, 25) op(arg, 26)		\
	op(arg, 27) op(arg, 28) op(arg, 29) op(arg, 30)
#define PMUKIT_EVREG_COUNT	31

/*
 * The back-to-back read loop of b2b.h as asm text, for one read @rd and one
 * store @st (operands: %0 the value, %1 the pointer, %2 the count). Label
 * 2 is the read (for an exception-table entry). Five instructions per read:
 * isb; read; store (post-increment); subs; branch.
 */
#define PMUKIT_B2B_ASM(rd, st)							\
	"1:\t" PMUKIT_ISB "\n"							\
	"2:\t" rd "\n\t"							\
	st "\n\t"								\
	"subs\t%2, %2, #1\n\t"							\
	PMUKIT_BNE "\t1b\n\t"

#endif /* PMUKIT_SYSREG_GEN_H */
