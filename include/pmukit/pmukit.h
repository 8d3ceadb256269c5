/* SPDX-License-Identifier: MIT */
/*
 * libpmukit: count CPU cycles and hardware events on ARM (and x86-64) from
 * user space, through one of several access paths, with statistics.
 *
 * Every function that can fail returns 0 or a negative errno; the text for it
 * is pmukit_strerror(), and pmukit_last_error() says what exactly went wrong
 * in this thread ("user access to the PMU is off on CPU 1: load pmukit.ko
 * (full access) or use --path perf").
 *
 *	struct pmukit_session *s;
 *	const char *ev[] = { "CPU_CYCLES", "INST_RETIRED:u" };
 *	struct pmukit_count c[2];
 *
 *	if (pmukit_open(&s, ev, 2, NULL) == 0) {
 *		pmukit_start(s);
 *		work();
 *		pmukit_stop(s);
 *		pmukit_read(s, c);
 *		pmukit_close(s);
 *	}
 *
 * The event tables are in events_api.h, what the library knows of the
 * machine (CPUs, core types, pmukit.ko, the kernel's level) in machine.h,
 * why counters go missing and the fix for each reason in doctor.h.
 */
#ifndef PMUKIT_PMUKIT_H
#define PMUKIT_PMUKIT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "export.h"
/* The library's objects, a header each. */
#include "path_api.h"	/* access paths */
#include "session_api.h"	/* sessions: open, start, stop, read, close */
#include "plan_api.h"	/* event plans: specs parsed once, passes */
#include "scope_api.h"	/* scopes: CPUs, processes, threads */
#include "verdict.h"	/* a zero that is not a count */
#include "input_api.h"	/* counts other collectors wrote, read back */
#include "sample.h"	/* pmukit_sample(), pmukit_cycles(): the cheapest reads */
#include "child.h"	/* counting a command */
#include "task.h"	/* a task's state: running, asleep, ended */
#include "pmu_info_api.h"	/* this machine's PMU */
#include "stats.h"	/* statistics of readings */
#include "regions_api.h"	/* region markers */
#include "guarded.h"	/* code that may trap */
#include "analysis.h"
#include "doctor.h"	/* pmukit_doctor(): why counters go missing here */
#include "regs.h"	/* pmukit_reg_read(): the PMU registers as user space sees them */
#include "support.h"	/* pmukit_event_supported(): is an event supported here, and how do we know */
#include "sysreg.h"

#ifdef __cplusplus
extern "C" {
#endif

/** pmukit_version() - the library's release, "MAJOR.MINOR.PATCH" (e.g. "0.1.0"). */
PMUKIT_API const char *pmukit_version(void);

/** pmukit_strerror() - text for a negative errno from this library. */
PMUKIT_API const char *pmukit_strerror(int err);
/** pmukit_last_error() - the detailed message of this thread's last failure. */
PMUKIT_API const char *pmukit_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_PMUKIT_H */
