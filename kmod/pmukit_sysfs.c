// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/pmukit/: mode, events, kernel_el, rearm, selftest, and cpu<N>/ with the
 * PMU registers read on that CPU.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/capability.h>
#include <linux/user_namespace.h>
#include <linux/cpumask.h>
#include <linux/jiffies.h>
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

/* One CPU's selftest result as a line in @buf; "" where there is none. */
static void pmukit_selftest_line_to(char *buf, size_t size, int cpu)
{
	const struct pmukit_selftest_result *r = &pmukit_results[cpu];
	struct pmukit_fixed mean, sd;

	if (r->stopped) {
		snprintf(buf, size, "cpu%d stopped: the cycle counter does not count (PMCR 0x%08x: E=%u, PMCNTENSET 0x%08x: C=%u), as a perf session can leave it: echo 1 > /sys/kernel/pmukit/rearm\n",
			 cpu, r->pmcr, (u32)(r->pmcr & PMUKIT_PMCR_E_BIT),
			 r->pmcntenset, !!(r->pmcntenset & PMUKIT_CYCLE_COUNTER_BIT));
		return;
	}
	if (r->filtered) {
		snprintf(buf, size, "cpu%d filtered: the cycle counter does not count the kernel's level here (PMCCFILTR 0x%08x, set by the perf event holding it)\n",
			 cpu, r->pmccfiltr);
		return;
	}
	if (!r->valid)
		return;
	mean = pmukit_fixed(r->mean_x100);
	sd = pmukit_fixed(r->sd_x100);
	snprintf(buf, size,
		 "cpu%d samples=%u min=%llu max=%llu mean=%llu.%02u sd=%llu.%02u wrapped=%u outliers=%u\n",
		 cpu, r->samples, r->min, r->max, mean.whole, mean.frac,
		 sd.whole, sd.frac, r->wrapped, r->outliers);
}

static ssize_t selftest_store(struct kobject *kobj, struct kobj_attribute *attr,
			      const char *buf, size_t count)
{
	char line[256];
	bool v;
	int cpu;

	if (kstrtobool(buf, &v) || !v)
		return -EINVAL;
	mutex_lock(&pmukit_lock);
	cpus_read_lock();
	for_each_possible_cpu(cpu)
		memset(&pmukit_results[cpu], 0, sizeof(pmukit_results[cpu]));
	for_each_online_cpu(cpu) {
		smp_call_function_single(cpu, pmukit_selftest_ipi, &pmukit_results[cpu], 1);
		/* sysfs_emit_at() wants a page; the log line is one CPU's. */
		line[0] = '\0';
		if (pmukit_results[cpu].valid || pmukit_results[cpu].stopped ||
		    pmukit_results[cpu].filtered)
			pmukit_selftest_line_to(line, sizeof(line), cpu);
		else
			snprintf(line, sizeof(line), "cpu%d no usable samples (wrapped %u, outliers %u)\n",
				 cpu, pmukit_results[cpu].wrapped, pmukit_results[cpu].outliers);
		pr_info("selftest %s", line);
	}
	cpus_read_unlock();
	pmukit_selftest_ran = true;
	mutex_unlock(&pmukit_lock);
	return count;
}

/*
 * Every CPU's line while they fit in the page; then where the rest is
 * (cpu<N>/selftest holds one CPU's line, for any number of CPUs).
 */
static ssize_t selftest_show(struct kobject *kobj, struct kobj_attribute *attr,
			     char *buf)
{
	char line[256];
	int len = 0, cpu, left = 0;

	mutex_lock(&pmukit_lock);
	if (!pmukit_selftest_ran) {
		len = sysfs_emit(buf, "not run: write 1 to this file to run it\n");
		goto out;
	}
	for_each_possible_cpu(cpu) {
		line[0] = '\0';
		pmukit_selftest_line_to(line, sizeof(line), cpu);
		if (!line[0])
			continue;
		if (left || len + strlen(line) + 64 > PAGE_SIZE) {
			left++;
			continue;
		}
		len += sysfs_emit_at(buf, len, "%s", line);
	}
	if (left)
		len += sysfs_emit_at(buf, len, "(%d more CPUs: see cpu<N>/selftest)\n", left);
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
static struct kobj_attribute rearm_attr = __ATTR_WO(rearm);	/* 0200: root */
static struct kobj_attribute idle_exits_attr = __ATTR_RO(idle_exits);
static struct kobj_attribute selftest_attr = __ATTR_RW(selftest);	/* 0644: root runs it */

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

/*
 * cpu<N>/: registers read on CPU N. Root reads them live (an IPI to CPU N);
 * anyone else gets a reading at most PMUKIT_SNAPSHOT_MS old, so no
 * unprivileged loop can keep interrupting a CPU (an isolated one included)
 * more than a few times a second.
 */
#define PMUKIT_SNAPSHOT_MS	200

struct pmukit_snapshot {
	struct pmukit_cpu_regs regs;
	unsigned long at;	/* jiffies of the reading */
	bool valid;
};

static struct pmukit_snapshot *pmukit_snapshots;	/* one per possible CPU */

static void pmukit_read_regs_ipi(void *info)
{
	pmukit_cpu_read_regs(info);
}

static int pmukit_cpu_of(struct kobject *kobj)
{
	int cpu;

	if (kstrtoint(kobject_name(kobj) + 3, 10, &cpu) || cpu < 0 || cpu >= nr_cpu_ids)
		return -EINVAL;
	return cpu;
}

/*
 * Whoever may watch the PMU anyway (perf's rule: CAP_PERFMON, or
 * CAP_SYS_ADMIN before Linux 5.8) gets live readings. Asked without an audit
 * record: a read by anyone else is not a denied access, it gets the snapshot.
 */
static bool pmukit_reader_privileged(void)
{
#ifdef CAP_PERFMON
	if (ns_capable_noaudit(&init_user_ns, CAP_PERFMON))
		return true;
#endif
	return ns_capable_noaudit(&init_user_ns, CAP_SYS_ADMIN);
}

static int pmukit_cpu_regs_of(struct kobject *kobj, struct pmukit_cpu_regs *regs)
{
	struct pmukit_snapshot *snap;
	int cpu = pmukit_cpu_of(kobj), ret = 0;

	if (cpu < 0)
		return cpu;
	snap = &pmukit_snapshots[cpu];
	mutex_lock(&pmukit_lock);
	cpus_read_lock();
	if (!cpu_online(cpu)) {
		ret = -ENODEV;	/* an offline CPU has no registers to read */
	} else if (pmukit_reader_privileged() || !snap->valid ||
		   time_after(jiffies, snap->at + msecs_to_jiffies(PMUKIT_SNAPSHOT_MS))) {
		ret = smp_call_function_single(cpu, pmukit_read_regs_ipi, &snap->regs, 1);
		snap->at = jiffies;
		snap->valid = !ret;
	}
	if (!ret)
		*regs = snap->regs;
	cpus_read_unlock();
	mutex_unlock(&pmukit_lock);
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

/*
 * One field per events= entry, then one for the counter counting CPU_CYCLES
 * at every level: the counter's number (@count NULL) or @count of it; "-"
 * where the entry has no counter. Under the CPU hotplug lock (the caller's).
 */
static int pmukit_emit_map(char *buf, const struct pmukit_cpu_map *m, const u32 *count)
{
	unsigned int i;
	int len = 0;

	for (i = 0; i <= pmukit_cfg.nevents; i++) {
		u8 c = i < pmukit_cfg.nevents ? m->counter[i] : m->cycles;

		if (c == PMUKIT_NO_COUNTER)
			len += sysfs_emit_at(buf, len, "%s-", i ? " " : "");
		else
			len += sysfs_emit_at(buf, len, "%s%u", i ? " " : "", count ? count[c & 31] : c);
	}
	return len + sysfs_emit_at(buf, len, "\n");
}

/*
 * The counters EL0 reads for the module's counts on this CPU, as set up
 * (no IPI): one number per events= entry, then the counter counting
 * CPU_CYCLES at every level (31: the cycle counter); "-" where there is none.
 */
static ssize_t counters_show(struct kobject *kobj, struct kobj_attribute *attr,
			     char *buf)
{
	int cpu = pmukit_cpu_of(kobj), len;

	if (cpu < 0)
		return cpu;
	/* A CPU set up or given back meanwhile would show half of each. */
	cpus_read_lock();
	if (!cpu_online(cpu) || !pmukit_cpu_active(cpu)) {
		cpus_read_unlock();
		return -ENODEV;	/* offline: nothing set up there */
	}
	len = pmukit_emit_map(buf, pmukit_cpu_map(cpu), NULL);
	cpus_read_unlock();
	return len;
}
static struct kobj_attribute counters_attr = __ATTR_RO(counters);

/*
 * How many times each of the module's counters on this CPU passed its top,
 * as far as its overflow flag tells (pmukit_cpu_take_overflows()), in the
 * order of counters: EL0 compares two readings to learn whether a counter
 * wrapped between them. Read on the CPU itself (the direct path is pinned
 * there), the flags are consumed without interrupting anything; from
 * another CPU only a reader who may watch the PMU (CAP_PERFMON or
 * CAP_SYS_ADMIN, asked without an audit record) may send the IPI; anyone
 * else gets -EPERM.
 */
static ssize_t overflows_show(struct kobject *kobj, struct kobj_attribute *attr,
			      char *buf)
{
	u32 count[32];
	int cpu = pmukit_cpu_of(kobj), ret, here;

	if (cpu < 0)
		return cpu;
	cpus_read_lock();
	here = get_cpu();
	put_cpu();
	if (!cpu_online(cpu) || !pmukit_cpu_active(cpu))
		ret = -ENODEV;
	else if (here != cpu && !pmukit_reader_privileged())
		ret = -EPERM;
	else
		ret = smp_call_function_single(cpu, pmukit_cpu_take_overflows, count, 1);
	if (!ret)
		ret = pmukit_emit_map(buf, pmukit_cpu_map(cpu), count);
	cpus_read_unlock();
	return ret;
}
static struct kobj_attribute overflows_attr = __ATTR_RO(overflows);

/* Every counter the module holds on this CPU (PMCNTENSET layout), as set up. */
static ssize_t owned_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	int cpu = pmukit_cpu_of(kobj), ret;

	if (cpu < 0)
		return cpu;
	cpus_read_lock();
	if (!cpu_online(cpu) || !pmukit_cpu_active(cpu))
		ret = -ENODEV;
	else
		ret = sysfs_emit(buf, "0x%08x\n", pmukit_cpu_map(cpu)->owned);
	cpus_read_unlock();
	return ret;
}
static struct kobj_attribute owned_attr = __ATTR_RO(owned);

/* This CPU's line of the last selftest. */
static ssize_t cpu_selftest_show(struct kobject *kobj, struct kobj_attribute *attr,
				 char *buf)
{
	char line[256] = "";
	int cpu = pmukit_cpu_of(kobj);

	if (cpu < 0)
		return cpu;
	mutex_lock(&pmukit_lock);
	if (pmukit_selftest_ran)
		pmukit_selftest_line_to(line, sizeof(line), cpu);
	mutex_unlock(&pmukit_lock);
	return sysfs_emit(buf, "%s", line[0] ? line :
			  "not run on this CPU: write 1 to /sys/kernel/pmukit/selftest\n");
}
static struct kobj_attribute cpu_selftest_attr = __ATTR(selftest, 0444, cpu_selftest_show, NULL);

static struct attribute *pmukit_cpu_attrs[] = {
	&pmuserenr_attr.attr,
	&pmcr_attr.attr,
	&pmcntenset_attr.attr,
	&pmceid0_attr.attr,
	&pmceid1_attr.attr,
	&user_access_attr.attr,
	&counters_attr.attr,
	&overflows_attr.attr,
	&owned_attr.attr,
	&cpu_selftest_attr.attr,
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
	kfree(pmukit_snapshots);
	pmukit_snapshots = NULL;
}

int pmukit_sysfs_init(void)
{
	char name[16];
	int cpu, ret;

	pmukit_results = kcalloc(nr_cpu_ids, sizeof(*pmukit_results), GFP_KERNEL);
	pmukit_cpu_kobjs = kcalloc(nr_cpu_ids, sizeof(*pmukit_cpu_kobjs), GFP_KERNEL);
	pmukit_snapshots = kcalloc(nr_cpu_ids, sizeof(*pmukit_snapshots), GFP_KERNEL);
	pmukit_kobj = kobject_create_and_add("pmukit", kernel_kobj);
	if (!pmukit_results || !pmukit_cpu_kobjs || !pmukit_snapshots || !pmukit_kobj) {
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
