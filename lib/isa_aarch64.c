// SPDX-License-Identifier: MIT
/*
 * AArch64: the PMU system registers, the virtual counter and perf's
 * self-read counters from EL0, each access that may fault through the
 * register layer's guarded accessors (include/pmukit/sysreg_aarch64.h,
 * fault.h). What is left here is AArch64's own: the PMU versions of the
 * architecture versions, the signal context's PC, the 64-bit widths.
 */
#include <errno.h>
#include <signal.h>
#include <ucontext.h>

#include "pmukit/pmu_fields.h"
#include "fault.h"
#include "isa.h"

const int pmukit_isa_arm_pmu = 1;
const char pmukit_isa_name[] = "aarch64";
const char pmukit_isa_arch_name[] = "AArch64";
const char pmukit_isa_clock_name[] = "CNTVCT_EL0";
const int pmukit_isa_cycles64_always = 1;	/* PMCCNTR_EL0 is 64 bits on PMUv3 */

/* ARMv8.1 brought PMUv3p1, v8.4 PMUv3p4, v8.5 (and so ARMv9) PMUv3p5. */
unsigned int pmukit_isa_pmu_version(int major, unsigned int minor, uint32_t midr)
{
	(void)midr;
	if (major >= 9 || (major == 8 && minor >= 5))
		return PMUKIT_PMUVER_V3P5;
	if (major == 8)
		return minor >= 4 ? PMUKIT_PMUVER_V3P4 : minor >= 1 ? PMUKIT_PMUVER_V3P1 : PMUKIT_PMUVER_V3;
	return 0;
}

uintptr_t pmukit_isa_context_pc(const void *ucontext)
{
	return (uintptr_t)((const ucontext_t *)ucontext)->uc_mcontext.pc;
}

void pmukit_isa_context_set_pc(void *ucontext, uintptr_t pc)
{
	((ucontext_t *)ucontext)->uc_mcontext.pc = pc;
}

int pmukit_isa_read_cycles64(uint64_t *v)
{
	return pmukit_isa_read_counter(PMUKIT_HW_CYCLES, v);	/* PMCCNTR_EL0 is 64 bits */
}

/* The b2b.h loop, with the read guarded. */
#define SAMPLE_LOOP(loop)	PMUKIT_B2B_GUARDED(loop, v, buf, n, fault)
#define SAMPLE_LOOP_EV(unused, k)						\
	case k:									\
		SAMPLE_LOOP(PMUKIT_B2B_PMEVCNTR_ASM(k));				\
		break;

int pmukit_isa_sample(unsigned int hw, int cycles64, uint64_t *buf, size_t n)
{
	uint64_t v;

	(void)cycles64;
	if (!n)
		return 0;
	switch (hw) {
	PMUKIT_EVREG_EACH(SAMPLE_LOOP_EV, )
	case PMUKIT_HW_CYCLES:
		SAMPLE_LOOP(PMUKIT_B2B_PMCCNTR_ASM);
		break;
	default:
		return -EINVAL;
	}
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_perf_counter(uint32_t index, uint64_t *v)
{
	/* perf's user page: 32 is the cycle counter, n the event counter n - 1. */
	if (index == 32)
		return pmukit_read_pmccntr_sync_guarded(v);
	return pmukit_isa_read_counter(index - 1, v);
}

int pmukit_isa_read_midr(uint32_t *v)
{
	/* Linux emulates EL0 reads of the ID registers (HWCAP_CPUID). */
	return PMUKIT_READ_GUARDED_U32(midr, v);
}
