// SPDX-License-Identifier: MIT
/*
 * libtest errors, nomodule and info: unknown, unsupported, too many and
 * malformed events, path names and $PMUKIT_PATH; the direct path refused
 * without the module, saying why; what pmukit_pmu_info() says.
 */
#define _GNU_SOURCE
#include <pmukit/sysreg.h>

#include "libtest.h"

static int is_pmuv3(void)
{
	struct pmukit_pmu_info i;

	pmukit_pmu_info(&i);
	return i.pmu_version >= 3 || (i.pmu_version == 1 && sizeof(void *) == 8);
}

/* ---- errors ------------------------------------------------------------ */

int cmd_errors(void)
{
	struct pmukit_session *s = NULL;
	struct pmukit_pmu_info info;
	const char *ev[40];
	char name[64];
	enum pmukit_path p;
	unsigned int i;
	int ret;

	pmukit_pmu_info(&info);
	ev[0] = "INST_RETIRE";
	ret = open_on(PMUKIT_PATH_AUTO, ev, 1, 0, &s);
	expect_error(ret, -ENOENT, "did you mean INST_RETIRED", "unknown event INST_RETIRE");
	tap_ok(s == NULL, "a failed open leaves no session");

	ev[0] = "0x08:x";
	expect_open_error(PMUKIT_PATH_AUTO, ev, -EINVAL, ":u", "malformed modifier 0x08:x");

	ev[0] = "L1D_CACHE_REFILL";
	if (is_pmuv3()) {
		expect_open_error(PMUKIT_PATH_DIRECT, ev, -EOPNOTSUPP,
				  "L1D_CACHE_REFILL (0x03)", "direct: an event PMCEID says the core lacks");
		expect_open_error(PMUKIT_PATH_PERF, ev, -EOPNOTSUPP,
				  "L1D_CACHE_REFILL (0x03)", "perf: an event PMCEID says the core lacks");
	} else {
		tap_skip("ARMv7 has no PMCEID to tell", "direct: an unsupported event");
		tap_skip("ARMv7 has no PMCEID to tell", "perf: an unsupported event");
	}

	tap_eq(pmukit_ncounters(PMUKIT_PATH_DIRECT), info.ncounters,
	       "direct: pmukit_ncounters() is PMCR.N");
	for (i = 0; i <= info.ncounters && i < 40; i++)
		ev[i] = "INST_RETIRED:u";
	snprintf(name, sizeof(name), "%u event counters", info.ncounters);
	expect_error(open_on(PMUKIT_PATH_DIRECT, ev, info.ncounters + 1, 0, &s), -E2BIG, name,
		     "direct: one event more than PMCR.N");
	expect_error(open_on(PMUKIT_PATH_DIRECT, ev, info.ncounters + 1, 0, &s), -E2BIG,
		     "run in passes", "direct: the E2BIG message says what to do");

	ev[0] = "task-clock";
	expect_open_error(PMUKIT_PATH_DIRECT, ev, -EOPNOTSUPP, "use the perf path",
			  "direct: a perf software event");

	tap_ok(!pmukit_path_parse("perf-mmap", &p) && p == PMUKIT_PATH_PERF_MMAP &&
	       !strcmp(pmukit_path_name(p), "perf-mmap"), "path names parse and print");
	expect_error(pmukit_path_parse("mmap", &p), -EINVAL, "auto, direct, perf, perf-mmap or clock",
		     "an unknown path name");
	setenv("PMUKIT_PATH", "bogus", 1);
	ev[0] = "CPU_CYCLES";
	expect_open_error(PMUKIT_PATH_AUTO, ev, -EINVAL, "PMUKIT_PATH=bogus",
			  "PMUKIT_PATH=bogus");
	setenv("PMUKIT_PATH", "clock", 1);
	ret = open_on(PMUKIT_PATH_AUTO, ev, 1, 0, &s);
	tap_ok(!ret && pmukit_session_path(s) == PMUKIT_PATH_CLOCK, "PMUKIT_PATH=clock forces the clock path");
	pmukit_close(s);
	unsetenv("PMUKIT_PATH");
	return tap_done();
}

int cmd_nomodule(void)
{
	struct pmukit_session *s;
	char why[512];
	int ret;

	ret = pmukit_path_detect(PMUKIT_PATH_DIRECT, why, sizeof(why));
	tap_ok(ret == -EACCES && strstr(why, "load pmukit.ko or use the perf path"),
	       "no module: direct detect says \"load pmukit.ko or use the perf path\"");
	tap_diag("  %s", why);
	expect_open_error(PMUKIT_PATH_DIRECT, inst_u, -EACCES,
			  "user access to the PMU is off on CPU", "no module: direct open");
	ret = open_on(PMUKIT_PATH_AUTO, inst_u, 1, 0, &s);
	tap_ok(!ret && pmukit_session_path(s) != PMUKIT_PATH_DIRECT,
	       "no module: auto takes another path (%s)", ret ? pmukit_last_error() :
	       pmukit_path_name(pmukit_session_path(s)));
	if (!ret)
		pmukit_close(s);
	ret = pmukit_path_detect(PMUKIT_PATH_PERF_MMAP, why, sizeof(why));
	if (file_exists(USER_ACCESS))
		tap_ok(ret == -EACCES && strstr(why, "set kernel.perf_user_access=1 (sysctl)"),
		       "perf-mmap with perf_user_access=0: \"set kernel.perf_user_access=1 (sysctl) ...\"");
#ifdef __aarch64__
	else	/* Linux before 5.17 (Debian 11's 5.10) has no arm64 self-read */
		tap_ok(ret == -EOPNOTSUPP && strstr(why, "needs Linux 5.17 or later"),
		       "perf-mmap on an arm64 kernel without perf_user_access: refused, saying why");
#else
	else
		tap_ok(ret == -EOPNOTSUPP && strstr(why, "32-bit Arm kernel"),
		       "perf-mmap on the 32-bit kernel: refused, saying why");
#endif
	tap_diag("  %s", why);
	return tap_done();
}

int cmd_info(void)
{
	struct pmukit_pmu_info i;
	uint32_t pmcr = 0;
	FILE *f = fopen(SYSFS "/cpu0/pmcr", "r");

	if (f) {
		if (fscanf(f, "%" SCNx32, &pmcr) != 1)
			pmcr = 0;
		fclose(f);
	}
	tap_ok(!pmukit_pmu_info(&i), "pmukit_pmu_info");
	tap_diag("midr 0x%08" PRIx32 " core %s pmu_version %u ncounters %u cycle64 %d module %d %s perf_user_access %d paranoid %d",
		 i.midr, i.core, i.pmu_version, i.ncounters, i.cycle64, i.module_loaded,
		 i.module_mode, i.perf_user_access, i.perf_paranoid);
	tap_ok(i.midr != 0 && strcmp(i.core, "unknown"), "info: the core is known from the MIDR (%s)", i.core);
	tap_ok(i.module_loaded && !strcmp(i.module_mode, "full"), "info: module loaded, mode full");
	tap_eq(i.ncounters, PMUKIT_PMCR_N(pmcr), "info: ncounters is PMCR.N");
	tap_ok(i.perf_paranoid == 2, "info: perf_event_paranoid read (%d)", i.perf_paranoid);
	return tap_done();
}
