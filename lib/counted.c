// SPDX-License-Identifier: MIT
/*
 * The one rule for a zero: when a count of code that ran means "did not
 * count" (pmukit.h, pmukit_count_verdict()). Every output of the command,
 * the region report and the offline metrics ask here.
 *
 * Only what code that runs always causes is judged: cycles, instructions
 * retired and time. Any other event may truly be 0 (no cache refill, no
 * page fault). Of those, a count that leaves out EL0 (:k) can be 0 for code
 * that stayed in user space, so only a count that includes the level the
 * code ran at is judged. An event perf never had on a counter (enabled but
 * never running) did not count whatever its value says, on any event.
 *
 * A 0 of an event the core does not count is "not implemented", no failure
 * of the counter: PMCEID says so where there is one; without it (ARMv7) the
 * cycles of the same measurement tell, as a PMU whose cycle counter counted
 * is enabled, clocked and allowed to count.
 */
#include <errno.h>
#include <stdarg.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "pmukit/machine.h"
#include "pmukit/pmu_fields.h"
#include "backend.h"
#include "cpu.h"

/* What code that runs is certain to add to, if anything. */
enum sure {
	SURE_NOTHING,
	SURE_PMU,	/* CPU_CYCLES, INST_RETIRED; perf's cycles and instructions */
	SURE_TIMER,	/* the clock path's counter */
	SURE_TASK_CLOCK,	/* perf's task-clock, cpu-clock */
};

struct judged {
	enum sure sure;
	int at_el0;		/* the count includes EL0 */
	int ceid;		/* PMCEID: 1 implemented, 0 not, -1 cannot tell */
	const char *cycles;	/* the session's CPU_CYCLES that counted in this measurement */
	int cpu;		/* whose PMCEID, for the message */
	enum pmukit_path path;	/* PMUKIT_PATH_AUTO: not known */
};

static const char causes_pmu[] =
	"an emulator's CPU model that does not count it (QEMU's Cortex-A9 counts nothing), "
	"a PMU the firmware did not enable or clock, or counting prohibited by the firmware "
	"or a hypervisor";

static int say(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int say(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (!why || !len)
		return 0;
	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return 0;
}

static int judge(const struct judged *j, const struct pmukit_count *c, char *why, size_t len)
{
	int perf = j->path == PMUKIT_PATH_PERF || j->path == PMUKIT_PATH_PERF_MMAP;

	say(why, len, "%s", "");
	if (perf && c->enabled_ns && !c->running_ns) {
		say(why, len, "perf never had it on a counter in the %llu ns it was enabled "
			      "(all were taken: by the session's other events, or by another user "
			      "of the PMU such as the NMI watchdog)",
		    (unsigned long long)c->enabled_ns);
		return PMUKIT_NOT_COUNTED;
	}
	if (c->value || j->sure == SURE_NOTHING)
		return PMUKIT_COUNTED;
	switch (j->sure) {
	case SURE_TIMER:
		say(why, len, "the clock read 0 for code that ran: the timer did not advance "
			      "(a system counter the firmware did not start, or an emulator's timer "
			      "that stands still)");
		return PMUKIT_NOT_COUNTED;
	case SURE_TASK_CLOCK:
		say(why, len, "the task's clock read 0 for code that ran: the kernel did not "
			      "advance it");
		return PMUKIT_NOT_COUNTED;
	default:
		break;
	}
	/* :k alone: the code may never have entered the kernel. */
	if (!j->at_el0)
		return PMUKIT_COUNTED;
	if (j->ceid == 0) {
		say(why, len, "PMCEID0/1 of CPU %d say this core does not implement it", j->cpu);
		return PMUKIT_NOT_IMPLEMENTED;
	}
	/* Without PMCEID: the PMU counts (its cycles did), only this event does not. */
	if (j->ceid < 0 && j->cycles) {
		say(why, len, "a 0 for code that ran while %s counted: the PMU counts, this core "
			      "(or an emulator's model of it: QEMU counts INST_RETIRED only with "
			      "-icount) does not count this event, and has no PMCEID to say so",
		    j->cycles);
		return PMUKIT_NOT_IMPLEMENTED;
	}
	say(why, len, "a 0 for code that ran at a level it counts%s; likely %s%s",
	    j->ceid == 1 ? ", though PMCEID says the core implements it" : "", causes_pmu,
	    j->path == PMUKIT_PATH_DIRECT ?
	    "; or a perf session stopped it (PMCR.E: pmukit.ko's rearm restarts it)" : "");
	return PMUKIT_NOT_COUNTED;
}

/* PMCEID0/1 as pmukit.ko shows them for @cpu: 1 has @code, 0 not, -1 cannot tell. */
static int ceid_says(int cpu, uint16_t code)
{
	struct pmukit_implemented im;

	if (cpu < 0 || !pmukit_implemented_load(cpu, PMUKIT_IMPL_SYSFS, &im))
		return -1;	/* ARMv7 has none: the module shows 0 */
	return pmukit_implemented(&im, code);
}

/* The session's CPU_CYCLES at EL0 that counted in @counts, beside event @i; NULL if none. */
static const char *cycles_counted(const struct pmukit_session *s, unsigned int i,
				  const struct pmukit_count *counts)
{
	unsigned int k;

	for (k = 0; k < s->n; k++)
		if (k != i && s->ev[k].kind == PMUKIT_EV_PMU &&
		    s->ev[k].code == PMUKIT_EVT_CPU_CYCLES && !s->ev[k].excl_user && counts[k].value)
			return s->ev[k].name;
	return NULL;
}

PMUKIT_API int pmukit_count_verdict(const struct pmukit_session *s, unsigned int i,
				    const struct pmukit_count *counts, char *why, size_t len)
{
	struct judged j = { .sure = SURE_NOTHING, .ceid = -1 };
	const struct pmukit_ev *e;

	if (!s || !counts || i >= s->n)
		return pmukit_err(-EINVAL, "pmukit_count_verdict: %s",
				  !s || !counts ? "NULL argument" : "no such event");
	e = &s->ev[i];
	j.path = pmukit_session_path(s);
	j.at_el0 = !e->excl_user;
	j.cpu = s->cpu >= 0 ? s->cpu : pmukit_cpu_now();
	switch (e->kind) {
	case PMUKIT_EV_PMU:
		if (e->code == PMUKIT_EVT_CPU_CYCLES || e->code == PMUKIT_EVT_INST_RETIRED)
			j.sure = SURE_PMU;
		/* The cycle counter is in every PMU: PMCEID has nothing to add. */
		if (e->code == PMUKIT_EVT_INST_RETIRED) {
			j.ceid = ceid_says(j.cpu, e->code);
			j.cycles = cycles_counted(s, i, counts);
		}
		break;
	case PMUKIT_EV_CYCLES:
	case PMUKIT_EV_INSTRUCTIONS:
		j.sure = SURE_PMU;
		break;
	case PMUKIT_EV_CLOCK:
		j.sure = SURE_TIMER;
		j.at_el0 = 1;
		break;
	case PMUKIT_EV_SOFTWARE:
		if (e->config == PERF_COUNT_SW_TASK_CLOCK || e->config == PERF_COUNT_SW_CPU_CLOCK)
			j.sure = SURE_TASK_CLOCK;
		j.at_el0 = 1;
		break;
	}
	return judge(&j, &counts[i], why, len);
}

/* "NAME" or "NAME:levels" is @base (any case)? */
static int named(const char *event, size_t n, const char *base)
{
	return strlen(base) == n && !strncasecmp(event, base, n);
}

PMUKIT_API int pmukit_count_verdict_named(const char *event, const char *path,
					  const struct pmukit_count *c, char *why, size_t len)
{
	struct judged j = { .sure = SURE_NOTHING, .ceid = -1, .cpu = -1, .at_el0 = 1 };
	size_t n;
	const char *mod;

	if (!event || !c)
		return pmukit_err(-EINVAL, "pmukit_count_verdict_named: NULL argument");
	j.path = PMUKIT_PATH_AUTO;
	for (n = 0; path && n < PMUKIT_PATH_COUNT; n++)
		if (!strcmp(path, pmukit_path_name((enum pmukit_path)n)))
			j.path = (enum pmukit_path)n;
	n = strcspn(event, ":");
	mod = event[n] ? event + n + 1 : NULL;
	/* A level given: does it include EL0 (u)? "CPU_CYCLES:k" does not. */
	if (mod && *mod)
		j.at_el0 = strchr(mod, 'u') || strchr(mod, 'U');
	if (named(event, n, "CPU_CYCLES") || named(event, n, "INST_RETIRED") ||
	    named(event, n, "cycles") || named(event, n, "cpu-cycles") ||
	    named(event, n, "instructions") || named(event, n, "CYCLES"))
		j.sure = SURE_PMU;
	else if (named(event, n, "clock"))
		j.sure = SURE_TIMER;
	else if (named(event, n, "task-clock") || named(event, n, "cpu-clock"))
		j.sure = SURE_TASK_CLOCK;
	if (j.sure != SURE_PMU)
		j.at_el0 = 1;
	return judge(&j, c, why, len);
}
