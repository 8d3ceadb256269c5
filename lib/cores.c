// SPDX-License-Identifier: MIT
/*
 * The core types of the machine (cores.h): each online CPU's MIDR, CPUs
 * grouped by implementer and part number, and the perf PMU whose "cpus"
 * list covers each group.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmukit/pmu_fields.h"
#include "cores.h"
#include "event_lookup.h"
#include "isa.h"
#include "sysfile.h"

/* /proc/cpuinfo of a large server is tens of KiB; more than this is not read. */
#define CPUINFO_MAX	(256 * 1024)

int pmukit_cpulist_parse(const char *text, cpu_set_t *set)
{
	const char *p = text;
	char *end;

	CPU_ZERO(set);
	while (*p && *p != '\n') {
		long a = strtol(p, &end, 10), b;

		if (end == p || a < 0)
			return -EINVAL;
		b = a;
		p = end;
		if (*p == '-') {
			b = strtol(p + 1, &end, 10);
			if (end == p + 1 || b < a)
				return -EINVAL;
			p = end;
		}
		if (b >= CPU_SETSIZE)
			return -EINVAL;
		for (; a <= b; a++)
			CPU_SET(a, set);
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -EINVAL;
	}
	return 0;
}

void pmukit_cpulist_format(const cpu_set_t *set, char *buf, size_t len)
{
	size_t used = 0;
	int a, b;

	buf[0] = '\0';
	for (a = 0; a < CPU_SETSIZE; a = b + 1) {
		if (!CPU_ISSET(a, set)) {
			b = a;
			continue;
		}
		for (b = a; b + 1 < CPU_SETSIZE && CPU_ISSET(b + 1, set); b++)
			;
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used, b > a ? "%s%d-%d" : "%s%d",
						 used ? "," : "", a, b);
	}
}

int pmukit_cpuinfo_field(const char *text, const char *key, unsigned long *v)
{
	const char *p = strstr(text, key);

	if (!p)
		return -ENOENT;
	p = strchr(p, ':');
	if (!p)
		return -EINVAL;
	*v = strtoul(p + 1, NULL, 0);
	return 0;
}

/* The MIDR the "CPU implementer", "CPU part", ... lines of @text give; 0: none. */
static uint32_t midr_from_fields(const char *text)
{
	unsigned long impl, var = 0, part, rev = 0;

	if (pmukit_cpuinfo_field(text, "CPU implementer", &impl) ||
	    pmukit_cpuinfo_field(text, "CPU part", &part))
		return 0;
	pmukit_cpuinfo_field(text, "CPU variant", &var);
	pmukit_cpuinfo_field(text, "CPU revision", &rev);
	/* Architecture field 0xf: "see the ID registers", every ARMv7/v8 core. */
	return (uint32_t)(impl << PMUKIT_MIDR_IMPLEMENTER_SHIFT | var << PMUKIT_MIDR_VARIANT_SHIFT |
			  0xfUL << 16 | part << PMUKIT_MIDR_PARTNUM_SHIFT | rev);
}

/* N when the line at @p says "processor : N", else -1. */
static int processor_num(const char *p)
{
	const char *colon, *eol;

	if (strncmp(p, "processor", 9) || (p[9] != ' ' && p[9] != '\t'))
		return -1;
	colon = strchr(p, ':');
	eol = strchr(p, '\n');
	if (!colon || (eol && colon > eol))
		return -1;
	return (int)strtol(colon + 1, NULL, 10);
}

/*
 * @cpu's MIDR from /proc/cpuinfo: the block from its "processor" line to the
 * next one. Kernels that print the fields once, after every processor line
 * (32-bit before 3.8), describe all CPUs with them.
 */
static uint32_t midr_from_cpuinfo(const char *text, int cpu)
{
	const char *p = text, *start = NULL, *end = NULL;
	uint32_t midr = 0;
	char *block;

	for (; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		int num = processor_num(p);

		if (start && num >= 0) {
			end = p;
			break;
		}
		if (num == cpu)
			start = p;
	}
	if (start) {
		size_t n = end ? (size_t)(end - start) : strlen(start);

		block = malloc(n + 1);
		if (!block)
			return 0;
		memcpy(block, start, n);
		block[n] = '\0';
		midr = midr_from_fields(block);
		free(block);
	}
	return midr ? midr : midr_from_fields(text);
}

/* @cpu's MIDR; *@info: /proc/cpuinfo, read at the first need (-1: unreadable). */
static uint32_t midr_of(int cpu, char **info, int *info_state)
{
	char path[96];
	uint64_t v;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/regs/identification/midr_el1",
		 cpu);
	if (!pmukit_sysfile_u64(path, &v) && v && v <= UINT32_MAX)
		return (uint32_t)v;
	if (!*info_state)
		*info_state = pmukit_sysfile_text("/proc/cpuinfo", CPUINFO_MAX, info) ? -1 : 1;
	return *info_state > 0 ? midr_from_cpuinfo(*info, cpu) : 0;
}

/* Elsewhere (x86-64) no file names a MIDR: do not read them for nothing. */
static int files_name_midr(void)
{
	return pmukit_isa_arm_pmu || pmukit_sysfile_rooted();
}

uint32_t pmukit_cpu_midr(int cpu)
{
	char *info = NULL;
	int state = 0;
	uint32_t m;

	if (cpu < 0 || !files_name_midr())
		return 0;
	m = midr_of(cpu, &info, &state);
	free(info);
	return m;
}

/*
 * The online CPUs: sysfs "online", else the processors of /proc/cpuinfo, else
 * the CPUs this thread may run on. Return: 0, or a negative errno when none
 * of them says.
 */
int pmukit_online_set(cpu_set_t *set)
{
	char buf[1024], *info = NULL;
	const char *p;
	int cpu;

	if (!pmukit_sysfile_read("/sys/devices/system/cpu/online", buf, sizeof(buf)) &&
	    !pmukit_cpulist_parse(buf, set) && CPU_COUNT(set))
		return 0;
	CPU_ZERO(set);
	if (!pmukit_sysfile_text("/proc/cpuinfo", CPUINFO_MAX, &info)) {
		for (p = info; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
			cpu = processor_num(p);
			if (cpu >= 0 && cpu < CPU_SETSIZE)
				CPU_SET(cpu, set);
		}
		free(info);
	}
	if (CPU_COUNT(set))
		return 0;
	return sched_getaffinity(0, sizeof(*set), set) ? -errno : 0;
}

int pmukit_is_cpu_pmu(const char *name)
{
	/* armv8_pmuv3, armv8_cortex_a53, armv7_cortex_a15, arm_cortex_a9 (older kernels) */
	return !strncmp(name, "armv", 4) || !strncmp(name, "arm_cortex", 10);
}

int pmukit_is_pmuv3_pmu(const char *name)
{
	return !strncmp(name, "armv8", 5) || !strncmp(name, "armv9", 5);
}

/* Gives each core type the CPU PMU whose "cpus" meets its CPUs. */
static void attach_pmus(struct pmukit_cores *c)
{
	char path[512], text[1024], lone[64] = "";
	uint32_t lone_type = 0;
	unsigned int i, nlone = 0;
	struct dirent *de;
	DIR *d = pmukit_sysfile_opendir(PMUKIT_PERF_DEVICES);

	if (!d)
		return;
	while ((de = readdir(d))) {
		cpu_set_t cpus, both;
		uint64_t type;

		if (!pmukit_is_cpu_pmu(de->d_name) || strlen(de->d_name) >= sizeof(lone))
			continue;
		snprintf(path, sizeof(path), PMUKIT_PERF_DEVICES "/%s/type", de->d_name);
		if (pmukit_sysfile_u64(path, &type) || !type || type > UINT32_MAX)
			continue;
		snprintf(path, sizeof(path), PMUKIT_PERF_DEVICES "/%s/cpus", de->d_name);
		if (pmukit_sysfile_read(path, text, sizeof(text)) || pmukit_cpulist_parse(text, &cpus)) {
			/* No "cpus" (old kernels): usable only if it is the one CPU PMU. */
			snprintf(lone, sizeof(lone), "%s", de->d_name);
			lone_type = (uint32_t)type;
			nlone++;
			continue;
		}
		for (i = 0; i < c->n; i++) {
			CPU_AND(&both, &cpus, &c->t[i].cpus);
			if (CPU_COUNT(&both) && !c->t[i].perf_type) {
				c->t[i].perf_type = (uint32_t)type;
				snprintf(c->t[i].pmu, sizeof(c->t[i].pmu), "%s", de->d_name);
			}
		}
	}
	closedir(d);
	for (i = 0; i < c->n && nlone == 1; i++)
		if (!c->t[i].perf_type) {
			c->t[i].perf_type = lone_type;
			snprintf(c->t[i].pmu, sizeof(c->t[i].pmu), "%s", lone);
		}
}

void pmukit_cores_get(struct pmukit_cores *c)
{
	cpu_set_t online;
	char *info = NULL;
	int cpu, state = 0;
	unsigned int i;

	memset(c, 0, sizeof(*c));
	if (!files_name_midr())
		return;
	if (pmukit_online_set(&online))
		return;
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		uint32_t midr;

		if (!CPU_ISSET(cpu, &online))
			continue;
		midr = midr_of(cpu, &info, &state);
		if (!midr)
			continue;
		for (i = 0; i < c->n; i++)
			if (!((c->t[i].midr ^ midr) & PMUKIT_MIDR_CORE_MASK))
				break;
		if (i == c->n) {
			if (c->n == PMUKIT_MAX_CORE_TYPES)
				continue;
			c->n++;
			c->t[i].midr = midr;
			c->t[i].core = pmukit_core_by_midr(midr);
			CPU_ZERO(&c->t[i].cpus);
		}
		CPU_SET(cpu, &c->t[i].cpus);
	}
	free(info);
	attach_pmus(c);
}

const struct pmukit_core_type *pmukit_cores_find(const struct pmukit_cores *c, int cpu)
{
	unsigned int i;

	for (i = 0; cpu >= 0 && cpu < CPU_SETSIZE && i < c->n; i++)
		if (CPU_ISSET(cpu, &c->t[i].cpus))
			return &c->t[i];
	return NULL;
}

unsigned int pmukit_cores_describe(const struct pmukit_cores *c, const cpu_set_t *only,
				   const char *sep, char *buf, size_t len)
{
	char list[256], name[32];
	unsigned int i, named = 0;
	size_t used = 0;

	buf[0] = '\0';
	for (i = 0; i < c->n; i++) {
		cpu_set_t cpus;

		if (only)
			CPU_AND(&cpus, &c->t[i].cpus, only);
		else
			cpus = c->t[i].cpus;
		if (!CPU_COUNT(&cpus))
			continue;
		if (c->t[i].core)
			snprintf(name, sizeof(name), "%s", c->t[i].core->name);
		else
			snprintf(name, sizeof(name), "MIDR 0x%08x", (unsigned int)c->t[i].midr);
		pmukit_cpulist_format(&cpus, list, sizeof(list));
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s (cpu%s %s)",
						 named ? sep : "", name,
						 CPU_COUNT(&cpus) > 1 ? "s" : "", list);
		named++;
	}
	return named;
}
