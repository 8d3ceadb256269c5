/* SPDX-License-Identifier: MIT */
/*
 * Reading PMU registers from user space faults (SIGILL) when the kernel has
 * not opened them to EL0, or has closed them since. Instead of a sigsetjmp
 * around every read, each instruction that may fault gets an entry in the
 * section pmukit_extable: the faulting instruction and the place to resume.
 * While a session that reads registers is open, the SIGILL handler in
 * sigill.c looks the faulting PC up there and, when it is one of ours,
 * resumes at the fixup, which returns -EACCES. The read itself costs nothing
 * extra: this is how the kernel handles faults on user memory.
 *
 * The entries come from the register layer's guarded accessors
 * (pmukit_read_<reg>_guarded(), include/pmukit/sysreg_gen.h), or from an
 * asm goto that names its own with PMUKIT_EXTABLE.
 */
#ifndef PMUKIT_FAULT_H
#define PMUKIT_FAULT_H

#include <stdint.h>

#include "pmukit/sysreg.h"

struct pmukit_extable_entry {
	int32_t insn;	/* the instruction that may fault, relative to this field */
	int32_t fixup;	/* where to resume, relative to this field */
};

/*
 * The guarded read of register @reg (pmukit_read_<reg>_guarded()) into the
 * uint32_t at @out, for the registers isa.h gives as 32 bits. Return: 0 or
 * -EACCES, as the read.
 */
#define PMUKIT_READ_GUARDED_U32(reg, out)					\
	({									\
		pmukit_ureg_t x_;						\
		int r_ = pmukit_read_##reg##_guarded(&x_);			\
										\
		if (!r_)							\
			*(out) = (uint32_t)x_;					\
		r_;								\
	})

/*
 * The loop of b2b.h (PMUKIT_B2B_*_ASM of the register layer) with its read
 * guarded: a fault jumps to the C label @fixup. @v the value, @p the
 * pointer, @n the count, as the loop's operands 0, 1 and 2.
 */
#define PMUKIT_B2B_GUARDED(loop, v, p, n, fixup)				\
	__asm__ volatile goto(loop PMUKIT_EXTABLE("2b", fixup)			\
			      : "=&r"(v), "+r"(p), "+r"(n)			\
			      : : "memory", "cc" : fixup)

/*
 * Install the SIGILL handler (counted: the first get installs, the last put
 * restores what was there). Return: 0 or a negative errno.
 */
int pmukit_fault_guard_get(void);
void pmukit_fault_guard_put(void);

/* isa_*.c: the program counter of a signal's context, and setting it. */
uintptr_t pmukit_isa_context_pc(const void *ucontext);
void pmukit_isa_context_set_pc(void *ucontext, uintptr_t pc);

#endif /* PMUKIT_FAULT_H */
