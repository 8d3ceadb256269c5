/* SPDX-License-Identifier: MIT */
/* The fuzz target cli_args: the commands' option parsers it calls. */
#ifndef PMUKIT_CLI_FUZZ_H
#define PMUKIT_CLI_FUZZ_H

/* Each returns what the command's parse_opts() returned (0, -1, CLI_USAGE). */
int fuzz_stat_opts(int argc, char **argv);
int fuzz_calibrate_opts(int argc, char **argv);

#endif /* PMUKIT_CLI_FUZZ_H */
