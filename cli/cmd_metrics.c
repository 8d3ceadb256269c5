// SPDX-License-Identifier: MIT
/*
 * pmukit metrics: metrics from counts recorded elsewhere, on another
 * machine or before any OS ran: 'pmukit stat -x' or '--json' output, or
 * the firmware library's tables. The values are those 'pmukit stat -M'
 * prints for the same counts (both go through analysis.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "cli.h"
#include "output.h"
#include "recorded.h"

#define METRICS_MAX_INPUT	(16u << 20)

static const char usage[] =
	"usage: pmukit metrics --cpu NAME [-M NAMES | --topdown [--level 1|2]]\n"
	"                      [--input-separator SEP] [-x SEP | --json] [FILE]\n"
	"\n"
	"Computes metrics from counts recorded elsewhere, read from FILE (or stdin):\n"
	"  - 'pmukit stat -x SEP' output (its separator is found from the first line,\n"
	"    or give it with --input-separator);\n"
	"  - 'pmukit stat --json' output;\n"
	"  - the firmware library's output: its 'PMU EVENT, PREVAL, POSTVAL, DELTA'\n"
	"    tables, one a pass (the text around them, a boot log, is skipped), or\n"
	"    the merged 'PMU EVENT, PASS, DELTA' table of its passes, which then\n"
	"    stands for them.\n"
	"A metric whose events are all in one pass is computed from that pass;\n"
	"otherwise each count of another pass is scaled by the cycles (CPU_CYCLES,\n"
	"or the firmware's CYCLES) of its pass to those of the metric's reference\n"
	"pass, and a note says so.\n"
	"\n"
	"  --cpu NAME      the core the counts come from (neoverse-n1, ...; 'pmukit\n"
	"                  list --cores'); its metric set ('pmukit list --metrics')\n"
	"  -M, --metrics NAMES\n"
	"                  comma-separated metrics or metric groups (default: every\n"
	"                  metric whose events are in the input)\n"
	"  --topdown       Arm's topdown methodology: stage 1, and with --level 2\n"
	"                  the stage-2 groups its decision tree names\n"
	"  --level N       1 (default) or 2\n"
	"  --input-separator SEP\n"
	"                  the separator of 'pmukit stat -x SEP' input\n"
	"  -x, --field-separator SEP\n"
	"                  CSV: the lines 'pmukit stat -M -x SEP' prints for metrics\n"
	"  --json          JSON\n"
	"  -h, --help      this text\n"
	"\n"
	"Exit status: 0 done, 1 FILE cannot be read, 2 a wrong command line, an\n"
	"unknown core or metric, or input that is none of the formats (the line\n"
	"and what was expected there are said).\n";

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

int cmd_metrics(int argc, char **argv)
{
	enum { OPT_TOPDOWN = 256, OPT_LEVEL, OPT_INSEP };
	static const struct option opts[] = {
		{ "cpu", required_argument, NULL, 'c' },
		{ "metrics", required_argument, NULL, 'M' },
		{ "topdown", no_argument, NULL, OPT_TOPDOWN },
		{ "level", required_argument, NULL, OPT_LEVEL },
		{ "input-separator", required_argument, NULL, OPT_INSEP },
		{ "field-separator", required_argument, NULL, 'x' },
		{ "json", no_argument, NULL, OPT_OUT_JSON },
		HELP_LONGOPTS_END,
	};
	static struct recorded rec;
	static struct an_sel sel;
	const char *cpu = NULL, *names = NULL, *insep = NULL, *file = NULL;
	unsigned long level = 0;
	struct out_args out = { .cpu = -1 };
	struct cli_getopt g = {
		.cmd = "metrics", .usage = usage, .shortopts = ":c:M:x:h",
		.longopts = opts, .out = &out, .operands = 1,
	};
	char err[512];
	size_t len = 0;
	char *text;
	FILE *in = stdin;
	int c, topdown = 0, ret;

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
			insep = optarg;
			break;
		}
	}
	if (c < 0)
		return g.exit;
	if (optind + 1 < argc)
		return usage_error("metrics", "unexpected argument '%s'", argv[optind + 1]);
	if (optind < argc && strcmp(argv[optind], "-"))
		file = argv[optind];
	if (!cpu)
		return usage_error("metrics", "--cpu NAME: the core the counts come from");
	if (names && topdown)
		return usage_error("metrics", "-M and --topdown exclude each other");
	if (level && !topdown)
		return usage_error("metrics", "--level goes with --topdown");

	memset(&sel, 0, sizeof(sel));
	sel.set = an_set_named(cpu, &sel.core);
	if (!sel.set) {
		usage_error("metrics", "no core named '%s' (see pmukit list --cores and --metrics --cpu)",
			    cpu);
		an_suggest_core(cpu, 1);
		return CLI_USAGE;
	}
	if (names && (ret = an_select_names(&sel, "metrics", names)))
		return ret;
	if (topdown && (ret = an_select_topdown(&sel, "metrics", level ? (unsigned int)level : 1)))
		return ret;

	if (file && !(in = fopen(file, "r"))) {
		cli_error("metrics", "cannot read %s: %s", file, strerror(errno));
		return CLI_FAIL;
	}
	text = read_all(in, &len);
	if (!text)
		cli_error("metrics", "cannot read %s: %s", file ? file : "stdin", strerror(errno));
	if (file)
		fclose(in);
	if (!text)
		return CLI_FAIL;
	ret = recorded_parse(text, len, insep, &rec, err, sizeof(err));
	free(text);
	if (ret) {
		cli_error("metrics", "%s: %s", file ? file : "stdin", err);
		return CLI_USAGE;
	}
	if (!names && !topdown)
		an_select_counted(&sel, &rec);
	an_eval(&sel, &rec);

	if (out.fmt == OUT_CSV) {
		an_print_csv(stdout, out.sep, &sel, 0);
	} else if (out.fmt == OUT_JSON) {
		struct json j;

		json_start(&j, stdout);
		json_obj(&j, NULL);
		json_str(&j, "input", file ? file : "-");
		json_str(&j, "format", rec.format);
		json_u64(&j, "passes", rec.npasses);
		an_print_json(&j, &sel);
		json_obj_end(&j);
		json_finish(&j);
	} else {
		printf("%s: %s, %u count%s in %u pass%s\n\n", file ? file : "stdin", rec.format,
		       rec.nev, rec.nev == 1 ? "" : "s", rec.npasses, rec.npasses == 1 ? "" : "es");
		if (!sel.n)
			printf(" no metric of %s has all its events in the input\n\n",
			       an_set_name(sel.set));
		else
			an_print_table(stdout, &sel);
	}
	return CLI_OK;
}
