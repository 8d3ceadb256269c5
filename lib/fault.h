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
 * Use from an asm goto whose C label is the fixup:
 *
 *	__asm__ volatile goto("1:	mrs	%0, pmccntr_el0\n"
 *		     PMUKIT_EXTABLE("1b", fault)
 *		     : "=r"(v) : : : fault);
 *	...
 *	fault:
 *		return -EACCES;
 *
 * Always write "volatile": GCC 11 and 12 drop an asm goto with outputs
 * whose outputs are unused, although asm goto is meant to be volatile.
 *
 * Offsets are PC-relative, so the table needs no relocation in a shared
 * library.
 */
#ifndef PMUKIT_FAULT_H
#define PMUKIT_FAULT_H

#include <stdint.h>

struct pmukit_extable_entry {
	int32_t insn;	/* the instruction that may fault, relative to this field */
	int32_t fixup;	/* where to resume, relative to this field */
};

#define PMUKIT_EXTABLE(insn, fixup)						\
	".pushsection pmukit_extable, \"a\"\n\t"				\
	".balign 4\n\t"								\
	".long " insn " - .\n\t"						\
	".long %l[" #fixup "] - .\n\t"						\
	".popsection\n\t"

/*
 * Install the SIGILL handler (counted: the first get installs, the last put
 * restores what was there). Return: 0 or a negative errno.
 */
int pmukit_fault_guard_get(void);
void pmukit_fault_guard_put(void);

/* Faults the handler has turned into fixups in this process (for tests). */
unsigned long pmukit_fault_count(void);

/* isa_*.c: the program counter of a signal's context, and setting it. */
uintptr_t pmukit_isa_context_pc(const void *ucontext);
void pmukit_isa_context_set_pc(void *ucontext, uintptr_t pc);

#endif /* PMUKIT_FAULT_H */
