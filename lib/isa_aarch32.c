// SPDX-License-Identifier: MIT
/*
 * ARMv7-A and ARMv8 AArch32: the PMU's CP15 registers, the virtual counter
 * and nothing for perf's self-read (the 32-bit kernel offers none). Every
 * access that may fault goes through the register layer's guarded
 * accessors (include/pmukit/sysreg_aarch32.h, fault.h).
 * Event counters go through PMSELR + PMXEVCNTR/PMXEVTYPER, the one form
 * ARMv7 has. The code may be Thumb-2 (Debian's default): sigill.c masks
 * bit 0 of the addresses and the resumed code stays in the same state.
 */
#include <errno.h>
#include <signal.h>
#include <ucontext.h>

#include "pmukit/pmu_fields.h"
#include "pmukit/pmu_id.h"
#include "fault.h"
#include "isa.h"
#include "pmu_support.h"

const int pmukit_isa_arm_pmu = 1;
const char pmukit_isa_name[] = "aarch32";
const char pmukit_isa_arch_name[] = "AArch32";
const char pmukit_isa_clock_name[] = "CNTVCT";
const int pmukit_isa_cycles64_always = 0;	/* mrrc of PMCCNTR is PMUv3 only */

/*
 * ID_DFR0.PerfMon as pmu_id.h reads it (ID_DFR0 from pmukit.ko, else the
 * MIDR alone); for cores it does not name, ARMv8 means PMUv3 (p1 from
 * v8.1) and ARMv7 PMUv2. ARM11 cores report "CPU architecture: 7" too: 0.
 */
unsigned int pmukit_isa_pmu_version(int major, unsigned int minor, uint32_t midr)
{
	unsigned int v;

	if (pmukit_midr_armv6_pmu(midr))
		return 0;
	v = pmukit_this_perfmon(midr);
	if (v)
		return v;
	if (major >= 8)
		return minor >= 1 ? PMUKIT_PERFMON_V3P1 : PMUKIT_PERFMON_V3;
	return major == 7 ? PMUKIT_PERFMON_V2 : 0;
}

uintptr_t pmukit_isa_context_pc(const void *ucontext)
{
	return (uintptr_t)((const ucontext_t *)ucontext)->uc_mcontext.arm_pc;
}

void pmukit_isa_context_set_pc(void *ucontext, uintptr_t pc)
{
	((ucontext_t *)ucontext)->uc_mcontext.arm_pc = pc;
}

int pmukit_isa_read_cycles64(uint64_t *v)
{
	/* mrrc of PMCCNTR: PMUv3 only, and UNDEFINED in QEMU 7.2 on every model. */
	return pmukit_read_pmccntr64_sync_guarded(v);
}

/*
 * The b2b.h loop with a guarded read. 32-bit reads go to the upper half of
 * @buf as 32-bit words and are widened in place afterwards (front to back:
 * word i lies at or after the 8 bytes of value i), so the loop stays five
 * instructions; values i and i+1 never overlap word i+1.
 */
int pmukit_isa_sample(unsigned int hw, int cycles64, uint64_t *buf, size_t n)
{
	uint32_t *p = (uint32_t *)buf + n, *words = p, v;
	size_t k = n, i;
	int ret;

	if (!n)
		return 0;
	if (hw == PMUKIT_HW_CYCLES && cycles64) {
		uint64_t w;
		uint64_t *q = buf;

		PMUKIT_B2B_GUARDED(PMUKIT_B2B_PMCCNTR64_ASM, w, q, k, fault);
		return 0;
	}
	if (hw == PMUKIT_HW_CYCLES) {
		PMUKIT_B2B_GUARDED(PMUKIT_B2B_PMCCNTR_ASM, v, p, k, fault);
	} else {
		/*
		 * PMSELR once, outside the loop, to keep it five instructions:
		 * another task writing PMSELR meanwhile on this CPU would
		 * redirect the reads (pmukit_sample() selects every time).
		 */
		ret = pmukit_select_pmevcntr_guarded(hw);	/* PMSELR.SEL, isb */
		if (ret)
			return ret;
		PMUKIT_B2B_GUARDED(PMUKIT_B2B_PMXEVCNTR_ASM, v, p, k, fault);
	}
	for (i = 0; i < n; i++)
		buf[i] = words[i];
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_perf_counter(uint32_t index, uint64_t *v)
{
	(void)index;
	(void)v;
	return -EOPNOTSUPP;	/* the 32-bit kernel gives user space no counter */
}

int pmukit_isa_read_midr(uint32_t *v)
{
	/* PL1 only: faults at PL0 */
	return PMUKIT_READ_GUARDED_U32(midr, v) ? -EOPNOTSUPP : 0;
}
