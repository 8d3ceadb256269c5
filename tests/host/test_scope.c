/* SPDX-License-Identifier: MIT */
/*
 * Scopes (pmukit.h's pmukit_evplan_scope_*()) on the build machine: perf's
 * CPU lists, the CPUs and tasks a plan counts and what it refuses (a CPU
 * that is not online, a task that does not run, CPUs and tasks together,
 * a path that cannot count them), and, where perf's software events are
 * allowed, sessions of units: each thread of this process counted apart,
 * the sum of the units what pmukit_read() gives, exactly.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <pmukit/pmukit.h>
#include "core/compiler.h"
#include "../tap.h"

static void test_cpus_parse(void)
{
	static const struct {
		int line;
		const char *list;
		unsigned int max;
		int ret;
		const char *want;
	} rows[] = {
		{ __LINE__, "0,2-3", 8, 3, "0 2 3" },
		{ __LINE__, "3,1,1", 8, 2, "1 3" },
		{ __LINE__, "5", 8, 1, "5" },
		{ __LINE__, "0-3", 2, -E2BIG, "" },
		{ __LINE__, "", 8, -EINVAL, "" },
		{ __LINE__, "1-", 8, -EINVAL, "" },
		{ __LINE__, "2-1", 8, -EINVAL, "" },
		{ __LINE__, "a", 8, -EINVAL, "" },
		{ __LINE__, "1,,2", 8, -EINVAL, "" },
		{ __LINE__, "-1", 8, -EINVAL, "" },
	};
	size_t r;

	for (r = 0; r < ARRAY_SIZE(rows); r++) {
		int cpus[8], ret = pmukit_cpus_parse(rows[r].list, cpus, rows[r].max), i;
		char got[64] = "";
		size_t used = 0;

		for (i = 0; i < ret; i++)
			used += (size_t)snprintf(got + used, sizeof(got) - used, "%s%d", i ? " " : "",
						 cpus[i]);
		tap_ok(ret == rows[r].ret && !strcmp(got, rows[r].want),
		       "line %d: pmukit_cpus_parse('%s') = %d '%s'", rows[r].line, rows[r].list,
		       rows[r].ret, rows[r].want);
		if (ret != rows[r].ret || strcmp(got, rows[r].want))
			tap_diag("  got %d '%s': %s", ret, got, pmukit_last_error());
	}
	tap_ok(pmukit_cpus_parse("x", (int[1]){ 0 }, 1) == -EINVAL &&
	       strstr(pmukit_last_error(), "'x' is not a list of CPUs (as 0,2-3)"),
	       "a bad list is named in the message");
}

static struct pmukit_evplan *clock_plan(void)
{
	struct pmukit_options o = { .path = PMUKIT_PATH_CLOCK, .cpu = -1 };
	struct pmukit_evplan *p = NULL;

	if (pmukit_evplan_new(&p, &o) || pmukit_evplan_add(p, "clock") < 0)
		tap_diag("  a clock plan: %s", pmukit_last_error());
	return p;
}

/* A pid that names no task here. */
static pid_t no_such_pid(void)
{
	pid_t pid = 4000000;

	while (kill(pid, 0) == 0 || errno != ESRCH)
		pid--;
	return pid;
}

static void test_cpu_scope(void)
{
	struct pmukit_evplan *p = clock_plan();
	int online[256], n = pmukit_online_cpus(online, 256), bad[1] = { 4000 };
	int two[2];
	struct pmukit_unit u;
	char want[128];
	unsigned int k;
	int ret, ok = 1;

	tap_ok(pmukit_evplan_nunits(p) == 0, "a plan has no scope until one is given");
	ret = pmukit_evplan_scope_cpus(p, NULL, 0);
	tap_ok(ret == 0 && pmukit_evplan_nunits(p) == (unsigned int)n,
	       "NULL: every online CPU (%d), a unit each", n);
	for (k = 0; k < pmukit_evplan_nunits(p); k++)
		if (pmukit_evplan_unit(p, k, &u) || u.cpu != online[k] || u.tid != -1 || u.pid != -1)
			ok = 0;
	tap_ok(ok, "the units are the online CPUs, in order, with no task");
	tap_ok(pmukit_evplan_unit(p, k, &u) == -EINVAL, "no unit past the last");
	ret = pmukit_evplan_scope_cpus(p, bad, 1);
	snprintf(want, sizeof(want), "cpu 4000 is not online here: the online CPUs are ");
	tap_ok(ret == -ENODEV && strstr(pmukit_last_error(), want),
	       "a CPU that is not online: -ENODEV, named with the online list");
	tap_diag("  %s", pmukit_last_error());
	tap_ok(pmukit_evplan_nunits(p) == (unsigned int)n, "a refused scope leaves the one before");
	two[0] = online[n - 1];
	two[1] = online[0];
	ret = pmukit_evplan_scope_cpus(p, two, 2);
	tap_ok(ret == 0 && pmukit_evplan_nunits(p) == (n > 1 ? 2u : 1u) &&
	       !pmukit_evplan_unit(p, 0, &u) && u.cpu == online[0],
	       "a list: each CPU once, in order");
	ret = pmukit_evplan_scope_tasks(p, (pid_t[]){ getpid() }, 1, PMUKIT_SCOPE_PROCESS);
	tap_ok(ret == -EINVAL && strstr(pmukit_last_error(), "CPUs or tasks, not both"),
	       "tasks after CPUs: -EINVAL (perf's -p with -a)");
	ret = pmukit_evplan_make(p);
	tap_ok(ret == -EOPNOTSUPP &&
	       strstr(pmukit_last_error(), "the clock path cannot count whole CPUs (-a, -C)") &&
	       strstr(pmukit_last_error(), "the perf path can (--path perf)"),
	       "the clock path refuses CPUs, and says which path counts them");
	pmukit_evplan_free(p);
}

static volatile int spin_stop;
static atomic_int spin_named;	/* the spinner's name is set */

static void *spinner(void *arg)
{
	volatile unsigned long n = 0;

	(void)arg;
	prctl(PR_SET_NAME, "scope-spin");
	atomic_store(&spin_named, 1);
	while (!spin_stop)
		n++;
	return NULL;
}

static void test_task_scope(void)
{
	struct pmukit_evplan *p = clock_plan();
	pid_t none = no_such_pid(), me = getpid();
	struct pmukit_unit u;
	pthread_t th;
	unsigned int k, spin_unit = 0, found = 0;
	char want[64];
	int ret;

	ret = pmukit_evplan_scope_tasks(p, &none, 1, PMUKIT_SCOPE_PROCESS);
	snprintf(want, sizeof(want), "no process %d runs here", (int)none);
	tap_ok(ret == -ESRCH && strstr(pmukit_last_error(), want),
	       "a process that does not run: -ESRCH, named");
	ret = pmukit_evplan_scope_tasks(p, &none, 1, 0);
	snprintf(want, sizeof(want), "no thread %d runs here", (int)none);
	tap_ok(ret == -ESRCH && strstr(pmukit_last_error(), want), "a thread likewise");
	tap_ok(pmukit_evplan_scope_tasks(p, NULL, 0, 0) == -EINVAL, "no ids: -EINVAL");

	spin_stop = 0;
	atomic_store(&spin_named, 0);
	if (pthread_create(&th, NULL, spinner, NULL)) {
		tap_skip("no thread", "a process's threads are its units");
		pmukit_evplan_free(p);
		return;
	}
	/* Its name set: however long a loaded machine takes to run it. */
	while (!atomic_load(&spin_named))
		usleep(1000);
	ret = pmukit_evplan_scope_tasks(p, &me, 1, PMUKIT_SCOPE_PROCESS);
	for (k = 0; !ret && k < pmukit_evplan_nunits(p); k++) {
		if (pmukit_evplan_unit(p, k, &u) || u.pid != me || u.cpu != -1)
			break;
		found += u.tid == me;
		if (!strcmp(u.comm, "scope-spin")) {
			found += 2;
			spin_unit = k;
		}
	}
	tap_ok(ret == 0 && pmukit_evplan_nunits(p) == 2 && found == 3,
	       "a process: a unit per thread, with its process and name");
	ret = pmukit_evplan_scope_cpus(p, NULL, 0);
	tap_ok(ret == -EINVAL, "CPUs after tasks: -EINVAL");
	ret = pmukit_evplan_make(p);
	tap_ok(ret == -EOPNOTSUPP && strstr(pmukit_last_error(), "a process or thread (-p, -t)"),
	       "the clock path refuses tasks");
	pmukit_evplan_free(p);

	/* perf's task-clock of each thread, where perf is allowed. */
	{
		struct pmukit_options o = { .path = PMUKIT_PATH_PERF, .cpu = -1 };
		struct pmukit_count c[2], sum[1], all[1];
		struct pmukit_session *s = NULL;
		char why[256];

		if (pmukit_path_detect(PMUKIT_PATH_PERF, why, sizeof(why)) ||
		    pmukit_evplan_new(&p, &o)) {
			tap_skip(why, "perf: each thread's task-clock");
			spin_stop = 1;
			pthread_join(th, NULL);
			return;
		}
		ret = pmukit_evplan_add(p, "task-clock");
		if (ret >= 0)
			ret = pmukit_evplan_scope_tasks(p, &me, 1, PMUKIT_SCOPE_PROCESS);
		if (!ret)
			ret = pmukit_evplan_make(p);
		if (!ret)
			ret = pmukit_open_pass(&s, p, 0, NULL);
		if (ret) {
			tap_skip(pmukit_last_error(), "perf: each thread's task-clock");
		} else {
			unsigned int waited;

			/* A loaded machine gives the spinner little time: until it had 5 ms (5 s at most). */
			pmukit_start(s);
			for (waited = 0; waited < 100; waited++) {
				usleep(50000);
				if (!pmukit_read_unit(s, spin_unit, c) && c[0].value >= 5000000)
					break;
			}
			pmukit_stop(s);
			memset(sum, 0, sizeof(sum));
			for (k = 0; k < pmukit_session_nunits(s); k++) {
				pmukit_read_unit(s, k, &c[k]);
				sum[0].value += c[k].value;
			}
			pmukit_read(s, all);
			tap_ok(pmukit_session_nunits(s) == 2 && c[spin_unit].value >= 5000000 &&
			       c[spin_unit].value > c[!spin_unit].value,
			       "perf: the spinning thread's task-clock is its own (%llu ns; the other %llu)",
			       (unsigned long long)c[spin_unit].value,
			       (unsigned long long)c[!spin_unit].value);
			tap_ok(all[0].value == sum[0].value, "pmukit_read() is the units' sum, exactly");
			tap_ok(pmukit_read_unit(s, 2, c) == -EINVAL, "no unit 2");
		}
		pmukit_close(s);
		pmukit_evplan_free(p);
	}
	spin_stop = 1;
	pthread_join(th, NULL);
}

int main(void)
{
	test_cpus_parse();
	test_cpu_scope();
	test_task_scope();
	return tap_done();
}
