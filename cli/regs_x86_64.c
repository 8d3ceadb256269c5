// SPDX-License-Identifier: MIT
/* x86-64 has no ARM PMU registers: an empty list, and reads that fail. */
#include "cli.h"
#include "regs.h"

const char arch_isa[] = "x86-64";
const struct arch_reg arch_regs[1];
const unsigned int arch_nregs;

int arch_pmuserenr(uint64_t *v)
{
	(void)v;
	return -1;
}

int arch_pmcr(uint64_t *v)
{
	(void)v;
	return -1;
}
