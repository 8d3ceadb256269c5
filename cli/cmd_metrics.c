// SPDX-License-Identifier: MIT
/*
 * pmukit metrics: metrics from counts recorded elsewhere, on another
 * machine or before any OS ran: 'pmukit stat -x' or '--json' output, or
 * the firmware library's tables. The values are those 'pmukit stat -M'
 * prints for the same counts (both go through analysis_*.c).
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pmukit/events_api.h"

#include "analysis.h"
#include "cli.h"
#include "metrics_types.h"
#include "output.h"
#include "recorded.h"

#define METRICS_MAX_INPUT	(16u << 20)

static const char usage[] =
	"usage: pmukit metrics [--cpu NAME] [-M NAMES | --topdown [--level 1|2]]\n"
	"                      [--input-format FORMAT] [--input-separator SEP]\n"
	"                      [-x SEP | --json] [FILE]\n"
	"\n"
	"Computes metrics from counts recorded elsewhere, read from FILE (or stdin):\n"
	"  - 'perf stat -x SEP' output, and 'pmukit stat -x SEP' output, which follows\n"
	"    it (any separator, found from the first count or given with\n"
	"    --input-separator; with -r, -I: a result per interval, -A: per CPU);\n"
	"  - 'perf stat -j' output (one object a line; -I and -A as above);\n"
	"  - 'pmukit stat --json' output, and its table (not of -I or -A);\n"
	"  - Arm topdown-tool's events CSV (run,time,event,value);\n"
	"  - 'likwid-perfctr -O' output (its raw tables; a result per HWThread);\n"
	"  - the firmware library's output: its 'PMU EVENT, PREVAL, POSTVAL, DELTA'\n"
	"    tables, one a pass (the text around them, a boot log, is skipped), or\n"
	"    the merged 'PMU EVENT, PASS, DELTA' table of its passes, which then\n"
	"    stands for them.\n"
	"Events are read by the names those tools write: the core's table names in\n"
	"any case, rNN, perf's generic names (cycles, stalled-cycles-backend, ...)\n"
	"and PMU syntax (armv8_pmuv3_0/l1d_cache/, .../event=0x11/), LIKWID's; a\n"
	"name none of them knows is an error, never guessed. A count perf could not\n"
	"take (<not counted>, <not supported>) is no number: its metrics are n/a and\n"
	"say why; a metric from counts perf scaled says the lowest share of the time\n"
	"counted, and when two of its events may never have been counted together.\n"
	"Counts of several core types (pmukit stat's blocks per type, perf's\n"
	"armv8_cortex_a53/.../ or cpu_core/.../ events) give a result per type, from\n"
	"that type's counts and its core's metrics; stat's sums are left out.\n"
	"A metric whose events are all in one pass is computed from that pass;\n"
	"otherwise each count of another pass is scaled by the cycles (CPU_CYCLES,\n"
	"or the firmware's CYCLES) of its pass to those of the metric's reference\n"
	"pass, and a note says so.\n"
	"\n"
	"  --cpu NAME      the core the counts come from (neoverse-n1, ...; 'pmukit\n"
	"                  list --cores'); its metric set ('pmukit list --metrics').\n"
	"                  Without it, the core the input names (LIKWID's CPU type)\n"
	"  -M, --metrics NAMES\n"
	"                  comma-separated metrics or metric groups (default: every\n"
	"                  metric whose events are in the input)\n"
	"  --topdown       Arm's topdown methodology: stage 1, and with --level 2\n"
	"                  the stage-2 groups its decision tree names\n"
	"  --level N       1 (default) or 2\n"
	"  --input-format FORMAT\n"
	"                  perf-csv, perf-json, topdown-tool, likwid, pmukit-csv (the\n"
	"                  layout before pmukit stat -x followed perf's), pmukit-json,\n"
	"                  firmware or pmukit-table (default: found from the input)\n"
	"  --input-separator SEP\n"
	"                  the separator of 'perf stat -x SEP' or 'pmukit stat -x SEP'\n"
	"                  input\n"
	"  -x, --field-separator SEP\n"
	"                  CSV: the lines 'pmukit stat -M -x SEP' prints for metrics,\n"
	"                  after the interval's time and the CPU where the input has them\n"
	"  --json          JSON\n"
	"  -h, --help      this text\n"
	"\n"
	"Exit status: 0 done, 1 FILE cannot be read, 2 a wrong command line, an\n"
	"unknown core or metric, or input that is none of the formats or names an\n"
	"event no table knows (the line and what was expected there are said).\n";

static char *read_all(FILE *f, size_t *len)
{
	size_t cap = 65536, n = 0;
	char *buf = malloc(cap + 1), *nb;

	while (buf) {
		size_t got = fread(buf + n, 1, cap - n, f);

		n += got;
		if (n < cap) {
			if (ferror(f))
				break;
			buf[n] = '\0';
			*len = n;
			return buf;
		}
		if (cap >= METRICS_MAX_INPUT) {
			errno = EFBIG;
			break;
		}
		cap *= 2;
		nb = realloc(buf, cap + 1);
		if (!nb)
			break;
		buf = nb;
	}
	free(buf);
	return NULL;
}

/*
 * One result: the counts of one interval of one CPU of one core type (all
 * of them: no -I, no -A, one type).
 */
struct slice {
	double interval;	/* < 0: none */
	int cpu;		/* < 0: none */
	int type;		/* of types, < 0: none */
	unsigned int first, n;	/* its counts: order[first .. first + n) */
};

static struct slice *slices;
static unsigned int *order;	/* the counts' indexes by interval, CPU, type, then as read */
static const struct pmukit_input *order_in;
static struct mt_types types;
static struct recorded slice_rec;
static struct an_sel slice_sel;

/*
 * LIKWID's "ARM Neoverse N1", topdown-tool's file "neoverse_n1_events.csv":
 * the core's name ("neoverse-n1"), or "" when it names none.
 */
static void core_from_text(const char *s, char *out, size_t cap)
{
	size_t n = 0;

	if (!strncasecmp(s, "ARM ", 4))
		s += 4;
	for (; *s && n + 1 < cap; s++)
		out[n++] = *s == ' ' || *s == '_' ? '-' : (char)tolower((unsigned char)*s);
	out[n] = '\0';
}

static const char *core_from_file(const char *file, char *out, size_t cap)
{
	const char *base = file ? strrchr(file, '/') : NULL, *end, *core;
	char name[64];

	base = base ? base + 1 : file;
	if (!base)
		return NULL;
	/* <product>_events.csv, or with -C <product>_core_N_events.csv. */
	end = strstr(base, "_events.csv");
	core = strstr(base, "_core_");
	if (end && core && core < end)
		end = core;
	if (!end || (size_t)(end - base) >= sizeof(name))
		return NULL;
	memcpy(name, base, (size_t)(end - base));
	name[end - base] = '\0';
	core_from_text(name, out, cap);
	return out;
}

/*
 * Every name the input gives is an event of the core, a name of its metric
 * data, or one of perf's events of no PMU; else the first unknown is the
 * error, with the others after it.
 */
static int check_names(const struct an_sel *base, const struct pmukit_input *in,
		       char *err, size_t errlen)
{
	unsigned int i, bad = 0, first = 0;
	size_t used = 0;

	for (i = 0; i < in->n; i++) {
		const struct pmukit_input_count *c = &in->count[i];
		const struct an_sel *sel = mt_sel(&types, base, c);	/* its type's names */

		if (c->code != PMUKIT_INPUT_UNKNOWN || an_event_code(sel, c->name) >= 0)
			continue;
		if (!bad++) {
			first = i;
			used = (size_t)snprintf(err, errlen,
				 "line %u: expected an event perf, LIKWID or the tables of %s know, not '%s'",
				 c->line, sel->core ? sel->core->name : an_set_name(sel->set), c->name);
		} else if (used < errlen && bad <= 8) {
			used += (size_t)snprintf(err + used, errlen - used, "%s '%s' (line %u)",
						 bad == 2 ? "; unknown as well:" : ",", c->name, c->line);
		}
	}
	(void)first;
	if (bad > 8 && used < errlen)
		snprintf(err + used, errlen - used, " and %u more", bad - 8);
	return bad ? -EINVAL : 0;
}

/* The counts of @sl into slice_rec. */
static int slice_counts(const struct pmukit_input *in, const struct slice *sl, char *err,
			size_t errlen)
{
	return recorded_from_input(in, order + sl->first, sl->n, &slice_rec, err, errlen);
}

/*
 * The metrics of @sl into slice_sel: @sel's, or with @counted the ones
 * whose events the slice counted (no -M, no --topdown).
 */
static void slice_eval(const struct pmukit_input *in, const struct slice *sl,
		       const struct an_sel *sel, int counted, char *err, size_t errlen)
{
	slice_counts(in, sl, err, errlen);
	slice_sel = *sel;
	if (counted)
		an_select_counted(&slice_sel, &slice_rec);
	an_eval(&slice_sel, &slice_rec);
}

static int by_slice(const void *pa, const void *pb)
{
	unsigned int a = *(const unsigned int *)pa, b = *(const unsigned int *)pb;
	const struct pmukit_input_count *x = &order_in->count[a], *y = &order_in->count[b];

	if (x->interval != y->interval)
		return x->interval < y->interval ? -1 : 1;
	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	if (mt_index(&types, x) != mt_index(&types, y))
		return mt_index(&types, x) < mt_index(&types, y) ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* The intervals, CPUs and types of the counts, in order (the sums over types left out); -ENOMEM. */
static int find_slices(const struct pmukit_input *in, unsigned int *nslices)
{
	unsigned int i, n = 0, k = 0;

	order = malloc((in->n ? in->n : 1) * sizeof(*order));
	slices = malloc((in->n ? in->n : 1) * sizeof(*slices));
	if (!order || !slices)
		return -ENOMEM;
	for (i = 0; i < in->n; i++)
		if (!types.n || mt_index(&types, &in->count[i]) >= 0)
			order[k++] = i;
	order_in = in;
	qsort(order, k, sizeof(*order), by_slice);
	for (i = 0; i < k; i++) {
		const struct pmukit_input_count *c = &in->count[order[i]];
		int type = mt_index(&types, c);

		if (!n || slices[n - 1].interval != c->interval || slices[n - 1].cpu != c->cpu ||
		    slices[n - 1].type != type) {
			slices[n].interval = c->interval;
			slices[n].cpu = c->cpu;
			slices[n].type = type;
			slices[n].first = i;
			slices[n].n = 0;
			n++;
		}
		slices[n - 1].n++;
	}
	*nslices = n;
	return 0;
}

/*
 * "interval 1.000 s, CPU0, cortex-a53" for the text; "1.000000000SEPCPU0SEP"
 * to lead CSV lines, as perf's (the type is in the event field, as stat's).
 */
static void slice_label(const struct slice *sl, char *buf, size_t len, const char *csv_sep)
{
	int n = 0;

	buf[0] = '\0';
	if (csv_sep) {
		if (sl->interval >= 0)
			n = snprintf(buf, len, "%.9f%s", sl->interval, csv_sep);
		if (sl->cpu >= 0 && n >= 0 && (size_t)n < len)
			snprintf(buf + n, len - (size_t)n, "CPU%d%s", sl->cpu, csv_sep);
		return;
	}
	if (sl->interval >= 0)
		n = snprintf(buf, len, "interval %.3f s", sl->interval);
	if (sl->cpu >= 0 && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, "%sCPU%d", n ? ", " : "", sl->cpu);
	if (sl->type >= 0 && n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, "%s%s", n ? ", " : "", types.core[sl->type]);
}

/* The metrics of @sl's counts: its type's, else @base. */
static const struct an_sel *slice_base(const struct slice *sl, const struct an_sel *base)
{
	return sl->type >= 0 ? types.sel[sl->type] : base;
}

int cmd_metrics(int argc, char **argv)
{
	enum { OPT_TOPDOWN = 256, OPT_LEVEL, OPT_INSEP, OPT_INFMT };
	static const struct option opts[] = {
		{ "cpu", required_argument, NULL, 'c' },
		{ "metrics", required_argument, NULL, 'M' },
		{ "topdown", no_argument, NULL, OPT_TOPDOWN },
		{ "level", required_argument, NULL, OPT_LEVEL },
		{ "input-format", required_argument, NULL, OPT_INFMT },
		{ "input-separator", required_argument, NULL, OPT_INSEP },
		{ "field-separator", required_argument, NULL, 'x' },
		{ "json", no_argument, NULL, OPT_OUT_JSON },
		HELP_LONGOPTS_END,
	};
	static struct an_sel sel;
	static struct pmukit_input in;
	const char *cpu = NULL, *names = NULL, *insep = NULL, *file = NULL, *infmt = NULL;
	const char *fname;
	unsigned long level = 0;
	struct out_args out = { .cpu = -1 };
	struct cli_getopt g = {
		.cmd = "metrics", .usage = usage, .shortopts = ":c:M:x:h",
		.longopts = opts, .out = &out, .operands = 1,
	};
	char err[1024], cpubuf[64];
	size_t len = 0;
	char *text;
	FILE *in_f = stdin;
	int c, topdown = 0, ret, per, i, typed = 0;
	unsigned int nslices = 0, s;

	while ((c = cli_next_opt(&g, argc, argv)) > 0) {
		switch (c) {
		case 'c':
			cpu = optarg;
			break;
		case 'M':
			names = optarg;
			break;
		case OPT_TOPDOWN:
			topdown = 1;
			break;
		case OPT_LEVEL:
			if (parse_ulong(optarg, 1, 2, &level))
				return usage_error("metrics", "--level is 1 or 2, not '%s'", optarg);
			break;
		case OPT_INSEP:
			if (!*optarg)
				return usage_error("metrics", "--input-separator needs a separator");
			if (strlen(optarg) > 16)
				return usage_error("metrics", "--input-separator: at most 16 characters");
			insep = optarg;
			break;
		case OPT_INFMT:
			infmt = optarg;
			break;
		}
	}
	if (c < 0)
		return g.exit;
	if (optind + 1 < argc)
		return usage_error("metrics", "unexpected argument '%s'", argv[optind + 1]);
	if (optind < argc && strcmp(argv[optind], "-"))
		file = argv[optind];
	fname = file ? file : "stdin";
	if (names && topdown)
		return usage_error("metrics", "-M and --topdown exclude each other");
	if (level && !topdown)
		return usage_error("metrics", "--level goes with --topdown");
	if (infmt) {
		for (i = 0; pmukit_input_format_at((unsigned int)i) &&
			    strcmp(pmukit_input_format_at((unsigned int)i), infmt); i++)
			;
		if (!pmukit_input_format_at((unsigned int)i))
			return usage_error("metrics", "--input-format is perf-csv, perf-json, topdown-tool, likwid, "
					   "pmukit-csv, pmukit-json, firmware or pmukit-table, not '%s'", infmt);
	}

	if (file && !(in_f = fopen(file, "r"))) {
		cli_error("metrics", "cannot read %s: %s", file, strerror(errno));
		return CLI_FAIL;
	}
	text = read_all(in_f, &len);
	if (!text)
		cli_error("metrics", "cannot read %s: %s", fname, strerror(errno));
	if (file)
		fclose(in_f);
	if (!text)
		return CLI_FAIL;
	/*
	 * The core: named, else as the input names it (read once without names,
	 * then again); counts of several core types name theirs.
	 */
	if (!cpu) {
		struct pmukit_input probe;

		if (!pmukit_input_read(text, len, infmt, insep, NULL, &probe, err, sizeof(err))) {
			const struct pmukit_core_def *m = probe.midr ? pmukit_core_by_midr(probe.midr) : NULL;

			if (m)
				snprintf(cpubuf, sizeof(cpubuf), "%s", m->name);
			else if (probe.core_name[0])
				core_from_text(probe.core_name, cpubuf, sizeof(cpubuf));
			else if (!core_from_file(file, cpubuf, sizeof(cpubuf)))
				cpubuf[0] = '\0';
			typed = probe.has_core;
			pmukit_input_free(&probe);
			cpu = cpubuf[0] ? cpubuf : NULL;
		}
	}
	if (!cpu && !typed) {
		free(text);
		return usage_error("metrics", "--cpu NAME: the core the counts come from");
	}
	memset(&sel, 0, sizeof(sel));
	/* Each type's metrics are its core's (metrics_types.c); this set is for a type of no core pmukit knows. */
	sel.set = cpu ? an_set_named(cpu, &sel.core) : an_set_of(NULL, 0);
	if (!sel.set) {
		free(text);
		usage_error("metrics", "no core named '%s' (see pmukit list --cores and --metrics --cpu)",
			    cpu);
		an_suggest_core(cpu, 1);
		return CLI_USAGE;
	}
	if (cpu && names && (ret = an_select_names(&sel, "metrics", names))) {
		free(text);
		return ret;
	}
	if (cpu && topdown && (ret = an_select_topdown(&sel, "metrics", level ? (unsigned int)level : 1))) {
		free(text);
		return ret;
	}

	ret = recorded_read_input(text, len, infmt, insep, sel.core, &in, err, sizeof(err));
	free(text);
	if (!ret && (c = mt_find(&in, &sel, names, topdown, level ? (unsigned int)level : 1, &types))) {
		pmukit_input_free(&in);
		mt_free(&types);
		return c;
	}
	/* pmukit's own output names events its own way; a name it gives no table knows is left out. */
	if (!ret && !in.by_pmukit && (ret = check_names(&sel, &in, err, sizeof(err))))
		pmukit_input_free(&in);
	if (ret) {
		cli_error("metrics", "%s: %s", fname, err);
		mt_free(&types);
		return CLI_USAGE;
	}
	if (find_slices(&in, &nslices)) {
		cli_error("metrics", "%s: %s", fname, strerror(ENOMEM));
		ret = CLI_FAIL;
		goto out;
	}
	for (s = 0; s < nslices; s++)
		if (slice_counts(&in, &slices[s], err, sizeof(err))) {
			cli_error("metrics", "%s: %s", fname, err);
			ret = CLI_USAGE;
			goto out;
		}
	per = in.has_interval || in.has_cpu || types.n;

	if (out.fmt == OUT_JSON) {
		struct pmukit_json j;

		pmukit_json_start(&j, stdout);
		pmukit_json_obj(&j, NULL);
		pmukit_json_str(&j, "input", file ? file : "-");
		pmukit_json_str(&j, "format", in.format);
		pmukit_json_str(&j, "cpu", cpu ? cpu : an_set_name(sel.set));
		if (!per) {
			slice_counts(&in, &slices[0], err, sizeof(err));
			pmukit_json_u64(&j, "passes", slice_rec.npasses);
		} else {
			pmukit_json_arr(&j, "results");
		}
		for (s = 0; s < nslices; s++) {
			const struct recorded *r = &slice_rec;

			slice_eval(&in, &slices[s], slice_base(&slices[s], &sel), !names && !topdown, err,
				   sizeof(err));
			if (per) {
				pmukit_json_obj(&j, NULL);
				if (slices[s].interval >= 0)
					pmukit_json_real(&j, "interval", slices[s].interval, 9);
				if (slices[s].cpu >= 0)
					pmukit_json_int(&j, "cpu", slices[s].cpu);
				if (slices[s].type >= 0)
					pmukit_json_str(&j, "core", types.core[slices[s].type]);
				pmukit_json_u64(&j, "passes", r->npasses);
			}
			an_print_json(&j, &slice_sel);
			if (per)
				pmukit_json_obj_end(&j);
		}
		if (per)
			pmukit_json_arr_end(&j);
		pmukit_json_obj_end(&j);
		pmukit_json_finish(&j);
	} else {
		for (s = 0; s < nslices; s++) {
			const struct recorded *r = &slice_rec;
			char label[96], prefix[96];

			slice_eval(&in, &slices[s], slice_base(&slices[s], &sel), !names && !topdown, err,
				   sizeof(err));
			if (out.fmt == OUT_CSV) {
				slice_label(&slices[s], prefix, sizeof(prefix), out.sep);
				slice_sel.csv_prefix = prefix[0] ? prefix : NULL;
				/* The type in the event field, as stat -M -x writes it. */
				slice_sel.csv_event = slices[s].type >= 0 ? types.core[slices[s].type] : NULL;
				an_print_csv(stdout, out.sep, &slice_sel, 0);
				continue;
			}
			slice_label(&slices[s], label, sizeof(label), NULL);
			printf("%s: %s%s%s, %u count%s in %u pass%s\n\n", fname, r->format,
			       label[0] ? ", " : "", label, r->nev, r->nev == 1 ? "" : "s", r->npasses,
			       r->npasses == 1 ? "" : "es");
			if (!slice_sel.n)
				printf(" no metric of %s has all its events in the input\n\n",
				       an_set_name(slice_sel.set));
			else
				an_print_table(stdout, &slice_sel);
		}
		if (out.fmt != OUT_CSV)
			mt_print_sums(stdout, fname, &types);
	}
	ret = CLI_OK;
out:
	pmukit_input_free(&in);
	mt_free(&types);
	free(order);
	free(slices);
	return ret;
}
