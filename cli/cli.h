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

#define CLI_OK		0
#define CLI_FAIL	1
#define CLI_USAGE	2

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
int pin_to_cpu(int cpu);
const struct pmukit_core_def *this_core(const struct pmukit_pmu_info *info);
const struct pmukit_core_def *default_common(void);
int direct_rearm(const char *cmd);

/*
 * sysfs.c: the first line of a /sys or /proc file (its newline cut), a
 * directory; under $PMUKIT_SYSFS_ROOT as the library reads them. sys_read:
 * 0 or negative errno; sys_opendir: NULL with errno set.
 */
int sys_read(const char *path, char *buf, size_t len);
DIR *sys_opendir(const char *path);

#endif /* PMUKIT_CLI_H */
