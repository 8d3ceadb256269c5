// SPDX-License-Identifier: MIT
/*
 * libtest: the library's tests inside the QEMU guests. Each subcommand
 * checks one situation and prints TAP; tests/guest/lib-tests.sh sets the
 * situation up (module loaded or not, sysctls, CPUs) and numbers the
 * results of all subcommands into one stream. This file dispatches; the
 * subcommands are in tests/guest/libtest/, by what they test.
 *
 *   libtest nomodule           direct refused with the clear message; auto works
 *   libtest exact PATH         exact counts of a known loop after overhead correction
 *   libtest samples PATH       back-to-back reads: per-read cost, b2b loop on direct
 *   libtest swincr             SW_INCR counts PMSWINC writes exactly (direct)
 *   libtest wrap               32-bit counters wrapping inside a window (direct)
 *   libtest wrap-long          two wraps between reads far apart: "wrapped", never the low bits
 *   libtest errors             unknown, unsupported, too many, malformed, paths
 *   libtest frozen             PMCR.E cleared behind the session's back (direct)
 *   libtest after-perf         a perf session, then the direct path
 *   libtest revoke-sysctl      perf_user_access=0 during a direct session
 *   libtest revoke-rmmod       rmmod during a direct session
 *   libtest readmode           module in mode=read events=0x08:u,0x11:uk
 *   libtest readmode-user      the same, as a user who may not open /dev/pmukit
 *   libtest mmap-revoke        perf_user_access=0 during a perf-mmap session
 *   libtest multiplex          more perf events than counters: scaled counts
 *   libtest child              counting a command (PMUKIT_F_CHILD)
 *   libtest clock              the clock path
 *   libtest info               pmukit_pmu_info()
 *   libtest migrate            a thread moved between start and read (2 CPUs)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pmukit/pmukit.h>
#include "libtest/libtest.h"

static enum pmukit_path path_arg(const char *name)
{
	enum pmukit_path p = PMUKIT_PATH_AUTO;

	if (!name || pmukit_path_parse(name, &p)) {
		fprintf(stderr, "libtest: not a path: %s\n", name ? name : "(none)");
		exit(2);
	}
	return p;
}

/* The event of the tests that need one that counts exactly in user space. */
const char *const inst_u[1] = { "INST_RETIRED:u" };

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(cmd, "nomodule"))
		return cmd_nomodule();
	if (!strcmp(cmd, "exact"))
		return cmd_exact(path_arg(argv[2]));
	if (!strcmp(cmd, "samples"))
		return cmd_samples(path_arg(argv[2]));
	if (!strcmp(cmd, "swincr"))
		return cmd_swincr();
	if (!strcmp(cmd, "wrap"))
		return cmd_wrap();
	if (!strcmp(cmd, "wrap-long"))
		return cmd_wrap_long();
	if (!strcmp(cmd, "errors"))
		return cmd_errors();
	if (!strcmp(cmd, "frozen"))
		return cmd_frozen();
	if (!strcmp(cmd, "after-perf"))
		return cmd_after_perf();
	if (!strcmp(cmd, "revoke-sysctl"))
		return cmd_revoke_sysctl();
	if (!strcmp(cmd, "revoke-rmmod"))
		return cmd_revoke_rmmod();
	if (!strcmp(cmd, "readmode-user"))
		return cmd_readmode_user();
	if (!strcmp(cmd, "readmode"))
		return cmd_readmode();
	if (!strcmp(cmd, "mmap-revoke"))
		return cmd_mmap_revoke();
	if (!strcmp(cmd, "multiplex"))
		return cmd_multiplex();
	if (!strcmp(cmd, "child"))
		return cmd_child();
	if (!strcmp(cmd, "clock"))
		return cmd_clock();
	if (!strcmp(cmd, "info"))
		return cmd_info();
	if (!strcmp(cmd, "migrate"))
		return cmd_migrate();
	fprintf(stderr, "usage: libtest nomodule|exact PATH|samples PATH|swincr|wrap|wrap-long|errors|frozen|after-perf|revoke-sysctl|revoke-rmmod|readmode|mmap-revoke|multiplex|child|clock|info|migrate\n");
	return 2;
}

