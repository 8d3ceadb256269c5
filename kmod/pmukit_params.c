// SPDX-License-Identifier: GPL-2.0
/*
 * Module parameters. Everything is validated before any register is touched,
 * so a bad parameter leaves the PMU exactly as it was.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/virt.h>

#include <pmukit/kmod_dev.h>

#include "pmukit_kmod.h"
#include "core/spec.h"

static char *mode;
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "read (the default, and the only mode): user space may only read the counters, which the module programs from events= (PMUv3; on ARMv7 user space reads nothing), and a process that opens /dev/pmukit may program the free counters while it runs");

static bool global_full_access;
module_param(global_full_access, bool, 0444);
MODULE_PARM_DESC(global_full_access, "1: every process on every CPU may program the PMU, count the kernel (EL1/EL2) and change the counters perf uses, as with no protection at all: for a machine of one user; default 0 (mode=read, and full access per process through /dev/pmukit)");

static char *events = "";
module_param(events, charp, 0444);
MODULE_PARM_DESC(events, "comma-separated event numbers (hex: 0x11 or r11; decimal is refused) the module counts for user space: mode=read reserves a counter for each through perf (cpu<N>/counters says which), global_full_access=1 programs counters 0, 1, ...; each optionally with :u (EL0 only), :k (the kernel only: EL1, or EL2 and EL1 when the kernel runs at EL2 with VHE) or :uk (both); without a suffix global_full_access=1 counts every level and mode=read EL0 only; e.g. events=0x08:u,0x11");

static bool reset = true;
module_param(reset, bool, 0444);
MODULE_PARM_DESC(reset, "reset the cycle and event counters at load (PMCR.P, PMCR.C; default 1)");

static bool divider64;
module_param(divider64, bool, 0444);
MODULE_PARM_DESC(divider64, "cycle counter counts once every 64 cycles (PMCR.D; default 0); on PMUv3 this keeps the cycle counter 32 bits wide (PMCR.LC clear), as the divider requires");

static bool hotplug = true;
module_param(hotplug, bool, 0444);
MODULE_PARM_DESC(hotplug, "re-apply the setup when a CPU comes online or resumes from idle (default 1; 0 only to show what happens without it)");

/* This CPU's PMU as pmu_id.h decides it. Runs on the CPU (IPI, or its hotplug thread). */
static void pmukit_read_caps(void *info)
{
	struct pmukit_pmu_caps *c = info;

	c->version = pmukit_pmu_version();
	c->level_filter = pmukit_pmu_level_filter();
#ifdef __aarch64__
	c->pmuv3 = pmukit_pmu_version_known(c->version);
	/* Without AArch32 at EL0, PMCR.LC is RES1 and PMCR.D RES0: no divider. */
	c->divider = (pmukit_read_id_aa64pfr0() & PMUKIT_ID_AA64PFR0_EL0_MASK) != 1;
#else
	c->pmuv3 = pmukit_aarch32_pmuv3(c->version);
	c->divider = 1;
#endif
}

static void pmukit_caps_refuse(unsigned int cpu, const struct pmukit_pmu_caps *c,
			       unsigned int other, const struct pmukit_pmu_caps *o)
{
	pr_err("cpu%u has PMU version 0x%x (%s, %s) and cpu%u 0x%x (%s, %s): the module sets up every CPU alike and cannot serve both kinds\n",
	       cpu, c->version, c->pmuv3 ? "PMUv3" : "not PMUv3",
	       c->level_filter ? "level filter" : "no level filter", other, o->version,
	       o->pmuv3 ? "PMUv3" : "not PMUv3", o->level_filter ? "level filter" : "no level filter");
}

/*
 * The PMU of every online CPU (big.LITTLE cores can differ), merged into
 * cfg->caps: the version (pmu_id.h: ID_DFR0.PerfMon, or the MIDR where a
 * Cortex-A8 or A9 reads 0 there), PMUv3 or not, the level filter, PMCR.D.
 * Refused where one setup cannot serve them all, naming the CPU that differs.
 * Also keeps this CPU's ID registers for sysfs and the load report.
 */
static int pmukit_probe_version(struct pmukit_config *cfg)
{
	struct pmukit_pmu_caps c, first_caps;
	unsigned int cpu, first = nr_cpu_ids, no_divider = nr_cpu_ids, diff;
	bool divider_differs = false;
	int ret = 0;

	cpus_read_lock();
	for_each_online_cpu(cpu) {
		if (smp_call_function_single(cpu, pmukit_read_caps, &c, 1))
			continue;
		if (!c.divider && no_divider == nr_cpu_ids)
			no_divider = cpu;
		if (first == nr_cpu_ids) {
			first = cpu;
			first_caps = cfg->caps = c;
			continue;
		}
		diff = pmukit_pmu_caps_merge(&cfg->caps, &c);
		if (diff & PMUKIT_CAPS_KIND) {
			pmukit_caps_refuse(cpu, &c, first, &first_caps);
			ret = -ENODEV;
			break;
		}
		if (diff & PMUKIT_CAPS_VERSION)
			pr_info("cpu%u has PMU version 0x%x, cpu%u 0x%x: events= is checked against the lower\n",
				cpu, c.version, first, first_caps.version);
		divider_differs |= diff & PMUKIT_CAPS_DIVIDER;
	}
	cpus_read_unlock();
	if (first == nr_cpu_ids) {
		preempt_disable();	/* no CPU answered: this one speaks for all */
		pmukit_read_caps(&cfg->caps);
		preempt_enable();
	}
	if (ret)
		return ret;
	if (cfg->divider64 && !cfg->caps.divider) {
		if (divider_differs)
			pr_err("divider64=1: cpu%u has no AArch32 at EL0 (ID_AA64PFR0_EL1.EL0 = 1) where other CPUs have it, so its PMCR.D is RES0 and its cycle counter cannot count every 64th cycle; load without divider64\n",
			       no_divider);
		else
			pr_err("divider64=1: this core has no AArch32 at EL0 (ID_AA64PFR0_EL1.EL0 = 1), so PMCR.D is RES0 and the cycle counter cannot count every 64th cycle; load without divider64\n");
		return -EINVAL;
	}
	cfg->pmu_version = cfg->caps.version;
	cfg->level_filter = cfg->caps.level_filter;
	cfg->pmuv3 = cfg->caps.pmuv3;
#ifdef __aarch64__
	if (!cfg->pmuv3) {
		pr_err("this CPU has no PMUv3 (ID_AA64DFR0_EL1.PMUVer 0x%x)\n", cfg->pmu_version);
		return -ENODEV;
	}
#else
	preempt_disable();
	cfg->midr = pmukit_read_midr();
	cfg->id_dfr0 = pmukit_read_id_dfr0();
	cfg->id_pfr1 = pmukit_read_id_pfr1();
	preempt_enable();
	if (!pmukit_pmu_version_known(cfg->pmu_version)) {
		pr_err("this CPU has no PMU pmukit can drive (ID_DFR0 0x%08x: PerfMon 0x%x; MIDR 0x%08x): pmukit needs the ARMv7 PMU (PMUv1/v2) or PMUv3\n",
		       cfg->id_dfr0, cfg->pmu_version, cfg->midr);
		return -ENODEV;
	}
#endif
	return 0;
}

int pmukit_cpu_check(void)
{
	struct pmukit_pmu_caps c, all = pmukit_cfg.caps;
	unsigned int diff, cpu = smp_processor_id();

	pmukit_read_caps(&c);
	diff = pmukit_pmu_caps_merge(&all, &c);
	if (diff & PMUKIT_CAPS_KIND) {
		pr_err("cpu%u has PMU version 0x%x (%s, %s), unlike the CPUs the module was loaded on (0x%x, %s, %s)\n",
		       cpu, c.version, c.pmuv3 ? "PMUv3" : "not PMUv3",
		       c.level_filter ? "level filter" : "no level filter", pmukit_cfg.caps.version,
		       pmukit_cfg.caps.pmuv3 ? "PMUv3" : "not PMUv3",
		       pmukit_cfg.caps.level_filter ? "level filter" : "no level filter");
		return -ENODEV;
	}
	if (all.version < pmukit_cfg.caps.version) {
		pr_err("cpu%u has PMU version 0x%x, older than the 0x%x events= was checked against at load\n",
		       cpu, c.version, pmukit_cfg.caps.version);
		return -ENODEV;
	}
	if (pmukit_cfg.divider64 && !c.divider) {
		pr_err("cpu%u has no AArch32 at EL0 (ID_AA64PFR0_EL1.EL0 = 1): PMCR.D is RES0 there, and the module was loaded with divider64=1\n",
		       cpu);
		return -ENODEV;
	}
	return 0;
}

/* The kernel's level: EL2 with VHE (arm64 only), else EL1. */
static unsigned int pmukit_kernel_el(void)
{
	return is_kernel_in_hyp_mode() ? 2 : 1;
}

void pmukit_pmu_describe(const struct pmukit_config *cfg, char *buf, size_t len)
{
#ifdef __aarch64__
	snprintf(buf, len, "PMUv3 (ID_AA64DFR0_EL1.PMUVer 0x%x)", cfg->pmu_version);
#else
	unsigned int field = (cfg->id_dfr0 >> PMUKIT_ID_DFR0_PERFMON_SHIFT) & PMUKIT_PMUVER_MASK;

	if (field != cfg->pmu_version)
		snprintf(buf, len, "PMUv%u (ID_DFR0.PerfMon %u on this core, MIDR 0x%08x, whose TRM gives PMUv%u)",
			 cfg->pmu_version, field, cfg->midr, cfg->pmu_version);
	else if (field > PMUKIT_PERFMON_V3)
		snprintf(buf, len, "PMUv3p1 or later (ID_DFR0.PerfMon %u)", field);
	else
		snprintf(buf, len, "PMUv%u (ID_DFR0.PerfMon %u)", field, field);
#endif
}

/*
 * Parses one events= entry, "0x08", "r11:u", "0x11:k", by the grammar the
 * library uses (core/spec.h) into @ev; @max: the widest event number. The
 * levels become filter bits by the rule in pmukit/pmu_levels.h. Says what is
 * wrong in the kernel log, naming @shown, the entry as given.
 * Return: 0 or -EINVAL.
 */
static int pmukit_parse_event(const char *tok, const char *shown, u32 max,
			      const struct pmukit_config *cfg, struct pmukit_event *ev)
{
	/* mode=read counts EL0 only unless :k or :uk asks for the kernel. */
	bool excl_user = false, excl_kernel = cfg->mode == PMUKIT_MODE_READ;
	const char *levels = strchr(tok, ':');
	struct pmukit_spec sp;

	if (pmukit_spec_parse(tok, &sp) && sp.err == PMUKIT_SPEC_ERR_DECIMAL) {
		/* Once taken as decimal: say which hex number to write instead. */
		pr_err("events=%s: '%s' is decimal: write event numbers in hex (0x%x%s)\n",
		       events, shown, sp.code, levels ? levels : "");
		return -EINVAL;
	}
	if (sp.err) {
		pr_err("events=%s: '%s' is not an event: %s; give a number up to 0x%x (0x.. or r..), optionally followed by :u, :k or :uk\n",
		       events, shown, sp.why, max);
		return -EINVAL;
	}
	if (!sp.number) {
		pr_err("events=%s: '%s' is not an event: the module takes event numbers, not names: write it in hex (pmukit list gives each name's number)\n",
		       events, shown);
		return -EINVAL;
	}
	if (sp.code > max) {
		pr_err("events=%s: '%s' is not an event: give a number up to 0x%x, optionally followed by :u, :k or :uk\n",
		       events, shown, max);
		return -EINVAL;
	}
	if (sp.explicit_levels) {
		excl_user = sp.excl_user;
		excl_kernel = sp.excl_kernel;
		if ((excl_user || excl_kernel) && !cfg->level_filter) {
			pr_err("events=%s: '%s': this core counts at every level only: its PMXEVTYPER has no P/U filter bits, which ARMv7 has only with the Virtualization Extensions (ID_PFR1 0x%08x: none; Cortex-A5, A8, A9), and writing them there is no filter; drop the :u/:k (the count then includes the kernel)\n",
			       events, shown, cfg->id_pfr1);
			return -EINVAL;
		}
	}
	ev->code = sp.code;
	ev->filter = pmukit_level_filter(excl_user, excl_kernel, cfg->kernel_el);
	return 0;
}

const char *pmukit_event_levels(const struct pmukit_event *ev)
{
	if (ev->filter & PMUKIT_PMEVTYPER_P_BIT)
		return ":u";
	return (ev->filter & PMUKIT_PMEVTYPER_U_BIT) ? ":k" : "";
}

/* @ncounters: the fewest event counters of any CPU, @ncpu's. */
static int pmukit_parse_events(struct pmukit_config *cfg, u32 ncounters, unsigned int ncpu,
			       u32 max)
{
	char *list, *cur, *tok;
	int ret = 0;

	cfg->nevents = 0;
	list = kstrdup(events, GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	cur = strim(list);
	while ((tok = strsep(&cur, ",")) != NULL) {
		char shown[24];

		tok = strim(tok);
		if (!*tok)
			continue;
		strscpy(shown, tok, sizeof(shown));
		if (cfg->nevents >= ncounters) {
			pr_err("events=%s: too many events: cpu%u has %u event counters (PMCR.N); give at most %u\n",
			       events, ncpu, ncounters, ncounters);
			ret = -EINVAL;
			break;
		}
		ret = pmukit_parse_event(tok, shown, max, cfg, &cfg->events[cfg->nevents]);
		if (ret)
			break;	/* said why */
		cfg->nevents++;
	}
	kfree(list);
	return ret;
}

int pmukit_params_parse(struct pmukit_config *cfg)
{
	unsigned int ver, ncounters, ncpu;
	u32 pmcr, max;
	int ret;

	if (mode && sysfs_streq(mode, "full")) {
		pr_err("mode=full is global_full_access=1 now (every process may then program the PMU, count the kernel and disturb perf); the default, mode=read, gives full access to one process at a time, the one that opens /dev/%s\n",
		       PMUKIT_DEV_NAME);
		return -EINVAL;
	} else if (mode && !sysfs_streq(mode, "read")) {
		pr_err("mode=%s is not a mode: mode=read (the default: user space may read the counters the module programs, and a process that opens /dev/%s may program the others while it runs), or global_full_access=1 for every process\n",
		       mode, PMUKIT_DEV_NAME);
		return -EINVAL;
	} else if (mode && global_full_access) {
		pr_err("mode=read and global_full_access=1 exclude each other: give one\n");
		return -EINVAL;
	}
	cfg->mode = global_full_access ? PMUKIT_MODE_FULL : PMUKIT_MODE_READ;
	cfg->reset = reset;
	cfg->divider64 = divider64;
	cfg->hotplug = hotplug;
	cfg->kernel_el = pmukit_kernel_el();

	/* The PMU of every CPU; PMCR.N is read on each below. */
	ret = pmukit_probe_version(cfg);
	if (ret)
		return ret;	/* said why */
	preempt_disable();
	pmcr = pmukit_read_pmcr();
	preempt_enable();
	ver = cfg->pmu_version;
	if (divider64)
		pr_info("divider64=1: the cycle counter counts every 64th cycle and is 32 bits wide (PMCR.D set, PMCR.LC clear: the architecture ignores D with LC set)\n");
	/* big.LITTLE: PMCR.N may differ between cores; events= must fit every CPU. */
	cpus_read_lock();
	ncounters = pmukit_cpus_min_counters(&ncpu);
	cpus_read_unlock();
	if (ncounters == U32_MAX) {
		ncounters = PMUKIT_PMCR_N(pmcr);
		ncpu = raw_smp_processor_id();
	}
	cfg->ncounters = ncounters;
	if (!cfg->pmuv3)
		max = PMUKIT_PMEVTYPER_EVT_MASK_V7;
	else if (ver >= PMUKIT_PMUVER_V3P1 && ver != PMUKIT_PMUVER_IMPDEF &&
		 IS_ENABLED(CONFIG_ARM64))
		max = PMUKIT_PMEVTYPER_EVT_MASK_V3P1;
	else if (ver >= PMUKIT_PERFMON_V3P1 && !IS_ENABLED(CONFIG_ARM64))
		max = PMUKIT_PMEVTYPER_EVT_MASK_V3P1;
	else
		max = PMUKIT_PMEVTYPER_EVT_MASK_V3;
	ret = pmukit_parse_events(cfg, ncounters, ncpu, max);
	if (ret)
		return ret;
	if (cfg->mode == PMUKIT_MODE_READ && !cfg->pmuv3 && cfg->nevents) {
		pr_err("events=%s with mode=read needs PMUv3 (PMUSERENR.CR/ER let user space read without programming); this CPU has PMUv%u, where user space reads nothing in mode=read: open /dev/%s to count, or load without events=\n",
		       events, ver, PMUKIT_DEV_NAME);
		return -EINVAL;
	}
	return 0;
}
