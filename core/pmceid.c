// SPDX-License-Identifier: MIT OR BSD-3-Clause
/*
 * Which event numbers the bits of PMCEID0 and PMCEID1 stand for, the one
 * decode of them for the library, the command and the firmware:
 *
 *   PMCEID0[31:0]   events 0x0000..0x001F
 *   PMCEID1[31:0]   events 0x0020..0x003F
 *   PMCEID0[63:32]  events 0x4000..0x401F   (PMUv3p1 on; RES0 before)
 *   PMCEID1[63:32]  events 0x4020..0x403F
 *
 * On AArch32 the high halves are the separate registers PMCEID2 and
 * PMCEID3. Every other number (IMPLEMENTATION DEFINED events, the
 * architecture's 0x40..0x3FFF) has no bit: no register tells.
 */
#include <stddef.h>
#include <stdint.h>

#include "pmukit/analysis.h"
#include "compiler.h"

static const struct {
	uint16_t first;		/* the event of bit @shift */
	uint8_t reg;		/* 0: PMCEID0, 1: PMCEID1 */
	uint8_t shift;
} ranges[] = {
	{ 0x0000, 0, 0 },
	{ 0x0020, 1, 0 },
	{ 0x4000, 0, 32 },
	{ 0x4020, 1, 32 },
};

/**
 * pmukit_pmceid_has() - does PMCEID say the PMU implements an event?
 * @ceid: PMCEID0 and PMCEID1 as read (AArch32: PMCEID2/3 in the high halves)
 * @bits: the bits of each register that were read: 64, or 32 when only the
 *        low halves are known (pmukit.ko's sysfs, AArch32's PMCEID0/1)
 * @code: the event number
 *
 * Return: 1 implemented, 0 not, -1 cannot tell: a number with no PMCEID
 * bit, or a bit of a half that was not read.
 */
int pmukit_pmceid_has(const uint64_t ceid[2], unsigned int bits, unsigned int code)
{
	size_t i;

	for (i = 0; ceid && i < ARRAY_SIZE(ranges); i++) {
		if (code < ranges[i].first || code - ranges[i].first >= 32)
			continue;
		if (ranges[i].shift >= bits)
			return -1;
		return (int)(ceid[ranges[i].reg] >> (ranges[i].shift + code - ranges[i].first) & 1);
	}
	return -1;
}

/**
 * pmukit_pmceid_event() - the event a bit of PMCEID0 or PMCEID1 stands for
 * @reg: 0 for PMCEID0, 1 for PMCEID1
 * @bit: 0..63
 *
 * Return: the event number, or -1 for a bad @reg or @bit.
 */
int pmukit_pmceid_event(unsigned int reg, unsigned int bit)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ranges); i++)
		if (ranges[i].reg == reg && bit - ranges[i].shift < 32)
			return ranges[i].first + (int)(bit - ranges[i].shift);
	return -1;
}
