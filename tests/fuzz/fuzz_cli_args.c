/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target cli_args: the command line of each subcommand, read up to
 * where the command would measure. The first byte picks the subcommand,
 * the rest are its arguments, separated by NUL bytes. stat and calibrate
 * go through their parse_opts() (cli_*_opts.c); list runs whole (it only
 * prints tables); regs reads its options and, on a machine without ARM PMU
 * registers, stops there; info reads its options only (--help) before it
 * probes the machine, so it runs when its arguments hold a -h or --help.
 * An argument holding '/' is left out: the files named by -o and --svg are
 * then created in the current directory (tests/fuzz/run.sh runs the target
 * in a directory of its own).
 */
#include "fuzz.h"

#include "cli.h"
#include "regs.h"
#include "cli_fuzz.h"

#define MAX_ARGS	64

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_quiet();
	return 0;
}

static int has_help(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "stat", "calibrate", "list", "regs", "info" };
	char *argv[MAX_ARGS + 1], *buf, *p, *end;
	int argc = 0, ret = 0;
	unsigned int cmd;

	if (size == 0 || memchr(data, '/', size))
		return 0;
	cmd = data[0] % ARRAY_SIZE(names);
	buf = fuzz_string(data + 1, size - 1);
	argv[argc++] = (char *)names[cmd];
	for (p = buf, end = buf + size - 1; p <= end && argc < MAX_ARGS; p += strlen(p) + 1)
		argv[argc++] = p;
	argv[argc] = NULL;

	getopt_reset();
	switch (cmd) {
	case 0:
		ret = fuzz_stat_opts(argc, argv);
		break;
	case 1:
		ret = fuzz_calibrate_opts(argc, argv);
		break;
	case 2:
		ret = cmd_list(argc, argv);
		break;
	case 3:
		ret = pmukit_reg_count() ? 0 : cmd_regs(argc, argv);	/* no register reads here */
		break;
	case 4:
		ret = has_help(argc, argv) ? cmd_info(argc, argv) : 0;
		break;
	}
	if (ret < -1 || ret > CLI_USAGE)
		abort();	/* an exit status beyond 0, 1, 2 */
	free(buf);
	return 0;
}
