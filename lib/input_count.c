// SPDX-License-Identifier: MIT
/*
 * A count read back and its event (input.h: input_add()): a name as the
 * collectors write it (a table name or number with levels, perf's generic
 * and software events, perf's PMU terms, the core type of a machine of
 * several) looked up in the core's table: pmukit_input_name(), the one
 * rule for a recorded name that the readers and the command share.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pmukit/pmukit.h"
#include "pmukit/events_api.h"
#include "core/compiler.h"
#include "input.h"

#define IN_MAX_COUNTS	(1u << 20)

/* ---- event names ------------------------------------------------------------ */

/*
 * perf's generic hardware events as the kernel's arm_pmuv3 driver maps them
 * on every ARMv8 core (armv8_pmuv3_perf_map). "branches" is left out: it is
 * PC_WRITE_RETIRED or BR_RETIRED by kernel version and core, so no count
 * of it says which was counted.
 */
static const struct {
	const char *name;
	uint16_t code;
} perf_hw[] = {
	{ "cycles", 0x11 }, { "cpu-cycles", 0x11 },
	{ "instructions", 0x08 },
	{ "cache-references", 0x04 }, { "cache-misses", 0x03 },
	{ "branch-misses", 0x10 },
	{ "bus-cycles", 0x1d },
	{ "stalled-cycles-frontend", 0x23 }, { "idle-cycles-frontend", 0x23 },
	{ "stalled-cycles-backend", 0x24 }, { "idle-cycles-backend", 0x24 },
};

/* perf's software and tool events: counted by no PMU. */
static const char *const perf_sw[] = {
	"task-clock", "cpu-clock", "page-faults", "faults", "minor-faults", "major-faults",
	"context-switches", "cs", "cpu-migrations", "migrations", "alignment-faults",
	"emulation-faults", "dummy", "bpf-output", "duration_time", "user_time", "system_time",
};

/* perf's modifier letters; of them only u and k say which levels counted. */
static int is_modifiers(const char *s)
{
	return *s && strspn(s, "ukhHGpPSDIWe") == strlen(s);
}

static void set_levels(const char *mods, struct pmukit_event_spec *es)
{
	int u = strchr(mods, 'u') != NULL, k = strchr(mods, 'k') != NULL;

	es->excl_user = k && !u;
	es->excl_kernel = u && !k;
}

/* A hex number ("11", "0x11" after the prefix is taken off) of at most 16 bits. */
static int parse_hex16(const char *s, uint16_t *out)
{
	char *end;
	unsigned long v;

	if (!isxdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoul(s, &end, 16);
	if (*end || errno || v > 0xffff)
		return -1;
	*out = (uint16_t)v;
	return 0;
}

/* A name without modifiers: a raw number, perf's names, a table's, LIKWID's. */
static int base_event(const char *base, const struct pmukit_core_def *core,
		      struct pmukit_event_spec *es)
{
	struct pmukit_event_spec t;
	char alt[PMUKIT_INPUT_NAME_LEN];
	size_t i, n = strlen(base);

	if ((base[0] == 'r' || base[0] == 'R') && !parse_hex16(base + 1, &es->code)) {
		es->raw = 1;
		return 0;
	}
	if (!strncasecmp(base, "0x", 2) && !parse_hex16(base + 2, &es->code)) {
		es->raw = 1;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(perf_hw); i++)
		if (!strcmp(base, perf_hw[i].name)) {
			es->code = perf_hw[i].code;
			return 0;
		}
	for (i = 0; i < ARRAY_SIZE(perf_sw); i++)
		if (!strcmp(base, perf_sw[i]))
			return 1;
	if (strpbrk(base, ":/=,") || !n)
		return -ENOENT;
	if (!pmukit_event_parse(base, core, &t)) {
		es->code = t.code;
		return 0;
	}
	/* LIKWID names Arm's *_RD and *_WR events *_LD and *_ST. */
	if (n > 3 && n < sizeof(alt) && (!strcasecmp(base + n - 3, "_LD") ||
					  !strcasecmp(base + n - 3, "_ST"))) {
		memcpy(alt, base, n + 1);
		memcpy(alt + n - 2, toupper((unsigned char)base[n - 2]) == 'L' ? "RD" : "WR", 2);
		if (!pmukit_event_parse(alt, core, &t)) {
			es->code = t.code;
			return 0;
		}
	}
	return -ENOENT;
}

/* The term between a PMU's slashes: a name, rNN, event=NN or config=NN. */
static int pmu_term(const char *term, const struct pmukit_core_def *core,
		    struct pmukit_event_spec *es)
{
	const char *v = NULL;
	char *end;
	unsigned long x;

	if (!strncmp(term, "event=", 6))
		v = term + 6;
	else if (!strncmp(term, "config=", 7))
		v = term + 7;
	if (!v)
		return base_event(term, core, es) == 0 ? 0 : -ENOENT;
	errno = 0;
	x = strtoul(v, &end, 0);
	if (!*v || *end || errno || x > 0xffff)
		return -ENOENT;
	es->code = (uint16_t)x;
	es->raw = 1;
	return 0;
}

/*
 * The core type a PMU's name in perf's syntax stands for: perf's
 * "armv8_cortex_a53" (a core pmukit knows), its hybrid x86 "cpu_core" and
 * "cpu_atom"; pmukit stat's own "cortex-a53". Return: 0 with @out, -1 for
 * a PMU of no named type ("armv8_pmuv3_0": the only one, or not known).
 */
static int pmu_core(const char *pmu, char *out, size_t cap)
{
	char name[PMUKIT_INPUT_CORE_LEN];
	const char *s = pmu;
	size_t i;

	/* armv7_cortex_a15, armv8_cortex_a53, armv9_cortex_a510 */
	if (!strncmp(s, "armv", 4) && isdigit((unsigned char)s[4]) && s[5] == '_')
		s += 6;
	if (strlen(s) >= sizeof(name) || strlen(s) >= cap)
		return -1;
	for (i = 0; s[i]; i++)
		name[i] = s[i] == '_' && s == pmu + 6 ? '-' : s[i];
	name[i] = '\0';
	if (strcmp(name, "cpu_core") && strcmp(name, "cpu_atom") && !pmukit_core_by_name(name))
		return -1;
	memcpy(out, name, i + 1);
	return 0;
}

/* pmukit_input_name(), and the event as a spec into @es (its name left to the caller). */
static int parse_name(const char *name, const struct pmukit_core_def *core,
		      struct pmukit_input_name *out, struct pmukit_event_spec *es)
{
	char buf[PMUKIT_INPUT_NAME_LEN], *mods = NULL, *term = buf, *slash;
	int ret;

	memset(out, 0, sizeof(*out));
	memset(es, 0, sizeof(*es));
	out->code = PMUKIT_INPUT_UNKNOWN;
	if (!name || strlen(name) >= sizeof(buf))
		return -ENOENT;
	snprintf(buf, sizeof(buf), "%s", name);
	slash = strchr(buf, '/');
	if (slash) {
		/* PMU/TERM/MODS: a CPU PMU of Arm's, a hybrid type of perf's, pmukit's core. */
		char *last = strrchr(buf, '/');

		if (last == slash)
			return -ENOENT;
		*slash = *last = '\0';
		if (pmu_core(buf, out->core, sizeof(out->core)) && strncmp(buf, "armv", 4))
			return -ENOENT;
		mods = last + 1;
		if (*mods == ':')
			mods++;
		if (*mods && !is_modifiers(mods))
			return -ENOENT;
		term = slash + 1;
	}
	/* pmukit's "cortex-a53/INST_RETIRED:u/" and plain names: the levels after a ':'. */
	if (!strchr(term, '=')) {
		char *colon = strrchr(term, ':');

		if (colon && is_modifiers(colon + 1)) {
			*colon = '\0';
			if (mods && *mods)
				return -ENOENT;	/* levels twice */
			mods = colon + 1;
		}
	}
	snprintf(out->event, sizeof(out->event), "%s", term);
	/* The firmware library's name of its cycle counter. */
	if (!slash && !strcasecmp(term, "CYCLES")) {
		es->code = PMUKIT_EVT_CPU_CYCLES;
		ret = 0;
	} else {
		ret = slash ? pmu_term(term, core, es) : base_event(term, core, es);
	}
	if (mods) {
		set_levels(mods, es);
		out->excl_user = es->excl_user;
		out->excl_kernel = es->excl_kernel;
	}
	out->code = ret == 0 ? es->code : ret == 1 ? PMUKIT_INPUT_NOT_PMU : PMUKIT_INPUT_UNKNOWN;
	return ret;
}

PMUKIT_API int pmukit_input_name(const char *name, const struct pmukit_core_def *core,
				 struct pmukit_input_name *out)
{
	struct pmukit_event_spec es;

	return out ? parse_name(name, core, out, &es) : -ENOENT;
}

PMUKIT_API int pmukit_input_event(const char *name, const struct pmukit_core_def *core,
				  struct pmukit_event_spec *out)
{
	struct pmukit_input_name n;
	struct pmukit_event_spec es;
	int ret = parse_name(name, core, &n, &es);

	if (ret)
		return ret;
	snprintf(es.name, sizeof(es.name), "%s", name);
	*out = es;
	return 0;
}

/* ---- the counts --------------------------------------------------------------- */

struct pmukit_input_count *input_add(struct pmukit_input *in, const char *name,
				     const struct pmukit_core_def *core, unsigned int line)
{
	struct pmukit_input_count *c;
	struct pmukit_input_name nm;
	int ret;

	if (in->n == in->cap) {
		unsigned int cap = in->cap ? in->cap * 2 : 64;
		struct pmukit_input_count *nc;

		if (cap > IN_MAX_COUNTS)
			return NULL;
		nc = realloc(in->count, cap * sizeof(*nc));
		if (!nc)
			return NULL;
		in->count = nc;
		in->cap = cap;
	}
	c = &in->count[in->n++];
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	ret = pmukit_input_name(name, core, &nm);
	c->code = nm.code;
	if (ret == 0) {
		c->excl_user = nm.excl_user;
		c->excl_kernel = nm.excl_kernel;
	}
	/* A type's count: its core, as the name gives it (a reader may give it apart). */
	if (nm.core[0]) {
		memcpy(c->core, nm.core, sizeof(c->core));
		in->has_core = 1;
	}
	c->percent = 100.0;
	c->interval = -1.0;
	c->cpu = -1;
	c->pass = 1;
	c->line = line;
	return c;
}

void input_set_core(struct pmukit_input *in, struct pmukit_input_count *c, const char *core)
{
	if (!core[0] || !strcmp(core, "all"))
		return;
	snprintf(c->core, sizeof(c->core), "%s", core);
	in->has_core = 1;
}

void input_types(struct pmukit_input *in)
{
	const char *first = NULL;
	unsigned int i, several = 0;

	for (i = 0; i < in->n && !several; i++)
		if (in->count[i].core[0] && !first)
			first = in->count[i].core;
		else if (in->count[i].core[0] && strcmp(first, in->count[i].core))
			several = 1;
	in->has_core = several;
	for (i = 0; i < in->n; i++) {
		struct pmukit_input_count *c = &in->count[i];
		const struct pmukit_core_def *def = several ? pmukit_core_by_name(c->core) : NULL;
		struct pmukit_input_name n;

		if (!several) {
			c->core[0] = '\0';
		} else if (def) {
			/* A type's event is looked up in that type's table. */
			pmukit_input_name(c->name, def, &n);
			c->code = n.code;
		}
	}
}

int input_is_core(const char *s)
{
	return s[0] && pmukit_core_by_name(s) != NULL;
}
