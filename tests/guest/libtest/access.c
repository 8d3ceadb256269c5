// SPDX-License-Identifier: MIT
/*
 * libtest frozen, after-perf, revoke-sysctl, revoke-rmmod, readmode,
 * readmode-user and mmap-revoke: the direct path against the rest of the
 * system: PMCR.E cleared behind the session, perf taking the PMU, access
 * revoked by the sysctl or rmmod, the module's mode=read, and perf-mmap
 * losing its self-read.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <time.h>
#include <pmukit/sysreg.h>

#include "libtest.h"

/* ---- the direct path against the rest of the system ----------------------- */

static void direct_still_exact(const char *what)
{
	struct pmukit_session *s;
	struct pmukit_count c0, c1;
	unsigned int again = 0;
	int ret = open_on(PMUKIT_PATH_DIRECT, inst_u, 1, 0, &s);

	if (!ret)
		ret = clean_window(window_stop, s, 0, &c0, &again);
	if (!ret)
		ret = clean_window(window_stop, s, 1000, &c1, &again);
	if (!tap_ok(!ret && c1.value - c0.value == 2000, "direct: %s: a 1000-iteration loop counts exactly 2000", what))
		tap_diag("  %d (%s), %" PRIu64 " - %" PRIu64, ret, pmukit_last_error(),
			 ret ? 0 : c1.value, ret ? 0 : c0.value);
	if (!ret)
		pmukit_close(s);
}

int cmd_frozen(void)
{
	uint32_t pmcr;

	/* PMCR.E = 0: every counter frozen, as a perf session leaves them. */
	pmcr = (uint32_t)pmukit_read_pmcr();
	pmukit_write_pmcr(pmcr & ~(PMUKIT_PMCR_E_BIT | PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
	pmukit_isb();
	tap_ok(!(pmukit_read_pmcr() & PMUKIT_PMCR_E_BIT), "PMCR.E cleared by hand (full access lets EL0 write PMCR)");
	direct_still_exact("with PMCR.E found cleared, the session sets it again");
	return tap_done();
}

int cmd_after_perf(void)
{
	struct pmukit_session *p, *s;
	struct pmukit_count c;
	int ret;

	ret = open_on(PMUKIT_PATH_PERF, inst_u, 1, 0, &p);
	if (!ok_ret(ret, "perf: a session on the PMU"))
		return tap_done();
	ret = window_stop(p, 1000, &c);
	pmukit_close(p);
	tap_ok(!ret && c.value > 2000, "perf: it counted (%" PRIu64 ")", ret ? 0 : c.value);

	ret = open_on(PMUKIT_PATH_DIRECT, inst_u, 1, 0, &s);
	if (ret) {
		/* arm64: the perf driver zeroes PMUSERENR when it starts the PMU. */
		expect_error(ret, -EACCES, "echo 1 > /sys/kernel/pmukit/rearm",
			     "direct after perf: access lost, the message says how to re-arm");
		write_file(SYSFS "/rearm", "1");
		direct_still_exact("after perf and rearm");
	} else {
		pmukit_close(s);
		tap_ok(1, "direct after perf: access kept (this perf driver leaves PMUSERENR alone)");
		direct_still_exact("after perf, PMCR.E found cleared and set again");
	}
	return tap_done();
}

static int revoke_check(const char *how, const char *text, int (*revoke)(void))
{
	static const char *const ev[] = { "INST_RETIRED:u", "CPU_CYCLES:u" };
	struct pmukit_session *s;
	struct pmukit_count c[2];
	uint64_t v;
	int ret;

	ret = open_on(PMUKIT_PATH_DIRECT, ev, 2, 0, &s);
	if (!ok_ret(ret, "direct: open before %s", how))
		return -1;
	pmukit_start(s);
	spin(100);
	ret = pmukit_read(s, c);
	tap_ok(!ret && c[0].value > 0, "direct: reads work before %s", how);
	ret = revoke();
	tap_ok(!ret, "%s done", how);
	ret = pmukit_read(s, c);
	expect_error(ret, -EACCES, text, "direct: pmukit_read after access was revoked");
	ret = pmukit_sample(s, &v);
	expect_error(ret, -EACCES, text, "direct: pmukit_sample after access was revoked");
	ret = pmukit_stop(s);
	tap_ok(ret == -EACCES, "direct: pmukit_stop after access was revoked: -EACCES");
	pmukit_close(s);
	return 0;
}

static int revoke_sysctl(void)
{
	return write_file(USER_ACCESS, "0");
}

int cmd_revoke_sysctl(void)
{
	if (!file_exists(USER_ACCESS)) {
		tap_skip("no kernel.perf_user_access (a 32-bit kernel, or arm64 before Linux 5.17)",
			 "revoked by perf_user_access=0");
		return tap_done();
	}
	if (revoke_check("writing 0 to kernel.perf_user_access", "echo 1 > /sys/kernel/pmukit/rearm",
			 revoke_sysctl) == 0) {
		tap_ok(!write_file(SYSFS "/rearm", "1"), "echo 1 > /sys/kernel/pmukit/rearm");
		direct_still_exact("after rearm");
	}
	return tap_done();
}

static int revoke_rmmod(void)
{
	return system("rmmod pmukit") == 0 ? 0 : -1;
}

int cmd_revoke_rmmod(void)
{
	revoke_check("rmmod pmukit", "pmukit.ko was unloaded", revoke_rmmod);
	tap_ok(system("insmod " KO " global_full_access=1") == 0, "insmod again (global_full_access=1, as the suite loaded it)");
	return tap_done();
}

/*
 * Reads 100 ms apart in mode=read: the library needs the module's
 * cpu<N>/overflows to tell "no wrap" (EL0 cannot read PMOVSSET there), and
 * with it the 32-bit count stays known.
 */
static void readmode_long(struct pmukit_session *s)
{
	const struct timespec pause = { 0, 100 * 1000 * 1000 };
	struct pmukit_count c[2];
	char path[64], buf[128] = "";
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "/sys/kernel/pmukit/cpu%d/overflows", sched_getcpu());
	f = fopen(path, "r");
	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
	}
	tap_ok(buf[0] != '\0', "mode=read: cpu<N>/overflows reads on the CPU itself: %s",
	       strtok(buf, "\n") ? buf : "(nothing)");
	ret = pmukit_reset(s);
	if (!ret)
		ret = pmukit_start(s);
	if (!ret) {
		spin(1000);
		nanosleep(&pause, NULL);
		spin(1000);
		ret = pmukit_stop(s);
	}
	if (!ret)
		ret = pmukit_read(s, c);
	if (!tap_ok(!ret && !pmukit_wrapped(s, 0) && c[0].value >= 4000,
		    "mode=read: reads 100 ms apart, no wrap: INST_RETIRED:u is known (%" PRIu64 ")",
		    ret ? 0 : c[0].value))
		tap_diag("  %d (%s)", ret, pmukit_last_error());
}

int cmd_readmode(void)
{
	static const char *const ev[] = { "INST_RETIRED:u", "CPU_CYCLES" };
	const char *bad[] = { "INST_RETIRED:k" };
	struct pmukit_session *s;
	struct pmukit_count c0[2], c1[2];
	unsigned int again = 0;
	int ret;

	ret = open_on(PMUKIT_PATH_AUTO, ev, 2, 0, &s);
	if (!tap_ok(!ret && pmukit_session_path(s) == PMUKIT_PATH_DIRECT,
		    "mode=read: auto opens INST_RETIRED:u, CPU_CYCLES on the direct path")) {
		tap_diag("  %d: %s", ret, pmukit_last_error());
		return tap_done();
	}
	tap_ok(!strcmp(pmukit_event_name(s, 1), "CPU_CYCLES:uk"),
	       "mode=read: CPU_CYCLES takes the module's cycle counter, which counts EL0 and EL1 (%s)",
	       pmukit_event_name(s, 1));
	ret = clean_window(window_stop, s, 0, c0, &again);
	if (!ret)
		ret = clean_window(window_stop, s, 1000, c1, &again);
	if (!tap_ok(!ret && c1[0].value - c0[0].value == 2000,
		    "mode=read: INST_RETIRED:u on the module's counter 0 counts a 1000-iteration loop exactly"))
		tap_diag("  %d (%s)", ret, pmukit_last_error());
	tap_ok(!ret && c1[1].value >= 2000, "mode=read: CPU_CYCLES counts (%" PRIu64 ")",
	       ret ? 0 : c1[1].value);
	readmode_long(s);
	pmukit_close(s);
	/* Root may open /dev/pmukit: the library programs a free counter through it. */
	bad[0] = "INST_RETIRED";
	ret = open_on(PMUKIT_PATH_DIRECT, bad, 1, 0, &s);
	if (tap_ok(!ret, "mode=read: an event the module did not program opens through /dev/pmukit (root)")) {
		ret = clean_window(window_stop, s, 0, c0, &again);
		if (!ret)
			ret = clean_window(window_stop, s, 1000, c1, &again);
		if (!tap_ok(!ret && c1[0].value - c0[0].value >= 2000,
			    "mode=read: through /dev/pmukit, INST_RETIRED (every level) counts the loop"))
			tap_diag("  %d (%s)", ret, pmukit_last_error());
		pmukit_close(s);
	} else {
		tap_diag("  %d: %s", ret, pmukit_last_error());
	}
	return tap_done();
}

/* mode=read, run as a user who may not open /dev/pmukit. */
int cmd_readmode_user(void)
{
	const char *bad[] = { "INST_RETIRED:k" };

	expect_open_error(PMUKIT_PATH_DIRECT, bad, -EACCES, "ask the administrator for its group",
			  "mode=read, a user without /dev/pmukit: an event the module did not program is refused, saying how to get access");
	return tap_done();
}

int cmd_mmap_revoke(void)
{
	struct pmukit_session *s;
	struct pmukit_count c0, c1;
	int ret;

	ret = open_on(PMUKIT_PATH_PERF_MMAP, inst_u, 1, 0, &s);
	if (!ok_ret(ret, "perf-mmap: open"))
		return tap_done();
	ret = window_read(s, 0, &c0);
	tap_ok(!write_file(USER_ACCESS, "0"), "kernel.perf_user_access set to 0 during the session");
	if (!ret)
		ret = window_read(s, 1000, &c1);
	/* No exactness here: read() replaces the self-read, at another cost. */
	if (!tap_ok(!ret && c1.value >= 2000 && c1.value < 2000 + 10 * c0.value,
		    "perf-mmap: after the sysctl the session falls back to read() and still counts"))
		tap_diag("  %d (%s): %" PRIu64, ret, pmukit_last_error(), ret ? 0 : c1.value);
	pmukit_close(s);
	expect_open_error(PMUKIT_PATH_PERF_MMAP, inst_u, -EACCES,
			  "set kernel.perf_user_access=1", "perf-mmap: open with perf_user_access=0");
	write_file(USER_ACCESS, "1");
	return tap_done();
}
