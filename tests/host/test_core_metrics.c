/* SPDX-License-Identifier: MIT */
/*
 * core/metric_eval.c through the public API: the table, values against
 * hand-computed ones, fixed point with rounding, and n/a with its reason
 * for a zero divisor, a count not taken and 64 bits exceeded; and the
 * rules over passes of core/metric_passes.c.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "pmukit/pmukit.h"
#include "pmukit/pmu_fields.h"
#include "../../core/metric_eval.h"
#include "../tap.h"

#include "core/compiler.h"

static void test_table(void)
{
	const struct pmukit_metric_info *ipc = pmukit_metric_info(0);
	unsigned int i, k, ok = 1;

	tap_ok(pmukit_metric_count() >= 5, "the table has IPC, two refill and two misprediction rows");
	tap_ok(ipc && !strcmp(ipc->name, "IPC") && ipc->nevents == 2 &&
	       ipc->event[0] == PMUKIT_EVT_INST_RETIRED && ipc->event[1] == PMUKIT_EVT_CPU_CYCLES &&
	       !strcmp(ipc->formula, "INST_RETIRED / CPU_CYCLES") && !strcmp(ipc->unit, ""),
	       "metric 0 is IPC = INST_RETIRED / CPU_CYCLES");
	tap_ok(pmukit_metric_info(pmukit_metric_count()) == NULL, "no metric past the end");
	for (i = 0; i < pmukit_metric_count(); i++) {
		const struct pmukit_metric_info *m = pmukit_metric_info(i);

		ok &= m->nevents >= 1 && m->nevents <= PMUKIT_METRIC_MAX_EVENTS && m->decimals <= 18;
		for (k = 0; k < m->nevents; k++)
			ok &= m->event_name[k] && strstr(m->formula, m->event_name[k]) != NULL;
	}
	tap_ok(ok, "every row names its events, and its formula mentions each");
	tap_eq(pmukit_metric_find("l1d refill rate"), 1, "find: by name, folded");
	tap_eq(pmukit_metric_find("nothing"), -1, "find: unknown name");
}

static void test_values(void)
{
	static const struct {
		int line;
		const char *name;
		uint64_t a, b;
		unsigned int decimals;
		int64_t want;		/* value * 10^decimals */
	} rows[] = {
		{ __LINE__, "IPC", 3000, 2000, 3, 1500 },
		{ __LINE__, "IPC", 1, 3, 3, 333 },
		{ __LINE__, "IPC", 2, 3, 3, 667 },		/* rounded to nearest */
		{ __LINE__, "IPC", 1, 2000, 3, 1 },		/* 0.0005: halves away from 0 */
		{ __LINE__, "IPC", 12345, 12345, 0, 1 },
		{ __LINE__, "L1D refill rate", 5, 500, 2, 100 },	/* 1.00% */
		{ __LINE__, "L1D refill rate", 1, 3, 2, 3333 },		/* 33.33% */
		{ __LINE__, "L2D refill rate", 2, 3, 4, 666667 },	/* 66.6667% */
		{ __LINE__, "IPC", 4000000000000000000ULL, 2, 0, 2000000000000000000LL },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		uint64_t c[2] = { rows[i].a, rows[i].b };
		struct pmukit_metric_value v;
		int64_t got = -1;
		int x = pmukit_metric_find(rows[i].name);

		if (!tap_ok(x >= 0 && pmukit_metric_eval((unsigned int)x, c, 3, &v) == 0 &&
			    v.status == PMUKIT_METRIC_OK &&
			    pmukit_metric_fixed(&v, rows[i].decimals, &got) == 0 &&
			    got == rows[i].want,
			    "line %d: %s of %llu and %llu: %lld / 10^%u", rows[i].line, rows[i].name,
			    (unsigned long long)rows[i].a, (unsigned long long)rows[i].b,
			    (long long)rows[i].want, rows[i].decimals))
			tap_diag("  got %lld", (long long)got);
	}
}

static void test_na(void)
{
	uint64_t c[2] = { 10, 0 };
	struct pmukit_metric_value v;
	int64_t x;

	tap_eq(pmukit_metric_eval(0, c, 3, &v), 0, "a zero divisor evaluates");
	tap_ok(v.status == PMUKIT_METRIC_ZERO_DIVISOR && v.event == 1 &&
	       !strcmp(pmukit_metric_reason(&v), "divided by 0"),
	       "IPC with 0 cycles: n/a, divided by 0, the divisor is CPU_CYCLES");
	tap_eq(pmukit_metric_fixed(&v, 3, &x), -EINVAL, "n/a has no fixed-point value");

	c[1] = 100;
	tap_eq(pmukit_metric_eval(1, c, 1, &v), 0, "a missing count evaluates");
	tap_ok(v.status == PMUKIT_METRIC_NOT_COUNTED && v.event == 1 &&
	       !strcmp(pmukit_metric_reason(&v), "not counted"),
	       "L1D refill rate without L1D_CACHE: n/a, not counted, event 1");

	c[0] = UINT64_MAX;
	pmukit_metric_eval(0, c, 3, &v);
	tap_ok(v.status == PMUKIT_METRIC_RANGE && !strcmp(pmukit_metric_reason(&v), "out of range"),
	       "a count over 63 bits: n/a, out of range");
	c[0] = (uint64_t)INT64_MAX;
	pmukit_metric_eval(1, c, 3, &v);
	tap_eq(v.status, PMUKIT_METRIC_RANGE, "times 100 beyond 64 bits: out of range");

	c[0] = 1;
	tap_eq(pmukit_metric_eval(pmukit_metric_count(), c, 3, &v), -EINVAL, "a bad metric number");
	tap_eq(pmukit_metric_eval(0, NULL, 3, &v), -EINVAL, "no counts");
	tap_eq(pmukit_metric_eval(0, c, 3, NULL), -EINVAL, "no result");
	pmukit_metric_eval(0, c, 3, &v);
	tap_eq(pmukit_metric_fixed(&v, 19, &x), -EINVAL, "more than 18 decimals");
	tap_ok(!strcmp(pmukit_metric_reason(&v), ""), "a value has no reason");
}

/* The reference pass of a metric over passes, and the counts scaled to it. */
static void test_align(void)
{
	const struct pmukit_metric_set *g = pmukit_metric_set_at(0);
	const struct pmukit_metric_info *ipc = pmukit_metric_info(0);
	const struct pmukit_metric_info *l1d =
		pmukit_metric_set_metric(g, (unsigned int)pmukit_metric_set_find(g, "L1D refill rate"));
	unsigned int rk = pmukit_metric_ref_event(ipc), ok = 1 - rk;
	unsigned int pass[2];
	uint64_t cycles[2], count[2];

	tap_ok(ipc->event[rk] == PMUKIT_EVT_CPU_CYCLES, "IPC's reference: its CPU_CYCLES");
	tap_ok(l1d && pmukit_metric_ref_event(l1d) == 0,
	       "no CPU_CYCLES (L1D refill rate): its first event");
	/* L1D_CACHE_REFILL (event 0) in pass 2 of 9,100 cycles, L1D_CACHE in pass 1 of 9,000. */
	pass[0] = 2, pass[1] = 1;
	cycles[0] = 9100, cycles[1] = 9000;
	count[0] = 1000, count[1] = 40000;
	tap_ok(pmukit_metric_align(l1d, pass, cycles, count) == 0x2 && count[0] == 1000 &&
	       count[1] == 40444, "another pass's count x 9,100 / 9,000, rounded: 40,444 (%llu)",
	       (unsigned long long)count[1]);
	count[1] = 40000;
	cycles[0] = 0;
	tap_ok(pmukit_metric_align(l1d, pass, cycles, count) == 0 && count[1] == 40000,
	       "no cycles of the reference pass: as counted");
	pass[rk] = 1, pass[ok] = 1;
	cycles[0] = cycles[1] = 5;
	count[0] = count[1] = 7;
	tap_ok(pmukit_metric_align(ipc, pass, cycles, count) == 0 && count[0] == 7 && count[1] == 7,
	       "one pass: nothing scaled");
}

/* Which pass each count is read in: pmukit_metric_passes() (core/metric_passes.c). */
static void test_passes(void)
{
	/* A metric of BR_MIS_PRED, CPU_CYCLES and STALL_FRONTEND, in that order. */
	struct pmukit_metric_info m = { .name = "t", .nevents = 3,
					.event = { 0x10, PMUKIT_EVT_CPU_CYCLES, 0x23 } };
	uint64_t in[3];
	unsigned int pass[3];
	int r;

	/* Pass 2 counted all three, pass 1 two of them: pass 2. */
	in[0] = 0x3, in[1] = 0x7, in[2] = 0x6;
	r = pmukit_metric_passes(&m, in, pass);
	tap_ok(r == 2 && pass[0] == 2 && pass[1] == 2 && pass[2] == 2,
	       "the first pass that counted every event: 2 (%d; %u %u %u)", r, pass[0], pass[1], pass[2]);
	/* None has all: each its first pass; CPU_CYCLES (in all) that of BR_MIS_PRED, pass 3. */
	in[0] = 0x4, in[1] = 0x7, in[2] = 0x2;
	r = pmukit_metric_passes(&m, in, pass);
	tap_ok(r == 0 && pass[0] == 3 && pass[1] == 3 && pass[2] == 2,
	       "combined: BR_MIS_PRED pass 3, CPU_CYCLES its pass 3, STALL_FRONTEND pass 2 (%d; %u %u %u)",
	       r, pass[0], pass[1], pass[2]);
	/* CPU_CYCLES not counted in the first other event's pass: its own first. */
	in[1] = 0x3;
	r = pmukit_metric_passes(&m, in, pass);
	tap_ok(r == 0 && pass[1] == 1, "combined, no CPU_CYCLES in pass 3: its first pass, 1 (%u)",
	       pass[1]);
	/* An event no pass counted. */
	in[2] = 0;
	r = pmukit_metric_passes(&m, in, pass);
	tap_ok(r == -1 && pass[2] == 0, "an event counted in no pass: -1 (%d)", r);
}

int main(void)
{
	test_table();
	test_values();
	test_na();
	test_align();
	test_passes();
	return tap_done();
}
