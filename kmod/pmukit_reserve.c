// SPDX-License-Identifier: GPL-2.0
/*
 * mode=read: the module's counters reserved through perf. Each events= entry
 * and a cycle count become pinned per-CPU kernel events, so perf places them,
 * never gives their counters to another event, and keeps them counting across
 * idle states; EL0 reads them where perf placed them (cpu<N>/counters).
 *
 * Each is a 64-bit ("long", perf_event_attr.config1 bit 0) event: before
 * PMUv3p5 that is two chained 32-bit counters whose low half runs from 0
 * without the kernel ever rewriting it (a 32-bit counting event is reloaded
 * with 2^31 at every overflow interrupt, which would break EL0's deltas).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/err.h>
#include <linux/perf_event.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/string.h>
#if __has_include(<linux/perf/arm_pmuv3.h>)
#include <linux/perf/arm_pmuv3.h>
#endif

#include "pmukit_kmod.h"

#define PMUKIT_ATTR_LONG	1	/* config1 bit 0: a 64-bit count */

/* events= entries, then the cycle count; NULL where none. */
struct pmukit_reserved {
	struct perf_event *ev[PMUKIT_MAX_EVENT_COUNTERS + 1];
	struct perf_event *icntr;	/* holds the instruction counter (below) */
	bool on;
	bool perf_beside;	/* perf drives this PMU, without 64-bit events */
};

static DEFINE_PER_CPU(struct pmukit_reserved, pmukit_reserved);
/* Every perf event the module holds, on all CPUs: the unload checks it is 0. */
static atomic_t pmukit_nreserved = ATOMIC_INIT(0);

unsigned int pmukit_reserved_count(void)
{
	return atomic_read(&pmukit_nreserved);
}

static void pmukit_release(struct perf_event **ev)
{
	if (!*ev)
		return;
	perf_event_release_kernel(*ev);
	*ev = NULL;
	atomic_dec(&pmukit_nreserved);
}

static struct perf_event *pmukit_create(unsigned int cpu, u32 code, u32 filter)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_RAW,
		.size = sizeof(attr),
		.config = code,
		.config1 = PMUKIT_ATTR_LONG,
		.pinned = 1,
		.exclude_user = !!(filter & PMUKIT_PMEVTYPER_U_BIT),
		.exclude_kernel = !!(filter & PMUKIT_PMEVTYPER_P_BIT),
		/* A kernel at EL1 does not count EL2 (pmu_levels.h). */
		.exclude_hv = pmukit_cfg.kernel_el == 1,
	};

	struct perf_event *ev = perf_event_create_kernel_counter(&attr, cpu, NULL, NULL, NULL);

	if (!IS_ERR(ev))
		atomic_inc(&pmukit_nreserved);
	return ev;
}

/* Reserved event @i's number: events= entry @i, or CPU_CYCLES after the last. */
u32 pmukit_reserved_code(unsigned int i)
{
	return i == pmukit_cfg.nevents ? PMUKIT_EVT_CPU_CYCLES : pmukit_cfg.events[i].code;
}

void pmukit_release_cpu(unsigned int cpu)
{
	struct pmukit_reserved *r = per_cpu_ptr(&pmukit_reserved, cpu);
	unsigned int i;

	r->on = false;
	for (i = 0; i <= PMUKIT_MAX_EVENT_COUNTERS; i++)
		pmukit_release(&r->ev[i]);
	pmukit_release(&r->icntr);
}

/*
 * FEAT_PMUv3_ICNTR (Linux 6.12 on): perf puts an INST_RETIRED event on the
 * fixed instruction counter, index 32, while it is free. That counter is
 * outside what the module gives EL0 (event counters 0..30 and the cycle
 * counter, which cpu<N>/counters names and the library reads), so the event
 * stays there, holding the counter for perf and never touched by the
 * module, and the entry is reserved again: perf then gives it an event
 * counter. Return: true when @ev was kept so.
 */
static bool pmukit_hold_icntr(struct pmukit_reserved *r, unsigned int cpu,
			      struct perf_event *ev)
{
#ifdef ARMV8_PMU_INSTR_IDX
	if (ev->hw.idx != ARMV8_PMU_INSTR_IDX || r->icntr)
		return false;
	r->icntr = ev;
	pr_info_once("cpu%u: perf placed INST_RETIRED on the instruction counter (FEAT_PMUv3_ICNTR), which EL0 is not given: that event holds it, and the entry is reserved again in an event counter\n",
		     cpu);
	return true;
#else
	return false;
#endif
}

/*
 * Reserve the module's counters on @cpu. Return: 0; -ENOENT when perf has
 * no PMU for this CPU (the module then programs the counters itself);
 * -EBUSY when perf could not give every event a counter.
 */
int pmukit_reserve_cpu(unsigned int cpu)
{
	struct pmukit_reserved *r = per_cpu_ptr(&pmukit_reserved, cpu);
	struct perf_event *ev;
	unsigned int i;
	int ret = 0;

	r->perf_beside = false;
	for (i = 0; i <= pmukit_cfg.nevents && !ret; i++) {
		bool cycles = i == pmukit_cfg.nevents;
		u32 code = pmukit_reserved_code(i);

		ev = pmukit_create(cpu, code, cycles ? 0 : pmukit_cfg.events[i].filter);
		if (!IS_ERR(ev) && pmukit_hold_icntr(r, cpu, ev))
			ev = pmukit_create(cpu, code, cycles ? 0 : pmukit_cfg.events[i].filter);
		if (IS_ERR(ev)) {
			ret = PTR_ERR(ev);
			if (ret != -ENOENT && ret != -EOPNOTSUPP)
				pr_err("cpu%u: perf refused event 0x%02x (%d)\n", cpu, code, ret);
			if (ret == -EOPNOTSUPP)
				ret = -ENOENT;	/* no PMU perf can drive here */
			break;
		}
		r->ev[i] = ev;
		/*
		 * Only the PMUv3 driver ("armv8_*" PMUs) makes 64-bit events; the
		 * ARMv7 one (a 32-bit kernel before 6.4 on an ARMv8 core) ignores
		 * config1 and would reload the counter at every 2^31 events.
		 */
		if (strncmp(ev->pmu->name, "armv8", 5)) {
			pr_info_once("cpu%u: perf's PMU %s has no 64-bit events: the module programs its counters from the highest down (a perf session using that many counters would collide)\n",
				cpu, ev->pmu->name);
			r->perf_beside = true;
			ret = -ENOENT;
			break;
		}
		if (ev->state != PERF_EVENT_STATE_ACTIVE && cycles) {
			/* Only the extra cycle count: CPU_CYCLES then needs events=0x11:uk. */
			pmukit_release(&r->ev[i]);
		} else if (ev->state != PERF_EVENT_STATE_ACTIVE) {
			pr_err("cpu%u: perf holds the counters event 0x%02x needs (64-bit events take two before PMUv3p5): give fewer events=, or stop the perf sessions on this CPU\n",
			       cpu, code);
			ret = -EBUSY;
		}
	}
	if (ret)
		pmukit_release_cpu(cpu);
	else
		r->on = true;
	return ret;
}

bool pmukit_perf_beside(unsigned int cpu)
{
	return per_cpu(pmukit_reserved, cpu).perf_beside;
}

bool pmukit_reserved_on(unsigned int cpu)
{
	return per_cpu(pmukit_reserved, cpu).on;
}

/*
 * The counter EL0 reads for reserved event @i (pmukit_cfg.nevents: the cycle
 * count) on @cpu: an event counter (the high half of a chained pair),
 * PMUKIT_CYCLE_COUNTER_IDX, or PMUKIT_NO_COUNTER. perf's index is the counter number from Linux 6.12 (it
 * names the cycle counter ARMV8_PMU_CYCLE_IDX); before, index 0 is the cycle
 * counter and index n counter n - 1. The caller checks the counter's type.
 */
u32 pmukit_reserved_counter(unsigned int cpu, unsigned int i)
{
	struct perf_event *ev = per_cpu(pmukit_reserved, cpu).ev[i];
	int idx = ev ? ev->hw.idx : -1;
	u32 n;

	if (idx < 0)
		return PMUKIT_NO_COUNTER;
#ifdef ARMV8_PMU_CYCLE_IDX
	if (idx == ARMV8_PMU_CYCLE_IDX)
		return PMUKIT_CYCLE_COUNTER_IDX;
	n = idx;
#else
	if (idx == 0)
		return PMUKIT_CYCLE_COUNTER_IDX;
	n = idx - 1;
#endif
	/* Past the event counters (the instruction counter): none EL0 is given. */
	return n < PMUKIT_MAX_EVENT_COUNTERS ? n : PMUKIT_NO_COUNTER;
}
