// SPDX-License-Identifier: MIT
/*
 * The library's use of include/pmukit/pmu_id.h: which PMU this core has and
 * whether its event counters filter by level, from the MIDR and, on 32-bit
 * kernels, the PL1-only ID registers pmukit.ko copies to /sys/kernel/pmukit.
 * The decisions themselves are pmu_id.h's; here are only where the values
 * come from and the messages.
 */
#include <errno.h>
#include <stdio.h>

#include "pmukit/pmu_id.h"
#include "pmu_support.h"
#include "pmu_info.h"
#include "session.h"
#include "sysfile.h"

int pmukit_core_refusal(uint32_t midr, const char *core)
{
	if (!pmukit_midr_armv6_pmu(midr))
		return 0;
	return pmukit_err(-ENODEV, "this core is an %s (MIDR 0x%08x, part 0x%03x): its PMU is the ARMv6 one (PMNC, CCNT and two event counters in CP15 c15), a register layout pmukit does not drive; pmukit needs the ARMv7 PMU (Cortex-A cores) or PMUv3. Use --path perf (the kernel's ARMv6 perf driver) or --path clock",
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
