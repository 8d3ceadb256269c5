// SPDX-License-Identifier: MIT
/*
 * Region markers' settings (regions.c): the events, the report's format
 * and file and whether it is raw, from the environment, once per process,
 * by the first thread that meets a marker.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pmukit/pmukit.h"
#include "regions.h"
#include "regions_state.h"

void reg_warn(const char *what, const char *a, const char *b)
{
	fprintf(stderr, "pmukit regions: %s%s%s\n", what, a ? a : "", b ? b : "");
}

static void parse_events(const char *list)
{
	char *copy = strdup(list), *save = NULL, *tok;

	if (!copy)
		return;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (reg_cfg.nevents == REG_MAX_EVENTS) {
			reg_warn("PMUKIT_REGIONS_EVENTS has more than 8 events; left out from ", tok, NULL);
			break;
		}
		reg_cfg.spec[reg_cfg.nevents] = strdup(tok);
		if (reg_cfg.spec[reg_cfg.nevents])
			reg_cfg.nevents++;
	}
	free(copy);
}

/*
 * The settings come from the environment only where the environment is the
 * user's own: secure_getenv() gives NULL in a set-user-ID or set-group-ID
 * program (AT_SECURE), where the report then goes to stderr, as a table
 * of CPU_CYCLES, and never into a file the user names.
 */
void reg_global_init(void)
{
	const char *ev = secure_getenv("PMUKIT_REGIONS_EVENTS");
	const char *fmt = secure_getenv("PMUKIT_REGIONS_FORMAT");
	const char *raw = secure_getenv("PMUKIT_REGIONS_RAW");

	parse_events(ev && *ev ? ev : "CPU_CYCLES");
	if (!fmt || !*fmt || !strcmp(fmt, "table"))
		reg_cfg.format = REG_TABLE;
	else if (!strcmp(fmt, "csv"))
		reg_cfg.format = REG_CSV;
	else if (!strcmp(fmt, "json"))
		reg_cfg.format = REG_JSON;
	else
		reg_warn("PMUKIT_REGIONS_FORMAT is not table, csv or json, but ", fmt,
		     ": writing a table");
	reg_cfg.output = secure_getenv("PMUKIT_REGIONS_OUTPUT");
	reg_cfg.raw = raw && *raw && strcmp(raw, "0");
	if (pthread_key_create(&reg_key, reg_thread_gone) != 0)
		return;
	reg_cfg.enabled = reg_cfg.nevents > 0;
	if (reg_cfg.enabled)
		atexit(reg_report);
}
