/* SPDX-License-Identifier: MIT */
/*
 * The option parsing of 'pmukit stat' for the fuzz target cli_args: the
 * command's own source, so that its static parse_opts() is the one tested
 * (this file then stands for cmd_stat.o, which the command's archive does
 * not bring in). fuzz_stat_opts() returns what parse_opts() returned and
 * frees the copies of the events it made.
 */
#include "../../cli/cmd_stat.c"

#include "cli_fuzz.h"

int fuzz_stat_opts(int argc, char **argv)
{
	struct stat_opts o;
	unsigned int i;
	int ret = parse_opts(argc, argv, &o);

	for (i = 0; i < STAT_MAX_EVENTS; i++) {
		free(ev_copies[i]);
		ev_copies[i] = NULL;
	}
	return ret;
}
