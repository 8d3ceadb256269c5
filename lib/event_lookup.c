/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * Lookups in the event tables (lib/event_tables.c, from events/). The
 * tables are a few hundred entries per core, so plain linear scans are fast
 * enough and keep working for hand-made tables that are not sorted.
 *
 * Only ASCII case folding is done here, by hand: <ctype.h> would tie the
 * result to the C library's locale and is not always there in firmware.
 */
#include <string.h>
#if defined(__has_include)
#if __has_include(<errno.h>)
#include <errno.h>
#endif
#endif
/* Firmware without a C library may lack <errno.h>: the Linux numbers. */
#ifndef EINVAL
#define EINVAL	22
#endif
#ifndef ENOENT
#define ENOENT	2
#endif

#include "event_lookup.h"
#include "core/compiler.h"
#include "core/names.h"
#include "core/spec.h"

static int fold(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

/* Does the NUL-terminated s equal the first n chars of t, ignoring case? */
static int eq_n(const char *s, const char *t, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!s[i] || fold(s[i]) != fold(t[i]))
			return 0;
	return s[n] == '\0';
}

static const struct pmukit_event_def *find_in(const struct pmukit_core_def *t,
					       const char *name, size_t len)
{
	unsigned int i;

	for (i = 0; i < t->nevents; i++)
		if (eq_n(t->events[i].name, name, len))
			return &t->events[i];
	return NULL;
}

/*
 * The tables to search, in order: the core's own (its names win, as some
 * cores give an architectural name an IMPDEF number), then the common set of
 * its architecture. Without a core: every common set, newest first.
 */
static size_t search_order(const struct pmukit_core_def *core,
			   const struct pmukit_core_def *tabs[3])
{
	const struct pmukit_core_def *common;
	size_t n = 0;

	if (!core) {
		tabs[n++] = &pmukit_common_armv8;
		tabs[n++] = &pmukit_common_armv9;
		tabs[n++] = &pmukit_common_armv7;
		return n;
	}
	tabs[n++] = core;
	common = pmukit_common_for(core);
	if (common && common != core)
		tabs[n++] = common;
	return n;
}

/* The event of @t with number @code, or NULL. */
static const struct pmukit_event_def *code_in(const struct pmukit_core_def *t, unsigned code)
{
	unsigned int i;

	for (i = 0; i < t->nevents; i++)
		if (t->events[i].code == code)
			return &t->events[i];
	return NULL;
}

/*
 * Does common event @e hold on @core? Only where the core's table has
 * neither its name (under another number: Cortex-A55 numbers
 * STALL_FRONTEND_TLB 0xe2, not 0x815c) nor its number (under another
 * name), so that a name and a number mean one event on a core both ways.
 */
static int common_holds(const struct pmukit_core_def *core, const struct pmukit_core_def *t,
			const struct pmukit_event_def *e)
{
	return !core || t == core ||
	       (!find_in(core, e->name, strlen(e->name)) && !code_in(core, e->code));
}

static const struct pmukit_event_def *find_n(const struct pmukit_core_def *core,
					      const char *name, size_t len)
{
	const struct pmukit_core_def *tabs[3];
	const struct pmukit_event_def *e;
	size_t i, n = search_order(core, tabs);

	for (i = 0; i < n; i++) {
		e = find_in(tabs[i], name, len);
		if (e && common_holds(core, tabs[i], e))
			return e;
	}
	return NULL;
}

/**
 * pmukit_core_by_midr() - find the core that a MIDR value identifies
 * @midr: the Main ID Register (MIDR_EL1 or MIDR); variant, architecture
 *        and revision fields are ignored
 *
 * Only the implementer and part number (PMUKIT_MIDR_CORE_MASK) are compared,
 * so every revision of a core finds the same table.
 *
 * Return: the core from pmukit_cores[], or NULL when no table has that
 * implementer and part number.
 */
const struct pmukit_core_def *pmukit_core_by_midr(uint32_t midr)
{
	unsigned int i;

	for (i = 0; i < pmukit_ncores; i++) {
		const struct pmukit_core_def *c = &pmukit_cores[i];

		if (c->midr && (c->midr & PMUKIT_MIDR_CORE_MASK) ==
			       (midr & PMUKIT_MIDR_CORE_MASK))
			return c;
	}
	return NULL;
}

/**
 * pmukit_core_by_name() - find a core's table by name
 * @name: the core's name in any case, with '-', '_' or ' ' between the
 *        words: "cortex-a53", "Cortex-A53", "cortex_a53", "Neoverse N1";
 *        "common_armv8" and the like name the common tables
 *
 * Return: the core from pmukit_cores[] or a common table, or NULL when
 * @name is NULL or unknown.
 */
const struct pmukit_core_def *pmukit_core_by_name(const char *name)
{
	static const struct pmukit_core_def *const common[] = {
		&pmukit_common_armv7, &pmukit_common_armv8, &pmukit_common_armv9,
	};
	unsigned int i;

	if (!name)
		return NULL;
	for (i = 0; i < pmukit_ncores; i++)
		if (pmukit_name_eq(pmukit_cores[i].name, name))
			return &pmukit_cores[i];
	for (i = 0; i < ARRAY_SIZE(common); i++)
		if (pmukit_name_eq(common[i]->name, name))
			return common[i];
	return NULL;
}

/**
 * pmukit_common_for() - the common architectural events for a core
 * @core: a core table
 *
 * ARMv7 (A and R profiles) cores get common_armv7, ARMv8 ones (any minor
 * version, A or R) common_armv8 and ARMv9 ones common_armv9.
 *
 * Return: the common table, or NULL for a NULL @core or another
 * architecture (ARMv6 cores, whose PMU is not the architected one).
 */
const struct pmukit_core_def *pmukit_common_for(const struct pmukit_core_def *core)
{
	const char *a;

	if (!core || !core->arch)
		return NULL;
	a = core->arch;
	if (fold(a[0]) != 'a' || fold(a[1]) != 'r' || fold(a[2]) != 'm' ||
	    fold(a[3]) != 'v')
		return NULL;
	/* Exactly one digit: "armv80" would be no ARMv8 at all. */
	if (!is_digit(a[4]) || is_digit(a[5]))
		return NULL;
	switch (a[4]) {
	case '7':
		return &pmukit_common_armv7;
	case '8':
		return &pmukit_common_armv8;
	case '9':
		return &pmukit_common_armv9;
	default:
		return NULL;
	}
}

/**
 * pmukit_event_find() - find an event by name
 * @core: the core whose table to search first, or NULL for the common
 *        tables alone (ARMv8, then ARMv9, then ARMv7)
 * @name: the event's name in any case: "L1D_CACHE_REFILL", "cpu_cycles"
 *
 * After the core's own table, the common table of its architecture is
 * searched, so architectural events are found even where the core's data
 * leaves them out; a common event counts only where the core's table has
 * neither its name nor its number (see common_holds()).
 *
 * Return: the event (its name as in the table, upper case), or NULL when
 * no table searched has it.
 */
const struct pmukit_event_def *pmukit_event_find(const struct pmukit_core_def *core,
						 const char *name)
{
	if (!name)
		return NULL;
	return find_n(core, name, strlen(name));
}

/**
 * pmukit_event_find_code() - find an event by number
 * @core: the core whose table to search first, or NULL for the common
 *        tables alone, as for pmukit_event_find()
 * @code: the event number
 *
 * The core's own table names a number; the common table only where the
 * core's table has neither that number nor the common name under another
 * number, so the name always says what the core counts.
 *
 * Return: the first event with that number (tables are sorted by number,
 * then name), or NULL when no table searched has it.
 */
const struct pmukit_event_def *pmukit_event_find_code(const struct pmukit_core_def *core,
						      unsigned code)
{
	const struct pmukit_core_def *tabs[3];
	const struct pmukit_event_def *e;
	size_t t, n = search_order(core, tabs);

	for (t = 0; t < n; t++) {
		e = code_in(tabs[t], code);
		if (e && common_holds(core, tabs[t], e))
			return e;
	}
	return NULL;
}

/* Copies a table name into the spec, cut to fit (no table name comes close). */
static void set_name(struct pmukit_event_spec *s, const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(s->name) - 1 && name[i]; i++)
		s->name[i] = name[i];
	s->name[i] = '\0';
}

static void set_raw_name(struct pmukit_event_spec *s, unsigned code)
{
	static const char hex[] = "0123456789abcdef";
	char *p = s->name;
	int shift = code > 0xff ? 12 : 4;

	memcpy(p, "raw 0x", 6);
	p += 6;
	for (; shift >= 0; shift -= 4)
		*p++ = hex[(code >> shift) & 0xf];
	*p = '\0';
}

/**
 * pmukit_event_parse() - parse an event spec, as perf's -e takes them
 * @spec: "NAME", "0xHEX" or "rHEX", then optionally ":u" (count at user
 *        level only), ":k" (kernel level only) or ":uk"/":ku" (both, as with
 *        no modifier); names in any case, white space around the spec and
 *        before the ':' ignored (the grammar of core/spec.h)
 * @core: the core whose names are valid (then its common table), or NULL
 *        for the common tables alone
 * @out: the result; left alone unless 0 is returned
 *
 * A raw number takes the name pmukit_event_find_code() gives it, else
 * "raw 0x..": on Cortex-A55, 0x815c stays "raw 0x815c", as that core
 * calls 0xe2 STALL_FRONTEND_TLB.
 *
 * Return: 0; -EINVAL when @spec is malformed (empty, a bad or repeated
 * modifier, bad hex, a number above 0xffff, a decimal number, characters
 * no name has, perf's dashed names, which no table has); -ENOENT when it is
 * a well-formed name no table searched knows.
 */
int pmukit_event_parse(const char *spec, const struct pmukit_core_def *core,
		       struct pmukit_event_spec *out)
{
	struct pmukit_event_spec s;
	struct pmukit_spec sp;
	const struct pmukit_event_def *e;

	if (!spec || !out)
		return -EINVAL;
	if (pmukit_spec_parse(spec, &sp) || sp.dashed)
		return -EINVAL;
	memset(&s, 0, sizeof(s));
	s.excl_kernel = sp.excl_kernel;
	s.excl_user = sp.excl_user;
	if (sp.number) {
		s.code = (uint16_t)sp.code;
		s.raw = 1;
		e = pmukit_event_find_code(core, s.code);
		if (e)
			set_name(&s, e->name);
		else
			set_raw_name(&s, s.code);
	} else {
		e = find_n(core, sp.name, sp.len);
		if (!e)
			return -ENOENT;
		s.code = e->code;
		set_name(&s, e->name);
	}
	*out = s;
	return 0;
}

/**
 * pmukit_event_suggest() - close event names, for "did you mean" messages
 * @core: the core whose names to consider (then its common table), or NULL
 *        for the common tables alone
 * @name: the name that was not found
 * @out: filled with pointers to table names, best first
 * @max: room in @out; at most PMUKIT_SUGGEST_MAX are returned
 *
 * A name is close when few edits (insertions, deletions, substitutions or
 * swaps of neighbours, without case and with '-', '_' and ' ' the same: the
 * rule of core/names.h; at most a third of @name's length and at least 2)
 * turn @name into it, or when it contains @name (3 characters or more). Fewer edits rank first; ties keep table order, which is by event
 * number. A name in two tables is offered once.
 *
 * Return: how many names were stored in @out (0 to @max).
 */
size_t pmukit_event_suggest(const struct pmukit_core_def *core, const char *name,
			    const char **out, size_t max)
{
	const struct pmukit_core_def *tabs[3];
	unsigned score[PMUKIT_SUGGEST_MAX];
	struct pmukit_name_best best;
	size_t ntabs, t, u;
	unsigned limit;
	unsigned int i;

	if (!name || !out || !max)
		return 0;
	if (max > PMUKIT_SUGGEST_MAX)
		max = PMUKIT_SUGGEST_MAX;
	limit = pmukit_name_limit(name);
	ntabs = search_order(core, tabs);
	pmukit_name_best_init(&best, out, score, max);

	for (t = 0; t < ntabs; t++) {
		for (i = 0; i < tabs[t]->nevents; i++) {
			const char *cand = tabs[t]->events[i].name;
			unsigned d = pmukit_name_distance(name, cand);
			int dup = 0;

			if ((d > limit && !pmukit_name_contains(cand, name)) ||
			    !common_holds(core, tabs[t], &tabs[t]->events[i]))
				continue;
			for (u = 0; u < t && !dup; u++)
				dup = find_in(tabs[u], cand, strlen(cand)) != NULL;
			if (!dup)
				pmukit_name_best_add(&best, cand, d);
		}
	}
	return best.n;
}
