// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/pmukit/: mode, events, kernel_el, rearm, selftest, and cpu<N>/ with the
 * PMU registers read on that CPU.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/sysfs.h>

#include "pmukit_kmod.h"

static struct kobject *pmukit_kobj;

/* x100 fixed point as "int.frac" parts: 64-bit division needs div_u64 on arm. */
struct pmukit_fixed {
	u64 whole;
	u32 frac;
};

static struct pmukit_fixed pmukit_fixed(u64 x100)
{
	struct pmukit_fixed f;

	f.whole = div_u64_rem(x100, 100, &f.frac);
	return f;
}

static struct kobject **pmukit_cpu_kobjs;
static struct pmukit_selftest_result *pmukit_results;	/* one per possible CPU */
static bool pmukit_selftest_ran;
static DEFINE_MUTEX(pmukit_lock);

static ssize_t mode_show(struct kobject *kobj, struct kobj_attribute *attr,
			 char *buf)
{
	return sysfs_emit(buf, "%s\n", pmukit_mode_name(pmukit_cfg.mode));
}

static ssize_t events_show(struct kobject *kobj, struct kobj_attribute *attr,
			   char *buf)
{
	int len = 0;
	unsigned int i;

	for (i = 0; i < pmukit_cfg.nevents; i++) {
		const struct pmukit_event *ev = &pmukit_cfg.events[i];

		len += sysfs_emit_at(buf, len, "%s0x%02x%s", i ? "," : "", ev->code,
				     pmukit_event_levels(ev));
	}
	len += sysfs_emit_at(buf, len, "\n");
	return len;
}

/* The level the kernel runs at: 2 (VHE) or 1; the library reads it. */
static ssize_t kernel_el_show(struct kobject *kobj, struct kobj_attribute *attr,
			      char *buf)
{
	return sysfs_emit(buf, "%u\n", pmukit_cfg.kernel_el);
}

/* How often the CPU PM notifier re-applied the setup (idle, suspend resume). */
static ssize_t idle_exits_show(struct kobject *kobj, struct kobj_attribute *attr,
			       char *buf)
{
	return sysfs_emit(buf, "%lu\n", pmukit_idle_exits());
}

static ssize_t rearm_store(struct kobject *kobj, struct kobj_attribute *attr,
			   const char *buf, size_t count)
{
	bool v;

	if (kstrtobool(buf, &v) || !v)
		return -EINVAL;
	mutex_lock(&pmukit_lock);
	pmukit_rearm_all();
	mutex_unlock(&pmukit_lock);
	return count;
}

static void pmukit_selftest_ipi(void *info)
{
	pmukit_selftest_cpu(info);
}

static ssize_t selftest_store(struct kobject *kobj, struct kobj_attribute *attr,
			      const char *buf, size_t count)
{
	struct pmukit_selftest_result *r;
	struct pmukit_fixed mean, sd;
	bool v;
	int cpu;

	if (kstrtobool(buf, &v) || !v)
		return -EINVAL;
	mutex_lock(&pmukit_lock);
	cpus_read_lock();
	for_each_possible_cpu(cpu)
		pmukit_results[cpu].valid = false;
	for_each_online_cpu(cpu) {
		r = &pmukit_results[cpu];
		smp_call_function_single(cpu, pmukit_selftest_ipi, r, 1);
		if (!r->valid) {
			pr_info("selftest cpu%d: no usable samples (wrapped %u, outliers %u)\n",
				cpu, r->wrapped, r->outliers);
			continue;
		}
		mean = pmukit_fixed(r->mean_x100);
		sd = pmukit_fixed(r->sd_x100);
		pr_info("selftest cpu%d: %u back-to-back cycle-counter reads: min %llu max %llu mean %llu.%02u sd %llu.%02u (wrapped %u, outliers %u)\n",
			cpu, r->samples, r->min, r->max, mean.whole, mean.frac,
			sd.whole, sd.frac, r->wrapped, r->outliers);
	}
	cpus_read_unlock();
	pmukit_selftest_ran = true;
	mutex_unlock(&pmukit_lock);
	return count;
}

static ssize_t selftest_show(struct kobject *kobj, struct kobj_attribute *attr,
			     char *buf)
{
	struct pmukit_selftest_result *r;
	struct pmukit_fixed mean, sd;
	int len = 0, cpu;

	mutex_lock(&pmukit_lock);
	if (!pmukit_selftest_ran) {
		len = sysfs_emit(buf, "not run: write 1 to this file to run it\n");
		goto out;
	}
	for_each_possible_cpu(cpu) {
		r = &pmukit_results[cpu];
		if (!r->valid)
			continue;
		mean = pmukit_fixed(r->mean_x100);
		sd = pmukit_fixed(r->sd_x100);
		len += sysfs_emit_at(buf, len,
				     "cpu%d samples=%u min=%llu max=%llu mean=%llu.%02u sd=%llu.%02u wrapped=%u outliers=%u\n",
				     cpu, r->samples, r->min, r->max, mean.whole,
				     mean.frac, sd.whole, sd.frac, r->wrapped,
				     r->outliers);
	}
out:
	mutex_unlock(&pmukit_lock);
	return len;
}

#ifdef CONFIG_ARM
/*
 * ID_DFR0 and ID_PFR1 as read at load: PL1-only registers the library needs
 * for pmu_id.h's decisions (the PMU version, the level filter).
 */
static ssize_t id_dfr0_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "0x%08x\n", pmukit_cfg.id_dfr0);
}

static ssize_t id_pfr1_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "0x%08x\n", pmukit_cfg.id_pfr1);
}

static struct kobj_attribute id_dfr0_attr = __ATTR_RO(id_dfr0);
static struct kobj_attribute id_pfr1_attr = __ATTR_RO(id_pfr1);
#endif

static struct kobj_attribute mode_attr = __ATTR_RO(mode);
static struct kobj_attribute events_attr = __ATTR_RO(events);
static struct kobj_attribute kernel_el_attr = __ATTR_RO(kernel_el);
static struct kobj_attribute rearm_attr = __ATTR_WO(rearm);
static struct kobj_attribute idle_exits_attr = __ATTR_RO(idle_exits);
static struct kobj_attribute selftest_attr = __ATTR_RW(selftest);

static struct attribute *pmukit_attrs[] = {
	&mode_attr.attr,
	&events_attr.attr,
	&kernel_el_attr.attr,
	&rearm_attr.attr,
	&idle_exits_attr.attr,
	&selftest_attr.attr,
#ifdef CONFIG_ARM
	&id_dfr0_attr.attr,
	&id_pfr1_attr.attr,
#endif
	NULL,
};

static const struct attribute_group pmukit_group = {
	.attrs = pmukit_attrs,
};

/* cpu<N>/: registers read on CPU N at the time of the read. */

static void pmukit_read_regs_ipi(void *info)
{
	pmukit_cpu_read_regs(info);
}

static int pmukit_cpu_regs_of(struct kobject *kobj, struct pmukit_cpu_regs *regs)
{
	int cpu, ret;

	if (kstrtoint(kobject_name(kobj) + 3, 10, &cpu))
		return -EINVAL;
	cpus_read_lock();
	ret = cpu_online(cpu) ?
	      smp_call_function_single(cpu, pmukit_read_regs_ipi, regs, 1) :
	      -ENODEV;	/* an offline CPU has no registers to read */
	cpus_read_unlock();
	return ret;
}

#define PMUKIT_CPU_REG_ATTR(field)						\
static ssize_t field##_show(struct kobject *kobj,				\
			    struct kobj_attribute *attr, char *buf)		\
{										\
	struct pmukit_cpu_regs regs;						\
	int ret = pmukit_cpu_regs_of(kobj, &regs);				\
										\
	return ret ? ret : sysfs_emit(buf, "0x%08x\n", regs.field);		\
}										\
static struct kobj_attribute field##_attr = __ATTR_RO(field)

PMUKIT_CPU_REG_ATTR(pmuserenr);
PMUKIT_CPU_REG_ATTR(pmcr);
PMUKIT_CPU_REG_ATTR(pmcntenset);
PMUKIT_CPU_REG_ATTR(pmceid0);	/* 0 before PMUv3 */
PMUKIT_CPU_REG_ATTR(pmceid1);

static ssize_t user_access_show(struct kobject *kobj,
				struct kobj_attribute *attr, char *buf)
{
	struct pmukit_cpu_regs regs;
	int ret = pmukit_cpu_regs_of(kobj, &regs);

	return ret ? ret : sysfs_emit(buf, "%s\n",
				      pmukit_user_access_on(regs.pmuserenr) ? "on" : "off");
}
static struct kobj_attribute user_access_attr = __ATTR_RO(user_access);

static struct attribute *pmukit_cpu_attrs[] = {
	&pmuserenr_attr.attr,
	&pmcr_attr.attr,
	&pmcntenset_attr.attr,
	&pmceid0_attr.attr,
	&pmceid1_attr.attr,
	&user_access_attr.attr,
	NULL,
};

static const struct attribute_group pmukit_cpu_group = {
	.attrs = pmukit_cpu_attrs,
};

void pmukit_sysfs_exit(void)
{
	int cpu;

	if (pmukit_cpu_kobjs) {
		for_each_possible_cpu(cpu)
			kobject_put(pmukit_cpu_kobjs[cpu]);	/* NULL-safe */
		kfree(pmukit_cpu_kobjs);
		pmukit_cpu_kobjs = NULL;
	}
	kobject_put(pmukit_kobj);
	pmukit_kobj = NULL;
	kfree(pmukit_results);
	pmukit_results = NULL;
}

int pmukit_sysfs_init(void)
{
	char name[16];
	int cpu, ret;

	pmukit_results = kcalloc(nr_cpu_ids, sizeof(*pmukit_results), GFP_KERNEL);
	pmukit_cpu_kobjs = kcalloc(nr_cpu_ids, sizeof(*pmukit_cpu_kobjs), GFP_KERNEL);
	pmukit_kobj = kobject_create_and_add("pmukit", kernel_kobj);
	if (!pmukit_results || !pmukit_cpu_kobjs || !pmukit_kobj) {
		ret = -ENOMEM;
		goto err;
	}
	ret = sysfs_create_group(pmukit_kobj, &pmukit_group);
	if (ret)
		goto err;
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "cpu%d", cpu);
		pmukit_cpu_kobjs[cpu] = kobject_create_and_add(name, pmukit_kobj);
		if (!pmukit_cpu_kobjs[cpu]) {
			ret = -ENOMEM;
			goto err;
		}
		ret = sysfs_create_group(pmukit_cpu_kobjs[cpu], &pmukit_cpu_group);
		if (ret)
			goto err;
	}
	return 0;
err:
	pmukit_sysfs_exit();
	return ret;
}
