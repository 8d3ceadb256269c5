// SPDX-License-Identifier: MIT
/*
 * pmukit_pmu_info(): the core, its PMU and who may use it. Every source is
 * tried in the order that needs the fewest privileges: sysfs and /proc
 * first, the registers (under the SIGILL guard) last.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmukit/pmukit.h"
#include "pmukit/pmu_fields.h"
#include "cores.h"
#include "cpu.h"
#include "event_lookup.h"
#include "fault.h"
#include "isa.h"
#include "pmu_info.h"
#include "errors.h"
#include "sysfile.h"

/*
 * The events file: the module's events= entries as "0x08:u,0x11", specs in
 * the library's own syntax (":u" counts EL0 only, ":k" EL1 only).
 */
static int parse_kmod_events(struct pmukit_kmod *k)
{
	char buf[sizeof(k->events)], *tok, *save = NULL;

	memcpy(buf, k->events, sizeof(buf));
	k->nevents = 0;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (k->nevents >= PMUKIT_MAX_EVENT_COUNTERS)
			return -E2BIG;
		if (pmukit_event_parse(tok, NULL, &k->ev[k->nevents]))
			return -EINVAL;
		k->nevents++;
	}
	return 0;
}

void pmukit_kmod_get(struct pmukit_kmod *k)
{
	char mode[16];

	memset(k, 0, sizeof(*k));
	if (pmukit_sysfile_read(PMUKIT_SYSFS "/mode", mode, sizeof(mode)))
		return;
	k->loaded = 1;
	k->read_mode = !strcmp(mode, "read");
	if (!pmukit_sysfile_read(PMUKIT_SYSFS "/events", k->events, sizeof(k->events)))
		parse_kmod_events(k);
}

/* A 32-bit register the module prints under PMUKIT_SYSFS. */
static int kmod_reg32(const char *path, uint32_t *v)
{
	uint64_t x;
	int ret = pmukit_sysfile_u64(path, &x);

	if (ret)
		return ret;
	if (x > UINT32_MAX)	/* the module prints 32-bit registers */
		return -ERANGE;
	*v = (uint32_t)x;
	return 0;
}

int pmukit_kmod_cpu_reg(int cpu, const char *reg, uint32_t *v)
{
	char path[96];

	snprintf(path, sizeof(path), PMUKIT_SYSFS "/cpu%d/%s", cpu, reg);
	return kmod_reg32(path, v);
}

int pmukit_kmod_counters(int cpu, unsigned int n, uint8_t *ctr, uint8_t *cycles)
{
	char path[96], buf[160], *tok, *save = NULL;
	unsigned int i = 0;

	snprintf(path, sizeof(path), PMUKIT_SYSFS "/cpu%d/counters", cpu);
	if (pmukit_sysfile_read(path, buf, sizeof(buf))) {
		for (i = 0; i < n; i++)
			ctr[i] = (uint8_t)i;
		*cycles = 31;
		return 0;
	}
	for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save), i++) {
		char *end;
		unsigned long c = strtoul(tok, &end, 10);
		uint8_t v = (*tok == '-' || *end || c > 31) ? PMUKIT_KMOD_NO_COUNTER : (uint8_t)c;

		if (i < n)
			ctr[i] = v;
		else if (i == n)
			*cycles = v;
	}
	return i == n + 1 ? 0 : -EPROTO;
}

int pmukit_kmod_overflows(int cpu, unsigned int n, uint32_t *count)
{
	char path[96], buf[400], *tok, *save = NULL;
	unsigned int i = 0;
	int ret;

	snprintf(path, sizeof(path), PMUKIT_SYSFS "/cpu%d/overflows", cpu);
	ret = pmukit_sysfile_read(path, buf, sizeof(buf));
	if (ret)
		return ret;
	for (tok = strtok_r(buf, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save), i++)
		if (i <= n)
			count[i] = *tok == '-' ? 0 : (uint32_t)strtoul(tok, NULL, 10);
	return i == n + 1 ? 0 : -EPROTO;
}

int pmukit_kmod_id_reg(const char *name, uint32_t *v)
{
	char path[64];

	snprintf(path, sizeof(path), PMUKIT_SYSFS "/%s", name);
	return kmod_reg32(path, v);
}

static char *read_cpuinfo(void)
{
	char *buf;

	return pmukit_sysfile_text("/proc/cpuinfo", 8191, &buf) ? NULL : buf;
}

/* The MIDR of the CPU this thread runs on: its files, else the register. */
uint32_t pmukit_this_midr(void)
{
	uint32_t m = pmukit_cpu_midr(pmukit_cpu_now());

	if (!m && pmukit_isa_arm_pmu && !pmukit_fault_guard_get()) {
		if (pmukit_isa_read_midr(&m))
			m = 0;
		pmukit_fault_guard_put();
	}
	return m;
}

const struct pmukit_core_def *pmukit_this_core(void)
{
	uint32_t midr = pmukit_this_midr();

	return midr ? pmukit_core_by_midr(midr) : NULL;
}

PMUKIT_API int pmukit_kmod_user_access(int cpu)
{
	char path[96], text[16];
	int ret;

	snprintf(path, sizeof(path), PMUKIT_SYSFS "/cpu%d/user_access", cpu);
	ret = pmukit_sysfile_read(path, text, sizeof(text));
	/* The module writes "on" or "off". */
	return ret ? ret : !strcmp(text, "on");
}

PMUKIT_API int pmukit_kmod_events(char *buf, size_t len)
{
	return pmukit_sysfile_read(PMUKIT_SYSFS "/events", buf, len);
}

PMUKIT_API int pmukit_nmi_watchdog(void)
{
	int v, ret = pmukit_sysfile_int("/proc/sys/kernel/nmi_watchdog", &v);

	return ret ? ret : v;
}

int pmukit_perf_user_access(void)
{
	int v;

	return pmukit_sysfile_int("/proc/sys/kernel/perf_user_access", &v) ? -1 : v;
}

int pmukit_perf_paranoid(void)
{
	int v;

	return pmukit_sysfile_int("/proc/sys/kernel/perf_event_paranoid", &v) ? -100 : v;
}

/*
 * The PMU version when ID_AA64DFR0/ID_DFR0 are out of reach (EL1 only; Linux
 * hides PMUVer from EL0): what the core's architecture version implies.
 */
static unsigned int version_from_arch(const struct pmukit_core_def *core, int arch_major,
				      uint32_t midr)
{
	const char *a = core ? core->arch : NULL;
	unsigned int minor = 0;

	if (a && !strncmp(a, "armv", 4)) {
		arch_major = a[4] - '0';
		if (a[5] == '.')
			minor = (unsigned int)strtoul(a + 6, NULL, 10);
	}
	return pmukit_isa_pmu_version(arch_major, minor, midr);
}

static int cpuinfo_arch(void)
{
	char *text = read_cpuinfo();
	unsigned long v = 0;

	if (text) {
		pmukit_cpuinfo_field(text, "CPU architecture", &v);
		free(text);
	}
	return (int)v;
}

/* PMCR.N and a 64-bit cycle counter read, from the module or the registers. */
static void probe_counters(struct pmukit_pmu_info *info)
{
	uint32_t pmcr;
	uint64_t v;

	info->cycle64 = pmukit_isa_cycles64_always;
	if (!pmukit_kmod_cpu_reg(pmukit_cpu_now(), "pmcr", &pmcr)) {
		info->ncounters = (unsigned int)PMUKIT_PMCR_N(pmcr);
		if (!pmukit_isa_arm_pmu || pmukit_fault_guard_get())
			return;
	} else {
		if (!pmukit_isa_arm_pmu || pmukit_fault_guard_get())
			return;
		if (!pmukit_isa_read_pmcr(&pmcr))
			info->ncounters = (unsigned int)PMUKIT_PMCR_N(pmcr);
	}
	/* AArch32: mrrc of PMCCNTR only counts if the 32-bit read works. */
	if (!info->cycle64 && !pmukit_isa_read_counter(PMUKIT_HW_CYCLES, &v))
		info->cycle64 = !pmukit_isa_read_cycles64(&v);
	pmukit_fault_guard_put();
}

/**
 * pmukit_pmu_info() - what this machine's PMU is and who may use it
 * @info: filled; fields the library cannot learn are 0 ("unknown")
 *
 * The core comes from the MIDR (sysfs midr_el1, /proc/cpuinfo, or the
 * register where EL0 may read it), the PMU version from the core's
 * architecture when the ID registers are out of reach, the counter count
 * from PMCR.N (the module's sysfs or the register), the rest from
 * /sys/kernel/pmukit and /proc/sys/kernel.
 *
 * Return: 0, or -EINVAL for a NULL @info.
 */
PMUKIT_API int pmukit_pmu_info(struct pmukit_pmu_info *info)
{
	const struct pmukit_core_def *core;
	struct pmukit_kmod k;

	if (!info)
		return pmukit_err(-EINVAL, "pmukit_pmu_info: info is NULL");
	memset(info, 0, sizeof(*info));
	info->midr = pmukit_this_midr();
	core = info->midr ? pmukit_core_by_midr(info->midr) : NULL;
	snprintf(info->core, sizeof(info->core), "%s", core ? core->name : "unknown");
	info->pmu_version = version_from_arch(core, pmukit_isa_arm_pmu ? cpuinfo_arch() : 0,
					      info->midr);
	probe_counters(info);
	pmukit_kmod_get(&k);
	info->module_loaded = k.loaded;
	if (k.loaded)
		snprintf(info->module_mode, sizeof(info->module_mode), "%s",
			 k.read_mode ? "read" : "full");
	info->perf_user_access = pmukit_perf_user_access();
	info->perf_paranoid = pmukit_perf_paranoid();
	return 0;
}
