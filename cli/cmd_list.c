// SPDX-License-Identifier: MIT
/*
 * pmukit list: the events of a core's table (this machine's by default),
 * with their numbers, and whether this machine implements each.
 */
#define _GNU_SOURCE	/* strcasestr(), FNM_CASEFOLD */
#include <fnmatch.h>
#include <getopt.h>
#include <string.h>

#include "analysis.h"
#include "cli.h"
#include "output.h"
#include "support.h"

static const char usage[] =
	"usage: pmukit list [--cpu NAME] [--all] [--no-desc] [PATTERN...]\n"
	"       pmukit list [--cpu NAME] --metrics | --cores\n"
	"\n"
	"Lists the events of this core's table (from its MIDR) with their numbers\n"
	"and, under each, Arm's description of it (the first sentence);\n"
	"where the PMU is not an Arm one (x86-64), perf's generic events and the\n"
	"clock, with the path that counts each here (--all: the common Arm events).\n"
	"The 'here' column says whether this machine implements the event: from\n"
	"PMCEID0/1 (through pmukit.ko's sysfs, or read directly) or from the perf\n"
	"driver's list in /sys/bus/event_source/devices/*/events; '?' where neither\n"
	"tells (ARMv7 has no PMCEID; implementation-defined events are not in it).\n"
	"\n"
	"  --cpu NAME  another core's table (cortex-a72, neoverse-n1, ...); the 'here'\n"
	"              column is only filled in for this machine's core\n"
	"  --all       add the common architectural events the table leaves out\n"
	"  --no-desc   the events without their descriptions\n"
	"  PATTERN     only the events whose name holds PATTERN (l1d), or matches it\n"
	"              as a glob when it has * ? or [ (l1d*refill); case is ignored;\n"
	"              several: an event matching any. None matching: a message, exit 1\n"
	"  --metrics   the core's metrics (pmukit stat -M, pmukit metrics) by group,\n"
	"              with units and formulas, and Arm's topdown tree where the core\n"
	"              has one; a core without Arm's data has the generic metrics\n"
	"  --cores     list the cores there are tables for\n"
	"  -h, --help  this text\n";

static const char *mark(const struct pmukit_implemented *s, int here, unsigned int code)
{
	if (!here)
		return "-";
	switch (pmukit_event_supported(s, code, NULL)) {
	case 1:
		return "yes";
	case 0:
		return "no";
	default:
		return "?";
	}
}

/* What to list: the name filter and whether descriptions are shown. */
struct list_opts {
	char **patterns;	/* none: every event */
	int npatterns;
	int desc;
};

/* Like perf list: a substring, or a glob where the pattern has one; any case. */
static int wanted(const struct list_opts *o, const char *name)
{
	int i;

	if (!o->npatterns)
		return 1;
	for (i = 0; i < o->npatterns; i++) {
		const char *p = o->patterns[i];

		if (strpbrk(p, "*?[") ? !fnmatch(p, name, FNM_CASEFOLD) : !!strcasestr(name, p))
			return 1;
	}
	return 0;
}

/* "'l1d'" or "'l1d', 'refill'": the patterns, for the message of no match. */
static void print_patterns(FILE *f, const struct list_opts *o)
{
	int i;

	for (i = 0; i < o->npatterns; i++)
		fprintf(f, "%s'%s'", i ? (i + 1 == o->npatterns ? " or " : ", ") : "",
			o->patterns[i]);
}

static int no_match(const struct list_opts *o, const char *where)
{
	fputs("pmukit list: no event matches ", stderr);
	print_patterns(stderr, o);
	fprintf(stderr, " in %s; a PATTERN is a part of a name, or a glob with * ? [...], in any case\n",
		where);
	return CLI_FAIL;
}

static void add_row(struct table *t, const struct list_opts *o,
		    const struct pmukit_event_def *e, const char *here)
{
	char code[16];
	const char *cells[3] = { code, e->name, here };

	snprintf(code, sizeof(code), "0x%02x", e->code);
	table_add(t, cells);
	if (o->desc)
		table_note(t, pmukit_event_description(e));
}


/*
 * A machine whose PMU is not an Arm one (x86-64): the events that count
 * there are perf's generic ones and the clock; each with the path that
 * counts it for a thread here (as pmukit stat would choose), or why none.
 */
static int list_generic(const struct pmukit_pmu_info *info, const struct list_opts *o)
{
	static const char *const head[] = { "event", "also", "kind", "here" };
	struct pmukit_generic_event g;
	struct table t;
	unsigned int i;

	if (o->npatterns) {
		/* Nothing printed before it is known that something matches. */
		for (i = 0; !pmukit_generic_event_at(i, &g); i++)
			if (wanted(o, g.name) || (g.alias && wanted(o, g.alias)))
				break;
		if (pmukit_generic_event_at(i, &g))
			return no_match(o, "perf's generic events (an Arm core's: --cpu NAME)");
	}
	printf("This machine's PMU is not an Arm one (%s): perf's generic events and the clock\n"
	       "count here. The Arm cores' tables: pmukit list --cpu NAME (pmukit list --cores).\n\n",
	       info->core[0] ? info->core : "no MIDR");
	table_init(&t, 4, head, "llll");
	t.note_col = 1;
	for (i = 0; !pmukit_generic_event_at(i, &g); i++) {
		const char *ev[1] = { g.name };
		struct pmukit_session *s = NULL;
		char here[1040];	/* "no: " and the whole of pmukit_last_error() */
		const char *cells[4] = { g.name, g.alias ? g.alias : "", g.kind, here };

		if (!wanted(o, g.name) && !(g.alias && wanted(o, g.alias)))
			continue;
		if (!pmukit_open(&s, ev, 1, NULL))
			snprintf(here, sizeof(here), "yes (%s path: %s)",
				 pmukit_path_name(pmukit_session_path(s)), pmukit_event_name(s, 0));
		else
			snprintf(here, sizeof(here), "no: %s", pmukit_last_error());
		pmukit_close(s);
		table_add(&t, cells);
		if (o->desc)
			table_note(&t, g.desc);
	}
	if (!t.nrows) {
		table_free(&t);
		return no_match(o, "perf's generic events (an Arm core's: --cpu NAME)");
	}
	table_print(&t, stdout, "  ");
	table_free(&t);
	return CLI_OK;
}

static void list_cores(void)
{
	const struct pmukit_core_def *c;
	unsigned int i;

	for (i = 0; (c = pmukit_core_at(i)); i++)
		printf("%-16s %-10s MIDR 0x%08x  %u events\n", c->name, c->arch,
		       (unsigned)c->midr, c->nevents);
}

/* --metrics: the metric set of @core (NULL: not in the tables). */
static int list_metrics(const struct pmukit_core_def *core, uint32_t midr)
{
	const struct pmukit_metric_set *s = an_set_of(core, midr);

	if (!s) {
		cli_error("list", "no metrics at all in this build");
		return CLI_FAIL;
	}
	if (!pmukit_metric_set_info(s)->core[0])
		printf("No metric data for %s: the generic metrics, over the common architectural events, follow.\n\n",
		       core ? core->name : "this core");
	an_list(stdout, s);
	return CLI_OK;
}

int cmd_list(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "cpu", required_argument, NULL, 'c' },
		{ "all", no_argument, NULL, 'a' },
		{ "cores", no_argument, NULL, 'C' },
		{ "metrics", no_argument, NULL, 'M' },
		{ "no-desc", no_argument, NULL, 'D' },
		HELP_LONGOPTS_END,
	};
	static const char *const head[] = { "code", "event", "here" };
	const struct pmukit_core_def *core = NULL, *mine, *common;
	const char *cpu_name = NULL;
	struct pmukit_pmu_info info;
	struct pmukit_implemented sup;
	struct table t;
	struct cli_getopt g = {
		.cmd = "list", .usage = usage, .shortopts = ":c:aMh",
		.longopts = opts, .operands = 1,
	};
	struct list_opts o = { .desc = 1 };
	int c, all = 0, here, metrics = 0;
	unsigned int i, nmine = 0, ncommon = 0;

	while ((c = cli_next_opt(&g, argc, argv)) > 0) {
		if (c == 'c')
			cpu_name = optarg;
		else if (c == 'a')
			all = 1;
		else if (c == 'M')
			metrics = 1;
		else if (c == 'D')
			o.desc = 0;
		else {	/* --cores */
			list_cores();
			return CLI_OK;
		}
	}
	if (c < 0)
		return g.exit;
	o.patterns = argv + optind;
	o.npatterns = argc - optind;
	if (o.npatterns && metrics) {
		usage_error("list", "a PATTERN filters events, not --metrics: pmukit list --metrics lists them all");
		return CLI_USAGE;
	}
	if (cpu_name && metrics) {
		const struct pmukit_metric_set *s = an_set_named(cpu_name, &core);

		if (s && !core) {	/* metric data without an event table */
			an_list(stdout, s);
			return CLI_OK;
		}
	}
	if (cpu_name) {
		core = pmukit_core_by_name(cpu_name);
		if (!core) {
			usage_error("list", "no event table for a core named '%s' (see pmukit list --cores)",
				    cpu_name);
			an_suggest_core(cpu_name, metrics);
			return CLI_USAGE;
		}
	}

	mine = this_machine(&info);
	if (metrics)
		return list_metrics(core ? core : mine, core ? 0 : info.midr);
	if (!core && !info.midr && !all)
		return list_generic(&info, &o);
	if (!core) {
		core = mine ? mine : default_common();
		if (!mine)
			printf("This core is not in the tables (%s, MIDR 0x%08x): the common %s events follow.\n",
			       info.core[0] ? info.core : "unknown", (unsigned)info.midr, core->arch);
	}
	here = info.midr && (core == mine || (!mine && core == default_common()));
	common = pmukit_common_for(core);
	for (i = 0; i < core->nevents; i++)
		nmine += wanted(&o, core->events[i].name);
	if (all && common && common != core)
		for (i = 0; i < common->nevents; i++)
			ncommon += pmukit_event_find_code(core, common->events[i].code) ==
				&common->events[i] && wanted(&o, common->events[i].name);
	if (o.npatterns && core->nevents && !nmine && !ncommon) {
		char where[96];

		snprintf(where, sizeof(where), "%s's table%s", core->name,
			 !common || common == core ? "" : all ? " or its common one" :
			 " (--all adds the common ones)");
		return no_match(&o, where);
	}
	if (here)
		support_load(&sup);
	else
		memset(&sup, 0, sizeof(sup));

	printf("%s (%s", core->name, core->arch);
	if (here && info.midr)
		printf(", MIDR 0x%08x", (unsigned)info.midr);
	else if (core->midr)
		printf(", MIDR 0x%08x", (unsigned)(core->midr & PMUKIT_MIDR_CORE_MASK));
	if (!core->nevents) {
		/* ARMv6 (ARM11): its PMU is not the architected one, nor are its events. */
		printf("): no event table\n");
		printf("The data has no events for %s, and no common table applies to %s: its event numbers are in the core's Technical Reference Manual; count them by number through the kernel's perf driver (pmukit stat --path perf -e rNN).\n",
		       core->name, core->arch);
		return CLI_OK;
	}
	if (o.npatterns)
		printf("): %u of %u events match\n", nmine, core->nevents);
	else
		printf("): %u events\n", core->nevents);
	if (here)
		printf("here: implemented on this machine, from %s\n", sup.source);
	else
		printf("here: not checked (%s)\n", info.midr ? "another core's table" :
		       "this machine's PMU is not an ARM one");
	putchar('\n');

	table_init(&t, 3, head, "lll");
	t.note_col = 1;
	for (i = 0; i < core->nevents; i++)
		if (wanted(&o, core->events[i].name))
			add_row(&t, &o, &core->events[i], mark(&sup, here, core->events[i].code));
	if (t.nrows)
		table_print(&t, stdout, "  ");
	table_free(&t);

	if (all && common && common != core) {
		const struct pmukit_event_def *e, *own;

		/* The rule of pmukit_event_find_code(): the ones that hold on this core. */
		table_init(&t, 3, head, "lll");
		t.note_col = 1;
		for (i = 0; i < common->nevents; i++) {
			e = &common->events[i];
			if (pmukit_event_find_code(core, e->code) == e && wanted(&o, e->name))
				add_row(&t, &o, e, mark(&sup, here, e->code));
		}
		printf("\ncommon %s events not in %s's table: %u%s\n\n", common->arch, core->name,
		       t.nrows, o.npatterns ? " matching" : "");
		if (t.nrows)
			table_print(&t, stdout, "  ");
		table_free(&t);
		for (i = 0; i < common->nevents; i++) {
			e = &common->events[i];
			if (!wanted(&o, e->name))
				continue;
			own = pmukit_event_find(core, e->name);
			if (own && own->code != e->code)
				printf("%s is 0x%02x on %s, not the common 0x%02x (raw 0x%02x is not named here)\n",
				       e->name, own->code, core->name, e->code, e->code);
		}
	}
	return CLI_OK;
}
