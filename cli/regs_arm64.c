// SPDX-License-Identifier: MIT
/* The AArch64 registers of 'pmukit regs', read from EL0. */
#include "cli.h"
#include "regs.h"
#include "pmukit/sysreg.h"

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
REG_READER(rd_pmccntr, pmukit_read_pmccntr())
REG_READER(rd_cntfrq, pmukit_read_cntfrq())
REG_READER(rd_cntvct, pmukit_read_cntvct())

const char arch_isa[] = "AArch64";

const struct arch_reg arch_regs[] = {
	{ "PMCR_EL0", "pmcr", REG_PMCR, NEED_PMU_EN, rd_pmcr },
	{ "PMCNTENSET_EL0", "pmcntenset", REG_CNTEN, NEED_PMU_EN, rd_pmcntenset },
	{ "PMCNTENCLR_EL0", "pmcntenset", REG_CNTEN, NEED_PMU_EN, rd_pmcntenclr },
	{ "PMOVSSET_EL0", NULL, REG_OVS, NEED_PMU_EN, rd_pmovsset },
	{ "PMOVSCLR_EL0", NULL, REG_OVS, NEED_PMU_EN, rd_pmovsclr },
	{ "PMUSERENR_EL0", "pmuserenr", REG_PMUSERENR, NEED_NOTHING, rd_pmuserenr },
	{ "PMCCFILTR_EL0", NULL, REG_FILTER, NEED_PMU_EN, rd_pmccfiltr },
	{ "PMSELR_EL0", NULL, REG_SELR, NEED_PMU_EN, rd_pmselr },
	{ "PMCEID0_EL0", "pmceid0", REG_CEID0, NEED_PMU_EN, rd_pmceid0 },
	{ "PMCEID1_EL0", "pmceid1", REG_CEID1, NEED_PMU_EN, rd_pmceid1 },
	{ "PMCCNTR_EL0", NULL, REG_COUNT, NEED_PMU_CR, rd_pmccntr },
	{ "CNTFRQ_EL0", NULL, REG_FREQ, NEED_TIMER, rd_cntfrq },
	{ "CNTVCT_EL0", NULL, REG_COUNT, NEED_TIMER, rd_cntvct },
};
const unsigned int arch_nregs = ARRAY_SIZE(arch_regs);

int arch_pmuserenr(uint64_t *v)
{
	return safe_call(rd_pmuserenr, v);
}

int arch_pmcr(uint64_t *v)
{
	return safe_call(rd_pmcr, v);
}

int arch_pmceid(uint32_t ceid[2])
{
	uint64_t a, b;

	if (safe_call(rd_pmceid0, &a) || safe_call(rd_pmceid1, &b))
		return -1;
	ceid[0] = (uint32_t)a;
	ceid[1] = (uint32_t)b;
	return 0;
}
