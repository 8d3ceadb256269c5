/* SPDX-License-Identifier: MIT */
/*
 * The direct path's counts from successive counter reads (lib/wrap.c), with
 * made-up register values: each row is a counter started at a value, then
 * reads (the value as the register gives it, the time since the previous
 * read, what its overflow flag said) and the count or "wrapped" expected
 * after the last one. Each row carries its __LINE__.
 */
#include <stdint.h>

#include "wrap.h"
#include "../tap.h"

#define W32	UINT32_MAX
#define W64	UINT64_MAX
#define SHORT	1000000ULL		/* 1 ms: fewer than 2^32 events fit */
#define LONG	5000000000ULL		/* 5 s: 2^32 events fit */
#define CLR	PMUKIT_OVF_CLEAR
#define SET	PMUKIT_OVF_SET
#define UNK	PMUKIT_OVF_UNKNOWN
#define TOP	0x100000000ULL		/* 2^32 */

struct rd {
	uint64_t v;
	uint64_t ns;
	enum pmukit_ovf ovf;
	int crossed;	/* what pmukit_wrap_update() returns: the flag is stale */
};

static const struct {
	int line;
	uint64_t mask, start;
	unsigned int n;
	struct rd r[4];
	uint64_t count;
	int wrapped;
} rows[] = {
	/* No wrap, short and long reads alike. */
	{ __LINE__, W32, 100, 1, { { 2100, SHORT, UNK, 0 } }, 2000, 0 },
	{ __LINE__, W32, 100, 1, { { 2100, LONG, CLR, 0 } }, 2000, 0 },
	/* One wrap between reads close together: the values tell, exact. */
	{ __LINE__, W32, 0xfffff800, 1, { { 1000, SHORT, UNK, 1 } }, 3048, 0 },
	/* ... the flag, set by that wrap, is not needed then. */
	{ __LINE__, W32, 0xfffff800, 1, { { 1000, SHORT, SET, 1 } }, 3048, 0 },
	/* Many short reads, each across one wrap: 3 x (2^32 + 2^31) in all. */
	{ __LINE__, W32, 0, 3, { { 0x80000000, SHORT, UNK, 0 }, { 0, SHORT, UNK, 1 },
				{ 0x80000000, SHORT, UNK, 0 } }, 3 * 0x80000000ULL, 0 },
	/* A long time, the flag clear: no wrap, exact however far apart. */
	{ __LINE__, W32, 5, 2, { { 0xfffffff0, LONG, CLR, 0 }, { 0xfffffff8, LONG, CLR, 0 } },
	  0xfffffff3, 0 },
	/* A long time and the flag set: one wrap or two, the values look the same. */
	{ __LINE__, W32, 0xfffff800, 1, { { 1000, LONG, SET, 1 } }, 0, 1 },
	/* Two wraps between two reads (2^33 + 3048 events): flag set, wrapped. */
	{ __LINE__, W32, 0xfffff800, 1, { { 1000, LONG, SET, 1 } }, 0, 1 },
	/* Two wraps, the value above the first read: flag set, wrapped. */
	{ __LINE__, W32, 100, 1, { { 200, LONG, SET, 1 } }, 0, 1 },
	/* Two wraps without the flag (out of reach): wrapped, never 100. */
	{ __LINE__, W32, 100, 1, { { 200, LONG, UNK, 0 } }, 0, 1 },
	/* A wrap the clear flag did not show (perf's handler cleared it): wrapped. */
	{ __LINE__, W32, 0xfffff800, 1, { { 1000, LONG, CLR, 1 } }, 0, 1 },
	/* Wrapped stays wrapped: later reads, short or clear, do not bring it back. */
	{ __LINE__, W32, 0, 3, { { 10, LONG, SET, 1 }, { 20, SHORT, UNK, 0 }, { 30, LONG, CLR, 0 } },
	  0, 1 },
	/* The register's bits above the counter's width are not counted. */
	{ __LINE__, W32, 0x1fffffff0ULL, 1, { { 0x200000010ULL, SHORT, UNK, 1 } }, 0x20, 0 },
	/* 64 bits (PMCR.LP, AArch64's PMCCNTR): past 2^32 exact, no flag asked. */
	{ __LINE__, W64, TOP - 2048, 1, { { TOP + 1000, SHORT, UNK, 0 } }, 3048, 0 },
	{ __LINE__, W64, TOP - 2048, 1, { { 3 * TOP + 1000, LONG, UNK, 0 } }, 2 * TOP + 3048, 0 },
	{ __LINE__, W64, 5, 2, { { 5 * TOP, LONG, UNK, 0 }, { 9 * TOP + 7, LONG, SET, 0 } },
	  9 * TOP + 2, 0 },
	/* ... and across 2^64, once (the counter's own wrap, centuries away). */
	{ __LINE__, W64, UINT64_MAX - 9, 1, { { 10, LONG, UNK, 1 } }, 20, 0 },
};

static void test_rows(void)
{
	unsigned int i, k;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct pmukit_wrap w = { .mask = rows[i].mask };
		int crossed_ok = 1;

		pmukit_wrap_start(&w, rows[i].start);
		for (k = 0; k < rows[i].n; k++) {
			const struct rd *r = &rows[i].r[k];

			if (pmukit_wrap_update(&w, r->v, r->ns, r->ovf) != r->crossed)
				crossed_ok = 0;
		}
		if (rows[i].wrapped)
			tap_ok(w.wrapped && crossed_ok, "line %d: wrapped", rows[i].line);
		else
			tap_ok(!w.wrapped && w.acc == rows[i].count && crossed_ok,
			       "line %d: count %llu (got %llu%s)", rows[i].line,
			       (unsigned long long)rows[i].count, (unsigned long long)w.acc,
			       w.wrapped ? ", wrapped" : "");
	}
}

static void test_flag_needed(void)
{
	struct pmukit_wrap w32 = { .mask = W32 }, w64 = { .mask = W64 };

	tap_ok(!pmukit_wrap_needs_flag(&w32, PMUKIT_WRAP_SHORT_NS - 1),
	       "32 bits, reads under 62.5 ms apart: no flag needed");
	tap_ok(pmukit_wrap_needs_flag(&w32, PMUKIT_WRAP_SHORT_NS),
	       "32 bits, reads 62.5 ms apart: the flag is needed");
	tap_ok(!pmukit_wrap_needs_flag(&w64, LONG), "64 bits: never a flag");
	w32.short_ns = PMUKIT_WRAP_SHORT_CYCLES_NS;
	tap_ok(!pmukit_wrap_needs_flag(&w32, PMUKIT_WRAP_SHORT_CYCLES_NS - 1) &&
	       pmukit_wrap_needs_flag(&w32, PMUKIT_WRAP_SHORT_CYCLES_NS),
	       "cycles: reads under 0.5 s apart need no flag, 0.5 s apart do");
	tap_ok(PMUKIT_WRAP_SHORT_CYCLES_NS * (1ULL << 33) / 1000000000ULL >= TOP,
	       "the cycles' limit is at least 2^32 cycles at 2^33 Hz");
	/* 2^32 events at 2^36 a second take exactly the short limit. */
	tap_ok(PMUKIT_WRAP_SHORT_NS * (1ULL << 36) / 1000000000ULL == TOP,
	       "the short limit is 2^32 events at 2^36 a second");
}

/*
 * Chained pairs (mode=read before PMUv3p5, where CHAIN counts): the high
 * half read before and after the low one, the low one again if it moved.
 */
static void test_chain(void)
{
	static const struct {
		int line;
		uint32_t hi0, lo, hi1, lo1;
		uint64_t want;
	} rows[] = {
		{ __LINE__, 0, 5, 0, 99, 5 },
		{ __LINE__, 3, 0xfffffff0, 3, 0, 0x3fffffff0ULL },
		/* The low half wrapped between the two high reads: the second pair. */
		{ __LINE__, 1, 0xfffffffe, 2, 3, 0x200000003ULL },
		{ __LINE__, 0xffffffff, 0xffffffff, 0xffffffff, 0, UINT64_MAX },
	};
	struct pmukit_wrap w = { .mask = W64 };
	unsigned int i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		uint64_t got = pmukit_wrap_chain(rows[i].hi0, rows[i].lo, rows[i].hi1, rows[i].lo1);

		tap_ok(got == rows[i].want, "line %d: chained pair 0x%llx", rows[i].line,
		       (unsigned long long)got);
	}
	/* Two wraps of the low half between reads far apart: the high half counted them. */
	pmukit_wrap_start(&w, pmukit_wrap_chain(0, 0xfffff800, 0, 0));
	pmukit_wrap_update(&w, pmukit_wrap_chain(2, 1000, 2, 0), LONG, UNK);
	tap_ok(!w.wrapped && w.acc == TOP + 3048,
	       "a chained pair across two low-half wraps, 5 s apart: 2^32 + 3048 (%llu)",
	       (unsigned long long)w.acc);
}

static void test_reset_resume(void)
{
	struct pmukit_wrap w = { .mask = W32 };

	pmukit_wrap_start(&w, 0);
	pmukit_wrap_update(&w, 100, LONG, SET);
	pmukit_wrap_start(&w, 50);
	tap_ok(!w.wrapped && w.acc == 0, "a fresh start forgets a wrapped count");
	pmukit_wrap_update(&w, 150, SHORT, UNK);
	/* Stopped, the counter moved on by others, started again at 1000. */
	pmukit_wrap_resume(&w, 1000);
	pmukit_wrap_update(&w, 1010, SHORT, UNK);
	tap_ok(!w.wrapped && w.acc == 110, "a resume counts on from the count so far: %llu",
	       (unsigned long long)w.acc);
}

int main(void)
{
	test_rows();
	test_flag_needed();
	test_chain();
	test_reset_resume();
	return tap_done();
}
