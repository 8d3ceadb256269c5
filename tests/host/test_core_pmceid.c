/* SPDX-License-Identifier: MIT */
/*
 * core/pmceid.c: which event each bit of PMCEID0/1 stands for, and the
 * answers 1 / 0 / -1 for register values fixed here: the common events in
 * the low halves, the 0x4000 events in the high halves when 64 bits were
 * read, "cannot tell" for them when only 32 were, and for every number
 * without a bit. Then the library's pmukit_implemented() over the same
 * values, with and without the perf driver's list. Rows carry __LINE__.
 */
#include <string.h>

#include "pmukit/pmukit.h"
#include "pmukit/machine.h"
#include "../tap.h"

#include "core/compiler.h"

/* QEMU 7.2's -cpu neoverse-n1, read at EL1: 0x00 0x08 0x11 | 0x23 0x24, no 0x4000 event. */
static const uint64_t qemu_n1[2] = { 0x0000000000020101ULL, 0x0000000000000018ULL };
/* A core with STALL_BACKEND_MEM (0x4005) and 0x403F, besides the common ones above. */
static const uint64_t with_4000[2] = { 0x0000002000020101ULL, 0x8000000000000018ULL };

static void test_has(void)
{
	static const struct {
		int line;
		const uint64_t *ceid;
		unsigned int bits, code;
		int want;
	} rows[] = {
		{ __LINE__, qemu_n1, 64, 0x00, 1 },	/* SW_INCR: PMCEID0[0] */
		{ __LINE__, qemu_n1, 64, 0x08, 1 },
		{ __LINE__, qemu_n1, 64, 0x11, 1 },	/* CPU_CYCLES: PMCEID0[17] */
		{ __LINE__, qemu_n1, 64, 0x03, 0 },
		{ __LINE__, qemu_n1, 64, 0x1f, 0 },	/* the last bit of PMCEID0's low half */
		{ __LINE__, qemu_n1, 64, 0x20, 0 },	/* PMCEID1[0] */
		{ __LINE__, qemu_n1, 64, 0x23, 1 },	/* PMCEID1[3] */
		{ __LINE__, qemu_n1, 64, 0x24, 1 },
		{ __LINE__, qemu_n1, 64, 0x3f, 0 },
		{ __LINE__, qemu_n1, 64, 0x4005, 0 },	/* read, and not there */
		{ __LINE__, qemu_n1, 32, 0x4005, -1 },	/* not read: cannot tell */
		{ __LINE__, qemu_n1, 32, 0x24, 1 },
		{ __LINE__, with_4000, 64, 0x4005, 1 },	/* PMCEID0[37] */
		{ __LINE__, with_4000, 64, 0x4004, 0 },
		{ __LINE__, with_4000, 64, 0x4000, 0 },
		{ __LINE__, with_4000, 64, 0x401f, 0 },
		{ __LINE__, with_4000, 64, 0x4020, 0 },	/* PMCEID1[32] */
		{ __LINE__, with_4000, 64, 0x403f, 1 },	/* PMCEID1[63] */
		{ __LINE__, with_4000, 32, 0x403f, -1 },
		{ __LINE__, with_4000, 64, 0x40, -1 },	/* no bit for these numbers */
		{ __LINE__, with_4000, 64, 0x3fff, -1 },
		{ __LINE__, with_4000, 64, 0x4040, -1 },
		{ __LINE__, with_4000, 64, 0x8165, -1 },	/* IMPLEMENTATION DEFINED */
		{ __LINE__, with_4000, 64, 0x10005, -1 },	/* 0x4005 + 0xc000: no alias */
		{ __LINE__, NULL, 64, 0x11, -1 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		int got = pmukit_pmceid_has(rows[i].ceid, rows[i].bits, rows[i].code);

		if (!tap_ok(got == rows[i].want, "line %d: event 0x%x, %u bits read: %d", rows[i].line,
			    rows[i].code, rows[i].bits, rows[i].want))
			tap_diag("  got %d", got);
	}
}

/* Every bit names one event, and that event's answer is that bit. */
static void test_bits(void)
{
	unsigned int reg, bit, bad = 0;

	for (reg = 0; reg < 2; reg++)
		for (bit = 0; bit < 64; bit++) {
			uint64_t ceid[2] = { 0, 0 };
			int code = pmukit_pmceid_event(reg, bit);

			ceid[reg] = 1ULL << bit;
			if (code < 0 || pmukit_pmceid_has(ceid, 64, (unsigned int)code) != 1 ||
			    pmukit_pmceid_has(ceid, 64, (unsigned int)code ^ 1) != 0)
				bad++;
		}
	tap_ok(!bad, "each of the 128 bits names an event whose answer is that bit (%u bad)", bad);
	tap_ok(pmukit_pmceid_event(0, 0) == 0x00 && pmukit_pmceid_event(1, 31) == 0x3f &&
	       pmukit_pmceid_event(0, 32) == 0x4000 && pmukit_pmceid_event(1, 37) == 0x4025,
	       "PMCEID0[0] 0x00, PMCEID1[31] 0x3f, PMCEID0[32] 0x4000, PMCEID1[37] 0x4025");
	tap_ok(pmukit_pmceid_event(2, 0) == -1 && pmukit_pmceid_event(0, 64) == -1,
	       "no PMCEID2 here, no bit 64: -1");
}

/* The library's answer: PMCEID first, then the perf driver's list. */
static void test_implemented(void)
{
	struct pmukit_implemented im;

	memset(&im, 0, sizeof(im));
	im.have_ceid = 1;
	im.ceid_bits = 32;
	memcpy(im.ceid, with_4000, sizeof(im.ceid));
	tap_ok(pmukit_implemented(&im, 0x24) == 1 && pmukit_implemented(&im, 0x03) == 0 &&
	       pmukit_implemented(&im, 0x4005) == -1,
	       "PMCEID's low halves alone: the common events told, 0x4005 not");
	im.have_perf = 1;
	im.nperf = 2;
	im.perf[0] = 0x4005;
	im.perf[1] = 0x03;
	tap_ok(pmukit_implemented(&im, 0x4005) == 1 && pmukit_implemented(&im, 0x4004) == -1,
	       "then perf's list: listed is yes, another 0x4000 event cannot be told");
	tap_ok(pmukit_implemented(&im, 0x03) == 0, "PMCEID's 0 wins over perf's list");
	im.have_ceid = 0;
	tap_ok(pmukit_implemented(&im, 0x03) == 1 && pmukit_implemented(&im, 0x24) == 0 &&
	       pmukit_implemented(&im, 0x8165) == -1,
	       "perf's list alone: a common event it lacks is no, another number cannot be told");
	im.have_perf = 0;
	tap_ok(pmukit_implemented(&im, 0x11) == -1, "no source: cannot tell");
}

int main(void)
{
	test_has();
	test_bits();
	test_implemented();
	return tap_done();
}
