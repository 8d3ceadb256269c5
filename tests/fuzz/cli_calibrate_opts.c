/* SPDX-License-Identifier: MIT */
/*
 * The option parsing of 'pmukit calibrate' for the fuzz target cli_args:
 * the command's own source, so that its static parse_opts() is the one
 * tested (this file stands for cmd_calibrate.o).
 */
#include "../../cli/cmd_calibrate.c"

#include "cli_fuzz.h"

int fuzz_calibrate_opts(int argc, char **argv)
{
	struct cal_opts o;

	return parse_opts(argc, argv, &o);
}
