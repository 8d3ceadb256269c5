// SPDX-License-Identifier: MIT
/*
 * Which events this machine counts, as the library tells (PMCEID0/1 from
 * pmukit.ko's sysfs or the registers, the perf driver's event list). An
 * event no source describes is "unknown", not "unsupported".
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>

#include "cli.h"
#include "support.h"

int support_load(struct pmukit_implemented *s)
{
	return pmukit_implemented_load(sched_getcpu(), PMUKIT_IMPL_ALL, s);
}

/*
 * Without PMCEID, one sentence on what a 0 means: flat, each source named
 * once. @armv7: the core is ARMv7, which has no PMCEID at all (else
 * pmukit.ko shows it).
 */
void support_caveat(const struct pmukit_implemented *s, int armv7, char *buf, size_t len)
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
