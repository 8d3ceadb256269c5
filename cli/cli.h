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

#include "pmukit/pmukit.h"
#include "event_lookup.h"
#include "pmu_info.h"	/* PMUKIT_SYSFS, the module's sysfs registers */
#include "sysfile.h"	/* small /sys and /proc reads and writes */

#define CLI_OK		0
#define CLI_FAIL	1
#define CLI_USAGE	2

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* The commands, each in cmd_<name>.c; argv[0] is the command's name. */
int cmd_info(int argc, char **argv);
int cmd_regs(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_stat(int argc, char **argv);
int cmd_selftest(int argc, char **argv);

/* util.c: messages, numbers, files, CPUs */
__attribute__((format(printf, 2, 3)))
int usage_error(const char *cmd, const char *fmt, ...);
__attribute__((format(printf, 2, 3)))
void cli_error(const char *cmd, const char *fmt, ...);
int bad_option(const char *cmd, char **argv, int optopt_seen);
void getopt_reset(void);
int parse_ulong(const char *s, unsigned long min, unsigned long max, unsigned long *out);
int parse_path_arg(const char *cmd, const char *arg, enum pmukit_path *path);

/* Options calibrate and stat share: -x SEP, --json, --cpu C. */
enum { OPT_OUT_JSON = 0x1000, OPT_OUT_CPU };
struct out_args {
	const char *sep;	/* -x SEP */
	int csv, json;
	int cpu;		/* --cpu C; -1 when not given */
};
int parse_out_arg(const char *cmd, int opt, const char *arg, struct out_args *oa);
int online_cpus(int *cpus, int max);
int pin_to_cpu(int cpu);
const struct pmukit_core_def *this_core(const struct pmukit_pmu_info *info);
const struct pmukit_core_def *default_common(void);
int direct_rearm(const char *cmd);

#endif /* PMUKIT_CLI_H */
