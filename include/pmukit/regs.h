/* SPDX-License-Identifier: MIT */
/*
 * The PMU and timer registers as user space (EL0/PL0) sees them: which
 * there are on this ISA, what each holds, and a read that returns -EACCES
 * where the kernel keeps the register from user space instead of killing
 * the program with SIGILL. What 'pmukit regs' shows. Included by pmukit.h.
 *
 *	uint64_t v;
 *	unsigned int i;
 *
 *	for (i = 0; i < pmukit_reg_count(); i++)
 *		if (pmukit_reg_read(i, &v) == 0)
 *			printf("%s 0x%llx\n", pmukit_reg_at(i)->name, (unsigned long long)v);
 */
#ifndef PMUKIT_REGS_H
#define PMUKIT_REGS_H

#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a register holds, for decoding its fields. */
enum pmukit_reg_kind {
	PMUKIT_REG_PMCR,
	PMUKIT_REG_CNTEN,	/* a counter bit mask: PMCNTENSET/CLR */
	PMUKIT_REG_OVS,		/* overflow flags */
	PMUKIT_REG_PMUSERENR,
	PMUKIT_REG_FILTER,	/* PMCCFILTR */
	PMUKIT_REG_SELR,
	PMUKIT_REG_CEID0,
	PMUKIT_REG_CEID1,
	PMUKIT_REG_FREQ,
	PMUKIT_REG_COUNT,	/* a counter value */
};

/* What user space needs for the read not to trap. */
enum pmukit_reg_need {
	PMUKIT_REG_NEED_NOTHING,
	PMUKIT_REG_NEED_PMU_EN,	/* PMUSERENR.EN */
	PMUKIT_REG_NEED_PMU_CR,	/* PMUSERENR.EN or .CR: the cycle counter */
	PMUKIT_REG_NEED_TIMER,	/* the kernel's CNTKCTL.EL0VCTEN */
};

struct pmukit_reg {
	const char *name;		/* as the Arm ARM names it for this ISA ("PMCR_EL0") */
	const char *sysfs;		/* pmukit.ko's cpuN/ file of the same register, or NULL */
	enum pmukit_reg_kind kind;
	enum pmukit_reg_need need;
};

/**
 * pmukit_reg_isa() - the ISA whose registers these are
 *
 * Return: "AArch64", "AArch32" or "x86-64" (a constant string).
 */
PMUKIT_API const char *pmukit_reg_isa(void);

/**
 * pmukit_reg_count() - how many registers there are to read
 *
 * Return: the number, 0 where there is no Arm PMU (x86-64).
 */
PMUKIT_API unsigned int pmukit_reg_count(void);

/**
 * pmukit_reg_at() - one register
 * @i: 0 .. pmukit_reg_count() - 1
 *
 * Return: the register, or NULL past the last.
 */
PMUKIT_API const struct pmukit_reg *pmukit_reg_at(unsigned int i);

/**
 * pmukit_reg_of_kind() - the first register of a kind
 * @kind: PMUKIT_REG_PMCR, PMUKIT_REG_PMUSERENR, ...
 *
 * Return: its index, or -ENOENT.
 */
PMUKIT_API int pmukit_reg_of_kind(enum pmukit_reg_kind kind);

/**
 * pmukit_reg_read() - read a register from user space, on the CPU this runs on
 * @i: 0 .. pmukit_reg_count() - 1
 * @v: the value (32-bit registers zero-extended)
 *
 * A read the kernel traps (no user access, a register this PMU lacks) is
 * caught: the library's SIGILL guard resumes after it.
 *
 * Return: 0; -EACCES when the read trapped, -ENOENT for no such register,
 * or the negative errno of installing the guard.
 */
PMUKIT_API int pmukit_reg_read(unsigned int i, uint64_t *v);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_REGS_H */
