// SPDX-License-Identifier: MIT
/*
 * The Arm PMU from user space, the same on AArch64 and AArch32: the
 * register layer (include/pmukit/sysreg_aarch64.h, sysreg_aarch32.h) gives
 * both ISAs' registers the same accessor names, so the accesses isa.h
 * declares are written once, each one that may fault through a guarded
 * accessor (fault.h). What differs between the ISAs is in isa_aarch64.c and
 * isa_aarch32.c.
 */
#include <errno.h>

#include "fault.h"
#include "isa.h"
#include "isa_inline.h"

int pmukit_isa_read_userenr(uint32_t *v)
{
	return PMUKIT_READ_GUARDED_U32(pmuserenr, v);
}

int pmukit_isa_read_pmcr(uint32_t *v)
{
	return PMUKIT_READ_GUARDED_U32(pmcr, v);
}

int pmukit_isa_write_pmcr(uint32_t v)
{
	int ret = pmukit_write_pmcr_guarded(v);

	if (!ret)
		pmukit_isb();	/* PMCR.E/P/C/LC take effect before what follows */
	return ret;
}

int pmukit_isa_read_pmceid(uint64_t ceid[2], unsigned int *bits)
{
	pmukit_ureg_t a, b;

	/* AArch32: PMUv3 only, UNDEFINED on ARMv7 (a fault means "no PMCEID"). */
	if (pmukit_read_pmceid0_guarded(&a) || pmukit_read_pmceid1_guarded(&b))
		return -EACCES;
	ceid[0] = a;
	ceid[1] = b;
	*bits = 8 * sizeof(pmukit_ureg_t);
	return 0;
}

int pmukit_isa_read_cntenset(uint32_t *v)
{
	return PMUKIT_READ_GUARDED_U32(pmcntenset, v);
}

int pmukit_isa_read_ovsset(uint32_t *v)
{
	return PMUKIT_READ_GUARDED_U32(pmovsset, v);
}

int pmukit_isa_write_ovsclr(uint32_t mask)
{
	return pmukit_write_pmovsclr_guarded(mask);
}

int pmukit_isa_write_cntenset(uint32_t mask)
{
	return pmukit_write_pmcntenset_guarded(mask);
}

int pmukit_isa_write_cntenclr(uint32_t mask)
{
	return pmukit_write_pmcntenclr_guarded(mask);
}

int pmukit_isa_read_type(unsigned int hw, uint32_t *v)
{
	pmukit_ureg_t x;
	int ret;

	if (hw == PMUKIT_HW_CYCLES)
		ret = pmukit_read_pmccfiltr_guarded(&x);	/* AArch32: PMUv3 only */
	else
		ret = pmukit_read_pmevtyper_guarded(hw, &x);
	if (!ret)
		*v = (uint32_t)x;
	return ret;
}

int pmukit_isa_write_type(unsigned int hw, uint32_t v)
{
	if (hw == PMUKIT_HW_CYCLES)
		return pmukit_write_pmccfiltr_guarded(v);	/* AArch32: PMUv3 only */
	return pmukit_write_pmevtyper_guarded(hw, v);
}

int pmukit_isa_read_counter(unsigned int hw, uint64_t *v)
{
	return pmukit_isa_read_counter_sync(hw, v);
}

int pmukit_isa_clock_read(uint64_t *v)
{
	/* CNTVCT: readable at EL0 when the kernel set CNTKCTL.EL0VCTEN. */
	return pmukit_read_cntvct_sync_guarded(v);
}

uint64_t pmukit_isa_clock_hz(void)
{
	pmukit_ureg_t hz;

	return pmukit_read_cntfrq_guarded(&hz) ? 0 : hz;
}

/* ---- the registers of pmukit_reg_read() (regs.c) -------------------- */

/*
 * The guarded read of register @reg as 64 bits. On AArch32 PMCCFILTR and
 * PMCEID0/1 exist from PMUv3 (ARMv8) only: on ARMv7 they trap like a
 * register user space may not read.
 */
#define REG_READER_(fn, reg)							\
static int fn(uint64_t *v)							\
{										\
	__typeof__(pmukit_read_##reg()) x_;					\
	int r_ = pmukit_read_##reg##_guarded(&x_);				\
										\
	if (!r_)								\
		*v = (uint64_t)x_;						\
	return r_;								\
}
/* One more expansion, for a @reg that is itself a macro (PMCCNTR_REG). */
#define REG_READER(fn, reg)	REG_READER_(fn, reg)

#if defined(__aarch64__)
#define EL0(name)	name "_EL0"
#define PMOVSCLR_NAME	"PMOVSCLR_EL0"
#define PMCCNTR_REG	pmccntr
#else
#define EL0(name)	name
#define PMOVSCLR_NAME	"PMOVSR"
#define PMCCNTR_REG	pmccntr32	/* 32 bits: mrrc is PMUv3 only */
#endif

REG_READER(rd_pmcr, pmcr)
REG_READER(rd_pmcntenset, pmcntenset)
REG_READER(rd_pmcntenclr, pmcntenclr)
REG_READER(rd_pmovsset, pmovsset)
REG_READER(rd_pmovsclr, pmovsclr)
REG_READER(rd_pmuserenr, pmuserenr)
REG_READER(rd_pmccfiltr, pmccfiltr)
REG_READER(rd_pmselr, pmselr)
REG_READER(rd_pmceid0, pmceid0)
REG_READER(rd_pmceid1, pmceid1)
REG_READER(rd_pmccntr, PMCCNTR_REG)
REG_READER(rd_cntfrq, cntfrq)
REG_READER(rd_cntvct, cntvct)

#define REG(name, sysfs, kind, need, fn)					\
	{ { name, sysfs, PMUKIT_REG_##kind, PMUKIT_REG_NEED_##need }, fn }

const struct pmukit_isa_reg pmukit_isa_regs[] = {
	REG(EL0("PMCR"), "pmcr", PMCR, PMU_EN, rd_pmcr),
	REG(EL0("PMCNTENSET"), "pmcntenset", CNTEN, PMU_EN, rd_pmcntenset),
	/* The module shows the enabled set once: CLR reads the same bits. */
	REG(EL0("PMCNTENCLR"), "pmcntenset", CNTEN, PMU_EN, rd_pmcntenclr),
	REG(EL0("PMOVSSET"), NULL, OVS, PMU_EN, rd_pmovsset),
	REG(PMOVSCLR_NAME, NULL, OVS, PMU_EN, rd_pmovsclr),
	REG(EL0("PMUSERENR"), "pmuserenr", PMUSERENR, NOTHING, rd_pmuserenr),
	REG(EL0("PMCCFILTR"), NULL, FILTER, PMU_EN, rd_pmccfiltr),
	REG(EL0("PMSELR"), NULL, SELR, PMU_EN, rd_pmselr),
	REG(EL0("PMCEID0"), "pmceid0", CEID0, PMU_EN, rd_pmceid0),
	REG(EL0("PMCEID1"), "pmceid1", CEID1, PMU_EN, rd_pmceid1),
	REG(EL0("PMCCNTR"), NULL, COUNT, PMU_CR, rd_pmccntr),
	REG(EL0("CNTFRQ"), NULL, FREQ, TIMER, rd_cntfrq),
	REG(EL0("CNTVCT"), NULL, COUNT, TIMER, rd_cntvct),
};
const unsigned int pmukit_isa_nregs = sizeof(pmukit_isa_regs) / sizeof(pmukit_isa_regs[0]);
