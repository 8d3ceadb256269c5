// SPDX-License-Identifier: MIT
/*
 * Which events this machine counts. PMCEID0/1 only describe the common
 * events 0x00-0x3f (the module's sysfs shows their low 32 bits); the perf
 * driver's events/ directory, where there is one, covers the rest it knows.
 * An event neither source describes is "unknown", not "unsupported".
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "regs.h"
#include "support.h"

/* The module's PMCEID of the CPU this runs on: core types may differ. */
static int load_ceid_sysfs(struct ev_support *s)
{
	int cpu = sched_getcpu();
	uint32_t c0, c1;

	if (cpu < 0 || pmukit_kmod_cpu_reg(cpu, "pmceid0", &c0) ||
	    pmukit_kmod_cpu_reg(cpu, "pmceid1", &c1))
		return 0;
	/* The module shows 0 where there is no PMCEID (ARMv7): SW_INCR is always there. */
	if (!c0)
		return 0;
	s->ceid[0] = c0;
	s->ceid[1] = c1;
	s->have_ceid = 1;
	snprintf(s->source, sizeof(s->source), "PMCEID0/1 (%s/cpu%d)", PMUKIT_SYSFS, cpu);
	return 1;
}

static int load_ceid_user(struct ev_support *s)
{
	uint32_t c[2];

	if (arch_pmceid(c) || !c[0])
		return 0;
	s->ceid[0] = c[0];
	s->ceid[1] = c[1];
	s->have_ceid = 1;
	snprintf(s->source, sizeof(s->source), "PMCEID0/1 (read from user space)");
	return 1;
}

/*
 * The ARM PMU's directory: the one whose events/ has cpu_cycles (x86 says
 * cpu-cycles). Only the PMUv3 driver ("armv8_*") lists the events PMCEID
 * reports; the ARMv7 one ("armv7_*") lists a fixed table, which says
 * nothing about this core, so it is not used. On big.LITTLE, the PMU of
 * the CPU this runs on (its "cpus" list has it).
 */
static int find_perf_pmu(char *dir, size_t len)
{
	DIR *d = pmukit_sysfile_opendir(PMUKIT_PERF_DEVICES);
	struct pmukit_cpu_core t;
	int known = pmukit_cpu_core(sched_getcpu(), &t) == 0;
	struct dirent *e;
	int found = 0;

	if (!d)
		return 0;
	while (!found && (e = readdir(d))) {
		char probe[512], text[64];

		if (strncmp(e->d_name, "armv8", 5) && strncmp(e->d_name, "armv9", 5))
			continue;
		if (known && t.pmu[0] && strcmp(t.pmu, e->d_name))
			continue;
		snprintf(probe, sizeof(probe), PMUKIT_PERF_DEVICES "/%s/events/cpu_cycles", e->d_name);
		if (!sys_read(probe, text, sizeof(text))) {
			snprintf(dir, len, PMUKIT_PERF_DEVICES "/%s/events", e->d_name);
			found = 1;
		}
	}
	closedir(d);
	return found;
}

static int load_perf(struct ev_support *s)
{
	char dir[384];
	int n;

	if (!find_perf_pmu(dir, sizeof(dir)))
		return 0;
	n = pmukit_perf_event_codes(dir, s->perf, SUPPORT_MAX_PERF);
	if (n <= 0)
		return 0;
	s->nperf = (size_t)n;
	s->have_perf = 1;
	if (!s->have_ceid)
		snprintf(s->source, sizeof(s->source), "the perf driver (%s)", dir);
	return 1;
}

int support_load(struct ev_support *s)
{
	memset(s, 0, sizeof(*s));
	if (!load_ceid_sysfs(s))
		load_ceid_user(s);
	load_perf(s);
	if (!s->have_ceid && !s->have_perf) {
		snprintf(s->source, sizeof(s->source), "nothing: no PMCEID and no perf event list");
		return 0;
	}
	return 1;
}

/*
 * Without PMCEID, one sentence on what a 0 means: flat, each source named
 * once. @armv7: the core is ARMv7, which has no PMCEID at all (else
 * pmukit.ko shows it).
 */
void support_caveat(const struct ev_support *s, int armv7, char *buf, size_t len)
{
	const char *ceid = armv7 ? "ARMv7 has no PMCEID" :
			   "PMCEID is not readable here (pmukit.ko shows it)";

	if (s->have_perf)
		snprintf(buf, len, "%s, so the implemented events come from %s only: a 0 for an event it does not list cannot be told from an event the core lacks.",
			 ceid, s->source);
	else
		snprintf(buf, len, "%s and the kernel lists no perf events, so a 0 cannot be told from an event the core lacks.",
			 ceid);
}

int support_of(const struct ev_support *s, unsigned int code)
{
	size_t i;

	if (s->have_ceid && code < 0x40)
		return (s->ceid[code / 32] >> (code % 32)) & 1;
	if (s->have_perf) {
		for (i = 0; i < s->nperf; i++)
			if (s->perf[i] == code)
				return 1;
		/* The driver lists what PMCEID shows; beyond 0x40 it may just not know. */
		return code < 0x40 ? 0 : -1;
	}
	return -1;
}
