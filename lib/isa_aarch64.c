// SPDX-License-Identifier: MIT
/*
 * AArch64: the PMU system registers, the virtual counter and perf's
 * self-read counters from EL0, each read that may fault guarded by an
 * exception-table entry (fault.h). PMEVCNTRn_EL0 and PMEVTYPERn_EL0 encode
 * n in the instruction, hence the switches over 0..30.
 */
#if defined(__aarch64__)
#include <errno.h>
#include <signal.h>
#include <ucontext.h>

#include "pmukit/pmu_fields.h"
#include "direct.h"
#include "fault.h"
#include "isa.h"
#include "session.h"

const int pmukit_isa_arm_pmu = 1;
const char pmukit_isa_name[] = "aarch64";
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

/* A guarded read of @reg into @out; jumps to the caller's label fault. */
#define MRS_GUARDED(reg, out)							\
	__asm__ volatile goto("1:	mrs	%0, " reg "\n\t"				\
		     PMUKIT_EXTABLE("1b", fault)				\
		     : "=r"(out) : : "memory" : fault)
#define MSR_GUARDED(reg, in)							\
	__asm__ volatile goto("1:	msr	" reg ", %0\n\t"				\
		     PMUKIT_EXTABLE("1b", fault)				\
		     : : "r"(in) : "memory" : fault)

#define EVCOUNTERS(op)								\
	op(0) op(1) op(2) op(3) op(4) op(5) op(6) op(7) op(8) op(9)		\
	op(10) op(11) op(12) op(13) op(14) op(15) op(16) op(17) op(18)		\
	op(19) op(20) op(21) op(22) op(23) op(24) op(25) op(26) op(27)		\
	op(28) op(29) op(30)

int pmukit_isa_read_userenr(uint32_t *v)
{
	uint64_t x;

	MRS_GUARDED("pmuserenr_el0", x);
	*v = (uint32_t)x;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_pmcr(uint32_t *v)
{
	uint64_t x;

	MRS_GUARDED("pmcr_el0", x);
	*v = (uint32_t)x;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_write_pmcr(uint32_t v)
{
	uint64_t x = v;

	MSR_GUARDED("pmcr_el0", x);
	__asm__ volatile("isb" : : : "memory");
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_pmceid(uint64_t *ceid0, uint64_t *ceid1)
{
	uint64_t a, b;

	MRS_GUARDED("pmceid0_el0", a);
	MRS_GUARDED("pmceid1_el0", b);
	*ceid0 = a;
	*ceid1 = b;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_cntenset(uint32_t *v)
{
	uint64_t x;

	MRS_GUARDED("pmcntenset_el0", x);
	*v = (uint32_t)x;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_write_cntenset(uint32_t mask)
{
	uint64_t x = mask;

	MSR_GUARDED("pmcntenset_el0", x);
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_write_cntenclr(uint32_t mask)
{
	uint64_t x = mask;

	MSR_GUARDED("pmcntenclr_el0", x);
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_type(unsigned int hw, uint32_t *v)
{
	uint64_t x = 0;

	switch (hw) {
#define RD(n) case n: MRS_GUARDED("pmevtyper" #n "_el0", x); break;
	EVCOUNTERS(RD)
#undef RD
	case PMUKIT_HW_CYCLES:
		MRS_GUARDED("pmccfiltr_el0", x);
		break;
	default:
		return -EINVAL;
	}
	*v = (uint32_t)x;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_write_type(unsigned int hw, uint32_t v)
{
	uint64_t x = v;

	switch (hw) {
#define WR(n) case n: MSR_GUARDED("pmevtyper" #n "_el0", x); break;
	EVCOUNTERS(WR)
#undef WR
	case PMUKIT_HW_CYCLES:
		MSR_GUARDED("pmccfiltr_el0", x);
		break;
	default:
		return -EINVAL;
	}
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_counter(unsigned int hw, uint64_t *v)
{
	uint64_t x = 0;

	__asm__ volatile("isb" : : : "memory");
	switch (hw) {
#define RD(n) case n: MRS_GUARDED("pmevcntr" #n "_el0", x); break;
	EVCOUNTERS(RD)
#undef RD
	case PMUKIT_HW_CYCLES:
		MRS_GUARDED("pmccntr_el0", x);
		break;
	default:
		return -EINVAL;
	}
	*v = x;
	return 0;
fault:
	return -EACCES;
}

int pmukit_isa_read_cycles64(uint64_t *v)
{
	return pmukit_isa_read_counter(PMUKIT_HW_CYCLES, v);
}

/* The b2b.h loop, with the read guarded. */
#define SAMPLE_LOOP(reg)							\
	__asm__ volatile goto("1:	isb\n\t"					\
		     "2:	mrs	%[v], " reg "\n\t"			\
		     "	str	%[v], [%[p]], #8\n\t"				\
		     "	subs	%[n], %[n], #1\n\t"				\
		     "	b.ne	1b\n\t"						\
		     PMUKIT_EXTABLE("2b", fault)				\
		     : [p] "+r"(buf), [n] "+r"(n), [v] "=&r"(v)		\
		     : : "memory", "cc" : fault)

int pmukit_isa_sample(unsigned int hw, int cycles64, uint64_t *buf, size_t n)
{
	uint64_t v;

	(void)cycles64;
	if (!n)
		return 0;
	switch (hw) {
#define LOOP(k) case k: SAMPLE_LOOP("pmevcntr" #k "_el0"); break;
	EVCOUNTERS(LOOP)
#undef LOOP
	case PMUKIT_HW_CYCLES:
		SAMPLE_LOOP("pmccntr_el0");
		break;
	default:
		return -EINVAL;
	}
	return 0;
fault:
	return -EACCES;
}

/*
 * The single reads: isb; mrs; then the rseq cpu_id compared with the CPU
 * the session is pinned to (two loads and a compare), nothing else.
 */
int pmukit_isa_sample1_cycles(struct pmukit_session *s, uint64_t *out)
{
	uint64_t v;

	__asm__ volatile goto("	isb\n\t"
		     "1:	mrs	%0, pmccntr_el0\n\t"
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
	return pmukit_isa_sample1_cycles(s, out);
}

/* One function per event counter: no switch between the call and the read. */
#define SAMPLE1_EV(n)								\
static int sample1_ev##n(struct pmukit_session *s, uint64_t *out)		\
{										\
	uint64_t v;								\
										\
	__asm__ volatile goto("	isb\n\t"					\
			      "1:	mrs	%0, pmevcntr" #n "_el0\n\t"	\
			      PMUKIT_EXTABLE("1b", fault)			\
			      : "=r"(v) : : "memory" : fault);			\
	*out = v;								\
	if (__builtin_expect(*s->cpu_now != s->cpu, 0))				\
		return pmukit_direct_moved(s);					\
	return 0;								\
fault:										\
	return pmukit_direct_revoked(s);					\
}
EVCOUNTERS(SAMPLE1_EV)
#undef SAMPLE1_EV

pmukit_sample1_fn pmukit_isa_sample1_event(unsigned int hw)
{
	static const pmukit_sample1_fn fns[] = {
#define FN(n) sample1_ev##n,
		EVCOUNTERS(FN)
#undef FN
	};

	return hw < sizeof(fns) / sizeof(fns[0]) ? fns[hw] : NULL;
}

int pmukit_isa_read_perf_counter(uint32_t index, uint64_t *v)
{
	uint64_t x;

	/* perf's user page: 32 is the cycle counter, n the event counter n - 1. */
	if (index == 32) {
		__asm__ volatile goto("	isb\n\t"
			     "1:	mrs	%0, pmccntr_el0\n\t"
			     PMUKIT_EXTABLE("1b", fault)
			     : "=r"(x) : : "memory" : fault);
		*v = x;
		return 0;
	}
	return pmukit_isa_read_counter(index - 1, v);
fault:
	return -EACCES;
}

int pmukit_isa_clock_read(uint64_t *v)
{
	uint64_t x;

	__asm__ volatile goto("	isb\n\t"
		     "1:	mrs	%0, cntvct_el0\n\t"
		     PMUKIT_EXTABLE("1b", fault)
		     : "=r"(x) : : "memory" : fault);
	*v = x;
	return 0;
fault:
	return -EACCES;
}

uint64_t pmukit_isa_clock_hz(void)
{
	uint64_t hz;

	MRS_GUARDED("cntfrq_el0", hz);
	return hz;
fault:
	return 0;
}

int pmukit_isa_read_midr(uint32_t *v)
{
	uint64_t x;

	/* Linux emulates EL0 reads of the ID registers (HWCAP_CPUID). */
	MRS_GUARDED("midr_el1", x);
	*v = (uint32_t)x;
	return 0;
fault:
	return -EACCES;
}
#endif /* __aarch64__ */
