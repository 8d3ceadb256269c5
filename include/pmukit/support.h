/* SPDX-License-Identifier: MIT */
/*
 * Is an event supported here, and how do we know: the one answer of
 * libpmukit (lib/pmu_support.c), for its access paths and for programs.
 * Included by pmukit.h.
 *
 *	struct pmukit_implemented im;
 *	struct pmukit_support how;
 *
 *	pmukit_implemented_load(cpu, PMUKIT_IMPL_ALL, &im);
 *	if (pmukit_event_supported(&im, 0x1b, &how) == 0)
 *		printf("INST_SPEC: not on this core, says %s\n", how.where);
 *
 * The sources, in the order they are believed: PMCEID0/1 (as pmukit.ko
 * shows them, else read here where user access allows), then the PMUv3
 * perf driver's events/ list of the CPU's perf PMU (pmukit_cpu_core()
 * names it). Nothing else says which events a core has: an event none of
 * them describes is "cannot tell", never "no".
 */
#ifndef PMUKIT_SUPPORT_H
#define PMUKIT_SUPPORT_H

#include "export.h"
#include "machine.h"	/* struct pmukit_implemented, pmukit_implemented_load() */

#ifdef __cplusplus
extern "C" {
#endif

/* What told whether an event is supported. */
enum pmukit_support_source {
	PMUKIT_SUPPORT_NONE = 0,	/* nothing: the answer is -1 */
	PMUKIT_SUPPORT_KMOD,		/* PMCEID0/1 as pmukit.ko shows them (cpuN/pmceid0/1) */
	PMUKIT_SUPPORT_PMCEID,		/* PMCEID0/1 read from user space */
	PMUKIT_SUPPORT_PERF,		/* the perf PMU's events/ directory */
};

/* The answer for one event, and where it comes from. */
struct pmukit_support {
	int supported;				/* 1 yes, 0 no, -1 cannot tell */
	enum pmukit_support_source source;
	const char *where;			/* for people: the register or directory; "" with NONE */
};

/**
 * pmukit_event_supported() - is an event supported here, and how do we know?
 * @im: what a CPU's PMU implements, from pmukit_implemented_load()
 * @code: the event number
 * @how: when not NULL, filled with the answer and its source
 *
 * PMCEID decides where it has the event's bit (pmukit_pmceid_has(): the
 * common events 0x00..0x3F, and 0x4000..0x403F where the high halves were
 * read); else the perf driver's list: listed is yes, a common event not
 * listed is no (the driver lists every one PMCEID shows), any other number
 * not listed cannot be told.
 *
 * Return: 1 supported, 0 not, -1 cannot tell.
 */
PMUKIT_API int pmukit_event_supported(const struct pmukit_implemented *im, unsigned int code,
				      struct pmukit_support *how);

/**
 * pmukit_support_source_name() - a source's short name
 * @src: a source
 *
 * Return: "pmukit.ko", "PMCEID", "perf" or "nothing" (a constant string).
 */
PMUKIT_API const char *pmukit_support_source_name(enum pmukit_support_source src);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_SUPPORT_H */
