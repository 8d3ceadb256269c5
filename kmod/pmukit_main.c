// SPDX-License-Identifier: GPL-2.0
/*
 * pmukit.ko: open the ARM PMU to user space on every CPU, keep it open across
 * CPU hotplug and idle resume, and give the CPUs back as found on unload.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpu_pm.h>
#include <linux/cpuhotplug.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/smp.h>

#include "pmukit_kmod.h"

struct pmukit_config pmukit_cfg;
static int pmukit_hp_state;	/* dynamic hotplug state, when registered */
static bool pmukit_pm_registered;
/* CPU PM exits (idle or suspend resume) the setup was re-applied on, per CPU. */
static DEFINE_PER_CPU(unsigned long, pmukit_pm_exits);

unsigned long pmukit_idle_exits(void)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += per_cpu(pmukit_pm_exits, cpu);
	return sum;
}

static int pmukit_cpu_online(unsigned int cpu)
{
	preempt_disable();	/* the hotplug thread is bound to @cpu already */
	pmukit_cpu_apply(true);
	pmukit_cpu_report();
	preempt_enable();
	return 0;
}

static int pmukit_cpu_offline(unsigned int cpu)
{
	preempt_disable();
	pmukit_cpu_restore();
	preempt_enable();
	return 0;
}

static void pmukit_apply_first_ipi(void *info)
{
	pmukit_cpu_apply(true);
	pmukit_cpu_report();
}

static void pmukit_rearm_ipi(void *info)
{
	pmukit_cpu_apply(false);
}

static void pmukit_restore_ipi(void *info)
{
	pmukit_cpu_restore();
}

void pmukit_rearm_all(void)
{
	cpus_read_lock();
	on_each_cpu(pmukit_rearm_ipi, NULL, 1);
	cpus_read_unlock();
}

/* Idle states that lose the PMU context: re-apply on the way out. */
static int pmukit_cpu_pm_notify(struct notifier_block *nb, unsigned long action,
				void *data)
{
	if (action == CPU_PM_EXIT || action == CPU_PM_ENTER_FAILED) {
		pmukit_cpu_apply(false);
		this_cpu_inc(pmukit_pm_exits);
	}
	return NOTIFY_OK;
}

static struct notifier_block pmukit_cpu_pm_nb = {
	.notifier_call = pmukit_cpu_pm_notify,
};

static int __init pmukit_init(void)
{
	char pmu[96];
	int ret;

	ret = pmukit_params_parse(&pmukit_cfg);
	if (ret)
		return ret;
	ret = pmukit_sysfs_init();
	if (ret)
		return ret;

	if (pmukit_cfg.hotplug) {
		/* Calls pmukit_cpu_online() on every CPU online now, and later ones. */
		ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "perf/pmukit:online",
					pmukit_cpu_online, pmukit_cpu_offline);
		if (ret < 0)
			goto err_sysfs;
		pmukit_hp_state = ret;
		ret = cpu_pm_register_notifier(&pmukit_cpu_pm_nb);
		if (ret)
			goto err_hp;
		pmukit_pm_registered = true;
	} else {
		pr_warn("hotplug=0: a CPU that goes offline and back, or resumes from a deep idle state, loses user access\n");
		cpus_read_lock();
		on_each_cpu(pmukit_apply_first_ipi, NULL, 1);
		cpus_read_unlock();
	}
	pmukit_pmu_describe(&pmukit_cfg, pmu, sizeof(pmu));
	pr_info("loaded: mode=%s, %u event counter(s) programmed, %s, %u event counters (PMCR.N), %s, kernel at %s\n",
		pmukit_mode_name(pmukit_cfg.mode), pmukit_cfg.nevents,
		pmu, pmukit_cfg.ncounters,
		pmukit_cfg.level_filter ? "level filter P/U" :
		"no level filter (counts at every level)",
		pmukit_kernel_el_name(pmukit_cfg.kernel_el));
	return 0;

err_hp:
	cpuhp_remove_state(pmukit_hp_state);	/* restores every CPU */
err_sysfs:
	pmukit_sysfs_exit();
	return ret;
}

static void __exit pmukit_exit(void)
{
	pmukit_sysfs_exit();
	if (pmukit_pm_registered)
		cpu_pm_unregister_notifier(&pmukit_cpu_pm_nb);
	if (pmukit_hp_state > 0) {
		/* Calls pmukit_cpu_offline() on every online CPU: restores it. */
		cpuhp_remove_state(pmukit_hp_state);
	} else {
		cpus_read_lock();
		on_each_cpu(pmukit_restore_ipi, NULL, 1);
		cpus_read_unlock();
	}
	pr_info("unloaded: PMU registers restored on every online CPU\n");
}

module_init(pmukit_init);
module_exit(pmukit_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The pmukit authors");
MODULE_DESCRIPTION("Open the ARM PMU (cycle and event counters) to user space");
MODULE_VERSION("0.1.0");
