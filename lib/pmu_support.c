// SPDX-License-Identifier: MIT
/*
 * The library's use of include/pmukit/pmu_id.h: which PMU this core has and
 * whether its event counters filter by level, from the MIDR and, on 32-bit
 * kernels, the PL1-only ID registers pmukit.ko copies to /sys/kernel/pmukit.
 * The decisions themselves are pmu_id.h's; here are only where the values
 * come from and the messages. And which events the PMU implements: where
 * PMCEID and the perf driver's list are found (their decode is
 * core/pmceid.c's).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "pmukit/analysis.h"	/* pmukit_pmceid_has() */
#include "pmukit/pmu_id.h"
#include "pmukit/support.h"
#include "cores.h"
#include "fault.h"
#include "isa.h"
#include "pmu_support.h"
#include "pmu_info.h"
#include "session.h"
#include "event_spec.h"
#include "sysfile.h"

int pmukit_core_refusal(uint32_t midr, const char *core)
{
	if (!pmukit_midr_armv6_pmu(midr))
		return 0;
	return pmukit_err(-ENODEV, "this core is an %s (MIDR 0x%08x, part 0x%03x): its PMU is the ARMv6 one (PMNC, CCNT and two event counters in CP15 c15), a register layout pmukit does not drive; pmukit needs the ARMv7 PMU (Cortex-A cores) or PMUv3. Use the perf path (the kernel's ARMv6 perf driver) or the clock path",
			  core && *core ? core : "ARM11 core", (unsigned int)midr,
			  pmukit_midr_part(midr));
}

unsigned int pmukit_this_perfmon(uint32_t midr)
{
	uint32_t dfr0 = 0;

	if (pmukit_kmod_id_reg("id_dfr0", &dfr0))
		dfr0 = 0;	/* not loaded, or a 64-bit kernel: the MIDR alone */
	return pmukit_aarch32_perfmon(midr, dfr0);
}

int pmukit_this_pmuv3(void)
{
	unsigned int v = pmukit_this_perfmon(pmukit_this_midr());

	if (v == PMUKIT_PMUVER_NONE || v == PMUKIT_PMUVER_IMPDEF)
		return -1;
	return pmukit_aarch32_pmuv3(v);
}

int pmukit_level_filter_of(int v3, int have_ids, uint32_t midr, uint32_t id_dfr0,
			   uint32_t id_pfr1)
{
	if (v3 || pmukit_midr_virt_ext(midr))
		return 1;
	if (!have_ids)
		return -1;
	return pmukit_aarch32_level_filter(pmukit_aarch32_perfmon(midr, id_dfr0), midr,
					   id_pfr1);
}

int pmukit_this_level_filter(int v3, uint32_t *id_pfr1)
{
	uint32_t dfr0 = 0, pfr1 = 0;
	int have = !pmukit_kmod_id_reg("id_dfr0", &dfr0) &&
		   !pmukit_kmod_id_reg("id_pfr1", &pfr1);

	*id_pfr1 = pfr1;
	return pmukit_level_filter_of(v3, have, pmukit_this_midr(), dfr0, pfr1);
}

int pmukit_check_levels(struct pmukit_session *s, int filter, uint32_t id_pfr1)
{
	const char *core = s->core ? s->core->name : "core";
	unsigned int i;

	if (filter == 1)
		return 0;
	for (i = 0; i < s->n; i++) {
		struct pmukit_ev *e = &s->ev[i];

		if (e->kind != PMUKIT_EV_PMU || (!e->excl_user && !e->excl_kernel))
			continue;
		if (!e->explicit_levels) {
			/* The default (user only) cannot be had: count every level, and say so in the name. */
			e->excl_user = e->excl_kernel = 0;
			pmukit_ev_rename(e);
			continue;
		}
		if (filter == 0)
			return pmukit_err(-EOPNOTSUPP, "%s: this %s counts at every level only: its event counters have no P/U level filter, which ARMv7 has only with the Virtualization Extensions (ID_PFR1 0x%08x: none; Cortex-A5, A8, A9), and the cycle counter of ARMv7 has no filter at all; drop the %s (the count then includes the kernel)",
					  e->name, core, (unsigned int)id_pfr1, pmukit_ev_levels(e));
		return pmukit_err(-EOPNOTSUPP, "%s: cannot tell whether this %s filters by level: ARMv7 event counters do so only with the Virtualization Extensions, and ID_PFR1, which says, is readable at PL1 only; load this version of pmukit.ko (it shows ID_PFR1 in " PMUKIT_SYSFS "/id_pfr1) or drop the %s",
				  e->name, core, pmukit_ev_levels(e));
	}
	return 0;
}

/* ---- which events the PMU implements ---------------------------------- */

/* The module's PMCEID0/1 of @cpu: their low 32 bits. The module shows 0 where there is none. */
static int ceid_from_sysfs(int cpu, struct pmukit_implemented *im)
{
	uint32_t c0, c1;

	if (cpu < 0 || pmukit_kmod_cpu_reg(cpu, "pmceid0", &c0) ||
	    pmukit_kmod_cpu_reg(cpu, "pmceid1", &c1) || !(c0 | c1))
		return 0;
	im->ceid[0] = c0;
	im->ceid[1] = c1;
	im->ceid_bits = 32;
	im->ceid_from = PMUKIT_IMPL_SYSFS;
	snprintf(im->source, sizeof(im->source), "PMCEID0/1 (%s/cpu%d)", PMUKIT_SYSFS, cpu);
	return 1;
}

/* PMCEID0/1 read at EL0: UNDEFINED without user access, and on ARMv7: the guard catches that. */
static int ceid_from_regs(struct pmukit_implemented *im)
{
	int ret = pmukit_fault_guard_get();

	if (ret)
		return 0;
	ret = pmukit_isa_read_pmceid(im->ceid, &im->ceid_bits);
	pmukit_fault_guard_put();
	if (ret || !(im->ceid[0] | im->ceid[1]))
		return 0;
	im->ceid_from = PMUKIT_IMPL_REGS;
	snprintf(im->source, sizeof(im->source), "PMCEID0/1 (read from user space)");
	return 1;
}

/*
 * The events/ directory of @cpu's perf PMU (cores.c's rule: the PMU whose
 * cpus cover the CPU's core type), if the PMUv3 driver runs it: only its
 * list follows PMCEID.
 */
static int perf_events_dir(int cpu, char *dir, size_t len)
{
	struct pmukit_cpu_core t;

	if (pmukit_cpu_core(cpu, &t) || !pmukit_is_pmuv3_pmu(t.pmu))
		return 0;
	snprintf(dir, len, PMUKIT_PERF_DEVICES "/%s/events", t.pmu);
	return 1;
}

static int from_perf(int cpu, struct pmukit_implemented *im)
{
	char dir[384];
	int n;

	if (!perf_events_dir(cpu, dir, sizeof(dir)))
		return 0;
	n = pmukit_perf_event_codes(dir, im->perf, PMUKIT_IMPL_MAX_PERF);
	if (n <= 0)
		return 0;
	im->nperf = (size_t)n;
	snprintf(im->perf_source, sizeof(im->perf_source), "the perf driver (%s)", dir);
	if (!im->have_ceid)
		snprintf(im->source, sizeof(im->source), "%s", im->perf_source);
	return 1;
}

int pmukit_implemented_load(int cpu, unsigned int sources, struct pmukit_implemented *im)
{
	memset(im, 0, sizeof(*im));
	if (sources & PMUKIT_IMPL_SYSFS)
		im->have_ceid = ceid_from_sysfs(cpu, im);
	if (!im->have_ceid && (sources & PMUKIT_IMPL_REGS))
		im->have_ceid = ceid_from_regs(im);
	if (!im->have_ceid)
		im->ceid[0] = im->ceid[1] = 0;
	if (sources & PMUKIT_IMPL_PERF)
		im->have_perf = from_perf(cpu, im);
	if (!im->have_ceid && !im->have_perf) {
		snprintf(im->source, sizeof(im->source), "nothing: no PMCEID and no perf event list");
		return 0;
	}
	return 1;
}

static int answer(struct pmukit_support *how, int yes, enum pmukit_support_source src,
		  const char *where)
{
	if (how) {
		how->supported = yes;
		how->source = yes < 0 ? PMUKIT_SUPPORT_NONE : src;
		how->where = yes < 0 ? "" : where;
	}
	return yes;
}

int pmukit_event_supported(const struct pmukit_implemented *im, unsigned int code,
			   struct pmukit_support *how)
{
	size_t i;
	int has = im->have_ceid ? pmukit_pmceid_has(im->ceid, im->ceid_bits, code) : -1;

	if (has >= 0)
		return answer(how, has, im->ceid_from == PMUKIT_IMPL_REGS ? PMUKIT_SUPPORT_PMCEID :
			      PMUKIT_SUPPORT_KMOD, im->source);
	if (!im->have_perf)
		return answer(how, -1, PMUKIT_SUPPORT_NONE, "");
	/* A caller's own list may have no text: the source is still perf's. */
	for (i = 0; i < im->nperf; i++)
		if (im->perf[i] == code)
			return answer(how, 1, PMUKIT_SUPPORT_PERF, im->perf_source);
	/* The driver lists every common event PMCEID shows; past them it may just not know. */
	return answer(how, code < 0x40 ? 0 : -1, PMUKIT_SUPPORT_PERF, im->perf_source);
}

int pmukit_implemented(const struct pmukit_implemented *im, unsigned int code)
{
	return pmukit_event_supported(im, code, NULL);
}

const char *pmukit_support_source_name(enum pmukit_support_source src)
{
	switch (src) {
	case PMUKIT_SUPPORT_KMOD:
		return "pmukit.ko";
	case PMUKIT_SUPPORT_PMCEID:
		return "PMCEID";
	case PMUKIT_SUPPORT_PERF:
		return "perf";
	default:
		return "nothing";
	}
}
