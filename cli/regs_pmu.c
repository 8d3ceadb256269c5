// SPDX-License-Identifier: MIT
/*
 * The PMU registers of 'pmukit regs', read from user space (EL0/PL0), for
 * both ARM ISAs: the shared accessors have the same names on AArch64 and
 * AArch32, only the architectural register names differ (the _EL0 suffix).
 * On AArch32, PMCCFILTR and PMCEID0/1 exist from PMUv3 (ARMv8) only; on
 * ARMv7 they trap, and 'regs' says so. x86-64: regs_x86_64.c.
 */
#if defined(__aarch64__) || defined(__arm__)
#include "cli.h"
#include "regs.h"
#include "pmukit/sysreg.h"

#if defined(__aarch64__)
#define EL0(name)	name "_EL0"
const char arch_isa[] = "AArch64";
#else
#define EL0(name)	name
const char arch_isa[] = "AArch32";
#endif

#define REG_READER(fn, expr)						\
static void fn(void *out)						\
{									\
	*(uint64_t *)out = (uint64_t)(expr);				\
}

REG_READER(rd_pmcr, pmukit_read_pmcr())
REG_READER(rd_pmcntenset, pmukit_read_pmcntenset())
REG_READER(rd_pmcntenclr, pmukit_read_pmcntenclr())
REG_READER(rd_pmovsset, pmukit_read_pmovsset())
REG_READER(rd_pmovsclr, pmukit_read_pmovsclr())
REG_READER(rd_pmuserenr, pmukit_read_pmuserenr())
REG_READER(rd_pmccfiltr, pmukit_read_pmccfiltr())
REG_READER(rd_pmselr, pmukit_read_pmselr())
REG_READER(rd_pmceid0, pmukit_read_pmceid0())
REG_READER(rd_pmceid1, pmukit_read_pmceid1())
REG_READER(rd_pmccntr, pmukit_read_pmccntr())	/* 32 bits on AArch32 */
REG_READER(rd_cntfrq, pmukit_read_cntfrq())
REG_READER(rd_cntvct, pmukit_read_cntvct())

const struct arch_reg arch_regs[] = {
	{ EL0("PMCR"), "pmcr", REG_PMCR, NEED_PMU_EN, rd_pmcr },
	{ EL0("PMCNTENSET"), "pmcntenset", REG_CNTEN, NEED_PMU_EN, rd_pmcntenset },
	{ EL0("PMCNTENCLR"), "pmcntenset", REG_CNTEN, NEED_PMU_EN, rd_pmcntenclr },
	{ EL0("PMOVSSET"), NULL, REG_OVS, NEED_PMU_EN, rd_pmovsset },
#if defined(__aarch64__)
	{ "PMOVSCLR_EL0", NULL, REG_OVS, NEED_PMU_EN, rd_pmovsclr },
#else
	{ "PMOVSR", NULL, REG_OVS, NEED_PMU_EN, rd_pmovsclr },
#endif
	{ EL0("PMUSERENR"), "pmuserenr", REG_PMUSERENR, NEED_NOTHING, rd_pmuserenr },
	{ EL0("PMCCFILTR"), NULL, REG_FILTER, NEED_PMU_EN, rd_pmccfiltr },
	{ EL0("PMSELR"), NULL, REG_SELR, NEED_PMU_EN, rd_pmselr },
	{ EL0("PMCEID0"), "pmceid0", REG_CEID0, NEED_PMU_EN, rd_pmceid0 },
	{ EL0("PMCEID1"), "pmceid1", REG_CEID1, NEED_PMU_EN, rd_pmceid1 },
	{ EL0("PMCCNTR"), NULL, REG_COUNT, NEED_PMU_CR, rd_pmccntr },
	{ EL0("CNTFRQ"), NULL, REG_FREQ, NEED_TIMER, rd_cntfrq },
	{ EL0("CNTVCT"), NULL, REG_COUNT, NEED_TIMER, rd_cntvct },
};
const unsigned int arch_nregs = ARRAY_SIZE(arch_regs);

int arch_pmuserenr(uint64_t *v)
{
	return pmukit_call_guarded(rd_pmuserenr, v);
}

int arch_pmcr(uint64_t *v)
{
	return pmukit_call_guarded(rd_pmcr, v);
}
#endif
