// SPDX-License-Identifier: MIT
/*
 * pmukit stat: count events while a command runs, perf stat's way. The
 * command is forked and held before exec until the counters are ready:
 *
 *  - perf: the counters follow the child (and its children) from its exec,
 *    whatever CPU it runs on;
 *  - direct: this process and the child are pinned to one CPU and the
 *    CPU's counters are read before the child is released and after it
 *    ended, so they also hold whatever else ran on that CPU meanwhile;
 *  - clock: the timer around the child, like direct.
 *
 * More events than counters run the command once per pass of the
 * library's plan (stat_plan.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis.h"
#include "cli.h"
#include "stat.h"
#include "stat_wait.h"
#include "support.h"

#define STAT_MAX_RUNS		100000UL

static const char usage[] =
	"usage: pmukit stat [-e EVENTS... | -M METRICS... | --topdown [--level 1|2]]\n"
	"                   [-r N] [--path P] [-x SEP | --json] [--cpu C] [--raw]\n"
	"                   [-o FILE] [--] COMMAND [ARGS]\n"
	"       pmukit stat [-a | -C LIST [-A] | -p PID,... | -t TID,... [--per-thread]]\n"
	"                   [-I MS [--interval-count N]] [-e EVENTS... | -M METRICS...\n"
	"                   | --topdown] [--path P]\n"
	"                   [-x SEP | --json] [-o FILE]\n"
	"                   [--duration SECONDS | [-r N] [--] COMMAND [ARGS]]\n"
	"\n"
	"Runs COMMAND and counts events while it runs, as perf stat does; the result\n"
	"goes to stderr (or FILE). Events are names from 'pmukit list' (any case),\n"
	"raw numbers (0x08, r08) or, where there is no Arm PMU, cycles, instructions\n"
	"and perf's software events (task-clock, page-faults, ...). ':u' counts user\n"
	"space only, ':k' the kernel only, ':uk' both; without one an event counts\n"
	"user space only.\n"
	"\n"
	"  -e, --event EVENTS  comma-separated events (repeatable; default CPU_CYCLES\n"
	"                      and, where the core has it, INST_RETIRED)\n"
	"  -M, --metrics METRICS\n"
	"                      comma-separated metrics or metric groups of this core's\n"
	"                      set (pmukit list --metrics), as perf stat -M: their\n"
	"                      events are counted (user space), in passes that keep\n"
	"                      each metric's events together where the counters allow\n"
	"  --topdown           Arm's topdown methodology: stage 1 (frontend and backend\n"
	"                      stalled cycles) and, with --level 2, the stage-2 groups\n"
	"                      its decision tree names, the larger stage 1 metric's first,\n"
	"                      then the methodology's other stage-2 metrics (IPC)\n"
	"  --level N           1 (default) or 2\n"
	"  -r, --repeat N      run the command N times: mean and ( +- sd% ) of the runs\n"
	"  --path P            perf, direct, clock or auto (default auto: $PMUKIT_PATH,\n"
	"                      else perf if it works here, else direct, else clock)\n"
	"  -x, --field-separator SEP\n"
	"                      CSV, one line per event: value, unit, event, sd %, pass,\n"
	"                      counting %, metric value, metric name (SEP: any text\n"
	"                      without a newline, carriage return or '\"')\n"
	"  --json              JSON\n"
	"  --cpu C             run the command on CPU C\n"
	"  --raw               do not subtract the overhead of an empty measurement\n"
	"  -o, --output FILE   write the result to FILE (opened before COMMAND runs;\n"
	"                      replaced only by a complete result, a symbolic link\n"
	"                      there replaced, not followed; if writing it fails,\n"
	"                      the result goes to stdout; with -I written in place\n"
	"                      as each interval ends)\n"
	"  -h, --help          this text\n"
	"\n"
	"What is counted, as perf stat's options say it (the command, when given,\n"
	"runs beside and ends the count; without one, ^C or --duration ends it; -r N\n"
	"runs the command N times, each run counted over the scope: their mean; the\n"
	"metrics, of -M and --topdown too, are each row's: a CPU's, a thread's, an\n"
	"interval's, else the totals'):\n"
	"\n"
	"  -a, --all-cpus      every online CPU, whatever runs there\n"
	"  -C, --cpu-list LIST the CPUs of LIST (0,2-3)\n"
	"  -A, --no-aggr       with -a or -C: a row per CPU (CPU2)\n"
	"  -p, --pid PID,...   processes that already run: their threads, and those\n"
	"                      they create later; until they end\n"
	"  -t, --tid TID,...   threads that already run, likewise\n"
	"  --per-thread        with -p or -t: a row per thread (comm-TID); with a\n"
	"                      command alone (perf path): a row of each of its threads\n"
	"                      and processes, counted as each ended\n"
	"  -I, --interval-print MS\n"
	"                      every MS milliseconds (10 or more) the counts of that\n"
	"                      interval, after a time column (CSV: a first field; JSON:\n"
	"                      an object an interval), the last partial one too, then\n"
	"                      the totals: an event's intervals add up to its total\n"
	"  --interval-count N  with -I: the count ends after N intervals (a command\n"
	"                      still running is then waited for, no longer counted)\n"
	"  --duration SECONDS  without a command: count for SECONDS\n"
	"\n"
	"Counting whole CPUs needs kernel.perf_event_paranoid 0 or lower (or root);\n"
	"another user's process, the right to ptrace it. The perf path counts every\n"
	"scope; the direct path whole CPUs (-a, -C) through pmukit.ko, with CAP_PERFMON\n"
	"or root; the others refuse them.\n"
	"With a scope, ^C ends the count: the counts so far are reported, and the exit\n"
	"status is 0 (the command's own when there is one: 130 when ^C killed it).\n"
	"\n"
	"perf counts the command and its children from the exec on, on whatever CPU\n"
	"they run. The direct path reads the PMU of one CPU: pmukit pins itself and\n"
	"the command (and so its children) to that CPU and reads the counters before\n"
	"releasing the command and after it ended. The counts then include the\n"
	"start of the command (its exec), pmukit's own wait, and anything else that\n"
	"ran on that CPU meanwhile (other programs, and the kernel unless events\n"
	"are :u); a multi-threaded command runs on one CPU only. The cost of an\n"
	"empty measurement (the smallest of several) is subtracted unless --raw.\n"
	"\n"
	"More events than the PMU has counters: the command runs once per pass,\n"
	"each pass a group that fits, with CPU_CYCLES counted in every pass; how\n"
	"far those cycle counts differ tells whether the passes are comparable.\n"
	"Derived metrics follow their events: IPC (INST_RETIRED / CPU_CYCLES),\n"
	"L1D and L2D refill rates, branch misprediction rate.\n"
	"\n"
	"With -M and --topdown each metric follows the counts with its value, units\n"
	"and formula, and the passes its events came from; events of different\n"
	"passes are combined by scaling each count to the cycles of the metric's\n"
	"reference pass (a note says so). -x prints a metric as a line whose first\n"
	"six fields are empty: metric value, name, units, formula, group, stage,\n"
	"passes, note; 'pmukit metrics' reads -x and --json output back.\n"
	"\n"
	"^C (SIGINT) ends after the run under way, which is left out: the runs\n"
	"before it are reported. SIGTERM and SIGHUP go on to COMMAND; pmukit waits\n"
	"for it and reports nothing. Either way pmukit then ends by that signal.\n"
	"A signal ignored when pmukit starts (nohup) stays ignored for COMMAND.\n"
	"\n"
	"Exit status: COMMAND's own (of the last run; 128 + N when signal N killed\n"
	"it), as perf stat's, when the counting worked; 1 when it did not (also:\n"
	"COMMAND cannot be run, an event is not implemented or not supported here\n"
	"(the others are counted), a counter did not count or wrapped, FILE cannot\n"
	"be written), 2 for a wrong command line, an unknown event or metric, or a\n"
	"core without the metrics asked for.\n";

static char *ev_copies[STAT_MAX_EVENTS];

static int add_events(struct stat_opts *o, const char *arg)
{
	char *copy = strdup(arg), *save = NULL, *tok;

	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (o->nev == STAT_MAX_EVENTS) {
			free(copy);
			return -E2BIG;
		}
		ev_copies[o->nev] = strdup(tok);
		o->ev[o->nev] = ev_copies[o->nev];
		o->at[o->nev] = o->nev;
		o->nev++;
	}
	free(copy);
	return 0;
}

/* The copies add_events() made, on every way out of cmd_stat(). */
static void free_events(struct stat_opts *o)
{
	unsigned int k;

	for (k = 0; k < o->nev; k++) {
		free(ev_copies[k]);
		ev_copies[k] = NULL;
	}
}

static int parse_opts(int argc, char **argv, struct stat_opts *o)
{
	enum { OPT_PATH = 256, OPT_RAW, OPT_TOPDOWN, OPT_LEVEL, OPT_PER_THREAD, OPT_DURATION,
	       OPT_INTERVAL_COUNT };
	static const struct option opts[] = {
		{ "event", required_argument, NULL, 'e' },
		{ "metrics", required_argument, NULL, 'M' },
		{ "topdown", no_argument, NULL, OPT_TOPDOWN },
		{ "level", required_argument, NULL, OPT_LEVEL },
		{ "repeat", required_argument, NULL, 'r' },
		{ "path", required_argument, NULL, OPT_PATH },
		OUT_LONGOPTS,
		{ "raw", no_argument, NULL, OPT_RAW },
		{ "output", required_argument, NULL, 'o' },
		{ "all-cpus", no_argument, NULL, 'a' },
		{ "cpu-list", required_argument, NULL, 'C' },
		{ "no-aggr", no_argument, NULL, 'A' },
		{ "pid", required_argument, NULL, 'p' },
		{ "tid", required_argument, NULL, 't' },
		{ "per-thread", no_argument, NULL, OPT_PER_THREAD },
		{ "interval-print", required_argument, NULL, 'I' },
		{ "interval-count", required_argument, NULL, OPT_INTERVAL_COUNT },
		{ "duration", required_argument, NULL, OPT_DURATION },
		HELP_LONGOPTS_END,
	};
	/* '+': options end at the command, whose own options are its business. */
	struct cli_getopt g = {
		.cmd = "stat", .usage = usage, .shortopts = "+:e:M:r:x:o:haC:Ap:t:I:",
		.longopts = opts, .out = &o->out, .operands = 1,
	};
	static char mlist[1024];
	unsigned long level;
	int c;

	memset(o, 0, sizeof(*o));
	mlist[0] = '\0';
	o->runs = 1;
	o->out.cpu = -1;
	while ((c = cli_next_opt(&g, argc, argv)) > 0) {
		switch (c) {
		case 'e':
			if (!*optarg || optarg[strspn(optarg, ",")] == '\0')
				return usage_error("stat", "-e needs an event");
			if (add_events(o, optarg))
				return usage_error("stat", "more than %d events", STAT_MAX_EVENTS);
			break;
		case 'M':
			/* -M A -M B is -M A,B */
			if (strlen(mlist) + strlen(optarg) + 2 > sizeof(mlist))
				return usage_error("stat", "-M: at most %zu characters of names",
						   sizeof(mlist) - 2);
			if (mlist[0])
				strcat(mlist, ",");
			strcat(mlist, optarg);
			o->metrics = mlist;
			break;
		case OPT_TOPDOWN:
			o->topdown = 1;
			break;
		case OPT_LEVEL:
			if (parse_ulong(optarg, 1, 2, &level))
				return usage_error("stat", "--level is 1 or 2, not '%s'", optarg);
			o->level = (unsigned int)level;
			break;
		case 'r':
			if (parse_count_arg("stat", "-r", "runs", optarg, STAT_MAX_RUNS, &o->runs))
				return CLI_USAGE;
			break;
		case OPT_PATH:
			if (parse_path_arg("stat", optarg, &o->path))
				return CLI_USAGE;
			if (o->path == PMUKIT_PATH_PERF_MMAP)
				return usage_error("stat", "perf-mmap reads the counters of the calling thread only, not a command's: use --path perf or direct");
			break;
		case OPT_RAW:
			o->raw = 1;
			break;
		case 'o':
			o->output = optarg;
			break;
		case 'a':
			o->all_cpus = 1;
			break;
		case 'C':
			o->cpu_list = optarg;
			break;
		case 'A':
			o->no_aggr = 1;
			break;
		case 'p':
			o->pids = optarg;
			break;
		case 't':
			o->tids = optarg;
			break;
		case OPT_PER_THREAD:
			o->per_thread = 1;
			break;
		case 'I':
			/* perf's floor: shorter intervals would cost more than they count. */
			if (parse_ulong(optarg, 0, 86400000UL, &o->interval_ms))
				return usage_error("stat", "-I takes milliseconds, not '%s'", optarg);
			if (o->interval_ms < 10)
				return usage_error("stat", "-I %lu: the interval is at least 10 ms", o->interval_ms);
			break;
		case OPT_INTERVAL_COUNT:
			if (parse_ulong(optarg, 1, 100000000UL, &o->interval_count))
				return usage_error("stat", "--interval-count takes a number of intervals (1 or more), not '%s'",
						   optarg);
			break;
		case OPT_DURATION:
			if (parse_seconds_ms(optarg, &o->duration_ms))
				return usage_error("stat", "--duration takes seconds (as 1.5), not '%s'", optarg);
			break;
		}
	}
	if (c < 0)	/* -1 after --help */
		return g.exit == CLI_OK ? -1 : g.exit;
	if (o->nev && (o->metrics || o->topdown))
		return usage_error("stat", "-e and %s exclude each other: the metrics choose the events",
				   o->metrics ? "-M" : "--topdown");
	if (o->metrics && o->topdown)
		return usage_error("stat", "-M and --topdown exclude each other");
	if (o->level && !o->topdown)
		return usage_error("stat", "--level goes with --topdown");
	if (o->interval_count && !o->interval_ms)
		return usage_error("stat", "--interval-count N (the count ends after N intervals) goes with -I MS");
	if (optind < argc)
		o->argv = argv + optind;
	else if (!o->all_cpus && !o->cpu_list && !o->pids && !o->tids)
		return usage_error("stat", "no command to run (or -a, -C, -p, -t: what to count)");
	return 0;
}

/*
 * After SIGINT, SIGTERM or SIGHUP, pmukit ends as perf does: by the same
 * signal, its default action (a shell's $? is 128 + N, and a script run
 * under it stops at ^C as it should).
 */
static void die_of(int sig)
{
	fflush(stdout);
	signal(sig, SIG_DFL);
	raise(sig);
}

int cmd_stat(int argc, char **argv)
{
	static struct pass_data pd[STAT_MAX_PASSES];
	static struct stat_typed ty;
	static struct stat_report r;
	struct pmukit_evplan *plan = NULL;
	struct stat_opts o;
	struct out_file of;
	double t0;
	static struct an_sel sel;
	unsigned int metric[AN_MAX_ITEMS], nm = 0, k, wrapped = 0, npasses;
	int ret, cap = 0, end_sig = 0, failed = 0;

	ret = parse_opts(argc, argv, &o);
	if (ret) {
		free_events(&o);
		return ret < 0 ? CLI_OK : ret;
	}
	if (path_env_check("stat")) {
		free_events(&o);
		return CLI_USAGE;
	}
	if (stat_scope_wanted(&o)) {
		ret = stat_scope(&o);
		free_events(&o);
		return ret;
	}
	ret = stat_plan_new(&o, &plan);
	if (ret)
		goto early;
	memset(&sel, 0, sizeof(sel));
	if (o.metrics || o.topdown) {
		ret = stat_metric_setup(&o, &sel, metric, &nm);
		if (ret)
			goto early;
	}
	ret = stat_plan_make(&o, plan, sel.set ? &sel : NULL, metric, nm, &cap);
	if (ret)
		goto early;
	npasses = pmukit_evplan_npasses(plan);
	/* -o is opened now, so that a wrong name fails before the command runs. */
	if (o.output && out_file_open(&of, "stat", o.output))
		return CLI_FAIL;

	memset(&r, 0, sizeof(r));
	r.argv = o.argv;
	r.path = pmukit_path_name(o.path);
	r.cpu = o.out.cpu;
	r.runs = (unsigned int)o.runs;
	r.raw = o.raw;
	r.npasses = npasses;
	/* Metrics: the cycle counter besides the event counters. */
	r.ncounters = (unsigned int)cap + !!sel.set;
	sel.counters = (unsigned int)cap;

	/* The command runs where it was asked to (direct: the session pins). */
	if (o.out.cpu >= 0 && o.path != PMUKIT_PATH_DIRECT && pin_to_cpu(o.out.cpu)) {
		cli_error("stat", "cannot run on cpu%d: it is offline or not allowed", o.out.cpu);
		ret = -EINVAL;
		goto out;
	}
	stat_signals_catch();
	t0 = (double)stat_mono_ns() / 1e9;
	ret = stat_types_setup(&ty, plan);
	if (!ret)
		ret = stat_run_passes(&o, plan, pd, &ty, &r);
	r.total_s = (double)stat_mono_ns() / 1e9 - t0;
	stat_signals_restore();

	/* SIGTERM, SIGHUP: the command has ended (it got the signal), the sessions are closed. */
	end_sig = stat_ended_by();
	if (end_sig) {
		cli_error("stat", "%s: passed on to the command, which has ended; nothing reported",
			  end_sig == SIGTERM ? "SIGTERM" : "SIGHUP");
		ret = -EINTR;
	} else if (!ret && stat_interrupted()) {
		unsigned long done = o.runs;

		end_sig = SIGINT;
		for (k = 0; k < npasses; k++)
			if (pd[k].runs < done)
				done = pd[k].runs;
		r.interrupted = 1;
		r.runs_asked = r.runs;
		r.runs = (unsigned int)done;
		if (!done) {
			cli_error("stat", "interrupted (SIGINT) before %s: nothing to report",
				  npasses > 1 ? "a run of every pass ended" : "the first run ended");
			ret = -EINTR;
		} else if (o.output || o.out.fmt == OUT_CSV) {
			/* The table says so itself, JSON has "interrupted"; CSV has no place. */
			cli_error("stat", "interrupted (SIGINT): %lu of %u runs counted; the run under way was left out",
				  done, r.runs_asked);
		}
	}
	if (!ret) {
		stat_summarise(plan, pd, &r);
		stat_types_summarise(&ty, &o, plan, &r);
		stat_insert_unsupported(&o, &r);
		for (k = 0; k < r.nev; k++)
			wrapped += r.ev[k].wrapped;
		/* The metrics of -M and --topdown need every count; of each type apart. */
		if (sel.set && !wrapped && ty.n)
			stat_type_metric_values(&ty, &sel);
		else if (sel.set && !wrapped)
			stat_metric_values(&r, &sel);
		stat_report(o.output ? of.mem : stderr, o.out.fmt, o.out.sep, &r);
		/*
		 * Reported (and kept in -o's file), yet the measurement did not
		 * give every count: exit 1.
		 */
		if (wrapped) {
			cli_error("stat", "%u count(s) wrapped and are not known: %s", wrapped,
				  "read them over shorter runs, or use --path perf");
			failed = 1;
		}
	}
	/*
	 * A counter that did not count is a failed measurement: the report
	 * shows all there is, and the exit status says it failed.
	 */
	if (!ret && stat_say_unsupported(&o))
		failed = 1;
	if (!ret && r.not_counted) {
		unsigned int nc = 0;
		char names[320] = "";
		size_t used;

		for (k = 0; k < r.nev; k++) {
			used = strlen(names);
			if (r.ev[k].nc_runs)
				snprintf(names + used, sizeof(names) - used, "%s%s %s", nc++ ? ", " : "",
					 r.ev[k].name, verdict_words(r.ev[k].verdict));
		}
		cli_error("stat", "%s (the report says why)", names);
		failed = 1;
	}
out:
	/*
	 * No result: the previous file stays. A file that cannot take the
	 * result after all: the counts go to stdout.
	 */
	if (o.output && ret)
		out_file_discard(&of);
	else if (o.output && out_file_close(&of, "stat", 1))
		ret = -EIO;
	stat_types_free(&ty);
	for (k = 0; k < npasses; k++) {
		free(pd[k].val);
		free(pd[k].times);
	}
	free_events(&o);
	pmukit_evplan_free(plan);
	if (end_sig)
		die_of(end_sig);
	if (ret || failed)
		return CLI_FAIL;
	/*
	 * As perf stat: the command's own exit status (of the last run), so
	 * that 'pmukit stat -- make test && ...' means what it says; a command
	 * killed by a signal gives 128 + its number, as a shell does.
	 */
	if (r.exit_code >= 0)
		return r.exit_code;
	return r.signal ? 128 + r.signal : CLI_FAIL;
early:
	free_events(&o);
	pmukit_evplan_free(plan);
	return ret;
}
