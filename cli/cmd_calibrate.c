// SPDX-License-Identifier: MIT
/*
 * pmukit calibrate: what one read of the cycle counter costs on each access
 * path. Two reads back to back, N times: each difference is the cost of
 * one read as the counter itself sees it, which is what every measurement
 * on that path carries as overhead.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "each_type.h"
#include "plot.h"
#include "report.h"

#define CAL_DEFAULT_PAIRS	1000
#define CAL_MAX_PAIRS		10000000UL

static const char usage[] =
	"usage: pmukit calibrate [--path P|all] [-n N] [-x SEP | --json] [--cpu C]\n"
	"                        [--histogram] [--svg FILE]\n"
	"\n"
	"Reads the cycle counter twice, back to back, N times on each access path and\n"
	"shows the distribution of the difference: the cost of one read, in the\n"
	"path's own unit (CPU_CYCLES; the clock path counts timer ticks). Pairs where\n"
	"the counter wrapped or the thread changed CPU are left out and counted as\n"
	"discarded. Statistics: min, max, mean, sd (population), median, p5 and p95\n"
	"(nearest rank).\n"
	"\n"
	"  --path P       direct, perf, perf-mmap, clock, auto, or all (default: all;\n"
	"                 paths that do not work here are listed with the reason)\n"
	"  -n N           read pairs per path (default 1000)\n"
	"  -x SEP         CSV with separator SEP, a header line first\n"
	"  --json         JSON\n"
	"  --cpu C        run on CPU C (default: the one it starts on; on a machine of\n"
	"                 several core types, one CPU of each type, a block each)\n"
	"  --histogram    draw each path's distribution in the terminal\n"
	"  --svg FILE     write the distributions as an SVG plot\n"
	"  -h, --help     this text\n"
	"\n"
	"FILE is opened before anything is measured: one that cannot be written\n"
	"fails at once.\n"
	"\n"
	"Exit status: 0 when at least one path was measured (the one asked for,\n"
	"with --path P; of several core types, on each), 1 when none was or FILE\n"
	"cannot be written, 2 for a wrong command line.\n";

/* Every path, in the order they are measured and shown. */
static const enum pmukit_path cal_paths[] = {
	PMUKIT_PATH_DIRECT, PMUKIT_PATH_PERF_MMAP, PMUKIT_PATH_PERF, PMUKIT_PATH_CLOCK,
};

struct cal_opts {
	int all;
	unsigned int type;	/* of several core types, the one measured (0: one type) */
	enum pmukit_path path;
	unsigned long pairs;
	struct out_args out;	/* -x, --json, --cpu */
	int histogram;
	const char *svg;
};

/* The event one sample counts on @path: the clock path has its own. */
static const char *sample_event(enum pmukit_path path)
{
	return path == PMUKIT_PATH_CLOCK ? "clock" : "CPU_CYCLES";
}

/* Measures @path; fills @row and, when it worked, *@deltas (to free). */
static int measure(const struct cal_opts *o, enum pmukit_path path, struct calib_row *row,
		   uint64_t **deltas)
{
	struct pmukit_options po = { .path = path, .cpu = o->out.cpu };
	const char *ev = sample_event(path);
	struct pmukit_session *s = NULL;
	uint64_t *d, pair[2], first = 0, last = 0;
	size_t n = 0, discarded = 0, n_first = 0;
	unsigned int width;
	unsigned long i;
	int ret;

	*deltas = NULL;
	row->path = pmukit_path_name(path);
	if (path == PMUKIT_PATH_DIRECT || path == PMUKIT_PATH_AUTO)
		direct_rearm("calibrate");
	ret = pmukit_path_detect(path, row->why, sizeof(row->why));
	if (ret) {
		if (!row->why[0])
			snprintf(row->why, sizeof(row->why), "%s", pmukit_strerror(ret));
		return ret;
	}
	d = malloc(o->pairs * sizeof(*d));
	if (!d) {
		snprintf(row->why, sizeof(row->why), "out of memory");
		return -ENOMEM;
	}
	ret = pmukit_open(&s, &ev, 1, &po);
	if (ret == 0)
		ret = pmukit_start(s);
	if (ret) {
		snprintf(row->why, sizeof(row->why), "%s", pmukit_last_error());
		goto out;
	}
	if (path == PMUKIT_PATH_AUTO)
		row->path = pmukit_path_name(pmukit_session_path(s));
	row->event = pmukit_event_name(s, 0);

	width = pmukit_sample_width(s);
	for (i = 0; i < o->pairs; i++) {
		/* Two reads in the path's tightest loop (direct: b2b.h's). */
		ret = pmukit_sample_n(s, pair, 2);
		if (ret == -EINTR) {
			discarded++;	/* migrated between the reads */
			continue;
		}
		if (ret) {
			snprintf(row->why, sizeof(row->why), "a read failed after %lu pairs: %s", i,
				 pmukit_last_error());
			goto out;
		}
		n += pmukit_deltas(pair, 2, width, &d[n], &discarded);
		if (!n_first++)
			first = pair[0];
		last = pair[1];
	}
	pmukit_stop(s);
	{
		/* From the first read to the last, all the pairs ran: did it count? */
		uint64_t mask = width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
		struct pmukit_count c = { .value = (last - first) & mask };

		c.raw = c.value;
		row->verdict = pmukit_count_verdict(s, 0, &c, row->vwhy, sizeof(row->vwhy));
	}
	if (!n) {
		ret = -EAGAIN;
		snprintf(row->why, sizeof(row->why), "all %zu pairs were discarded", discarded);
		goto out;
	}
	ret = pmukit_stats_compute(d, n, discarded, &row->st);
	if (ret == 0) {
		row->ok = 1;
		*deltas = d;
		d = NULL;
	}
out:
	/* The name belongs to the session: keep a copy past its close. */
	if (row->event) {
		static char names[EACH_MAX_TYPES][PMUKIT_PATH_COUNT][64];

		snprintf(names[o->type][path], sizeof(names[o->type][path]), "%s", row->event);
		row->event = names[o->type][path];
	} else {
		row->event = ev;
	}
	if (s)
		pmukit_close(s);
	free(d);
	return ret;
}

static int parse_opts(int argc, char **argv, struct cal_opts *o)
{
	enum { OPT_HIST = 256, OPT_SVG };
	static const struct option opts[] = {
		{ "path", required_argument, NULL, 'p' },
		OUT_LONGOPTS,
		{ "histogram", no_argument, NULL, OPT_HIST },
		{ "svg", required_argument, NULL, OPT_SVG },
		HELP_LONGOPTS_END,
	};
	struct cli_getopt g = {
		.cmd = "calibrate", .usage = usage, .shortopts = ":p:n:x:h",
		.longopts = opts, .out = &o->out,
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->all = 1;
	o->pairs = CAL_DEFAULT_PAIRS;
	o->out.cpu = -1;
	while ((c = cli_next_opt(&g, argc, argv)) > 0) {
		switch (c) {
		case 'p':
			if (!strcmp(optarg, "all")) {
				o->all = 1;
				break;
			}
			if (parse_path_arg("calibrate", optarg, &o->path))
				return CLI_USAGE;
			o->all = 0;
			break;
		case 'n':
			if (parse_count_arg("calibrate", "-n", "pairs", optarg, CAL_MAX_PAIRS,
					    &o->pairs))
				return CLI_USAGE;
			break;
		case OPT_HIST:
			o->histogram = 1;
			break;
		case OPT_SVG:
			o->svg = optarg;
			break;
		}
	}
	if (c < 0)	/* -1 after --help */
		return g.exit == CLI_OK ? -1 : g.exit;
	if (o->histogram && o->out.fmt != OUT_TABLE)
		return usage_error("calibrate", "--histogram draws next to the table, not in CSV or JSON");
	return 0;
}

/* Every path asked for into @rows and @deltas. Return: how many. */
static size_t measure_paths(const struct cal_opts *o, struct calib_row *rows, uint64_t **deltas)
{
	size_t n = 0, i;

	memset(rows, 0, sizeof(*rows) * PMUKIT_PATH_COUNT);
	if (o->all) {
		for (i = 0; i < ARRAY_SIZE(cal_paths); i++, n++)
			measure(o, cal_paths[i], &rows[n], &deltas[n]);
	} else {
		measure(o, o->path, &rows[0], &deltas[0]);
		n = 1;
	}
	return n;
}

/*
 * Without --cpu on a machine of several core types: each type this may run
 * on, pinned to one of its CPUs (the cost of a read differs from type to
 * type), into @cal (@ntypes of them).
 */
static void measure_types(struct cal_opts *o, struct each_type *e, struct calib_type *cal,
			  struct calib_row (*rows)[PMUKIT_PATH_COUNT],
			  uint64_t *(*deltas)[PMUKIT_PATH_COUNT])
{
	unsigned int t;
	size_t i;
	int err;

	for (t = 0; t < e->n; t++) {
		cal[t].type = &e->t[t];
		cal[t].rows = rows[t];
		err = each_type_enter(e, t);
		if (err) {
			/* Each path's row says why it was not measured. */
			cal[t].n = o->all ? ARRAY_SIZE(cal_paths) : 1;
			memset(rows[t], 0, sizeof(rows[t]));
			for (i = 0; i < cal[t].n; i++) {
				rows[t][i].path = pmukit_path_name(o->all ? cal_paths[i] : o->path);
				rows[t][i].event = sample_event(PMUKIT_PATH_CLOCK);
				snprintf(rows[t][i].why, sizeof(rows[t][i].why), "cannot run on CPU %d: %s",
					 e->t[t].cpu, strerror(-err));
			}
			continue;
		}
		o->out.cpu = e->t[t].cpu;
		o->type = t;
		cal[t].n = measure_paths(o, rows[t], deltas[t]);
	}
	o->out.cpu = -1;
	o->type = 0;
	each_type_leave(e);
}

int cmd_calibrate(int argc, char **argv)
{
	static struct calib_row rows[EACH_MAX_TYPES][PMUKIT_PATH_COUNT];
	static uint64_t *deltas[EACH_MAX_TYPES][PMUKIT_PATH_COUNT];
	static struct plot_series series[EACH_MAX_TYPES * PMUKIT_PATH_COUNT];
	static char names[EACH_MAX_TYPES * PMUKIT_PATH_COUNT][64];
	static struct each_type types;
	struct calib_type cal[EACH_MAX_TYPES];
	size_t i, nok = 0;
	unsigned int t, ntypes = 1;
	struct out_file svg;
	struct cal_opts o;
	int ret = parse_opts(argc, argv, &o), failed = 0;

	if (ret)
		return ret < 0 ? CLI_OK : ret;
	if (path_env_check("calibrate"))
		return CLI_USAGE;
	/* Before measuring: a FILE that cannot be written fails at once. */
	if (o.svg && out_file_open(&svg, "calibrate", o.svg))
		return CLI_FAIL;
	memset(deltas, 0, sizeof(deltas));
	if (o.out.cpu < 0 && each_type_find(&types) > 1) {
		ntypes = types.n;
		measure_types(&o, &types, cal, rows, deltas);
		calib_report_types(stdout, o.out.fmt, o.out.sep, cal, ntypes, o.pairs);
	} else {
		/* --cpu C: every path measured there (direct pins for itself; the others by this). */
		if (o.out.cpu >= 0 && pin_to_cpu(o.out.cpu)) {
			cli_error("calibrate", "cannot run on cpu%d: it is offline or not allowed",
				  o.out.cpu);
			return CLI_FAIL;
		}
		cal[0].type = NULL;
		cal[0].rows = rows[0];
		cal[0].n = measure_paths(&o, rows[0], deltas[0]);
		calib_report(stdout, o.out.fmt, o.out.sep, rows[0], cal[0].n, o.pairs);
	}
	for (t = 0; t < ntypes; t++) {
		const char *type = cal[t].type ? cal[t].type->name : NULL;
		size_t before = nok;

		/* The table says why a path was not measured; CSV has no place for it. */
		for (i = 0; i < cal[t].n && o.out.fmt == OUT_CSV; i++)
			if (!rows[t][i].ok)
				cli_error("calibrate", "%s%s%s not measured: %s", type ? type : "",
					  type ? ": " : "", rows[t][i].path, rows[t][i].why);
		for (i = 0; i < cal[t].n; i++) {
			const struct calib_row *r = &rows[t][i];

			if (r->ok && r->verdict > PMUKIT_COUNTED)
				failed = 1;
			if (!r->ok || r->verdict > PMUKIT_COUNTED)
				continue;
			/* With several types, each series and histogram names its type. */
			snprintf(names[nok], sizeof(names[nok]), "%s%s%s", type ? type : "",
				 type ? " " : "", r->path);
			series[nok].name = names[nok];
			series[nok].unit = r->event;
			series[nok].v = deltas[t][i];
			series[nok].n = r->st.n;
			if (o.histogram) {
				struct hist h;

				printf("\n%s: %s per read\n", names[nok], r->event);
				hist_build(&h, deltas[t][i], r->st.n, 20);
				hist_print(stdout, &h, 50);
			}
			nok++;
		}
		/* Of several types, each must have been measured. */
		if (type && nok == before) {
			cli_error("calibrate", "%s: no path could be measured on CPU %d", type,
				  cal[t].type->cpu);
			failed = 1;
		}
	}
	if (o.svg) {
		/* No path measured: an SVG of no panels. The table has the numbers. */
		svg_write(svg.mem, "pmukit calibrate: cost of one read", series, nok);
		ret = out_file_close(&svg, "calibrate", 0);
		if (!ret && nok)
			fprintf(stderr, "pmukit calibrate: wrote %s\n", o.svg);
	}
	for (t = 0; t < ntypes; t++)
		for (i = 0; i < cal[t].n; i++)
			free(deltas[t][i]);
	if (!nok) {
		cli_error("calibrate", "no path could be measured");
		return CLI_FAIL;
	}
	/* A counter that did not count is a failed measurement (see the report). */
	return ret || failed ? CLI_FAIL : CLI_OK;
}
