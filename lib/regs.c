// SPDX-License-Identifier: MIT
/*
 * The registers user space may read (pmukit/regs.h): the ISA's table
 * (isa_arm_pmu.c; none on x86-64), each read through its guarded accessor
 * while the library's SIGILL guard is held (fault.h), so that a register
 * the kernel keeps from user space is -EACCES, not the program's death.
 */
#include <errno.h>
#include <stddef.h>

#include "pmukit/regs.h"
#include "fault.h"
#include "isa.h"

PMUKIT_API const char *pmukit_reg_isa(void)
{
	return pmukit_isa_arch_name;
}

PMUKIT_API unsigned int pmukit_reg_count(void)
{
	return pmukit_isa_nregs;
}

PMUKIT_API const struct pmukit_reg *pmukit_reg_at(unsigned int i)
{
	return i < pmukit_isa_nregs ? &pmukit_isa_regs[i].reg : NULL;
}

PMUKIT_API int pmukit_reg_of_kind(enum pmukit_reg_kind kind)
{
	unsigned int i;

	for (i = 0; i < pmukit_isa_nregs; i++)
		if (pmukit_isa_regs[i].reg.kind == kind)
			return (int)i;
	return -ENOENT;
}

PMUKIT_API int pmukit_reg_read(unsigned int i, uint64_t *v)
{
	int ret;

	if (i >= pmukit_isa_nregs)
		return -ENOENT;
	ret = pmukit_fault_guard_get();
	if (ret)
		return ret;
	ret = pmukit_isa_regs[i].read(v);
	pmukit_fault_guard_put();
	return ret;
}
