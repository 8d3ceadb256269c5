// SPDX-License-Identifier: MIT
/*
 * pmukit: count CPU cycles and hardware events with the ARM PMU, in the
 * manner of perf stat. This file only finds the command; each command is
 * in cmd_<name>.c.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "analysis.h"
#include "cli.h"

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} commands[] = {
	{ "info", cmd_info, "this machine's PMU, the module, and which access paths work" },
	{ "regs", cmd_regs, "PMU and timer registers, with their fields decoded" },
	{ "list", cmd_list, "the core's events, and which of them this machine counts" },
	{ "calibrate", cmd_calibrate, "the cost of a read, back to back, on each access path" },
	{ "stat", cmd_stat, "count events while a command runs" },
	{ "selftest", cmd_selftest, "loops of known length, counted on every path that works" },
	{ "metrics", cmd_metrics, "metrics and topdown from counts recorded elsewhere" },
	{ "doctor", cmd_doctor, "why counters go missing here, and the fix for each reason" },
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: pmukit [--version] [--help] COMMAND [OPTIONS]\n\n"
		   "Counts CPU cycles and hardware events with the ARM Performance Monitor Unit\n"
		   "(and the TSC and perf on x86-64).\n\ncommands:\n");
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n'pmukit COMMAND --help' describes a command. Exit status: 0 done,\n"
		   "1 the measurement failed, 2 wrong usage.\n\n"
		   "Access paths (--path): direct (PMU registers read from user space; needs\n"
		   "pmukit.ko), perf (perf_event_open and read), perf-mmap (perf's self-read\n"
		   "page; needs kernel.perf_user_access=1 on arm64), clock (a timer only),\n"
		   "auto (the first that works). $PMUKIT_PATH chooses for auto.\n");
}

/*
 * Every command's output checked once it is all written: a full disk or a
 * closed pipe must not pass for success. stdout gets a message on stderr;
 * a stderr that fails (stat's result goes there) can only be said by the
 * exit status.
 */
static int output_check(int ret)
{
	int bad;

	errno = 0;
	bad = ferror(stdout);
	if (fflush(stdout) || bad) {
		if (errno)
			fprintf(stderr, "pmukit: write error on standard output: %s\n", strerror(errno));
		else
			fprintf(stderr, "pmukit: write error on standard output\n");
		ret = CLI_FAIL;
	}
	if (fflush(stderr) || ferror(stderr))
		ret = CLI_FAIL;
	return ret;
}

/* "pmukit: no command 'stt' (the commands: ...)", then "did you mean: stat". */
static int no_command(const char *name)
{
	const char *names[ARRAY_SIZE(commands)], *sugg[PMUKIT_SUGGEST_MAX];
	size_t i;

	fprintf(stderr, "pmukit: no command '%s' (the commands: ", name);
	for (i = 0; i < ARRAY_SIZE(commands); i++) {
		names[i] = commands[i].name;
		fprintf(stderr, "%s%s", i ? ", " : "", names[i]);
	}
	fprintf(stderr, "; see pmukit --help)\n");
	an_did_you_mean(sugg, pmukit_suggest(name, names, ARRAY_SIZE(names), 0, sugg,
					     PMUKIT_SUGGEST_MAX));
	return CLI_USAGE;
}

static int run(int argc, char **argv)
{
	struct sigaction sa;
	const char *name;
	size_t i;

	/*
	 * A parent that ignores SIGCHLD (SIG_IGN survives its exec of pmukit)
	 * would have the kernel reap stat's command before its end and status
	 * are waited for: the default back, as perf stat does (the command
	 * then gets it too).
	 */
	if (!sigaction(SIGCHLD, NULL, &sa) && sa.sa_handler == SIG_IGN) {
		sa.sa_handler = SIG_DFL;
		sigaction(SIGCHLD, &sa, NULL);
	}
	if (argc < 2)
		return usage(stderr), CLI_USAGE;
	name = argv[1];
	if (!strcmp(name, "--help") || !strcmp(name, "-h"))
		return usage(stdout), CLI_OK;
	if (!strcmp(name, "--version")) {
		printf("pmukit %s\n", pmukit_version());
		return CLI_OK;
	}
	/* "pmukit help stat" is "pmukit stat --help". */
	if (!strcmp(name, "help")) {
		if (argc < 3)
			return usage(stdout), CLI_OK;
		for (i = 0; i < ARRAY_SIZE(commands); i++)
			if (!strcmp(argv[2], commands[i].name)) {
				char *args[] = { argv[2], (char *)"--help", NULL };

				return commands[i].run(2, args);
			}
		return no_command(argv[2]);
	}
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(name, commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	if (name[0] == '-') {
		fprintf(stderr, "pmukit: unknown option '%s' (see pmukit --help)\n", name);
		return CLI_USAGE;
	}
	return no_command(name);
}

int main(int argc, char **argv)
{
	return output_check(run(argc, argv));
}
