// SPDX-License-Identifier: MIT
/*
 * Field decoding of the registers 'pmukit regs' shows, and why a register
 * could not be read from user space. Field positions are the Arm ARM's,
 * from pmu_fields.h; they are the same on AArch64 and AArch32.
 */
#include <string.h>

#include "cli.h"
#include "regs.h"
#include "pmukit/pmu_fields.h"

static int bit(uint64_t v, unsigned long mask)
{
	return (v & mask) != 0;
}

static void decode_pmcr(uint64_t v, char *buf, size_t len)
{
	cli_appendf(buf, len, "IMP=0x%02x IDCODE=0x%02x N=%u", (unsigned)((v >> PMUKIT_PMCR_IMP_SHIFT) & PMUKIT_PMCR_IMP_MASK),
		    (unsigned)((v >> PMUKIT_PMCR_IDCODE_SHIFT) & PMUKIT_PMCR_IDCODE_MASK), (unsigned)PMUKIT_PMCR_N(v));
	cli_appendf(buf, len, " LP=%d LC=%d DP=%d X=%d D=%d E=%d", bit(v, PMUKIT_PMCR_LP_BIT),
		    bit(v, PMUKIT_PMCR_LC_BIT), bit(v, PMUKIT_PMCR_DP_BIT), bit(v, PMUKIT_PMCR_X_BIT), bit(v, PMUKIT_PMCR_D_BIT),
		    bit(v, PMUKIT_PMCR_E_BIT));
	cli_appendf(buf, len, ": %u event counters, counting %s", (unsigned)PMUKIT_PMCR_N(v),
		    bit(v, PMUKIT_PMCR_E_BIT) ? "enabled" : "DISABLED (E=0: counters frozen)");
	if (bit(v, PMUKIT_PMCR_D_BIT))
		cli_appendf(buf, len, ", cycle counter every 64th cycle");
	if (bit(v, PMUKIT_PMCR_LC_BIT))
		cli_appendf(buf, len, ", 64-bit cycle counter overflow");
}

/* Bit n: event counter n; bit 31: the cycle counter. */
static void decode_counters(uint64_t v, const char *none, char *buf, size_t len)
{
	unsigned int i;
	int n = 0;

	if (!(v & 0xffffffffUL)) {
		cli_appendf(buf, len, "%s", none);
		return;
	}
	if (v & PMUKIT_CYCLE_COUNTER_BIT)
		cli_appendf(buf, len, "cycle counter");
	for (i = 0; i < PMUKIT_MAX_EVENT_COUNTERS; i++) {
		if (!(v & (1UL << i)))
			continue;
		if (n++)
			cli_appendf(buf, len, ",%u", i);
		else
			cli_appendf(buf, len, "%sevent counters %u",
				    v & PMUKIT_CYCLE_COUNTER_BIT ? ", " : "", i);
	}
}

static void decode_pmuserenr(uint64_t v, char *buf, size_t len)
{
	cli_appendf(buf, len, "EN=%d SW=%d CR=%d ER=%d: ", bit(v, PMUKIT_PMUSERENR_EN_BIT),
		    bit(v, PMUKIT_PMUSERENR_SW_BIT), bit(v, PMUKIT_PMUSERENR_CR_BIT), bit(v, PMUKIT_PMUSERENR_ER_BIT));
	if (bit(v, PMUKIT_PMUSERENR_EN_BIT))
		cli_appendf(buf, len, "user space may program and read the PMU");
	else if (bit(v, PMUKIT_PMUSERENR_CR_BIT) || bit(v, PMUKIT_PMUSERENR_ER_BIT))
		cli_appendf(buf, len, "user space may read %s", bit(v, PMUKIT_PMUSERENR_CR_BIT) ?
			    (bit(v, PMUKIT_PMUSERENR_ER_BIT) ? "the cycle and event counters" : "the cycle counter") :
			    "the event counters");
	else
		cli_appendf(buf, len, "no user access");
}

/*
 * Linux runs in Non-secure state, where EL1 is counted when NSK equals P,
 * EL0 when NSU equals U, and EL2 when NSH is set.
 */
static void decode_filter(uint64_t v, char *buf, size_t len)
{
	int p = bit(v, PMUKIT_PMEVTYPER_P_BIT), u = bit(v, PMUKIT_PMEVTYPER_U_BIT);
	int nsk = bit(v, PMUKIT_PMEVTYPER_NSK_BIT), nsu = bit(v, PMUKIT_PMEVTYPER_NSU_BIT);
	int nsh = bit(v, PMUKIT_PMEVTYPER_NSH_BIT);

	cli_appendf(buf, len, "P=%d U=%d NSK=%d NSU=%d NSH=%d M=%d: counts at", p, u, nsk, nsu, nsh,
		    bit(v, PMUKIT_PMEVTYPER_M_BIT));
	if (nsu == u)
		cli_appendf(buf, len, " EL0");
	if (nsk == p)
		cli_appendf(buf, len, " EL1");
	if (nsh)
		cli_appendf(buf, len, " EL2");
	if (nsu != u && nsk != p && !nsh)
		cli_appendf(buf, len, " no level (Non-secure)");
	else
		cli_appendf(buf, len, " (Non-secure)");
}

/* The events PMCEID<reg> says the PMU implements (on AArch64, the 0x4000 ones too). */
static void decode_ceid(uint64_t v, unsigned int reg, char *buf, size_t len)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < 64; i++) {
		const struct pmukit_event_def *e;
		int code = pmukit_pmceid_event(reg, i);

		if (!(v >> i & 1) || code < 0)
			continue;
		e = pmukit_event_find_code(default_common(), (unsigned int)code);
		if (e)
			cli_appendf(buf, len, "%s%s", n++ ? " " : "implements ", e->name);
		else
			cli_appendf(buf, len, "%s0x%02x", n++ ? " " : "implements ", (unsigned int)code);
	}
	if (!n)
		cli_appendf(buf, len, "no common event (or not reported)");
}

void reg_decode(enum reg_kind kind, uint64_t v, char *buf, size_t len)
{
	buf[0] = '\0';
	switch (kind) {
	case REG_PMCR:
		decode_pmcr(v, buf, len);
		break;
	case REG_CNTEN:
		cli_appendf(buf, len, "enabled: ");
		decode_counters(v, "none", buf, len);
		break;
	case REG_OVS:
		cli_appendf(buf, len, "overflowed: ");
		decode_counters(v, "none", buf, len);
		break;
	case REG_PMUSERENR:
		decode_pmuserenr(v, buf, len);
		break;
	case REG_FILTER:
		decode_filter(v, buf, len);
		break;
	case REG_SELR:
		if ((v & 0x1f) == PMUKIT_CYCLE_COUNTER_IDX)
			cli_appendf(buf, len, "SEL=31: the cycle counter's filter");
		else
			cli_appendf(buf, len, "SEL=%u: event counter %u", (unsigned)(v & 0x1f),
				    (unsigned)(v & 0x1f));
		break;
	case REG_CEID0:
		decode_ceid(v, 0, buf, len);
		break;
	case REG_CEID1:
		decode_ceid(v, 1, buf, len);
		break;
	case REG_FREQ:
		cli_appendf(buf, len, "%llu Hz (%.3f MHz)", (unsigned long long)v, (double)v / 1e6);
		break;
	case REG_COUNT:
		cli_appendf(buf, len, "%llu", (unsigned long long)v);
		break;
	}
}

int reg_read_kind(enum pmukit_reg_kind kind, uint64_t *v)
{
	int i = pmukit_reg_of_kind(kind);

	return i < 0 ? i : pmukit_reg_read((unsigned int)i, v);
}

void reg_unreadable_why(enum pmukit_reg_need need, char *buf, size_t len)
{
	uint64_t u;

	buf[0] = '\0';
	if (need == PMUKIT_REG_NEED_TIMER) {
		cli_appendf(buf, len, "the kernel keeps the timer from user space (CNTKCTL.EL0VCTEN=0)");
		return;
	}
	if (reg_read_kind(PMUKIT_REG_PMUSERENR, &u)) {
		cli_appendf(buf, len, "PMU registers trap in user space, even PMUSERENR "
				      "(a hypervisor or an emulator without a PMU?)");
		return;
	}
	if (need == PMUKIT_REG_NEED_PMU_CR && (u & (PMUKIT_PMUSERENR_EN_BIT | PMUKIT_PMUSERENR_CR_BIT))) {
		cli_appendf(buf, len, "the read trapped although PMUSERENR allows it");
		return;
	}
	if (!(u & PMUKIT_PMUSERENR_EN_BIT)) {
		cli_appendf(buf, len, "PMUSERENR.EN=0: no full user access (pmukit.ko gives it to a process that opens /dev/pmukit, or to all with global_full_access=1)");
		return;
	}
	cli_appendf(buf, len, "not implemented by this PMU (the access is UNDEFINED)");
}
