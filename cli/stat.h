/* SPDX-License-Identifier: MIT */
/*
 * 'pmukit stat' between its command line (cmd_stat.c) and the runs of the
 * command (stat_run.c).
 */
#ifndef PMUKIT_CLI_STAT_H
#define PMUKIT_CLI_STAT_H

#include "passes.h"
#include "report.h"
#include "output.h"
#include "cli.h"

struct stat_opts {
	const char *ev[STAT_MAX_EVENTS];
	unsigned int nev;
	unsigned long runs;
	enum pmukit_path path;
	struct out_args out;	/* -x, --json, --cpu */
	int raw;
	const char *output;
	char **argv;
	const char *metrics;	/* -M NAMES */
	int topdown;		/* --topdown */
	unsigned int level;	/* --level: 1 or 2; 0 not given */
};

/* What one pass measured: runs x events values, and perf's times. */
struct pass_data {
	uint64_t *val;		/* [run * count + k] */
	uint64_t ovh[STAT_MAX_EVENTS + 1];
	double enabled[STAT_MAX_EVENTS + 1], running[STAT_MAX_EVENTS + 1];
	uint32_t wrapped;	/* bit k: slot k's count wrapped in some run (pmukit_wrapped) */
	char name[STAT_MAX_EVENTS + 1][64];
};

/*
 * Runs the command o->runs times for each pass of @p, fills @pd and the
 * command's exit in @r. Return: 0 or a negative errno (said on stderr).
 */
int stat_run_passes(const struct stat_opts *o, const struct pass_plan *p, struct pass_data *pd,
		    struct stat_report *r);
/* The statistics over the runs, the passes' cycles and the derived metrics. */
void stat_summarise(const struct stat_opts *o, const struct pass_plan *p,
		    const struct pass_data *pd, struct stat_report *r);

#endif /* PMUKIT_CLI_STAT_H */
