// SPDX-License-Identifier: MIT
/*
 * The perf-mmap path: perf events of the calling thread, read without a
 * system call through each event's mmap'ed user page, by the one read of
 * it (pmukit/perf_page.h) that the inline pmukit_sample() expands too: here
 * with the times and any counter, there with the cycle counter alone.
 *
 * The kernel updates the page on this CPU (context switch, interrupt).
 * arm64 needs kernel.perf_user_access=1 and config1 bit 1 on the event;
 * x86-64 uses rdpmc; the 32-bit Arm kernel has no user access to perf's
 * counters at all.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "pmukit/perf_page.h"
#include "pmukit/pmu_fields.h"
#include "backend.h"
#include "fault.h"
#include "isa.h"
#include "isa_inline.h"
#include "perf_events.h"
#include "pmu_info.h"

struct mmap_state {
	struct pmukit_perf p;
	int guarded;
	int fallback;		/* a read faulted: use read() from now on */
};

/* Why self-read cannot work on this kernel, or 0 if it may. */
static int kernel_refuses(void)
{
	int ua;

	if (!pmukit_isa_arm_pmu)
		return 0;
	if (!pmukit_isa_cycles64_always)
		return pmukit_err(-EOPNOTSUPP, "the 32-bit Arm kernel gives user space no access to perf's counters (no perf_user_access, no counter index in the user page): use the perf path, or load pmukit.ko for the direct path");
	ua = pmukit_perf_user_access();
	if (ua < 0)
		return pmukit_err(-EOPNOTSUPP, "this kernel has no kernel.perf_user_access (arm64 self-read needs Linux 5.17 or later): use the perf path");
	if (ua == 0)
		return pmukit_err(-EACCES, "kernel.perf_user_access is 0: set kernel.perf_user_access=1 (sysctl) to let user space read counters, or use the perf path");
	return 0;
}

/* Any counter perf's page names: inline when the ISA can, else the ISA's call. */
static inline __attribute__((__always_inline__)) int counter_any(uint32_t index, uint64_t *pmc)
{
	int ret = pmukit_isa_perf_counter_fast(index, pmc);

	if (ret == -EAGAIN)
		ret = pmukit_isa_read_perf_counter(index, pmc);
	return ret;
}

struct page_times {
	uint64_t enabled, running;
};

/*
 * Inside the page's seqlock: user reads allowed (cap_user_rdpmc), and the
 * times since the page was written, from the clock perf names.
 */
static inline __attribute__((__always_inline__)) int page_times(const volatile void *page, void *arg)
{
	const volatile struct perf_event_mmap_page *pc = page;
	struct page_times *t = arg;
	uint64_t cyc, quot, rem, delta;
	uint32_t mult;
	uint16_t shift;

	if (!pc->cap_user_rdpmc)
		return -EAGAIN;
	t->enabled = pc->time_enabled;
	t->running = pc->time_running;
	if (pc->cap_user_time && !pmukit_isa_clock_read(&cyc)) {
		shift = pc->time_shift;
		mult = pc->time_mult;
		if (pc->cap_user_time_short)
			cyc = pc->time_cycles + ((cyc - pc->time_cycles) & pc->time_mask);
		quot = cyc >> shift;
		rem = cyc & (((uint64_t)1 << shift) - 1);
		delta = pc->time_offset + quot * mult + ((rem * mult) >> shift);
		t->enabled += delta;
		t->running += delta;
	}
	return 0;
}

/* The count and times of the event whose page is @pc: -EAGAIN if it is on no counter. */
static int self_read(const volatile struct perf_event_mmap_page *pc, uint64_t *count,
		     uint64_t *enabled, uint64_t *running)
{
	struct page_times t;
	int ret = pmukit_perf_page_read(pc, count, counter_any, page_times, &t);

	if (ret)
		return ret;
	*enabled = t.enabled;
	*running = t.running;
	return 0;
}

static int map_pages(struct pmukit_session *s, struct pmukit_perf *p)
{
	unsigned int i;

	p->page_size = (size_t)sysconf(_SC_PAGESIZE);
	for (i = 0; i < s->n; i++) {
		void *m = mmap(NULL, p->page_size, PROT_READ, MAP_SHARED, p->fd[i], 0);

		if (m == MAP_FAILED)
			return pmukit_err(-errno, "mmap of the perf user page of %s: %s",
					  s->ev[i].name, strerror(errno));
		p->page[i] = m;
	}
	return 0;
}

/*
 * Opens one cycles event asking for user access and looks at its page,
 * without enabling it: starting the PMU would clear the direct path's
 * PMUSERENR and PMCR.E.
 */
static int mmap_detect(char *why, size_t len)
{
	struct pmukit_session s;
	struct mmap_state m;
	int ret;

	ret = kernel_refuses();
	if (!ret) {
		memset(&s, 0, sizeof(s));
		memset(&m, 0, sizeof(m));
		s.n = 1;
		s.ev[0].kind = pmukit_isa_arm_pmu ? PMUKIT_EV_PMU : PMUKIT_EV_CYCLES;
		s.ev[0].code = PMUKIT_EVT_CPU_CYCLES;
		s.ev[0].excl_kernel = 1;
		snprintf(s.ev[0].base, sizeof(s.ev[0].base), "cycles");
		snprintf(s.ev[0].name, sizeof(s.ev[0].name), "cycles:u");
		ret = pmukit_perf_open_events(&s, &m.p, 1);
		if (!ret)
			ret = map_pages(&s, &m.p);
		if (!ret && !m.p.page[0]->cap_user_rdpmc)
			ret = pmukit_err(-EACCES, "perf opened the event but its user page does not allow reading the counter (cap_user_rdpmc 0)");
		pmukit_perf_close_events(&m.p);
	}
	if (ret) {
		snprintf(why, len, "%s", pmukit_last_error());
		return ret;
	}
	snprintf(why, len, "perf-mmap: self-read of perf's counters allowed");
	return 0;
}

/* As many events as the PMU takes in one group: each needs a counter. */
static int mmap_ncounters(void)
{
	struct pmukit_session s;
	struct pmukit_perf p;
	unsigned int n;
	int ret;

	ret = kernel_refuses();
	if (ret)
		return ret;
	memset(&s, 0, sizeof(s));
	for (n = 0; n < PMUKIT_MAX_EVENTS; n++) {
		s.ev[n].kind = pmukit_isa_arm_pmu ? PMUKIT_EV_PMU : PMUKIT_EV_CYCLES;
		s.ev[n].code = PMUKIT_EVT_CPU_CYCLES;
		s.ev[n].excl_kernel = 1;
		snprintf(s.ev[n].name, sizeof(s.ev[n].name), "cycles:u");
	}
	for (n = 1; n <= PMUKIT_MAX_EVENTS; n++) {
		s.n = n;
		memset(&p, 0, sizeof(p));
		ret = pmukit_perf_open_events(&s, &p, 1);
		pmukit_perf_close_events(&p);
		if (ret)
			return n > 1 ? (int)n - 1 : ret;
	}
	return PMUKIT_MAX_EVENTS;
}

/* Event 0 by read(), once a self-read faulted (access was taken away). */
static int mmap_sample1_read(struct pmukit_session *s, uint64_t *value)
{
	struct mmap_state *m = s->priv;

	return pmukit_perf_read_first(&m->p, value);
}

/* Event 0 the long way: any counter, read() when there is none, faults. */
static __attribute__((noinline)) int mmap_sample1_slow(struct pmukit_session *s, uint64_t *value)
{
	struct mmap_state *m = s->priv;
	uint64_t e, r;
	int ret = self_read(m->p.page[0], value, &e, &r);

	if (ret == -EACCES) {
		m->fallback = 1;
		s->sample_how = PMUKIT_SAMPLE_CALL;	/* no more faults inline */
		s->sample1 = mmap_sample1_read;
	}
	return ret ? pmukit_perf_read_first(&m->p, value) : 0;
}

/*
 * The seqlock and the counter, no call, so no stack frame: 0, or non-zero
 * for anything uncommon (no index, another counter, a fault). No
 * cap_user_rdpmc test: the kernel writes a non-zero index only where user
 * space may read the counter.
 */
static inline __attribute__((__always_inline__)) int
selfread_fast(const volatile struct perf_event_mmap_page *pc, uint64_t *value)
{
	return pmukit_perf_page_read(pc, value, pmukit_isa_perf_counter_fast, 0, 0);
}

/* Event 0: the fast read, else mmap_sample1_slow. */
static int mmap_sample1(struct pmukit_session *s, uint64_t *value)
{
	struct mmap_state *m = s->priv;

	if (__builtin_expect(selfread_fast(m->p.page[0], value), 0))
		return mmap_sample1_slow(s, value);
	return 0;
}

static int mmap_open(struct pmukit_session *s)
{
	struct mmap_state *m;
	unsigned int i;
	int ret;

	ret = kernel_refuses();
	if (ret)
		return ret;
	if (s->flags & PMUKIT_F_CHILD)
		return pmukit_err(-EOPNOTSUPP, "perf-mmap reads the calling thread's counters only: use the perf path for a command");
	for (i = 0; i < s->n; i++)
		if (s->ev[i].kind == PMUKIT_EV_SOFTWARE)
			return pmukit_err(-EOPNOTSUPP, "%s is a perf software event, which has no counter to read from user space: use the perf path",
					  s->ev[i].name);
	m = calloc(1, sizeof(*m));
	if (!m)
		return pmukit_err(-ENOMEM, "out of memory");
	s->priv = m;
	ret = pmukit_perf_open_events(s, &m->p, 1);
	if (ret)
		return ret;
	ret = map_pages(s, &m->p);
	if (ret)
		return ret;
	ret = pmukit_fault_guard_get();
	if (ret)
		return pmukit_err(ret, "cannot install the SIGILL handler: %s", strerror(-ret));
	m->guarded = 1;
	s->sample1 = mmap_sample1;
#if defined(__aarch64__)
	/* The inline pmukit_sample() reads the page itself (index 32) when it can. */
	s->sample_page = m->p.page[0];
	s->sample_how = PMUKIT_SAMPLE_PERF_PAGE;
#endif
	s->sample_width = 64;
	return 0;
}

static int mmap_enable(struct pmukit_session *s, int on)
{
	struct mmap_state *m = s->priv;
	int ret = pmukit_perf_enable(&m->p, s->n, on);

	return ret ? pmukit_err(ret, "%s the perf events: %s", on ? "enabling" : "disabling",
				strerror(-ret)) : 0;
}

static int mmap_start(struct pmukit_session *s)
{
	return mmap_enable(s, 1);
}

static int mmap_stop(struct pmukit_session *s)
{
	return mmap_enable(s, 0);
}

static int mmap_reset(struct pmukit_session *s)
{
	struct mmap_state *m = s->priv;
	int ret = pmukit_perf_reset_events(s, &m->p);

	return ret ? pmukit_err(ret, "resetting the perf events: %s", strerror(-ret)) : 0;
}

/* Self-read of every event; read() for all when one is not on a counter. */
static int mmap_read(struct pmukit_session *s, struct pmukit_count *counts)
{
	struct mmap_state *m = s->priv;
	uint64_t c, e, r;
	unsigned int i;

	for (i = 0; i < s->n && !m->fallback; i++) {
		int ret = self_read(m->p.page[i], &c, &e, &r);

		if (ret == -EACCES)
			m->fallback = 1;
		if (ret)
			return pmukit_perf_read_events(s, &m->p, counts);
		counts[i].raw = c;
		counts[i].enabled_ns = e - m->p.base_enabled[i];
		counts[i].running_ns = r - m->p.base_running[i];
		counts[i].value = pmukit_perf_scale(c, counts[i].enabled_ns, counts[i].running_ns);
	}
	return m->fallback ? pmukit_perf_read_events(s, &m->p, counts) : 0;
}

/* The fast read inlined in the loop: the seqlock is all a read costs. */
static int mmap_sample(struct pmukit_session *s, uint64_t *buf, size_t n)
{
	struct mmap_state *m = s->priv;
	const volatile struct perf_event_mmap_page *pc = m->p.page[0];
	size_t i;
	int ret;

	for (i = 0; i < n; i++) {
		if (__builtin_expect(!m->fallback && !selfread_fast(pc, &buf[i]), 1))
			continue;
		ret = s->sample1(s, &buf[i]);
		if (ret)
			return pmukit_err(ret, "reading the perf events: %s", strerror(-ret));
	}
	return 0;
}

static void mmap_close(struct pmukit_session *s)
{
	struct mmap_state *m = s->priv;

	if (!m)
		return;
	pmukit_perf_close_events(&m->p);
	pmukit_backend_release(s, m->guarded);
}

PMUKIT_BACKEND(perf_mmap, mmap, "perf-mmap", PMUKIT_PATH_PERF_MMAP);
