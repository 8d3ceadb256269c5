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

#include "pmukit_kmod.h"

static char *mode = "full";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "full: user space may program the PMU (default); read: user space may only read counters, which the module programs from events= (PMUv3 only)");

static char *events = "";
module_param(events, charp, 0444);
MODULE_PARM_DESC(events, "comma-separated event numbers to program into event counters 0, 1, ... (at most PMCR.N), each optionally with :u (EL0 only) or :k (the kernel only: EL1, or EL2 and EL1 when the kernel runs at EL2 with VHE), e.g. events=0x08:u,0x11");

static bool reset = true;
module_param(reset, bool, 0444);
MODULE_PARM_DESC(reset, "reset the cycle and event counters at load (PMCR.P, PMCR.C; default 1)");

static bool divider64;
module_param(divider64, bool, 0444);
MODULE_PARM_DESC(divider64, "cycle counter counts once every 64 cycles (PMCR.D; default 0); on PMUv3 this keeps the cycle counter 32 bits wide (PMCR.LC clear), as the divider requires");

static bool hotplug = true;
module_param(hotplug, bool, 0444);
MODULE_PARM_DESC(hotplug, "re-apply the setup when a CPU comes online or resumes from idle (default 1; 0 only to show what happens without it)");

/* Is the CPU's PMU PMUv3 (ARMv8 and later, in AArch64 or AArch32)? */
static int pmukit_probe_version(bool *pmuv3, unsigned int *ver)
{
	*ver = pmukit_pmu_version();
#ifdef __aarch64__
	*pmuv3 = *ver != PMUVER_NONE && *ver != PMUVER_IMPDEF;
	return *pmuv3 ? 0 : -ENODEV;
#else
	*pmuv3 = *ver >= PERFMON_V3 && *ver != PMUVER_IMPDEF;
	return (*ver == PMUVER_NONE || *ver == PMUVER_IMPDEF) ? -ENODEV : 0;
#endif
}

/* The kernel's level: EL2 with VHE (arm64 only), else EL1. */
static unsigned int pmukit_kernel_el(void)
{
	return is_kernel_in_hyp_mode() ? 2 : 1;
}

/*
 * Parses "0x08", "8", "0x08:u", "0x11:k" into @ev; @max: widest event number.
 * The levels become filter bits by the rule in pmukit/pmu_levels.h.
 */
static int pmukit_parse_event(char *tok, u32 max, unsigned int kernel_el,
			      struct pmukit_event *ev)
{
	char *mod = strchr(tok, ':');
	bool excl_user = false, excl_kernel = false;
	u32 code;

	if (mod) {
		*mod++ = '\0';
		if (!strcmp(mod, "u"))
			excl_kernel = true;
		else if (!strcmp(mod, "k"))
			excl_user = true;
		else if (strcmp(mod, "uk") && strcmp(mod, "ku"))
			return -EINVAL;
	}
	if (kstrtou32(tok, 0, &code) || code > max)
		return -EINVAL;
	ev->code = code;
	ev->filter = pmukit_level_filter(excl_user, excl_kernel, kernel_el);
	return 0;
}

const char *pmukit_event_levels(const struct pmukit_event *ev)
{
	if (ev->filter & PMEVTYPER_P_BIT)
		return ":u";
	return (ev->filter & PMEVTYPER_U_BIT) ? ":k" : "";
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
		if (pmukit_parse_event(tok, max, cfg->kernel_el,
				       &cfg->events[cfg->nevents])) {
			pr_err("events=%s: '%s' is not an event: give a number up to 0x%x (hex 0x.. or decimal), optionally followed by :u or :k\n",
			       events, shown, max);
			ret = -EINVAL;
			break;
		}
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

	if (sysfs_streq(mode, "full")) {
		cfg->mode = PMUKIT_MODE_FULL;
	} else if (sysfs_streq(mode, "read")) {
		cfg->mode = PMUKIT_MODE_READ;
	} else {
		pr_err("mode=%s is not a mode: use mode=full (user space may program the PMU) or mode=read (user space may only read the counters the module programs)\n",
		       mode);
		return -EINVAL;
	}
	cfg->reset = reset;
	cfg->divider64 = divider64;
	if (divider64)
		pr_info("divider64=1: the cycle counter counts every 64th cycle and is 32 bits wide (PMCR.D set, PMCR.LC clear: the architecture ignores D with LC set)\n");
	cfg->hotplug = hotplug;
	cfg->kernel_el = pmukit_kernel_el();

	/* The PMU version of this CPU speaks for all; PMCR.N is read on each below. */
	preempt_disable();
	ret = pmukit_probe_version(&cfg->pmuv3, &ver);
	pmcr = ret ? 0 : pmukit_read_pmcr();
	preempt_enable();
	if (ret) {
		pr_err("this CPU has no architected PMU (PMU version field 0x%x)\n", ver);
		return ret;
	}
	if (cfg->mode == PMUKIT_MODE_READ && !cfg->pmuv3) {
		pr_err("mode=read needs PMUv3 (PMUSERENR.CR/ER let user space read without programming); this CPU has PMUv%u (ID_DFR0.PerfMon %u): use mode=full\n",
		       ver, ver);
		return -EINVAL;
	}
	/* big.LITTLE: PMCR.N may differ between cores; events= must fit every CPU. */
	cpus_read_lock();
	ncounters = pmukit_cpus_min_counters(&ncpu);
	cpus_read_unlock();
	if (ncounters == U32_MAX) {
		ncounters = PMCR_N(pmcr);
		ncpu = raw_smp_processor_id();
	}
	if (!cfg->pmuv3)
		max = PMEVTYPER_EVT_MASK_V7;
	else if (ver >= PMUVER_V3P1 && ver != PMUVER_IMPDEF &&
		 IS_ENABLED(CONFIG_ARM64))
		max = PMEVTYPER_EVT_MASK_V3P1;
	else if (ver >= PERFMON_V3P1 && !IS_ENABLED(CONFIG_ARM64))
		max = PMEVTYPER_EVT_MASK_V3P1;
	else
		max = PMEVTYPER_EVT_MASK_V3;
	return pmukit_parse_events(cfg, ncounters, ncpu, max);
}
