// SPDX-License-Identifier: MIT
/*
 * pmukit selftest: loops of known length (selftest_loops_<isa>.S) counted
 * on every access path that works here, the cost of an empty measurement
 * taken off, expected against measured.
 *
 * The empty measurement runs the same loop with no iterations, so that it
 * is the same code around the counting but the loop body: what remains is
 * exactly n bodies. Architecturally exact events (instructions, stores,
 * branches retired, software increments) must then match to the unit when
 * the core counts them; an emulator counts only some events at all, and a
 * zero where the loop certainly caused some is reported as "not counted
 * here" rather than as a failure, unless PMCEID says the event is there.
 * Cycles and instructions are another matter: the library's verdict says
 * their 0 did not count (pmukit_count_verdict()), and that fails.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "output.h"
#include "regs.h"
#include "report.h"
#include "selftest.h"
#include "selftest_loops.h"
#include "support.h"
#include "each_type.h"

#define ST_STORE_ITERS		100
#define ST_SWINC_ITERS		1000
#define ST_DEFAULT_ITERS	1000
#define ST_MAX_ITERS		10000000UL

static const char usage[] =
	"usage: pmukit selftest [--path P|all] [-n N] [--raw]\n"
	"\n"
	"Counts loops of known length on every access path that works here and\n"
	"compares with what they must count:\n"
	"  store loop     100 iterations of two stores: ST_RETIRED 200 (an uncorrected\n"
	"                 count on a Raspberry Pi read 206: the measurement's own stores)\n"
	"  counting loop  N loads 64 bytes apart: cycles, instructions, branches, L1D\n"
	"                 accesses and refills, on the cycle counter and four counters\n"
	"  SW_INCR        1000 writes to PMSWINC (ARM, direct path: needs full access: /dev/pmukit or global_full_access=1)\n"
	"Each count is the smallest of several runs minus the smallest count of the\n"
	"same loop run with no iterations (the empty measurement). Events count user\n"
	"space only (:u). Instructions, stores, branches retired and SW_INCR are exact:\n"
	"a difference fails the test. An event that reads 0 where the loop certainly\n"
	"caused some is 'not counted here' (QEMU counts only SW_INCR, CPU_CYCLES and,\n"
	"under -icount, INST_RETIRED), which fails only if PMCEID says it is there.\n"
	"Cycles and instructions that read 0 for a loop that ran did not count: that\n"
	"fails, with the likely reasons (an emulator's CPU model, a PMU the firmware\n"
	"left off); 0 of an event the core does not count (PMCEID says so, or on ARMv7\n"
	"the cycles counted beside it) is not implemented.\n"
	"\n"
	"  --path P    direct, perf, perf-mmap or all (default: all that work)\n"
	"  -n N        iterations of the counting loop (default 1000)\n"
	"  --raw       show counts without the empty measurement taken off (and check\n"
	"              nothing)\n"
	"  -h, --help  this text\n"
	"\n"
	"On a machine of several core types (big.LITTLE) it checks each type this\n"
	"process may run on, pinned to one CPU of it, a section each; taskset onto\n"
	"one type checks that one.\n"
	"\n"
	"Exit status: 0 all exact counts right, 1 one is off or a counter did not\n"
	"count, 2 wrong usage, 4 skipped: no exact count could be measured here\n"
	"(nothing checked; 4 is the kernel selftests' skip). Of several types: 1 if\n"
	"any failed, 4 if every one skipped, else 0.\n";

struct st_tally {
	unsigned int exact_ok, exact_bad, not_counted, not_implemented, measured;
	unsigned int did_not_count;	/* the library's verdict: a failure */
};

static int st_raw;

static const char *judge(const struct st_event *e, const struct st_result *r, uint64_t want,
			 const struct pmukit_implemented *sup, struct st_tally *t, char *buf,
			 size_t len)
{
	int known = -1;

	/* The event as its plan parsed it: no spec is parsed again here. */
	if (pmukit_reg_count() && r->code >= 0)
		known = pmukit_event_supported(sup, (unsigned int)r->code, NULL);
	t->measured++;
	/* Raw or not, expected or not: a counter that did not count fails. */
	if (r->verdict == PMUKIT_NOT_COUNTED) {
		t->did_not_count++;
		return "FAIL: " PMUKIT_DID_NOT_COUNT;
	}
	if (r->verdict == PMUKIT_NOT_IMPLEMENTED) {
		t->not_implemented++;
		return "not implemented here";
	}
	if (st_raw || e->kind == EXP_NONE)
		return "";
	if (r->value == 0 && want > 0) {
		if (known == 1 && e->kind == EXP_EXACT) {
			t->exact_bad++;
			return "FAIL: reads 0 though the core implements it (PMCEID)";
		}
		t->not_counted++;
		return "not counted here (emulator?)";
	}
	if (e->kind == EXP_ATLEAST)
		return r->value >= want ? "ok (at least)" : "fewer than expected";
	/* x86-64 has no architecturally exact counting to hold it to. */
	if (!pmukit_reg_count())
		return r->value == want ? "ok, exact" : "differs (not checked on x86-64)";
	if (r->value == want) {
		t->exact_ok++;
		return "ok, exact";
	}
	t->exact_bad++;
	snprintf(buf, len, "FAIL: off by %lld", (long long)(r->value - want));
	return buf;
}

static void print_loop(const struct st_loop *l, const enum pmukit_path *paths, size_t npaths,
		       struct st_result (*all)[ST_MAX_EVENTS], const struct pmukit_implemented *sup,
		       struct st_tally *t)
{
	static const char *const head[] = {
		"path", "event", "expected", "measured", "uncorrected", "empty", "verdict",
	};
	struct table tab;
	size_t p;
	unsigned int i;

	printf("\n%s\n", l->title);
	table_init(&tab, 7, head, "llrrrrl");
	for (p = 0; p < npaths; p++) {
		struct st_result *res = all[p];

		for (i = 0; i < l->nev; i++) {
			const struct st_event *e = &l->ev[i];
			uint64_t want = (uint64_t)(e->per_iter ? e->per_iter : l->shape->insns) * l->iters;
			char exp[32] = "-", got[32] = "", raw[32] = "", empty[32] = "", vb[64];
			const char *cells[7] = { pmukit_path_name(paths[p]), res[i].name, exp, got,
						 raw, empty, NULL };

			if (!res[i].name[0])
				cells[1] = e->spec;
			if (e->kind == EXP_EXACT)
				fmt_count(exp, sizeof(exp), want);
			else if (e->kind == EXP_ATLEAST)
				snprintf(exp, sizeof(exp), ">= %llu", (unsigned long long)want);
			if (!res[i].ok && res[i].err == -EOPNOTSUPP && pmukit_reg_count()) {
				cells[6] = "not implemented by this core (PMCEID)";
				t->not_implemented++;
			} else if (!res[i].ok) {
				cells[6] = res[i].why;	/* whole: a reason is never cut */
			} else {
				fmt_count(got, sizeof(got), res[i].value);
				fmt_count(raw, sizeof(raw), res[i].raw);
				fmt_count(empty, sizeof(empty), res[i].empty);
				cells[6] = judge(e, &res[i], want, sup, t, vb, sizeof(vb));
			}
			table_add(&tab, cells);
		}
	}
	table_print(&tab, stdout, "  ");
	table_free(&tab);
	/* The library's reasons, too long for a table's cell. */
	for (p = 0; p < npaths; p++)
		for (i = 0; i < l->nev; i++)
			if (all[p][i].ok && all[p][i].verdict > PMUKIT_COUNTED)
				printf("  %s %s %s: %s\n", pmukit_path_name(paths[p]), all[p][i].name,
				       verdict_words(all[p][i].verdict), all[p][i].vwhy);
}

/* Without an Arm PMU only cycles and instructions have a meaning. */
static void keep_generic(struct st_loop *l)
{
	unsigned int i, n = 0;

	for (i = 0; i < l->nev; i++)
		if (!strcmp(l->ev[i].event, "CPU_CYCLES") || !strcmp(l->ev[i].event, "INST_RETIRED"))
			l->ev[n++] = l->ev[i];
	l->nev = n;
}

/*
 * The events of @l as specs: user space only (":u"), or with @every_level
 * at every level (":uk") for a core whose event counters cannot filter by
 * level (ARMv7 without the Virtualization Extensions: Cortex-A5, A8, A9;
 * pmu_id.h). There a count that the kernel's work on this CPU (interrupts)
 * can add to is only a lower bound; SW_INCR counts writes to PMSWINC,
 * which the kernel does not make: still exact.
 */
static void st_levels(struct st_loop *l, int every_level)
{
	unsigned int i;

	for (i = 0; i < l->nev; i++) {
		struct st_event *e = &l->ev[i];

		snprintf(e->spec, sizeof(e->spec), "%s:%s", e->event, every_level ? "uk" : "u");
		if (every_level && e->kind == EXP_EXACT && strcmp(e->event, "SW_INCR"))
			e->kind = EXP_ATLEAST;
	}
}

/* 1 where the event counters filter by level (always but on some ARMv7). */
static int level_filter(void)
{
	uint32_t pfr1;

	if (strcmp(pmukit_reg_isa(), "AArch32"))
		return 1;
	return pmukit_this_level_filter(pmukit_this_pmuv3() == 1, &pfr1) != 0;
}

/*
 * BR_RETIRED counts every branch executed, exactly; cores whose own table
 * lacks it (Cortex-A53, the ARMv7 cores) have BR_PRED, counted speculatively.
 */
static const char *branch_event(const struct pmukit_core_def *core, enum expect *kind)
{
	unsigned int i;

	for (i = 0; core && i < core->nevents; i++)
		if (!strcmp(core->events[i].name, "BR_RETIRED")) {
			*kind = EXP_EXACT;
			return "BR_RETIRED";
		}
	*kind = EXP_ATLEAST;
	return "BR_PRED";
}

/*
 * The selftest where this process runs (one core type): @want alone with
 * @one, else every path that works; @iters of the counting loop. Return:
 * the exit status.
 */
static int selftest_here(enum pmukit_path want, int one, unsigned long iters)
{
	static const enum pmukit_path all[] = {
		PMUKIT_PATH_DIRECT, PMUKIT_PATH_PERF_MMAP, PMUKIT_PATH_PERF,
	};
	enum pmukit_path paths[ARRAY_SIZE(all)];
	const struct pmukit_core_def *core;
	struct pmukit_pmu_info info;
	struct pmukit_implemented sup;
	struct st_tally t = { 0 };
	size_t npaths = 0, i;
	static struct st_result results[3][ARRAY_SIZE(all)][ST_MAX_EVENTS];
	char why[256];
	uint64_t store_buf[4];
	void *load_buf;

	core = this_machine(&info);
	support_load(&sup);
	if (!pmukit_reg_count())
		printf("pmukit selftest on %s (no ARM PMU: cycles and instructions at most)",
		       pmukit_reg_isa());
	else
		printf("pmukit selftest on %s", core ? core->name : info.core[0] ? info.core : "an unknown core");
	if (info.midr)
		printf(" (MIDR 0x%08x)", (unsigned)info.midr);
	printf("%s\n", st_raw ? ", raw counts" : "");
	for (i = 0; i < ARRAY_SIZE(all); i++) {
		if (one && all[i] != want)
			continue;
		why[0] = '\0';
		if (all[i] == PMUKIT_PATH_DIRECT)
			direct_rearm("selftest");
		if (pmukit_path_detect(all[i], why, sizeof(why)) == 0)
			paths[npaths++] = all[i];
		else
			printf("  %s: not used: %s\n", pmukit_path_name(all[i]), why);
	}
	if (!npaths) {
		cli_error("selftest", "no access path that counts events works here (see pmukit info)");
		return CLI_FAIL;
	}
	load_buf = calloc(iters + 1, 64);
	if (!load_buf)
		return CLI_FAIL;
	memset(load_buf, 1, (iters + 1) * 64);	/* real pages, not the shared zero page */

	{
		char t1[160], t2[160], t3[160];
		enum expect bkind;
		const char *br = branch_event(core, &bkind);
		struct st_loop loops[3] = {
			{ t1, &loop_store_shape, pmukit_loop_store, ST_STORE_ITERS, store_buf, 3,
			  { { "ST_RETIRED", EXP_EXACT, 2, "" }, { "INST_RETIRED", EXP_EXACT, 0, "" },
			    { "CPU_CYCLES", EXP_NONE, 0, "" } }, 0 },
			{ t2, &loop_load_shape, pmukit_loop_load, iters, load_buf, 5,
			  { { "CPU_CYCLES", EXP_NONE, 0, "" }, { "INST_RETIRED", EXP_EXACT, 0, "" },
			    { br, bkind, 1, "" }, { "L1D_CACHE", EXP_ATLEAST, 1, "" },
			    { "L1D_CACHE_REFILL", EXP_NONE, 0, "" } }, 0 },
			{ t3, &loop_swinc_shape, pmukit_loop_swinc, ST_SWINC_ITERS,
			  (void *)(uintptr_t)0x7fffffffUL, 1,
			  { { "SW_INCR", EXP_EXACT, 1, "" } }, 1 },
		};

		snprintf(t1, sizeof(t1), "store loop: %u iterations of %s (2 stores each)",
			 ST_STORE_ITERS, loop_store_shape.body);
		snprintf(t2, sizeof(t2), "counting loop: %lu iterations of %s, over %lu KiB",
			 iters, loop_load_shape.body, (iters * 64 + 1023) / 1024);
		snprintf(t3, sizeof(t3), "software increment: %u iterations of %s",
			 ST_SWINC_ITERS, loop_swinc_shape.body);
		size_t nloops = loop_have_swinc ? ARRAY_SIZE(loops) : ARRAY_SIZE(loops) - 1, p;

		int filter = level_filter();

		for (i = 0; i < nloops && !pmukit_reg_count(); i++)
			keep_generic(&loops[i]);
		for (i = 0; i < nloops; i++)
			st_levels(&loops[i], pmukit_reg_count() && !filter);
		if (pmukit_reg_count() && !filter)
			printf("(this core counts at every level only: events as :uk, counts that interrupts can add to are lower bounds)\n");
		/*
		 * Path by path, direct first: a perf session clears the user
		 * access the direct path needs (re-armed here when possible).
		 */
		for (p = 0; p < npaths; p++) {
			if (paths[p] == PMUKIT_PATH_DIRECT)
				direct_rearm("selftest");
			for (i = 0; i < nloops; i++)
				selftest_measure(paths[p], &loops[i], results[i][p], st_raw);
		}
		for (i = 0; i < nloops; i++)
			print_loop(&loops[i], paths, npaths, results[i], &sup, &t);
	}
	free(load_buf);

	printf("\n");
	if (st_raw) {
		printf("selftest: raw counts shown, nothing checked");
		if (t.did_not_count)
			printf("; FAILED: %u counters %s", t.did_not_count, PMUKIT_DID_NOT_COUNT);
		printf("\n");
		return t.measured && !t.did_not_count ? CLI_OK : CLI_FAIL;
	}
	if (t.did_not_count)
		printf("selftest: FAILED: %u counters %s (cycles or instructions of a loop that ran read 0)\n",
		       t.did_not_count, PMUKIT_DID_NOT_COUNT);
	/* Counts measured, yet none of them an exact one: nothing was checked. */
	if (t.measured && !t.exact_ok && !t.exact_bad && !t.did_not_count)
		printf("selftest: skipped: nothing checked: no exact count could be measured here (%u count(s) measured; what each path lacks is above)\n",
		       t.measured);
	else
		printf("selftest: %s: %u exact counts right, %u wrong; %u not implemented, %u not counted here%s\n",
		       t.exact_bad || t.did_not_count ? "FAILED" : t.measured ? "ok" : "skipped: nothing measured",
		       t.exact_ok, t.exact_bad, t.not_implemented, t.not_counted,
		       t.not_counted ? " (an emulator counts few events: QEMU only SW_INCR, CPU_CYCLES and,"
		       " under -icount, INST_RETIRED)" : "");
	if (!sup.have_ceid && pmukit_reg_count()) {
		char caveat[640];

		support_caveat(&sup, !strcmp(pmukit_reg_isa(), "AArch32") && pmukit_this_pmuv3() != 1,
			       caveat, sizeof(caveat));
		printf("%s\n", caveat);
	}
	if (t.exact_bad || t.did_not_count)
		return CLI_FAIL;
	return t.exact_ok ? CLI_OK : CLI_SKIP;
}

/*
 * The selftest of each core type in @e, pinned to one of its CPUs, a
 * section each; then a line per type and the verdict: failed if any type
 * failed, skipped if every type was, else ok.
 */
static int selftest_types(struct each_type *e, enum pmukit_path want, int one,
			  unsigned long iters)
{
	int rc[EACH_MAX_TYPES], err;
	char label[160];
	unsigned int i;

	printf("pmukit selftest: this process may run on %u core types, each with its own PMU: "
	       "each is checked on one of its CPUs\n", e->n);
	for (i = 0; i < e->n; i++) {
		each_type_label(&e->t[i], label, sizeof(label));
		printf("\n== %s ==\n\n", label);
		err = each_type_enter(e, i);
		if (err) {
			printf("not checked: cannot run on CPU %d: %s\n", e->t[i].cpu, strerror(-err));
			rc[i] = CLI_FAIL;
			continue;
		}
		fflush(stdout);
		rc[i] = selftest_here(want, one, iters);
		fflush(stdout);
	}
	each_type_leave(e);
	printf("\n");
	return each_type_verdict(stdout, "selftest", e, rc);
}

int cmd_selftest(int argc, char **argv)
{
	enum { OPT_PATH = 256, OPT_RAW };
	static const struct option opts[] = {
		{ "path", required_argument, NULL, OPT_PATH },
		{ "raw", no_argument, NULL, OPT_RAW },
		HELP_LONGOPTS_END,
	};
	enum pmukit_path want = PMUKIT_PATH_AUTO;
	unsigned long iters = ST_DEFAULT_ITERS;
	static struct each_type types;
	struct cli_getopt g = {
		.cmd = "selftest", .usage = usage, .shortopts = ":n:h",
		.longopts = opts,
	};
	int c, one = 0;

	st_raw = 0;
	while ((c = cli_next_opt(&g, argc, argv)) > 0) {
		switch (c) {
		case OPT_PATH:
			if (!strcmp(optarg, "all"))
				break;
			if (parse_path_arg("selftest", optarg, &want))
				return CLI_USAGE;
			if (want == PMUKIT_PATH_CLOCK || want == PMUKIT_PATH_AUTO)
				return usage_error("selftest", "the selftest counts events: use direct, perf, perf-mmap or all");
			one = 1;
			break;
		case 'n':
			if (parse_count_arg("selftest", "-n", "iterations", optarg, ST_MAX_ITERS,
					    &iters))
				return CLI_USAGE;
			break;
		case OPT_RAW:
			st_raw = 1;
			break;
		}
	}
	if (c < 0)
		return g.exit;
	if (path_env_check("selftest"))
		return CLI_USAGE;

	/* A counter counts on its own core type: each type this may run on, on one of its CPUs. */
	if (each_type_find(&types) > 1)
		return selftest_types(&types, want, one, iters);
	return selftest_here(want, one, iters);
}
