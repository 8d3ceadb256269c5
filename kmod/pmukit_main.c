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

#include <pmukit/kmod_dev.h>

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

/* True once the load has finished: a later CPU's failure must not stop its bring-up. */
static bool pmukit_loaded;

/*
 * Set up one CPU: mode=read reserves its counters through perf first (this
 * sleeps), then the registers are written with interrupts off.
 */
static int pmukit_cpu_up(unsigned int cpu)
{
	int ret = 0;

	/* mode=read on ARMv7: EL0 reads nothing, so nothing to reserve. */
	if (pmukit_cfg.mode == PMUKIT_MODE_READ && pmukit_cfg.pmuv3) {
		ret = pmukit_reserve_cpu(cpu);
		if (ret == -ENOENT)
			ret = 0;	/* perf has no PMU here: the module programs them */
	}
	return ret;
}

static int pmukit_cpu_online(unsigned int cpu)
{
	int ret = pmukit_cpu_check();

	if (ret) {
		pr_warn("cpu%u came online with a PMU unlike the others (see above): user access stays off there\n",
			cpu);
		return pmukit_loaded ? 0 : ret;
	}
	ret = pmukit_cpu_up(cpu);

	if (ret && !pmukit_loaded)
		return ret;	/* the load fails and gives every CPU back */
	if (ret)
		pr_warn("cpu%u came online without the module's mode=read counters (%d): see the message above\n",
			cpu, ret);
	local_irq_disable();	/* the hotplug thread is bound to @cpu already */
	pmukit_cpu_setup();
	local_irq_enable();
	return 0;
}

/* Close EL0 access before the CPU goes: nothing re-opens it (not active). */
static int pmukit_cpu_offline(unsigned int cpu)
{
	local_irq_disable();
	/* A process counting it whole keeps what it counted: its row says offline. */
	pmukit_task_cpu_down();
	pmukit_cpu_giveback();
	local_irq_enable();
	pmukit_release_cpu(cpu);
	return 0;
}

static void pmukit_setup_ipi(void *info)
{
	pmukit_cpu_setup();
}

static void pmukit_rearm_ipi(void *info)
{
	pmukit_cpu_reapply();
}

static void pmukit_giveback_ipi(void *info)
{
	pmukit_cpu_giveback();
}

void pmukit_rearm_all(void)
{
	cpus_read_lock();
	on_each_cpu(pmukit_rearm_ipi, NULL, 1);
	cpus_read_unlock();
}

/* Idle states that lose the PMU context: keep on the way in, re-apply on the way out. */
static int pmukit_cpu_pm_notify(struct notifier_block *nb, unsigned long action,
				void *data)
{
	if (action == CPU_PM_ENTER)
		pmukit_cpu_idle_enter();
	if (action == CPU_PM_EXIT || action == CPU_PM_ENTER_FAILED) {
		pmukit_cpu_reapply();
		this_cpu_inc(pmukit_pm_exits);
	}
	return NOTIFY_OK;
}

static struct notifier_block pmukit_cpu_pm_nb = {
	.notifier_call = pmukit_cpu_pm_notify,
};

/* hotplug=0: every CPU online now, once; a CPU that comes back stays closed. */
static int pmukit_setup_online_cpus(void)
{
	unsigned int cpu;
	int ret = 0;

	pr_warn("hotplug=0: a CPU that goes offline and back, or resumes from a deep idle state, loses user access\n");
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		ret = pmukit_cpu_up(cpu);
		if (ret)
			break;
	}
	if (!ret)
		on_each_cpu(pmukit_setup_ipi, NULL, 1);
	else
		for_each_possible_cpu(cpu)
			pmukit_release_cpu(cpu);
	cpus_read_unlock();
	return ret;
}

/*
 * hotplug=0: a CPU that went offline since the load kept its reserved perf
 * events (nothing released them), so they are released on every possible CPU.
 */
static void pmukit_giveback_online_cpus(void)
{
	unsigned int cpu;

	cpus_read_lock();
	on_each_cpu(pmukit_giveback_ipi, NULL, 1);
	for_each_possible_cpu(cpu)
		pmukit_release_cpu(cpu);
	cpus_read_unlock();
}

static const char *pmukit_mode_allows(const struct pmukit_config *cfg)
{
	if (cfg->mode == PMUKIT_MODE_READ && !cfg->pmuv3)
		return "user space has no access (this PMU has no read-only user access); a process that opens /dev/" PMUKIT_DEV_NAME " may program the counters perf does not hold, only while it runs";
	if (cfg->mode == PMUKIT_MODE_READ)
		return "user space may read the module's counters (and any event counter) but not program them; a process that opens /dev/" PMUKIT_DEV_NAME " may program the counters perf and the module do not hold, only while it runs";
	return "any user may program the counters, including to count kernel (EL1/EL2) activity: a side channel, and change perf's; the default, mode=read, allows reading only, and full access to a process that opens /dev/" PMUKIT_DEV_NAME;
}

/*
 * Order: parameters, the CPU PM notifier (it does nothing on a CPU not yet
 * set up), every CPU, and the sysfs files last, so no rearm can come before
 * the CPUs are set up.
 */
static int __init pmukit_init(void)
{
	char pmu[96];
	int ret;

	ret = pmukit_params_parse(&pmukit_cfg);
	if (ret)
		return ret;

	if (pmukit_cfg.hotplug) {
		ret = cpu_pm_register_notifier(&pmukit_cpu_pm_nb);
		if (ret)
			return ret;
		pmukit_pm_registered = true;
		/* Calls pmukit_cpu_online() on every CPU online now, and later ones. */
		ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "perf/pmukit:online",
					pmukit_cpu_online, pmukit_cpu_offline);
		if (ret < 0)
			goto err_pm;
		pmukit_hp_state = ret;
	} else {
		ret = pmukit_setup_online_cpus();
		if (ret)
			return ret;
	}
	ret = pmukit_task_init();
	if (ret)
		goto err_cpus;
	ret = pmukit_sysfs_init();
	if (ret)
		goto err_task;
	pmukit_loaded = true;

	pmukit_pmu_describe(&pmukit_cfg, pmu, sizeof(pmu));
	pr_info("loaded: %s, %u event(s) %s, %s, %u event counters (PMCR.N), %s, kernel at %s\n",
		pmukit_mode_param(pmukit_cfg.mode), pmukit_cfg.nevents,
		pmukit_cfg.mode == PMUKIT_MODE_READ ?
		"reserved (through perf where it drives this PMU)" : "programmed",
		pmu, pmukit_cfg.ncounters,
		pmukit_cfg.level_filter ? "level filter P/U" :
		"no level filter (counts at every level)",
		pmukit_kernel_el_name(pmukit_cfg.kernel_el));
	pmukit_load_report();
	pr_info("%s: %s\n", pmukit_mode_param(pmukit_cfg.mode), pmukit_mode_allows(&pmukit_cfg));
	return 0;

err_task:
	pmukit_task_exit();
err_cpus:
	if (pmukit_hp_state > 0)
		cpuhp_remove_state(pmukit_hp_state);	/* gives every CPU back */
	else
		pmukit_giveback_online_cpus();
	pmukit_hp_state = 0;
err_pm:
	if (pmukit_pm_registered)
		cpu_pm_unregister_notifier(&pmukit_cpu_pm_nb);
	pmukit_pm_registered = false;
	return ret;
}

/* The reverse: sysfs first (no rearm from now on), the notifier, the CPUs. */
static void __exit pmukit_exit(void)
{
	pmukit_sysfs_exit();
	pmukit_task_exit();
	if (pmukit_pm_registered)
		cpu_pm_unregister_notifier(&pmukit_cpu_pm_nb);
	if (pmukit_hp_state > 0)
		/* Calls pmukit_cpu_offline() on every online CPU: gives it back. */
		cpuhp_remove_state(pmukit_hp_state);
	else
		pmukit_giveback_online_cpus();
	if (pmukit_reserved_count())
		pr_warn("unloaded with %u reserved perf event(s) not released: a leak\n",
			pmukit_reserved_count());
	pr_info("unloaded: user access closed and the module's PMU settings given back on every online CPU\n");
}

module_init(pmukit_init);
module_exit(pmukit_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The pmukit authors");
MODULE_DESCRIPTION("Open the ARM PMU (cycle and event counters) to user space");
MODULE_VERSION(PMUKIT_VERSION);	/* VERSION, passed by the Kbuild */
