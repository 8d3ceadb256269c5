/* SPDX-License-Identifier: MIT */
/*
 * Scopes of a plan (lib/scope.c): CPUs, processes, threads, counted in
 * place of the calling thread or a command.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_SCOPE_API_H
#define PMUKIT_SCOPE_API_H

#include <stdint.h>
#include <sys/types.h>

#include "export.h"
#include "plan_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A plan's scope: what its sessions count, in place of the calling thread
 * or a command. perf stat's -a and -C are a set of CPUs (whatever runs
 * there), its -p and -t a set of tasks (wherever they run). Each CPU or
 * thread is a unit of the sessions opened from the plan: pmukit_read()
 * gives the sum over the units (perf stat's default), pmukit_read_unit()
 * one unit's counts (perf stat -A, --per-thread).
 *
 *	struct pmukit_evplan *p;
 *	struct pmukit_session *s;
 *	struct pmukit_count c[2];
 *	int cpus[] = { 0, 2, 3 };
 *
 *	pmukit_evplan_new(&p, NULL);
 *	pmukit_evplan_add(p, "CPU_CYCLES");
 *	pmukit_evplan_add(p, "INST_RETIRED");
 *	pmukit_evplan_scope_cpus(p, cpus, 3);	// NULL, 0: every online CPU
 *	pmukit_evplan_make(p);
 *	pmukit_open_pass(&s, p, 0, NULL);
 *	pmukit_start(s);
 *	sleep(1);
 *	pmukit_stop(s);
 *	for (u = 0; u < pmukit_session_nunits(s); u++)
 *		pmukit_read_unit(s, u, c);	// the counts of cpu cpus[u]
 *
 * Counting whole CPUs needs kernel.perf_event_paranoid 0 or lower (or
 * CAP_PERFMON); counting another process, the right to ptrace it. The
 * perf path counts every scope; the other paths refuse them, saying so
 * (the direct path reads the PMU of the CPU it runs on: a task moves
 * between CPUs, and other CPUs' counters are not read yet).
 */

/* pmukit_evplan_scope_tasks(): each id is a process: all its threads. */
#define PMUKIT_SCOPE_PROCESS	(1U << 0)
/* Units a scope holds at most (CPUs, or threads of the processes given). */
#define PMUKIT_SCOPE_MAX_UNITS	1024

/* One unit of a scope. */
struct pmukit_unit {
	int cpu;		/* a CPU unit: its number; -1 for a task */
	pid_t tid;		/* a task unit: the thread; -1 for a CPU (all it runs) */
	pid_t pid;		/* the thread's process; -1 for a CPU */
	char comm[16];		/* the thread's name (/proc/TID/comm) when the scope was set; "" for a CPU */
	/*
	 * Its core type on a plan of several (an index of pmukit_evplan_type()):
	 * a CPU's own; a session's unit of a task, the type it counts on (see
	 * pmukit_session_unit()); -1 for one type, or a plan's task.
	 */
	int type;
};

/**
 * pmukit_evplan_scope_cpus() - count CPUs: whatever runs on them
 * @cpus: the CPU numbers (duplicates counted once), NULL for every online CPU
 * @n: how many (0 with NULL)
 *
 * Return: 0; -ENODEV for a CPU that is not online here (the message names
 * it and the online CPUs); -EINVAL when the plan already counts tasks;
 * -E2BIG beyond PMUKIT_SCOPE_MAX_UNITS.
 */
PMUKIT_API int pmukit_evplan_scope_cpus(struct pmukit_evplan *p, const int *cpus,
					unsigned int n);

/**
 * pmukit_evplan_scope_tasks() - count tasks that already run, wherever they run
 * @ids: thread ids, or with PMUKIT_SCOPE_PROCESS process ids (each stands
 *	for the threads it has now)
 * @n: how many, at least 1
 * @flags: PMUKIT_SCOPE_*
 *
 * Threads a counted thread creates later are counted with it (perf's
 * inherit): a process's later threads add to the unit of the thread that
 * created them.
 *
 * Return: 0; -ESRCH for an id that names no running task (the message
 * names it); -EINVAL when the plan already counts CPUs; -E2BIG.
 */
PMUKIT_API int pmukit_evplan_scope_tasks(struct pmukit_evplan *p, const pid_t *ids,
					 unsigned int n, unsigned int flags);

/** pmukit_evplan_nunits() - the units of the plan's scope; 0: no scope (a thread or a command). */
PMUKIT_API unsigned int pmukit_evplan_nunits(const struct pmukit_evplan *p);

/** pmukit_evplan_unit() - unit @u of the plan's scope into @out. Return: 0 or -EINVAL. */
PMUKIT_API int pmukit_evplan_unit(const struct pmukit_evplan *p, unsigned int u,
				  struct pmukit_unit *out);

/**
 * pmukit_session_nunits() - the units of a session: those of the plan's
 * scope it was opened from; 1 for a session without a scope. Tasks that
 * may run on several core types are counted on each type's PMU: a unit per
 * task and type, task by task (pmukit_session_unit() says which).
 */
PMUKIT_API unsigned int pmukit_session_nunits(const struct pmukit_session *s);

/**
 * pmukit_session_unit() - unit @u of a session of a scope into @out: its
 * CPU or task, and its core type (out->type, -1 for one type).
 *
 * Return: 0, or -EINVAL (no such unit; a session without a scope has none).
 */
PMUKIT_API int pmukit_session_unit(const struct pmukit_session *s, unsigned int u,
				   struct pmukit_unit *out);

/**
 * pmukit_read_unit() - the counts of unit @u alone (pmukit_read(): of all)
 * @counts: room for pmukit_nevents(s) counts
 *
 * A CPU that went offline keeps the counts it had (its enabled time stops):
 * -ENODEV then, with the counts filled and the message naming the CPU; the
 * session goes on counting the others.
 *
 * Return: 0; -ENODEV (above); -EINVAL (no such unit); as pmukit_read().
 */
PMUKIT_API int pmukit_read_unit(struct pmukit_session *s, unsigned int u,
				struct pmukit_count *counts);

/* ---- the threads of a command ------------------------------------------ */

/* One thread (or process) of a command counted with PMUKIT_F_THREADS. */
struct pmukit_thread {
	pid_t pid;		/* its process */
	pid_t tid;		/* the thread */
	char comm[16];		/* its name when it ended ("" when not known: the command's own) */
};

/**
 * pmukit_read_threads() - the counts of each thread and process of a
 * command opened with PMUKIT_F_CHILD | PMUKIT_F_THREADS (perf path), once
 * it has ended
 * @th: room for @max threads: th[0] the command itself (the total less the
 *	others), then each thread or process it started, as they ended
 * @counts: room for @max * pmukit_nevents(s): thread k's at [k * nevents]
 *
 * The kernel gives an inherited thread's own counts when it exits
 * (inherit_stat): a thread that has not ended is still in th[0]'s. Not
 * every kernel writes them (measured: 6.1 and 6.12 do not, 6.18 does).
 *
 * Return: the threads (1 or more); -EOVERFLOW when some were lost (more
 * than @max, or more than the ring buffer held: th[0] then holds them);
 * -EOPNOTSUPP when threads ended and none's counts came (such a kernel);
 * -EINVAL for a session not opened so.
 */
PMUKIT_API int pmukit_read_threads(struct pmukit_session *s, struct pmukit_thread *th,
				   struct pmukit_count *counts, unsigned int max);

/* ---- core types: big.LITTLE ------------------------------------------ */

/*
 * On a machine of several core types (RK3399: cortex-a53 on CPUs 0-3,
 * cortex-a72 on 4-5), each type has its own PMU and event table. A plan
 * whose thread or command may run on several types, or whose CPUs (a
 * scope) are of several, counts on every type, as perf stat does: on the
 * perf path, one group of events on each type's PMU, names looked up in
 * each type's table; pmukit_read_type() gives one type's counts. A CPU
 * given (pmukit_options.cpu) or an affinity of one type is one type, as
 * before.
 *
 *	for (t = 0; t < pmukit_session_ntypes(s); t++) {
 *		pmukit_evplan_type(p, t, &info);	// "cortex-a53", "0-3", ...
 *		pmukit_read_type(s, t, c);
 *	}
 *
 * pmukit_read() of such a session sums over the types only the events
 * that mean the same on each (pmukit_session_summed(): the architectural
 * numbers, as CPU_CYCLES and INST_RETIRED, and perf's software events);
 * the others it leaves 0: read them per type. The other paths count one
 * type; a plan of several is refused there, naming the types.
 */

/* One core type of a plan. */
struct pmukit_type_info {
	char name[32];		/* the core: "cortex-a53"; "" when no table knows it */
	char cpus[64];		/* its CPUs the plan counts on, "0-3"; "" for a plan of one type */
	char pmu[64];		/* its perf PMU: "armv8_cortex_a53"; "" when sysfs names none */
	uint32_t perf_type;	/* that PMU's perf_event_attr.type; 0: none */
};

/** pmukit_evplan_ntypes() - the core types a made plan counts on: 1, or more (0: no plan). */
PMUKIT_API unsigned int pmukit_evplan_ntypes(const struct pmukit_evplan *p);

/**
 * pmukit_evplan_type() - core type @t of a made plan into @out, in the
 * order of the sessions' types (pmukit_read_type()). Return: 0 or -EINVAL.
 */
PMUKIT_API int pmukit_evplan_type(const struct pmukit_evplan *p, unsigned int t,
				  struct pmukit_type_info *out);

/**
 * pmukit_evplan_type_event() - event @i of a made plan as core type @t
 * parses it: its name and number in that type's table (a name a type's
 * table lacks is its number there); NULL: no such type or event. For a
 * plan of one type, pmukit_evplan_counted().
 */
PMUKIT_API const struct pmukit_ev *pmukit_evplan_type_event(const struct pmukit_evplan *p,
							     unsigned int t, unsigned int i);

/** pmukit_session_ntypes() - the core types a session counts on: those of its plan, else 1. */
PMUKIT_API unsigned int pmukit_session_ntypes(const struct pmukit_session *s);

/**
 * pmukit_session_summed() - does pmukit_read() give event @i's sum over
 * the session's types? 1 for every event of a session of one type.
 */
PMUKIT_API int pmukit_session_summed(const struct pmukit_session *s, unsigned int i);

/**
 * pmukit_read_type() - the counts of core type @t alone (its CPUs' units
 * of a scope; the group on its PMU for a thread or command)
 * @counts: room for pmukit_nevents(s) counts, each event as type @t names it
 *
 * Return: 0; -EINVAL (no such type); as pmukit_read().
 */
PMUKIT_API int pmukit_read_type(struct pmukit_session *s, unsigned int t,
				struct pmukit_count *counts);

/**
 * pmukit_cpus_parse() - a list of CPUs as perf's -C and sysfs write it
 * @list: "0,2-3"
 * @cpus: filled in increasing order, each once
 * @max: room in @cpus
 *
 * Return: the number of CPUs, or -EINVAL for a malformed list (the message
 * says where), -E2BIG for more than @max.
 */
PMUKIT_API int pmukit_cpus_parse(const char *list, int *cpus, unsigned int max);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_SCOPE_API_H */
