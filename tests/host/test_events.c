/* SPDX-License-Identifier: MIT */
/*
 * Event tables and their run-time lookup: core by MIDR and by name, events
 * by name and number, perf-like specs, suggestions, and the shape of the
 * generated tables themselves. Each table row carries its __LINE__ so that a
 * failure points at the row.
 */
#include <errno.h>
#include <string.h>

#include "pmukit/pmu_fields.h"
#include "event_lookup.h"
#include "core/compiler.h"
#include "../tap.h"
#include "util.h"


static const struct pmukit_core_def *core(const char *name)
{
	return name ? pmukit_core_by_name(name) : NULL;
}

static const char *core_name(const struct pmukit_core_def *c)
{
	return c ? c->name : "(null)";
}

/* @c is the core named @want, or there is none and @want is NULL. */
static int is_core(const struct pmukit_core_def *c, const char *want)
{
	return want ? c && !strcmp(c->name, want) : !c;
}

static void test_midr(void)
{
	static const struct {
		int line;
		uint32_t midr;
		const char *want;	/* NULL: no core */
	} rows[] = {
		{ __LINE__, 0x410fd034, "cortex-a53" },	/* r0p4 */
		{ __LINE__, 0x411fd030, "cortex-a53" },	/* other revision */
		{ __LINE__, 0x412fc0f1, "cortex-a15" },
		{ __LINE__, 0x413fd0c1, "neoverse-n1" },
		{ __LINE__, 0x410fd070, "cortex-a57" },
		{ __LINE__, 0x414fc0f0, "cortex-a15" },
		{ __LINE__, 0x3f0f4120, "rainier" },	/* implementer 0x3f in the data */
		{ __LINE__, 0x00000000, NULL },
		{ __LINE__, 0x410fdff0, NULL },		/* unknown part */
		{ __LINE__, 0x510fd030, NULL },		/* A53's part, other implementer */
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct pmukit_core_def *c = pmukit_core_by_midr(rows[i].midr);
		int ok = is_core(c, rows[i].want);

		if (!tap_ok(ok, "line %d: MIDR 0x%08x -> %s", rows[i].line,
			    (unsigned)rows[i].midr, rows[i].want ? rows[i].want : "none"))
			tap_diag("  got %s", core_name(c));
	}
}

static void test_core_name(void)
{
	static const struct str_case rows[] = {	/* in: a core's name */
		{ __LINE__, "cortex-a53", "cortex-a53" },
		{ __LINE__, "Cortex-A53", "cortex-a53" },
		{ __LINE__, "cortex_a53", "cortex-a53" },
		{ __LINE__, "CORTEX A53", "cortex-a53" },
		{ __LINE__, "cortex-a5", "cortex-a5" },
		{ __LINE__, "Neoverse N1", "neoverse-n1" },
		{ __LINE__, "common_armv8", "common_armv8" },
		{ __LINE__, "Common-ARMv7", "common_armv7" },
		{ __LINE__, "cortex-a54", NULL },
		{ __LINE__, "cortex-a53x", NULL },
		{ __LINE__, "", NULL },
		{ __LINE__, NULL, NULL },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct pmukit_core_def *c = pmukit_core_by_name(rows[i].in);
		int ok = is_core(c, rows[i].want);

		if (!tap_ok(ok, "line %d: core \"%s\" -> %s", rows[i].line,
			    rows[i].in ? rows[i].in : "(null)",
			    rows[i].want ? rows[i].want : "none"))
			tap_diag("  got %s", core_name(c));
	}
}

static void test_find(void)
{
	static const struct {
		int line;
		const char *core, *name;
		int want;	/* code, or -1: not found */
	} rows[] = {
		{ __LINE__, "cortex-a53", "L1D_CACHE_REFILL", 0x03 },
		{ __LINE__, "cortex-a53", "l1d_cache_refill", 0x03 },
		{ __LINE__, "cortex-a53", "Cpu_Cycles", 0x11 },
		/* Not in A53's data: found in the common ARMv8 table. */
		{ __LINE__, "cortex-a53", "STALL_FRONTEND", 0x23 },
		/* ARMv7 cores fall back to the ARMv7 set, which lacks it. */
		{ __LINE__, "cortex-a15", "STALL_FRONTEND", -1 },
		{ __LINE__, "cortex-a15", "inst_retired", 0x08 },
		/* The core's own number wins over the architectural one. */
		{ __LINE__, "cortex-a55", "STALL_BACKEND_ILOCK", 0xe4 },
		{ __LINE__, NULL, "STALL_BACKEND_ILOCK", 0x816c },
		{ __LINE__, NULL, "cpu_cycles", 0x11 },
		{ __LINE__, NULL, "SAMPLE_POP", 0x4000 },
		{ __LINE__, "cortex-a53", "L1D_CACHE_REFIL", -1 },
		{ __LINE__, "cortex-a53", "", -1 },
		{ __LINE__, NULL, NULL, -1 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct pmukit_event_def *e =
			pmukit_event_find(core(rows[i].core), rows[i].name);

		tap_eq(e ? e->code : -1, rows[i].want, "line %d: find %s in %s",
		       rows[i].line, rows[i].name ? rows[i].name : "(null)",
		       rows[i].core ? rows[i].core : "common tables");
	}
}

static void test_find_code(void)
{
	static const struct {
		int line;
		const char *core;
		unsigned code;
		const char *want;	/* NULL: not found */
	} rows[] = {
		{ __LINE__, "cortex-a53", 0x08, "INST_RETIRED" },
		{ __LINE__, "cortex-a53", 0x11, "CPU_CYCLES" },
		{ __LINE__, "cortex-a55", 0xe4, "STALL_BACKEND_ILOCK" },
		{ __LINE__, NULL, 0x816c, "STALL_BACKEND_ILOCK" },
		{ __LINE__, "cortex-a53", 0x23, "STALL_FRONTEND" },
		/* A53's IMPDEF 0xc0 has no name in the data. */
		{ __LINE__, "cortex-a53", 0xc0, NULL },
		/*
		 * These cores number the common stall events their own way:
		 * the common numbers name nothing there, their own do.
		 */
		{ __LINE__, "cortex-a55", 0x815c, NULL },
		{ __LINE__, "cortex-a55", 0x8168, NULL },
		{ __LINE__, "cortex-a55", 0x816c, NULL },
		{ __LINE__, "cortex-a510", 0x815c, NULL },
		{ __LINE__, "cortex-a510", 0x8168, NULL },
		{ __LINE__, "cortex-a510", 0x816c, NULL },
		{ __LINE__, "cortex-r82", 0x815c, NULL },
		{ __LINE__, "cortex-r82", 0x8168, NULL },
		{ __LINE__, "cortex-r82", 0x816c, NULL },
		{ __LINE__, "cortex-a55", 0xe2, "STALL_FRONTEND_TLB" },
		{ __LINE__, "cortex-a510", 0xe8, "STALL_BACKEND_ST" },
		{ __LINE__, "cortex-r82", 0xe4, "STALL_BACKEND_ILOCK" },
		/* Where the core's table leaves both free, the common name holds. */
		{ __LINE__, "cortex-a53", 0x815c, "STALL_FRONTEND_TLB" },
		{ __LINE__, NULL, 0xabcd, NULL },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct pmukit_event_def *e =
			pmukit_event_find_code(core(rows[i].core), rows[i].code);
		int ok = rows[i].want ? e && !strcmp(e->name, rows[i].want) : !e;

		if (!tap_ok(ok, "line %d: code 0x%x in %s -> %s", rows[i].line,
			    rows[i].code, rows[i].core ? rows[i].core : "common tables",
			    rows[i].want ? rows[i].want : "none"))
			tap_diag("  got %s", e ? e->name : "none");
	}
}

static void test_parse(void)
{
	static const struct {
		int line;
		const char *core, *spec;
		int rc;
		const char *name;
		unsigned code, excl_user, excl_kernel, raw;
	} rows[] = {
		/* names, any case, with modifiers */
		{ __LINE__, "cortex-a53", "L1D_CACHE_REFILL", 0, "L1D_CACHE_REFILL", 0x03, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "l1d_cache_refill", 0, "L1D_CACHE_REFILL", 0x03, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "cpu_cycles:u", 0, "CPU_CYCLES", 0x11, 0, 1, 0 },
		{ __LINE__, "cortex-a53", "inst_retired:k", 0, "INST_RETIRED", 0x08, 1, 0, 0 },
		{ __LINE__, "cortex-a53", "INST_RETIRED:uk", 0, "INST_RETIRED", 0x08, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "INST_RETIRED:ku", 0, "INST_RETIRED", 0x08, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "  cpu_cycles\t", 0, "CPU_CYCLES", 0x11, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "stall_frontend", 0, "STALL_FRONTEND", 0x23, 0, 0, 0 },
		{ __LINE__, "cortex-a55", "stall_backend_ilock", 0, "STALL_BACKEND_ILOCK", 0xe4, 0, 0, 0 },
		{ __LINE__, NULL, "CPU_CYCLES:k", 0, "CPU_CYCLES", 0x11, 1, 0, 0 },
		/* raw numbers: named from the tables when known */
		{ __LINE__, "cortex-a53", "0x08", 0, "INST_RETIRED", 0x08, 0, 0, 1 },
		{ __LINE__, "cortex-a53", "0X8", 0, "INST_RETIRED", 0x08, 0, 0, 1 },
		{ __LINE__, "cortex-a53", "r11", 0, "CPU_CYCLES", 0x11, 0, 0, 1 },
		{ __LINE__, "cortex-a53", "r011:u", 0, "CPU_CYCLES", 0x11, 0, 1, 1 },
		{ __LINE__, "cortex-a53", "R08:k", 0, "INST_RETIRED", 0x08, 1, 0, 1 },
		{ __LINE__, "cortex-a53", "rc0", 0, "raw 0xc0", 0xc0, 0, 0, 1 },
		{ __LINE__, "cortex-a53", "0x1", 0, "L1I_CACHE_REFILL", 0x01, 0, 0, 1 },
		{ __LINE__, NULL, "0xabcd", 0, "raw 0xabcd", 0xabcd, 0, 0, 1 },
		{ __LINE__, NULL, "0xffff:uk", 0, "raw 0xffff", 0xffff, 0, 0, 1 },
		{ __LINE__, NULL, "r4000", 0, "SAMPLE_POP", 0x4000, 0, 0, 1 },
		/* A raw number is named by what this core counts under it, or not at all. */
		{ __LINE__, "cortex-a55", "0x815c", 0, "raw 0x815c", 0x815c, 0, 0, 1 },
		{ __LINE__, "cortex-a55", "r815c:u", 0, "raw 0x815c", 0x815c, 0, 1, 1 },
		{ __LINE__, "cortex-a510", "0x8168", 0, "raw 0x8168", 0x8168, 0, 0, 1 },
		{ __LINE__, "cortex-r82", "r816c", 0, "raw 0x816c", 0x816c, 0, 0, 1 },
		{ __LINE__, "cortex-a55", "STALL_FRONTEND_TLB", 0, "STALL_FRONTEND_TLB", 0xe2, 0, 0, 0 },
		{ __LINE__, "cortex-a55", "0xe2", 0, "STALL_FRONTEND_TLB", 0xe2, 0, 0, 1 },
		{ __LINE__, "cortex-r82", "stall_backend_st", 0, "STALL_BACKEND_ST", 0xe8, 0, 0, 0 },
		{ __LINE__, NULL, "0x0000000000011", 0, "CPU_CYCLES", 0x11, 0, 0, 1 },
		/* malformed */
		{ __LINE__, "cortex-a53", "", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "   ", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", ":u", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "cpu_cycles:", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "cpu_cycles:x", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "cpu_cycles:uu", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "cpu_cycles:u:k", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "cpu_cycles:U", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "cpu cycles", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "cpu-cycles", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "0x", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "0xzz", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "0x10000", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "r10000", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "0x123456789abcdef01", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "8", -EINVAL, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "0x08:", -EINVAL, NULL, 0, 0, 0, 0 },
		/* well-formed, unknown */
		{ __LINE__, "cortex-a53", "NO_SUCH_EVENT", -ENOENT, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "L1D_CACHE_REFIL:u", -ENOENT, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "r", -ENOENT, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a53", "rxyz", -ENOENT, NULL, 0, 0, 0, 0 },
		{ __LINE__, "cortex-a15", "STALL_FRONTEND", -ENOENT, NULL, 0, 0, 0, 0 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		struct pmukit_event_spec s;
		int rc, ok;

		memset(&s, 0x5a, sizeof(s));
		rc = pmukit_event_parse(rows[i].spec, core(rows[i].core), &s);
		if (rows[i].rc)
			ok = rc == rows[i].rc;
		else
			ok = rc == 0 && !strcmp(s.name, rows[i].name) &&
			     s.code == rows[i].code && s.excl_user == rows[i].excl_user &&
			     s.excl_kernel == rows[i].excl_kernel && s.raw == rows[i].raw;
		if (!tap_ok(ok, "line %d: parse \"%s\" -> %d", rows[i].line,
			    rows[i].spec, rows[i].rc))
			tap_diag("  got %d: name \"%.*s\" code 0x%x excl_user %u excl_kernel %u raw %u",
				 rc, (int)sizeof(s.name), s.name, s.code, s.excl_user,
				 s.excl_kernel, s.raw);
	}

	{
		struct pmukit_event_spec s;

		memset(&s, 0x5a, sizeof(s));
		pmukit_event_parse("0x10000", NULL, &s);
		tap_ok(s.code == 0x5a5a, "a failed parse leaves the result alone");
		tap_eq(pmukit_event_parse(NULL, NULL, &s), -EINVAL, "NULL spec");
		tap_eq(pmukit_event_parse("CPU_CYCLES", NULL, NULL), -EINVAL, "NULL result");
	}
}

static void test_suggest(void)
{
	static const struct {
		int line;
		const char *core, *name;
		const char *first;	/* NULL: no suggestion at all */
	} rows[] = {
		{ __LINE__, "cortex-a53", "L1D_CACHE_REFIL", "L1D_CACHE_REFILL" },
		{ __LINE__, "cortex-a53", "l1d_cache_refil", "L1D_CACHE_REFILL" },
		{ __LINE__, "cortex-a53", "L1D_CACHE_REFILLL", "L1D_CACHE_REFILL" },
		{ __LINE__, NULL, "CPU_CYCLE", "CPU_CYCLES" },
		{ __LINE__, NULL, "inst_retierd", "INST_RETIRED" },	/* swapped letters */
		{ __LINE__, "cortex-a53", "l1d-cache", "L1D_CACHE" },
		{ __LINE__, "cortex-a15", "INST_RETIRD", "INST_RETIRED" },
		{ __LINE__, NULL, "QQQQQQQQQQQQ", NULL },
		{ __LINE__, NULL, "", NULL },
	};
	size_t i, j, k, n;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const char *out[8];

		n = pmukit_event_suggest(core(rows[i].core), rows[i].name, out, ARRAY_SIZE(out));
		if (!rows[i].first) {
			tap_eq(n, 0, "line %d: no suggestion for \"%s\"", rows[i].line,
			       rows[i].name);
			continue;
		}
		if (!tap_ok(n > 0 && !strcmp(out[0], rows[i].first),
			    "line %d: \"%s\" suggests %s first", rows[i].line,
			    rows[i].name, rows[i].first))
			for (j = 0; j < n; j++)
				tap_diag("  got %s", out[j]);
	}

	{
		const char *out[PMUKIT_SUGGEST_MAX + 4];
		int dup = 0;

		/* "REFILL" is in many names of several tables, some in both. */
		n = pmukit_event_suggest(NULL, "REFILL", out, ARRAY_SIZE(out));
		tap_eq(n, PMUKIT_SUGGEST_MAX, "no more than PMUKIT_SUGGEST_MAX suggestions");
		for (j = 0; j < n; j++)
			for (k = j + 1; k < n; k++)
				dup |= !strcmp(out[j], out[k]);
		tap_ok(!dup, "a name is suggested once");
		tap_eq(pmukit_event_suggest(NULL, "CPU_CYCLE", out, 1), 1, "max = 1 is honoured");
		tap_eq(pmukit_event_suggest(NULL, "CPU_CYCLE", out, 0), 0, "max = 0 is honoured");
	}
}

static void test_common(void)
{
	static const struct {
		int line;
		const struct pmukit_core_def *table;
		const char *arch;
	} rows[] = {
		{ __LINE__, &pmukit_common_armv7, "armv7" },
		{ __LINE__, &pmukit_common_armv8, "armv8" },
		{ __LINE__, &pmukit_common_armv9, "armv9" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct pmukit_core_def *t = rows[i].table;
		const struct pmukit_event_def *inst = pmukit_event_find(t, "INST_RETIRED");
		const struct pmukit_event_def *cyc = pmukit_event_find(t, "CPU_CYCLES");

		tap_ok(t->nevents > 0 && t->events && !strncmp(t->arch, rows[i].arch, 5),
		       "line %d: %s present (%u events, %s)", rows[i].line, t->name,
		       t->nevents, t->arch);
		tap_eq(inst ? inst->code : -1, 0x08, "line %d: %s INST_RETIRED", rows[i].line,
		       t->name);
		tap_eq(cyc ? cyc->code : -1, 0x11, "line %d: %s CPU_CYCLES", rows[i].line,
		       t->name);
	}

	{
		static const struct str_case arch[] = {	/* in: a core */
			{ __LINE__, "cortex-a15", "common_armv7" },
			{ __LINE__, "cortex-r5", "common_armv7" },
			{ __LINE__, "cortex-a53", "common_armv8" },
			{ __LINE__, "neoverse-v1", "common_armv8" },	/* armv8.4-a */
			{ __LINE__, "cortex-r82", "common_armv8" },	/* armv8.4-r */
			{ __LINE__, "cortex-x4", "common_armv9" },	/* armv9.2-a */
			{ __LINE__, "arm1176jzf-s", NULL },		/* armv6 */
		};

		for (i = 0; i < ARRAY_SIZE(arch); i++) {
			const struct pmukit_core_def *c = pmukit_common_for(core(arch[i].in));
			int ok = is_core(c, arch[i].want);

			if (!tap_ok(ok, "line %d: %s uses %s", arch[i].line, arch[i].in,
				    arch[i].want ? arch[i].want : "no common table"))
				tap_diag("  got %s", core_name(c));
		}
	}
}

/* The generated tables keep the promises the lookups and their users rely on. */
static void check_table(const struct pmukit_core_def *c, int *bad)
{
	unsigned int i, j;

	if (c->nevents && !c->events) {
		tap_diag("%s: %u events but no table", c->name, c->nevents);
		(*bad)++;
	}
	for (i = 0; i < c->nevents; i++) {
		const struct pmukit_event_def *e = &c->events[i];

		if (!e->name || !e->name[0] || strlen(e->name) >= PMUKIT_EVENT_NAME_LEN) {
			tap_diag("%s: bad name at %u", c->name, i);
			(*bad)++;
			continue;
		}
		if (i && (e[-1].code > e->code ||
			  (e[-1].code == e->code && strcmp(e[-1].name, e->name) >= 0))) {
			tap_diag("%s: %s not sorted by code then name", c->name, e->name);
			(*bad)++;
		}
		for (j = 0; j < i; j++)
			if (!strcmp(c->events[j].name, e->name)) {
				tap_diag("%s: %s twice", c->name, e->name);
				(*bad)++;
			}
	}
}

static void test_tables(void)
{
	const struct pmukit_core_def *common[] = {
		&pmukit_common_armv7, &pmukit_common_armv8, &pmukit_common_armv9,
	};
	int bad = 0, order = 0, midr = 0;
	unsigned int i, j;

	tap_ok(pmukit_ncores >= 40, "%u cores in the tables", pmukit_ncores);
	for (i = 0; i < pmukit_ncores; i++) {
		const struct pmukit_core_def *c = &pmukit_cores[i];

		check_table(c, &bad);
		if (i && strcmp(pmukit_cores[i - 1].name, c->name) >= 0)
			order++;
		for (j = 0; j < i; j++)
			if (c->midr && c->midr == pmukit_cores[j].midr) {
				tap_diag("%s and %s share MIDR 0x%08x", c->name,
					 pmukit_cores[j].name, (unsigned)c->midr);
				midr++;
			}
		if (c->midr & ~PMUKIT_MIDR_CORE_MASK)
			midr++;
		/* Every core must be found by its own MIDR and name. */
		if (c->midr && pmukit_core_by_midr(c->midr | 0x000f0003) != c)
			midr++;
		if (pmukit_core_by_name(c->name) != c)
			bad++;
	}
	for (i = 0; i < ARRAY_SIZE(common); i++)
		check_table(common[i], &bad);
	tap_eq(order, 0, "cores sorted by name");
	tap_eq(midr, 0, "MIDR values unique, masked, and found");
	tap_eq(bad, 0, "tables sorted by code then name, names unique and short");
}

/* pmu_fields.h's PMUKIT_EVT_* are the numbers of the generated common_armv8.def. */
static void test_pmu_fields(void)
{
	static const struct {
		int line;
		const char *name;
		unsigned int code;
	} rows[] = {
		{ __LINE__, "SW_INCR", PMUKIT_EVT_SW_INCR },
		{ __LINE__, "L1D_CACHE_REFILL", PMUKIT_EVT_L1D_CACHE_REFILL },
		{ __LINE__, "L1D_CACHE", PMUKIT_EVT_L1D_CACHE },
		{ __LINE__, "INST_RETIRED", PMUKIT_EVT_INST_RETIRED },
		{ __LINE__, "CPU_CYCLES", PMUKIT_EVT_CPU_CYCLES },
		{ __LINE__, "L2D_CACHE", PMUKIT_EVT_L2D_CACHE },
		{ __LINE__, "L2D_CACHE_REFILL", PMUKIT_EVT_L2D_CACHE_REFILL },
		{ __LINE__, "CHAIN", PMUKIT_EVT_CHAIN },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct pmukit_event_def *e = pmukit_event_find(&pmukit_common_armv8,
								     rows[i].name);

		tap_eq(e ? e->code : -1, (int)rows[i].code,
		       "line %d: PMUKIT_EVT_%s is %s's number in common_armv8", rows[i].line,
		       rows[i].name, rows[i].name);
	}
}

int main(void)
{
	test_midr();
	test_core_name();
	test_find();
	test_find_code();
	test_parse();
	test_suggest();
	test_common();
	test_tables();
	test_pmu_fields();
	return tap_done();
}
