/* SPDX-License-Identifier: MIT */
/*
 * The pmukit command: what its files share. Exit statuses follow perf and
 * the usual tools: 0 done, 1 the measurement failed, 2 the command line is
 * wrong.
 */
#ifndef PMUKIT_CLI_H
#define PMUKIT_CLI_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <dirent.h>

/* The command uses libpmukit's public API only. */
#include "pmukit/pmukit.h"
#include "core/compiler.h"	/* ARRAY_SIZE */
#include "pmukit/events_api.h"	/* event tables, lookup, specs */
#include "pmukit/machine.h"	/* CPUs, core types, pmukit.ko, PMUKIT_SYSFS */
#include "output.h"		/* enum out_format */

#define CLI_OK		0
#define CLI_FAIL	1
#define CLI_USAGE	2
/* selftest: nothing could be checked here (kselftest's KSFT_SKIP) */
#define CLI_SKIP	4

/* The commands, each in cmd_<name>.c; argv[0] is the command's name. */
int cmd_info(int argc, char **argv);
int cmd_doctor(int argc, char **argv);
int cmd_regs(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_stat(int argc, char **argv);
int cmd_selftest(int argc, char **argv);
int cmd_metrics(int argc, char **argv);

/* util.c: messages, numbers, files, CPUs */
__attribute__((format(printf, 2, 3)))
int usage_error(const char *cmd, const char *fmt, ...);
__attribute__((format(printf, 2, 3)))
void cli_error(const char *cmd, const char *fmt, ...);
int bad_option(const char *cmd, char **argv, int optopt_seen);
void getopt_reset(void);
int parse_ulong(const char *s, unsigned long min, unsigned long max, unsigned long *out);
/* Appends to the string in @buf (@len bytes), never past its end, always terminated. */
__attribute__((format(printf, 3, 4)))
void cli_appendf(char *buf, size_t len, const char *fmt, ...);
/*
 * Item @i of @n of a list in words ("a", "a and b", "a, b and c"),
 * formatted, appended to @buf (@len bytes, *@used of them taken).
 */
__attribute__((format(printf, 6, 7)))
void cli_list_add(char *buf, size_t len, size_t *used, unsigned int i, unsigned int n,
		  const char *fmt, ...);
int parse_path_arg(const char *cmd, const char *arg, enum pmukit_path *path);
/* CLI_USAGE (after the message) when $PMUKIT_PATH names no path, else 0. */
int path_env_check(const char *cmd);
/* -n/-r: a count of @what in [1, max]. Return: 0, or CLI_USAGE after the message. */
int parse_count_arg(const char *cmd, const char *opt, const char *what, const char *arg,
		    unsigned long max, unsigned long *out);

/* Options calibrate and stat share: -x SEP, --json, --cpu C. */
enum { OPT_OUT_JSON = 0x1000, OPT_OUT_CPU };
struct out_args {
	const char *sep;	/* -x SEP */
	int csv, json;
	int cpu;		/* --cpu C; -1 when not given */
	enum out_format fmt;	/* from -x and --json once the options are read */
};
int parse_out_arg(const char *cmd, int opt, const char *arg, struct out_args *oa);
/* Those three in a command's table of long options. */
#define OUT_LONGOPTS							\
	{ "field-separator", required_argument, NULL, 'x' },		\
	{ "json", no_argument, NULL, OPT_OUT_JSON },			\
	{ "cpu", required_argument, NULL, OPT_OUT_CPU }
/* The end of every command's table of long options: --help. */
#define HELP_LONGOPTS_END						\
	{ "help", no_argument, NULL, 'h' },				\
	{ NULL, 0, NULL, 0 }

/* "1.5" seconds as 1500 ms (at least 1 ms). Return: 0, -EINVAL or -ERANGE. */
int parse_seconds_ms(const char *s, unsigned long *ms);
int pin_to_cpu(int cpu);
const struct pmukit_core_def *this_core(const struct pmukit_pmu_info *info);
/* This machine's PMU (pmukit_pmu_info()) into @info; its core's table, or NULL. */
const struct pmukit_core_def *this_machine(struct pmukit_pmu_info *info);
const struct pmukit_core_def *default_common(void);
int direct_rearm(const char *cmd);

/*
 * One command's options, read the same way by every command: getopt_long()
 * over @longopts and @shortopts (opterr off: they start with ':', or "+:"
 * where the options end at the first argument), -h/--help prints @usage, a
 * wrong option is said by bad_option() and, unless @operands, an argument
 * after the options is wrong. With @out, -x, --json and --cpu are stored
 * there (parse_out_arg()) and, when the options are over, out->fmt (-x and
 * --json together are wrong).
 *
 *	struct cli_getopt g = {
 *		.cmd = "regs", .usage = usage, .shortopts = ":c:h",
 *		.longopts = opts,
 *	};
 *
 *	while ((c = cli_next_opt(&g, argc, argv)) > 0)
 *		switch (c) { ... the command's own options ... }
 *	if (c < 0)
 *		return g.exit;
 */
struct option;
struct cli_getopt {
	const char *cmd;
	const char *usage;
	const char *shortopts;
	const struct option *longopts;
	struct out_args *out;
	int operands;		/* arguments after the options are the command's */
	int exit;		/* after -1: CLI_OK (--help) or CLI_USAGE (said) */
	int started;
};
/*
 * Return: the next option of the command's own (> 0), 0 when the options
 * are over (optind: the first argument), -1 when the command ends with
 * g->exit.
 */
int cli_next_opt(struct cli_getopt *g, int argc, char **argv);

#endif /* PMUKIT_CLI_H */
