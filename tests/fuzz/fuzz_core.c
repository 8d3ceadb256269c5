/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target core: the freestanding core's metric evaluator and pass
 * planner. The first byte picks which; the rest are the counts and which
 * of them were counted (metrics), or the events, the cycles event, the
 * counters and the flags (passes), whose plan is then checked: every event
 * in a pass that exists, no pass of other events holding more than the
 * counters.
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

static void metrics(const uint8_t *p, size_t left)
{
	uint64_t count[PMUKIT_METRIC_MAX_EVENTS];
	struct pmukit_metric_value v;
	unsigned int i = (unsigned int)take(&p, &left, 1), counted, k;
	int64_t fixed;

	counted = (unsigned int)take(&p, &left, 1);
	for (k = 0; k < PMUKIT_METRIC_MAX_EVENTS; k++)
		count[k] = take(&p, &left, 8);
	if (pmukit_metric_eval(i % (pmukit_metric_count() + 1), count, counted, &v))
		return;
	(void)strlen(pmukit_metric_reason(&v));
	pmukit_metric_fixed(&v, (unsigned int)take(&p, &left, 1) % 8, &fixed);
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
	/* (A selection of the cycles event alone is one pass whatever @cap.) */
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
