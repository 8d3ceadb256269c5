// SPDX-License-Identifier: MIT
/*
 * ARMv7-A and ARMv8 AArch32: the PMU's CP15 registers, the virtual counter
 * and nothing for perf's self-read (the 32-bit kernel offers none). Every
 * access that may fault is guarded by an exception-table entry (fault.h).
 * Event counters go through PMSELR + PMXEVCNTR/PMXEVTYPER, the one form
 * ARMv7 has. The code may be Thumb-2 (Debian's default): sigill.c masks
 * bit 0 of the addresses and the resumed code stays in the same state.
 */
#if defined(__arm__)
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <ucontext.h>

#include "pmukit/isb.h"
#include "pmukit/pmu_fields.h"
#include "pmukit/pmu_id.h"
#include "direct.h"
#include "fault.h"
#include "isa.h"
#include "pmu_support.h"
#include "session.h"

const int pmukit_isa_arm_pmu = 1;
const char pmukit_isa_name[] = "aarch32";
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

/* Guarded mrc/mcr of "c9, c12, 0"-style operands; jump to label fault. */
#define MRC_GUARDED(regs, out)							\
	__asm__ volatile goto("1:	mrc	p15, 0, %0, " regs "\n\t"		\
			      PMUKIT_EXTABLE("1b", fault)			\
			      : "=r"(out) : : "memory" : fault)
#define MCR_GUARDED(regs, in)							\
	__asm__ volatile goto("1:	mcr	p15, 0, %0, " regs "\n\t"		\
			      PMUKIT_EXTABLE("1b", fault)			\
			      : : "r"(in) : "memory" : fault)

#define PMCR_R		"c9, c12, 0"
#define PMCNTENSET_R	"c9, c12, 1"
#define PMCNTENCLR_R	"c9, c12, 2"
#define PMSELR_R	"c9, c12, 5"
#define PMCEID0_R	"c9, c12, 6"
#define PMCEID1_R	"c9, c12, 7"
#define PMCCNTR_R	"c9, c13, 0"
#define PMXEVTYPER_R	"c9, c13, 1"
#define PMXEVCNTR_R	"c9, c13, 2"
#define PMUSERENR_R	"c9, c14, 0"
#define PMCCFILTR_R	"c14, c15, 7"
#define CNTFRQ_R	"c14, c0, 0"
#define MIDR_R		"c0, c0, 0"

int pmukit_isa_read_userenr(uint32_t *v)
{
	uint32_t x;

	MRC_GUARDED(PMUSERENR_R, x);
	*v = x;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_pmcr(uint32_t *v)
{
	uint32_t x;

	MRC_GUARDED(PMCR_R, x);
	*v = x;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_write_pmcr(uint32_t v)
{
	MCR_GUARDED(PMCR_R, v);
	__asm__ volatile(PMUKIT_ISB : : : "memory");
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_pmceid(uint64_t *ceid0, uint64_t *ceid1)
{
	uint32_t a, b;

	/* PMUv3 only: UNDEFINED on ARMv7 (a fault here means "no PMCEID"). */
	MRC_GUARDED(PMCEID0_R, a);
	MRC_GUARDED(PMCEID1_R, b);
	*ceid0 = a;
	*ceid1 = b;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_cntenset(uint32_t *v)
{
	uint32_t x;

	MRC_GUARDED(PMCNTENSET_R, x);
	*v = x;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_write_cntenset(uint32_t mask)
{
	MCR_GUARDED(PMCNTENSET_R, mask);
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_write_cntenclr(uint32_t mask)
{
	MCR_GUARDED(PMCNTENCLR_R, mask);
	return 0;
fault:
	return -EACCES;
}

/* PMSELR.SEL: the event counter PMXEVTYPER/PMXEVCNTR reach. */
static int select_counter(unsigned int hw)
{
	MCR_GUARDED(PMSELR_R, hw);
	__asm__ volatile(PMUKIT_ISB : : : "memory");
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_type(unsigned int hw, uint32_t *v)
{
	uint32_t x;

	if (hw == PMUKIT_HW_CYCLES) {
		MRC_GUARDED(PMCCFILTR_R, x);	/* PMUv3 only */
	} else {
		if (hw > 30 || select_counter(hw))
			return hw > 30 ? -EINVAL : -EACCES;
		MRC_GUARDED(PMXEVTYPER_R, x);
	}
	*v = x;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_write_type(unsigned int hw, uint32_t v)
{
	if (hw == PMUKIT_HW_CYCLES) {
		MCR_GUARDED(PMCCFILTR_R, v);	/* PMUv3 only */
	} else {
		if (hw > 30 || select_counter(hw))
			return hw > 30 ? -EINVAL : -EACCES;
		MCR_GUARDED(PMXEVTYPER_R, v);
	}
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_counter(unsigned int hw, uint64_t *v)
{
	uint32_t x;

	if (hw == PMUKIT_HW_CYCLES) {
		__asm__ volatile(PMUKIT_ISB : : : "memory");
		MRC_GUARDED(PMCCNTR_R, x);
	} else {
		if (hw > 30 || select_counter(hw))
			return hw > 30 ? -EINVAL : -EACCES;
		MRC_GUARDED(PMXEVCNTR_R, x);
	}
	*v = x;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_cycles64(uint64_t *v)
{
	uint64_t x;

	/* mrrc of PMCCNTR: PMUv3 only, and UNDEFINED in QEMU 7.2 on every model. */
	__asm__ volatile goto("\t" PMUKIT_ISB "\n\t"
			      "1:	mrrc	p15, 0, %Q0, %R0, c9\n\t"
			      PMUKIT_EXTABLE("1b", fault)
			      : "=r"(x) : : "memory" : fault);
	*v = x;
	return 0;
fault:
	return -EACCES;
}

/*
 * The b2b.h loop with a guarded read. 32-bit reads go to the upper half of
 * @buf as 32-bit words and are widened in place afterwards (front to back:
 * word i lies at or after the 8 bytes of value i), so the loop stays five
 * instructions; values i and i+1 never overlap word i+1.
 */
#define SAMPLE_LOOP32(read)							\
	__asm__ volatile goto("1:\t" PMUKIT_ISB "\n\t"				\
			      "2:	" read "\n\t"				\
			      "	str	%[v], [%[p]], #4\n\t"			\
			      "	subs	%[n], %[n], #1\n\t"			\
			      "	bne	1b\n\t"					\
			      PMUKIT_EXTABLE("2b", fault)			\
			      : [p] "+r"(p), [n] "+r"(k), [v] "=&r"(v)		\
			      : : "memory", "cc" : fault)

int pmukit_isa_sample(unsigned int hw, int cycles64, uint64_t *buf, size_t n)
{
	uint32_t *p = (uint32_t *)buf + n, *words = p, v;
	size_t k = n, i;

	if (!n)
		return 0;
	if (hw == PMUKIT_HW_CYCLES && cycles64) {
		uint64_t w;
		uint64_t *q = buf;

		__asm__ volatile goto("1:\t" PMUKIT_ISB "\n\t"
				      "2:	mrrc	p15, 0, %Q[w], %R[w], c9\n\t"
				      "	strd	%Q[w], %R[w], [%[q]], #8\n\t"
				      "	subs	%[n], %[n], #1\n\t"
				      "	bne	1b\n\t"
				      PMUKIT_EXTABLE("2b", fault)
				      : [q] "+r"(q), [n] "+r"(k), [w] "=&r"(w)
				      : : "memory", "cc" : fault);
		return 0;
	}
	if (hw == PMUKIT_HW_CYCLES) {
		SAMPLE_LOOP32("mrc	p15, 0, %[v], c9, c13, 0");
	} else {
		/*
		 * PMSELR once, outside the loop, to keep it five instructions:
		 * another task writing PMSELR meanwhile on this CPU would
		 * redirect the reads (pmukit_sample() selects every time).
		 */
		if (hw > 30 || select_counter(hw))
			return hw > 30 ? -EINVAL : -EACCES;
		SAMPLE_LOOP32("mrc	p15, 0, %[v], c9, c13, 2");
	}
	for (i = 0; i < n; i++)
		buf[i] = words[i];
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_sample1_cycles(struct pmukit_session *s, uint64_t *out)
{
	uint32_t v;

	__asm__ volatile goto("\t" PMUKIT_ISB "\n\t"
			      "1:	mrc	p15, 0, %0, c9, c13, 0\n\t"
			      PMUKIT_EXTABLE("1b", fault)
			      : "=r"(v) : : "memory" : fault);
	*out = v;
	if (__builtin_expect(*s->cpu_now != s->cpu, 0))
		return pmukit_direct_moved(s);
	return 0;
fault:
	return pmukit_direct_revoked(s);
}

int pmukit_isa_sample1_cycles64(struct pmukit_session *s, uint64_t *out)
{
	uint64_t v;

	__asm__ volatile goto("\t" PMUKIT_ISB "\n\t"
			      "1:	mrrc	p15, 0, %Q0, %R0, c9\n\t"
			      PMUKIT_EXTABLE("1b", fault)
			      : "=r"(v) : : "memory" : fault);
	*out = v;
	if (__builtin_expect(*s->cpu_now != s->cpu, 0))
		return pmukit_direct_moved(s);
	return 0;
fault:
	return pmukit_direct_revoked(s);
}

static int sample1_event(struct pmukit_session *s, uint64_t *out)
{
	uint32_t v, sel = s->hw0;

	/* PMSELR is shared by everyone on this CPU: select on every read. */
	__asm__ volatile goto("1:	mcr	p15, 0, %1, c9, c12, 5\n\t"
			      "\t" PMUKIT_ISB "\n\t"
			      "2:	mrc	p15, 0, %0, c9, c13, 2\n\t"
			      PMUKIT_EXTABLE("1b", fault)
			      PMUKIT_EXTABLE("2b", fault)
			      : "=&r"(v) : "r"(sel) : "memory" : fault);
	*out = v;
	if (__builtin_expect(*s->cpu_now != s->cpu, 0))
		return pmukit_direct_moved(s);
	return 0;
fault:
	return pmukit_direct_revoked(s);
}

/* Every counter through PMSELR: one function, the counter from s->hw0. */
pmukit_sample1_fn pmukit_isa_sample1_event(unsigned int hw)
{
	return hw <= 30 ? sample1_event : NULL;
}

int pmukit_isa_read_perf_counter(uint32_t index, uint64_t *v)
{
	(void)index;
	(void)v;
	return -EOPNOTSUPP;	/* the 32-bit kernel gives user space no counter */
}

int pmukit_isa_clock_read(uint64_t *v)
{
	uint64_t x;

	/* CNTVCT: readable at PL0 when the kernel set CNTKCTL.PL0VCTEN. */
	__asm__ volatile goto("\t" PMUKIT_ISB "\n\t"
			      "1:	mrrc	p15, 1, %Q0, %R0, c14\n\t"
			      PMUKIT_EXTABLE("1b", fault)
			      : "=r"(x) : : "memory" : fault);
	*v = x;
	return 0;
fault:
	return -EACCES;
}

uint64_t pmukit_isa_clock_hz(void)
{
	uint32_t hz;

	MRC_GUARDED(CNTFRQ_R, hz);
	return hz;
fault:
	return 0;
}

int pmukit_isa_read_midr(uint32_t *v)
{
	uint32_t x;

	MRC_GUARDED(MIDR_R, x);	/* PL1 only: faults at PL0 */
	*v = x;
	return 0;
fault:
	return -EOPNOTSUPP;
}
#endif /* __arm__ */
