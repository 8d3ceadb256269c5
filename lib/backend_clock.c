// SPDX-License-Identifier: MIT
/*
 * The clock path, for when nothing else works: a free-running counter that
 * user space may always read, the Arm generic timer's CNTVCT (AArch32 needs
 * the kernel to allow it) or the TSC, else clock_gettime(CLOCK_MONOTONIC_RAW)
 * in nanoseconds. Its one event is the clock itself: "clock", and
 * "CPU_CYCLES"/"cycles" map to it; the values are its ticks.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pmukit/pmu_fields.h"
#include "backend.h"
#include "fault.h"
#include "isa.h"

struct clock_state {
	int counter;		/* 1: the ISA's counter; 0: clock_gettime */
	int guarded;
	int running;
	uint64_t last, acc;
};

static uint64_t gettime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static uint64_t now(const struct clock_state *c)
{
	uint64_t v;

	if (c->counter && !pmukit_isa_clock_read(&v))
		return v;
	return gettime_ns();
}

/*
 * Can this thread use the ISA's counter? 0, -EACCES (not readable), or
 * -EOPNOTSUPP (no fixed rate: a TSC that is not invariant). Needs the
 * SIGILL guard on Arm.
 */
static int counter_works(void)
{
	uint64_t v;
	int ret = pmukit_fault_guard_get();

	if (ret)
		return ret;
	ret = pmukit_isa_clock_read(&v);
	pmukit_fault_guard_put();
	return ret;
}

static int clock_detect(char *why, size_t len)
{
	int ret = counter_works();

	if (!ret)
		snprintf(why, len, "clock: %s at %llu Hz", pmukit_isa_clock_name,
			 (unsigned long long)pmukit_isa_clock_hz());
	else
		snprintf(why, len, "clock: clock_gettime(CLOCK_MONOTONIC_RAW), ns (%s %s)",
			 pmukit_isa_clock_name, ret == -EOPNOTSUPP ?
			 "does not tick at a fixed rate here" : "not readable");
	return 0;
}

static int clock_ncounters(void)
{
	return 1;
}

static int clock_open(struct pmukit_session *s)
{
	struct clock_state *c;
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		struct pmukit_ev *e = &s->ev[i];

		if (e->kind != PMUKIT_EV_CLOCK && e->kind != PMUKIT_EV_CYCLES &&
		    !(e->kind == PMUKIT_EV_PMU && e->code == PMUKIT_EVT_CPU_CYCLES))
			return pmukit_err(-EOPNOTSUPP, "the clock path counts time only ('clock', CPU_CYCLES or cycles), not %s: use the perf or the direct path",
					  e->name);
		/* Time passes at every level: a level left out cannot be honoured. */
		if (e->explicit_levels && (e->excl_user || e->excl_kernel))
			return pmukit_err(-EOPNOTSUPP, "%s: the clock path counts time at every level and cannot leave out %s; count %s on the perf or the direct path, or %s without a level here",
					  e->name, e->excl_user ? "user space" : "the kernel", e->name, e->base);
	}
	c = calloc(1, sizeof(*c));
	if (!c)
		return pmukit_err(-ENOMEM, "out of memory");
	s->priv = c;
	c->guarded = !pmukit_fault_guard_get();
	c->counter = c->guarded && !counter_works();
	for (i = 0; i < s->n; i++) {
		struct pmukit_ev *e = &s->ev[i];

		e->kind = PMUKIT_EV_CLOCK;
		/* The clock counts at every level: the name says what it is. */
		snprintf(e->base, sizeof(e->base), "clock(%s)",
			 c->counter ? pmukit_isa_clock_name : "ns");
		memcpy(e->name, e->base, strlen(e->base) + 1);
	}
	s->sample_width = 64;
	return 0;
}

static int clock_start(struct pmukit_session *s)
{
	struct clock_state *c = s->priv;

	c->last = now(c);
	c->running = 1;
	return 0;
}

static int clock_stop(struct pmukit_session *s)
{
	struct clock_state *c = s->priv;
	uint64_t t = now(c);

	if (c->running)
		c->acc += t - c->last;
	c->running = 0;
	return 0;
}

static int clock_reset(struct pmukit_session *s)
{
	struct clock_state *c = s->priv;

	c->acc = 0;
	c->last = now(c);
	return 0;
}

static int clock_read(struct pmukit_session *s, struct pmukit_count *counts)
{
	struct clock_state *c = s->priv;
	unsigned int i;

	if (c->running) {
		uint64_t t = now(c);

		c->acc += t - c->last;
		c->last = t;
	}
	for (i = 0; i < s->n; i++) {
		counts[i].value = counts[i].raw = c->acc;
		counts[i].enabled_ns = counts[i].running_ns = 0;
	}
	return 0;
}

static int clock_sample(struct pmukit_session *s, uint64_t *buf, size_t n)
{
	struct clock_state *c = s->priv;
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = now(c);
	return 0;
}

static void clock_close(struct pmukit_session *s)
{
	struct clock_state *c = s->priv;

	if (c && c->guarded)
		pmukit_fault_guard_put();
	free(c);
	s->priv = NULL;
}

PMUKIT_BACKEND(clock, clock, "clock", PMUKIT_PATH_CLOCK);
