// SPDX-License-Identifier: GPL-2.0
/*
 * The load report: one line for all CPUs, however many there are. A CPU
 * whose state differs (no user access, perf holding the cycle counter, a
 * different PMCR.N on big.LITTLE) is named in a CPU list.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/smp.h>

#include "pmukit_kmod.h"

struct pmukit_cpu_look {
	struct pmukit_cpu_regs regs;
	u32 held;		/* counters perf holds, the module's reserved ones aside */
};

static void pmukit_look_ipi(void *info)
{
	struct pmukit_cpu_look *l = info;

	const struct pmukit_cpu_map *m = pmukit_cpu_map(smp_processor_id());
	unsigned int i;

	pmukit_cpu_read_regs(&l->regs);
	l->held = pmukit_perf_counters(l->regs.pmcr);
	for (i = 0; i < pmukit_cfg.nevents; i++)
		if (m->counter[i] != PMUKIT_NO_COUNTER)
			l->held &= ~BIT(m->counter[i]);
	if (m->cycles != PMUKIT_NO_COUNTER)
		l->held &= ~BIT(m->cycles);
}

void pmukit_load_report(void)
{
	cpumask_var_t closed, cc_perf, more;
	struct pmukit_cpu_look l;
	unsigned int cpu, on = 0, total = 0;

	if (!zalloc_cpumask_var(&closed, GFP_KERNEL))
		return;
	if (!zalloc_cpumask_var(&cc_perf, GFP_KERNEL))
		goto out_closed;
	if (!zalloc_cpumask_var(&more, GFP_KERNEL))
		goto out_cc;
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		if (smp_call_function_single(cpu, pmukit_look_ipi, &l, 1))
			continue;
		total++;
		if (pmukit_user_access_on(l.regs.pmuserenr))
			on++;
		else
			cpumask_set_cpu(cpu, closed);
		if (l.held & PMUKIT_CYCLE_COUNTER_BIT)
			cpumask_set_cpu(cpu, cc_perf);
		if (PMUKIT_PMCR_N(l.regs.pmcr) > pmukit_cfg.ncounters)
			cpumask_set_cpu(cpu, more);
	}
	cpus_read_unlock();
	pr_info("user access on %u of %u online CPUs%s%*pbl; PMCR.N %u%s%*pbl; cycle counter %s%*pbl\n",
		on, total, cpumask_empty(closed) ? "" : ", off on cpus ",
		cpumask_pr_args(closed), pmukit_cfg.ncounters,
		cpumask_empty(more) ? "" : ", more on cpus ", cpumask_pr_args(more),
		cpumask_empty(cc_perf) ? "the module's on every CPU" :
		"held by another perf user (left as perf set it: not reset, its filter) on cpus ",
		cpumask_pr_args(cc_perf));
	free_cpumask_var(more);
out_cc:
	free_cpumask_var(cc_perf);
out_closed:
	free_cpumask_var(closed);
}
