/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target core: the freestanding core's metric evaluator and pass
 * planner. The first byte picks which; the rest are the counts and which
 * of them were counted (metrics; then a metric of any set from the same
 * counts, and the passes for a few metrics of that set), or the events, the
 * cycles event, the counters and the flags (passes), whose plan is then
 * checked: every event in a pass that exists, no pass of other events
 * holding more than the counters.
 */
#include "fuzz.h"

#include "pmukit/pmukit.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_quiet();
	return 0;
}

/* The next @n bytes of the input as a little-endian number (0 past its end). */
static uint64_t take(const uint8_t **p, size_t *left, size_t n)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < n && *left; i++, (*p)++, (*left)--)
		v |= (uint64_t)**p << (8 * i);
	return v;
}

/* A metric of a set from @count, and the passes for a few of the set's metrics. */
static void set_metrics(const uint8_t *p, size_t left, const uint64_t *count,
			unsigned int counted)
{
	const struct pmukit_metric_set *s =
		pmukit_metric_set_at((unsigned int)take(&p, &left, 1) % pmukit_metric_sets());
	unsigned int nm = pmukit_metric_set_info(s)->nmetrics, m[8], n = 0, k, ns;
	struct pmukit_plan_slot slot[8 * PMUKIT_METRIC_MAX_EVENTS + 1];
	unsigned int counters, flags;
	struct pmukit_metric_value v;
	int mp[8], np;

	if (!pmukit_metric_set_eval(s, (unsigned int)take(&p, &left, 2) % (nm + 1), count,
				    counted, &v) && v.status == PMUKIT_METRIC_OK && v.den <= 0)
		abort();
	counters = (unsigned int)take(&p, &left, 1) % 32;
	flags = (unsigned int)take(&p, &left, 1) % 4;
	while (n < 8 && left)
		m[n++] = (unsigned int)take(&p, &left, 2) % (nm + 1);
	np = pmukit_metric_plan(s, m, n, counters, flags, slot, 8 * PMUKIT_METRIC_MAX_EVENTS + 1,
				&ns, mp);
	for (k = 0; np > 0 && k < ns; k++)
		if (slot[k].pass >= (unsigned int)np)
			abort();
}

static void metrics(const uint8_t *p, size_t left)
{
	uint64_t count[PMUKIT_METRIC_MAX_EVENTS];
	struct pmukit_metric_value v;
	unsigned int i = (unsigned int)take(&p, &left, 1), counted, k;
	int64_t fixed;

	counted = (unsigned int)take(&p, &left, 1);
	for (k = 0; k < PMUKIT_METRIC_MAX_EVENTS; k++)
		count[k] = take(&p, &left, 8);
	if (pmukit_metric_eval(i % (pmukit_metric_count() + 1), count, counted, &v) == 0) {
		(void)strlen(pmukit_metric_reason(&v));
		pmukit_metric_fixed(&v, (unsigned int)take(&p, &left, 1) % 8, &fixed);
	}
	set_metrics(p, left, count, counted);
}

static void passes(const uint8_t *p, size_t left)
{
	unsigned int pass_of[PMUKIT_MAX_EVENTS * 2];
	unsigned int n = (unsigned int)take(&p, &left, 1) % (PMUKIT_MAX_EVENTS * 2 + 1);
	int cycles = (int)(int8_t)take(&p, &left, 1);
	unsigned int cap = (unsigned int)take(&p, &left, 1);
	unsigned int flags = (unsigned int)take(&p, &left, 1);
	unsigned int per[PMUKIT_MAX_EVENTS * 2] = { 0 };
	int np = pmukit_plan_passes(n, cycles, cap, flags, pass_of);
	unsigned int i;

	if (np < 0)
		return;
	if (np == 0 && n)
		abort();
	for (i = 0; i < n; i++) {
		if (pass_of[i] >= (unsigned int)np)
			abort();
		if ((int)i != cycles)
			per[pass_of[i]]++;
	}
	/* (A selection of the cycles event alone is one pass on any @cap but 0.) */
	for (i = 0; i < (unsigned int)np; i++)
		if (per[i] && per[i] + (cycles >= 0) > cap)
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	if (data[0] % 2)
		passes(data + 1, size - 1);
	else
		metrics(data + 1, size - 1);
	return 0;
}
