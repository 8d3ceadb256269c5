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
