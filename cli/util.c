// SPDX-License-Identifier: MIT
/*
 * Small helpers of the pmukit command: messages in one shape for every
 * command, strict number parsing, one-line sysfs/procfs files, CPUs.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static void say(const char *cmd, const char *fmt, va_list ap)
{
	fprintf(stderr, "pmukit %s: ", cmd);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void cli_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(cmd, fmt, ap);
	va_end(ap);
}

/* cli_error() and the hint to --help. Return: CLI_USAGE, the exit status. */
int usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(cmd, fmt, ap);
	va_end(ap);
	fprintf(stderr, "Try 'pmukit %s --help'.\n", cmd);
	return CLI_USAGE;
}

/*
 * getopt_long() returned '?' or ':'. Its own messages are off (opterr = 0)
 * so that every command says what is wrong the same way.
 */
int bad_option(const char *cmd, char **argv, int c)
{
	const char *arg = argv[optind - 1];

	if (c == ':')
		return usage_error(cmd, "option '%s' needs a value", arg);
	if (optopt && optopt != '?')
		return usage_error(cmd, "unknown option '-%c'", optopt);
	return usage_error(cmd, "unknown option '%s'", arg);
}

/* Each command parses its own argv from the start (glibc: optind = 0). */
void getopt_reset(void)
{
	optind = 0;
	opterr = 0;
}

void cli_appendf(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

void cli_list_add(char *buf, size_t len, size_t *used, unsigned int i, unsigned int n,
		  const char *fmt, ...)
{
	va_list ap;
	int w;

	if (*used >= len)
		return;
	w = snprintf(buf + *used, len - *used, "%s", !i ? "" : i + 1 < n ? ", " : " and ");
	*used += (size_t)w;
	if (*used >= len)
		return;
	va_start(ap, fmt);
	w = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	*used += (size_t)w;
}

/* A decimal number in [min, max], nothing else in the string. */
int parse_ulong(const char *s, unsigned long min, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

int parse_path_arg(const char *cmd, const char *arg, enum pmukit_path *path)
{
	if (pmukit_path_parse(arg, path) == 0)
		return 0;
	return usage_error(cmd, "unknown path '%s': use direct, perf, perf-mmap, clock or auto",
			   arg);
}

/* A bad $PMUKIT_PATH is an error in every command that chooses a path. */
int path_env_check(const char *cmd)
{
	enum pmukit_path path;

	if (pmukit_path_env(&path) == 0)
		return 0;
	cli_error(cmd, "%s", pmukit_last_error());
	return CLI_USAGE;
}

int parse_count_arg(const char *cmd, const char *opt, const char *what, const char *arg,
		    unsigned long max, unsigned long *out)
{
	if (parse_ulong(arg, 1, max, out) == 0)
		return 0;
	return usage_error(cmd, "%s takes a number of %s from 1 to %lu, not '%s'", opt, what, max,
			   arg);
}

int parse_seconds_ms(const char *s, unsigned long *ms)
{
	char *end;
	double v;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || !(v > 0) || v > 86400.0 * 365)
		return -ERANGE;
	*ms = (unsigned long)(v * 1000.0 + 0.5);
	return *ms ? 0 : -ERANGE;
}

int pin_to_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -errno : 0;
}

const struct pmukit_core_def *this_core(const struct pmukit_pmu_info *info)
{
	const struct pmukit_core_def *c = NULL;

	if (info->midr)
		c = pmukit_core_by_midr(info->midr);
	if (!c && info->core[0])
		c = pmukit_core_by_name(info->core);
	return c;
}

const struct pmukit_core_def *this_machine(struct pmukit_pmu_info *info)
{
	pmukit_pmu_info(info);	/* which fails only for NULL, and zeroes @info first */
	return this_core(info);
}

/* The common events of the architecture this program runs on. */
const struct pmukit_core_def *default_common(void)
{
#if defined(__arm__)
	return pmukit_common_table(7);
#else
	return pmukit_common_table(8);
#endif
}

/*
 * The perf driver clears PMUSERENR whenever it starts the PMU for a task,
 * so one 'pmukit stat --path perf' leaves the direct path without access
 * until the module re-applies it. Where the module is loaded and its rearm
 * file writable, do that (and say so) rather than fail.
 */
/* Is user access off on some online CPU, as the module sees it? */
static int some_cpu_off(void)
{
	int cpus[256], n = pmukit_online_cpus(cpus, 256), i;

	for (i = 0; i < n; i++)
		if (pmukit_kmod_user_access(cpus[i]) == 0)
			return 1;
	return 0;
}

int direct_rearm(const char *cmd)
{
	char why[256];

	if (access(PMUKIT_SYSFS "/rearm", W_OK))
		return pmukit_path_detect(PMUKIT_PATH_DIRECT, why, sizeof(why)) ? -1 : 0;
	if (!some_cpu_off() && pmukit_path_detect(PMUKIT_PATH_DIRECT, why, sizeof(why)) == 0)
		return 0;
	if (pmukit_kmod_rearm())
		return -1;
	if (pmukit_path_detect(PMUKIT_PATH_DIRECT, why, sizeof(why)))
		return -1;
	fprintf(stderr, "pmukit %s: user access to the PMU was off (a perf session resets it): "
		"re-armed through %s/rearm\n", cmd, PMUKIT_SYSFS);
	return 0;
}

/*
 * One of the options calibrate and stat share. Return: 1 when @opt was one
 * of them and is stored in @oa, 0 when it is not one of them, CLI_USAGE
 * (after the message) when its value is wrong.
 */
int parse_out_arg(const char *cmd, int opt, const char *arg, struct out_args *oa)
{
	unsigned long v;

	switch (opt) {
	case 'x':
		if (!*arg)
			return usage_error(cmd, "-x needs a separator");
		/* A CSV record is one line, and '"' quotes the fields that hold SEP. */
		if (strpbrk(arg, "\n\r\""))
			return usage_error(cmd, "-x SEP cannot hold a newline, a carriage return or '\"': they break the CSV records");
		oa->sep = arg;
		oa->csv = 1;
		return 1;
	case OPT_OUT_JSON:
		oa->json = 1;
		return 1;
	case OPT_OUT_CPU:
		if (parse_ulong(arg, 0, 4095, &v))
			return usage_error(cmd, "--cpu takes a CPU number, not '%s'", arg);
		oa->cpu = (int)v;
		return 1;
	}
	return 0;
}

int cli_next_opt(struct cli_getopt *g, int argc, char **argv)
{
	int c, r;

	if (!g->started) {
		getopt_reset();
		g->started = 1;
	}
	while ((c = getopt_long(argc, argv, g->shortopts, g->longopts, NULL)) != -1) {
		if (g->out) {
			r = parse_out_arg(g->cmd, c, optarg, g->out);
			if (r == CLI_USAGE)
				goto stop;
			if (r)	/* one of the shared options, stored in g->out */
				continue;
		}
		if (c == 'h') {
			fputs(g->usage, stdout);
			g->exit = CLI_OK;
			return -1;
		}
		if (c == '?' || c == ':') {
			r = bad_option(g->cmd, argv, c);
			goto stop;
		}
		return c;
	}
	if (!g->operands && optind < argc) {
		r = usage_error(g->cmd, "unexpected argument '%s'", argv[optind]);
		goto stop;
	}
	if (g->out) {
		if (g->out->csv && g->out->json) {
			r = usage_error(g->cmd, "-x and --json exclude each other");
			goto stop;
		}
		g->out->fmt = g->out->csv ? OUT_CSV : g->out->json ? OUT_JSON : OUT_TABLE;
	}
	return 0;
stop:
	g->exit = r;
	return -1;
}
