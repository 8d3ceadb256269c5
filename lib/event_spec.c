// SPDX-License-Identifier: MIT
/*
 * A session's event specs, parsed once for every backend: Arm event names
 * and raw numbers (event_lookup.c), perf's generic names ("cycles",
 * "instructions"), perf's software events ("task-clock", ...) and the clock
 * path's "clock", each with the levels it counts at.
 *
 * Levels: ":u" user only, ":k" kernel only, ":uk" both. Without a modifier
 * an event counts user space only, as perf does for a user with
 * perf_event_paranoid 2, unless PMUKIT_F_ALL_LEVELS; software events and the
 * clock count everything unless told.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "pmukit/pmu_fields.h"
#include "core/compiler.h"
#include "core/names.h"
#include "core/spec.h"
#include "event_lookup.h"
#include "isa.h"
#include "session.h"
#include "event_spec.h"

static const struct {
	const char *name;
	enum pmukit_ev_kind kind;
	uint64_t config;	/* PMUKIT_EV_SOFTWARE: PERF_COUNT_SW_* */
	const char *canonical;	/* the name the session reports */
	const char *desc;	/* on the canonical name's row: pmukit_generic_event_at() */
} generic[] = {
	{ "cycles", PMUKIT_EV_CYCLES, 0, "cycles",
	  "Cycles of the core (Arm: CPU_CYCLES; the x86-64 direct path: the TSC's ticks)" },
	{ "cpu-cycles", PMUKIT_EV_CYCLES, 0, "cycles", NULL },
	{ "instructions", PMUKIT_EV_INSTRUCTIONS, 0, "instructions",
	  "Instructions architecturally executed (Arm: INST_RETIRED)" },
	{ "task-clock", PMUKIT_EV_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "task-clock",
	  "Time the task ran on a CPU, in nanoseconds" },
	{ "cpu-clock", PMUKIT_EV_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, "cpu-clock",
	  "Time of the CPU's clock while the task ran, in nanoseconds" },
	{ "page-faults", PMUKIT_EV_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, "page-faults",
	  "Page faults, minor and major" },
	{ "faults", PMUKIT_EV_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, "page-faults", NULL },
	{ "minor-faults", PMUKIT_EV_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN, "minor-faults",
	  "Page faults served without reading from a device" },
	{ "major-faults", PMUKIT_EV_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ, "major-faults",
	  "Page faults that had to read from a device" },
	{ "context-switches", PMUKIT_EV_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES,
	  "context-switches", "Times the task was switched off its CPU" },
	{ "cs", PMUKIT_EV_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, "context-switches", NULL },
	{ "cpu-migrations", PMUKIT_EV_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS, "cpu-migrations",
	  "Times the task moved to another CPU" },
	{ "migrations", PMUKIT_EV_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS, "cpu-migrations", NULL },
	{ "clock", PMUKIT_EV_CLOCK, 0, "clock",
	  "Ticks of a counter every program may read: the TSC, Arm's generic timer or the monotonic clock; no PMU needed" },
};

#define NGENERIC	ARRAY_SIZE(generic)

PMUKIT_API int pmukit_generic_event_at(unsigned int i, struct pmukit_generic_event *out)
{
	static const char *const kinds[] = {
		[PMUKIT_EV_CYCLES] = "hardware", [PMUKIT_EV_INSTRUCTIONS] = "hardware",
		[PMUKIT_EV_SOFTWARE] = "software", [PMUKIT_EV_CLOCK] = "clock",
	};
	size_t k, seen = 0;

	/* The table's rows by canonical name, each with its first other name. */
	for (k = 0; k < NGENERIC; k++) {
		size_t a;

		if (strcmp(generic[k].name, generic[k].canonical))
			continue;
		if (seen++ != i)
			continue;
		out->name = generic[k].canonical;
		out->alias = NULL;
		for (a = 0; a < NGENERIC && !out->alias; a++)
			if (a != k && !strcmp(generic[a].canonical, generic[k].canonical))
				out->alias = generic[a].name;
		out->kind = kinds[generic[k].kind];
		out->desc = generic[k].desc;
		return 0;
	}
	return -ENOENT;
}

const char *pmukit_ev_levels(const struct pmukit_ev *e)
{
	if (e->excl_kernel && !e->excl_user)
		return ":u";
	if (e->excl_user && !e->excl_kernel)
		return ":k";
	return ":uk";
}

void pmukit_ev_list_add(char *buf, size_t len, size_t *used, unsigned int *n,
			const struct pmukit_ev *e)
{
	if (*used + 2 >= len)
		return;
	*used += (size_t)snprintf(buf + *used, len - *used, "%s%s (0x%02x)", *n ? ", " : "",
				  e->base, e->code);
	(*n)++;
}

void pmukit_ev_rename(struct pmukit_ev *e)
{
	int plain = (e->kind == PMUKIT_EV_SOFTWARE || e->kind == PMUKIT_EV_CLOCK) &&
		    !e->explicit_levels;

	snprintf(e->name, sizeof(e->name), "%s%s", e->base, plain ? "" : pmukit_ev_levels(e));
}

unsigned long pmukit_ev_parses;

/* "unknown event 'X' (core): did you mean A, B?" with table and generic names. */
static int unknown_event(const struct pmukit_core_def *core, const char *base)
{
	const char *sugg[8];
	char list[512] = "";
	size_t n, i, used = 0;
	unsigned int limit = pmukit_name_limit(base);

	n = pmukit_event_suggest(core, base, sugg, 6);
	for (i = 0; i < NGENERIC && n < 8; i++)
		if (pmukit_name_distance(base, generic[i].name) <= limit)
			sugg[n++] = generic[i].name;
	for (i = 0; i < n && used + 2 < sizeof(list); i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
					 i ? ", " : "", sugg[i]);
	if (n)
		return pmukit_err(-ENOENT, "unknown event '%s' (%s): did you mean %s?", base,
				  core ? core->name : pmukit_isa_name, list);
	return pmukit_err(-ENOENT, "unknown event '%s' (%s): 'pmukit list' shows the events",
			  base, core ? core->name : pmukit_isa_name);
}

/*
 * Reads the spec by the grammar of core/spec.h; copies its event into @base.
 * -EINVAL when it is no spec at all or the event does not fit; the other
 * refusals are said later, each in its words.
 */
static int split_spec(const char *spec, struct pmukit_spec *sp, char *base, size_t len)
{
	if (pmukit_spec_parse(spec, sp) && sp->err == PMUKIT_SPEC_ERR_FORM)
		return -EINVAL;
	if (sp->len >= len)
		return -EINVAL;
	memcpy(base, sp->name, sp->len);
	base[sp->len] = '\0';
	return 0;
}

static int parse_levels(struct pmukit_ev *e, const struct pmukit_spec *sp)
{
	if (sp->err == PMUKIT_SPEC_ERR_LEVELS)
		return -EINVAL;
	e->excl_kernel = sp->excl_kernel;
	e->excl_user = sp->excl_user;
	e->explicit_levels = 1;
	return 0;
}

/*
 * Arm PMU event @code, named @name, into @e (levels set): elsewhere an Arm
 * event means something only if perf has it generically; one that does not
 * is parsed all the same, and refused (pmukit_ev_refused()).
 */
static int pmu_event(struct pmukit_ev *e, uint16_t code, const char *name)
{
	e->kind = PMUKIT_EV_PMU;
	e->code = code;
	snprintf(e->base, sizeof(e->base), "%s", name);
	if (!pmukit_isa_arm_pmu) {
		if (code == PMUKIT_EVT_CPU_CYCLES) {
			e->kind = PMUKIT_EV_CYCLES;
			snprintf(e->base, sizeof(e->base), "cycles");
		} else if (code == PMUKIT_EVT_INST_RETIRED) {
			e->kind = PMUKIT_EV_INSTRUCTIONS;
			snprintf(e->base, sizeof(e->base), "instructions");
		}
	}
	pmukit_ev_rename(e);
	return pmukit_ev_refused(e);
}

int pmukit_ev_refused(const struct pmukit_ev *e)
{
	if (pmukit_isa_arm_pmu || e->kind != PMUKIT_EV_PMU)
		return 0;
	return pmukit_err(-EOPNOTSUPP, "%s is an Arm PMU event; on %s only cycles, instructions and perf's software events (task-clock, page-faults, ...) exist",
			  e->base, pmukit_isa_name);
}

static int parse_one(const struct pmukit_core_def *core, unsigned int flags, const char *spec,
		     struct pmukit_ev *e)
{
	struct pmukit_event_spec es;
	struct pmukit_spec sp;
	char q[PMUKIT_QUOTE_LEN];
	size_t i;
	int ret;

	/* Threads parse at once (each region marker's session): no torn count. */
	__atomic_add_fetch(&pmukit_ev_parses, 1, __ATOMIC_RELAXED);
	memset(e, 0, sizeof(*e));
	if (!spec || split_spec(spec, &sp, e->base, sizeof(e->base)))
		return pmukit_err(-EINVAL, "'%s' is not an event spec: NAME, 0xHEX or rHEX, then :u, :k or :uk",
				  spec ? pmukit_err_quote(q, spec) : "(null)");
	if (sp.explicit_levels) {
		if (parse_levels(e, &sp))
			return pmukit_err(-EINVAL, "'%s': the modifier is :u (user), :k (kernel) or :uk (both)",
					  pmukit_err_quote(q, spec));
	} else if (flags & PMUKIT_F_ALL_LEVELS) {
		e->excl_kernel = e->excl_user = 0;
	} else {
		e->excl_kernel = 1;
	}

	for (i = 0; i < NGENERIC; i++)
		if (!strcasecmp(e->base, generic[i].name))
			break;
	if (i < NGENERIC) {
		e->kind = generic[i].kind;
		e->config = generic[i].config;
		snprintf(e->base, sizeof(e->base), "%s", generic[i].canonical);
		if ((e->kind == PMUKIT_EV_SOFTWARE || e->kind == PMUKIT_EV_CLOCK) && !sp.explicit_levels)
			e->excl_kernel = e->excl_user = 0;
		if (pmukit_isa_arm_pmu && e->kind == PMUKIT_EV_CYCLES) {
			e->kind = PMUKIT_EV_PMU;
			e->code = PMUKIT_EVT_CPU_CYCLES;
			snprintf(e->base, sizeof(e->base), "CPU_CYCLES");
		} else if (pmukit_isa_arm_pmu && e->kind == PMUKIT_EV_INSTRUCTIONS) {
			e->kind = PMUKIT_EV_PMU;
			e->code = PMUKIT_EVT_INST_RETIRED;
			snprintf(e->base, sizeof(e->base), "INST_RETIRED");
		}
		pmukit_ev_rename(e);
		return 0;
	}

	/* perf's names have '-', the Arm tables' never: "task-clok" is a typo. */
	if (strchr(e->base, '-') && strspn(e->base, "abcdefghijklmnopqrstuvwxyz"
				"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == strlen(e->base))
		return unknown_event(core, e->base);
	ret = pmukit_event_parse(e->base, core, &es);
	if (ret == -ENOENT)
		return unknown_event(core, e->base);
	if (ret)
		return pmukit_err(ret, "'%s' is not an event spec: NAME, 0xHEX or rHEX (at most 0xffff), then :u, :k or :uk",
				  pmukit_err_quote(q, spec));
	return pmu_event(e, es.code, es.name);
}

int pmukit_ev_parse(const struct pmukit_core_def *core, unsigned int flags, const char *spec,
		    struct pmukit_ev *e)
{
	return parse_one(core, flags, spec, e);
}

int pmukit_ev_from_code(const struct pmukit_core_def *core, unsigned int flags, unsigned int code,
			struct pmukit_ev *e)
{
	const struct pmukit_event_def *d;
	struct pmukit_event_spec es;

	memset(e, 0, sizeof(*e));
	if (code > 0xffff)
		return pmukit_err(-EINVAL, "event number 0x%x: at most 0xffff", code);
	/* The levels of a spec without a modifier. */
	e->excl_kernel = !(flags & PMUKIT_F_ALL_LEVELS);
	d = pmukit_event_find_code(core, code);
	if (!d) {
		/* The name a raw number without a table entry takes ("raw 0x815c"). */
		snprintf(es.name, sizeof(es.name), code > 0xff ? "raw 0x%04x" : "raw 0x%02x", code);
	}
	return pmu_event(e, (uint16_t)code, d ? d->name : es.name);
}

int pmukit_ev_parse_specs(const struct pmukit_session *s, const char *const *specs,
			  unsigned int n, struct pmukit_ev *ev)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		ret = parse_one(s->core, s->flags, specs[i], &ev[i]);
		/* On a thread that spans core types, say which table the name was looked up in. */
		if (ret == -ENOENT && s->span[0])
			pmukit_err_append("this thread may run on %s; names were looked up in the %s table, the type of the CPU it runs on now",
					  s->span, s->core ? s->core->name : "common");
		if (ret)
			return ret;
	}
	return 0;
}
