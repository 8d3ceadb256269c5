/* SPDX-License-Identifier: MIT */
/*
 * libpmukit: count CPU cycles and hardware events on ARM (and x86-64) from
 * user space, through one of several access paths, with statistics.
 *
 * Every function that can fail returns 0 or a negative errno; the text for it
 * is pmukit_strerror(), and pmukit_last_error() says what exactly went wrong
 * in this thread ("user access to the PMU is off on CPU 1: load pmukit.ko
 * (full access) or use --path perf").
 *
 *	struct pmukit_session *s;
 *	const char *ev[] = { "CPU_CYCLES", "INST_RETIRED:u" };
 *	struct pmukit_count c[2];
 *
 *	if (pmukit_open(&s, ev, 2, NULL) == 0) {
 *		pmukit_start(s);
 *		work();
 *		pmukit_stop(s);
 *		pmukit_read(s, c);
 *		pmukit_close(s);
 *	}
 *
 * The event tables are in events_api.h, what the library knows of the
 * machine (CPUs, core types, pmukit.ko, the kernel's level) in machine.h,
 * why counters go missing and the fix for each reason in doctor.h.
 */
#ifndef PMUKIT_PMUKIT_H
#define PMUKIT_PMUKIT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "export.h"
#include "analysis.h"
#include "doctor.h"	/* pmukit_doctor(): why counters go missing here */
#include "regs.h"	/* pmukit_reg_read(): the PMU registers as user space sees them */
#include "support.h"	/* pmukit_event_supported(): is an event supported here, and how do we know */
#include "sysreg.h"

#ifdef __cplusplus
extern "C" {
#endif

/** pmukit_version() - the library's release, "MAJOR.MINOR.PATCH" (e.g. "0.1.0"). */
PMUKIT_API const char *pmukit_version(void);

/* ---- access paths --------------------------------------------------- */

enum pmukit_path {
	PMUKIT_PATH_AUTO = 0,	/* $PMUKIT_PATH, else the first that works: pmukit_path_choose() */
	PMUKIT_PATH_DIRECT,	/* mrs/mrc of the PMU (pmukit.ko loaded); rdtsc on x86-64 */
	PMUKIT_PATH_PERF,	/* perf_event_open() groups and read() */
	PMUKIT_PATH_PERF_MMAP,	/* perf's mmap page self-read (seqlock, rdpmc/mrs) */
	PMUKIT_PATH_CLOCK,	/* generic timer CNTVCT, rdtsc, or clock_gettime */
	PMUKIT_PATH_COUNT
};

/** pmukit_path_name() - "auto", "direct", "perf", "perf-mmap" or "clock". */
PMUKIT_API const char *pmukit_path_name(enum pmukit_path path);

/** pmukit_path_parse() - the path for a name; -EINVAL if there is none. */
PMUKIT_API int pmukit_path_parse(const char *name, enum pmukit_path *path);

/**
 * pmukit_path_env() - the path $PMUKIT_PATH asks for (auto when unset)
 *
 * Return: 0, or -EINVAL when it names no path (the message says which are).
 */
PMUKIT_API int pmukit_path_env(enum pmukit_path *path);

/**
 * pmukit_path_detect() - does @path work here, for the calling thread?
 * @why: filled with the reason when it does not (and a short note when it does)
 *
 * Return: 0 if it works; -EACCES, -ENODEV, -ENOENT, -EOPNOTSUPP ... if not.
 */
PMUKIT_API int pmukit_path_detect(enum pmukit_path path, char *why, size_t len);

/* ---- sessions ------------------------------------------------------- */

struct pmukit_session;

/*
 * Events one session holds at most, on any path (pmukit_open() fails with
 * -E2BIG beyond): more than any PMU has counters, so that perf can
 * multiplex; pmukit_ncounters() says how many a path counts at once here.
 */
#define PMUKIT_MAX_EVENTS	32

#define PMUKIT_F_CHILD		(1U << 0)	/* perf: count opts.pid from its exec, with inheritance */
#define PMUKIT_F_NO_PIN		(1U << 1)	/* direct: leave the thread's affinity alone */
#define PMUKIT_F_ALL_LEVELS	(1U << 2)	/* default filter counts kernel too (unless :u/:k) */

/*
 * A session belongs to the thread that opened it. On the direct path that
 * thread is pinned to one CPU until pmukit_close() (the counters are that
 * CPU's, and count whatever runs there at the chosen levels); a reading
 * taken after the thread moved anyway fails with -EINTR.
 *
 * Counting a command (PMUKIT_F_CHILD): the child must exist but not have
 * exec'd yet, so that nothing it runs is missed:
 *
 *	struct pmukit_child c;
 *	struct pmukit_options o = { .path = PMUKIT_PATH_PERF, .cpu = -1,
 *				    .flags = PMUKIT_F_CHILD };
 *
 *	pmukit_child_fork(&c, argv);	fork; the child waits on a pipe
 *	o.pid = c.pid;
 *	pmukit_open(&s, ev, n, &o);	perf: inherit, enable_on_exec
 *	pmukit_start(s);		perf: counting begins at the exec
 *	pmukit_child_release(&c);	the child execs argv
 *	waitpid(c.pid, &status, 0);
 *	pmukit_stop(s);
 *	pmukit_read(s, counts);
 *
 * or, in place of the release, waitpid and stop, pmukit_child_run(&c, s,
 * &status): on the direct path its window is perf's.
 *
 * If open fails, pmukit_child_cancel() ends the child without an exec. On
 * the direct and clock paths the child is pinned to the session's CPU and
 * counting runs from pmukit_start() to pmukit_stop().
 */

struct pmukit_options {
	enum pmukit_path path;	/* PMUKIT_PATH_AUTO unless told; PMUKIT_PATH env overrides auto */
	int cpu;		/* direct: CPU to pin to; -1: the one it runs on */
	pid_t pid;		/* perf with PMUKIT_F_CHILD: the child (stopped before exec) */
	unsigned int flags;	/* PMUKIT_F_* */
};

/**
 * pmukit_path_choose() - the path pmukit_open() with @opts would take here
 * @events: the specs to count, or NULL; @n: how many (0: any)
 * @opts: NULL for defaults. Auto is $PMUKIT_PATH when set, else the first
 *	path that works and counts @events: direct, perf-mmap, perf, clock for
 *	the calling thread; perf, direct, clock for a command (PMUKIT_F_CHILD)
 * @path: the path chosen (never auto)
 * @why: the reason for the choice, or why there is none; may be NULL
 *
 * Return: 0; -EINVAL for a bad $PMUKIT_PATH; -ENODEV, -EACCES ... if no path works.
 */
PMUKIT_API int pmukit_path_choose(const char *const *events, unsigned int n,
				  const struct pmukit_options *opts, enum pmukit_path *path,
				  char *why, size_t len);

/* One counter's reading. */
struct pmukit_count {
	uint64_t value;		/* scaled by enabled/running when the path multiplexed */
	uint64_t raw;		/* as read */
	uint64_t enabled_ns;	/* perf: time enabled; 0 on other paths */
	uint64_t running_ns;	/* perf: time on a counter; 0 on other paths */
};

/**
 * pmukit_open() - prepare counting of @n events.
 * @events: event specs as perf writes them: names ("L1D_CACHE_REFILL",
 *	case-insensitive), raw codes ("0x08", "r08"), with ":u" / ":k" modifiers;
 *	"CPU_CYCLES" on the direct path uses the cycle counter.
 * @opts: NULL for defaults (auto path, current CPU, calling thread).
 *
 * Return: 0, -ENOENT (unknown event), -EOPNOTSUPP (not implemented by this
 * core), -E2BIG (more events than counters), -EACCES (no access), ...
 */
PMUKIT_API int pmukit_open(struct pmukit_session **out, const char *const *events,
			   unsigned int n, const struct pmukit_options *opts);
/**
 * pmukit_start() - count from now until pmukit_stop().
 *
 * Starting again after a stop continues the counts; pmukit_reset() sets them
 * back to zero. With PMUKIT_F_CHILD counting begins at the child's exec.
 *
 * Return: 0, or a negative errno.
 */
PMUKIT_API int pmukit_start(struct pmukit_session *s);
/**
 * pmukit_stop() - stop counting; the counts stay for pmukit_read().
 *
 * Return: 0, -EINTR when the thread was moved off the session's CPU during
 * the measurement (direct path: discard it and measure again), or another
 * negative errno.
 */
PMUKIT_API int pmukit_stop(struct pmukit_session *s);
/**
 * pmukit_reset() - set the counts (and perf's times) back to zero.
 *
 * Return: 0, or a negative errno.
 */
PMUKIT_API int pmukit_reset(struct pmukit_session *s);
/**
 * pmukit_read() - fill @counts[0..n) in the order of the events given to open.
 *
 * Return: 0, or -EOVERFLOW when a count is not known because its 32-bit
 * counter wrapped where the library could not count the wraps (direct
 * path): the other counts are filled, that one is 0, pmukit_wrapped() and
 * pmukit_last_error() name it.
 */
PMUKIT_API int pmukit_read(struct pmukit_session *s, struct pmukit_count *counts);
/** pmukit_wrapped() - 1 when event @i's count is not known (wrapped) since the last reset. */
PMUKIT_API int pmukit_wrapped(const struct pmukit_session *s, unsigned int i);
/** pmukit_close() - end the session and restore what it changed (NULL: nothing). */
PMUKIT_API void pmukit_close(struct pmukit_session *s);

PMUKIT_API unsigned int pmukit_nevents(const struct pmukit_session *s);
/** pmukit_event_name() - canonical name of event @i ("INST_RETIRED:u"). */
PMUKIT_API const char *pmukit_event_name(const struct pmukit_session *s, unsigned int i);
PMUKIT_API enum pmukit_path pmukit_session_path(const struct pmukit_session *s);
/**
 * pmukit_ncounters() - how many events one session can hold on @path here:
 * direct: the event counters (PMCR.N, or those pmukit.ko programmed in
 * mode=read), CPU_CYCLES taking the cycle counter besides them; perf-mmap:
 * the events the PMU holds at once; perf: 32 (the kernel multiplexes);
 * clock: 1. Negative errno when the path does not work here.
 */
PMUKIT_API int pmukit_ncounters(enum pmukit_path path);

/* ---- plans: events parsed once, a path, passes ----------------------- */

/*
 * A plan of what to count: the events, each spec parsed once; the access
 * path (auto resolved once, with its reason); how many events a session
 * holds on it; and the passes when they are more, each a group that fits,
 * with the reference event CPU_CYCLES (the caller's own, else one the plan
 * adds) in every pass so that the passes can be compared. Sessions are
 * then opened from the plan's passes, parsing nothing:
 *
 *	struct pmukit_evplan *p;
 *	struct pmukit_session *s;
 *
 *	pmukit_evplan_new(&p, &opts);
 *	for (i = 0; i < n; i++)
 *		pmukit_evplan_add(p, spec[i]);
 *	if (pmukit_evplan_make(p) == 0)
 *		for (k = 0; k < pmukit_evplan_npasses(p); k++) {
 *			pmukit_open_pass(&s, p, k, &opts);
 *			... counts[slot] is event pmukit_evplan_pass_event(p, k, slot)
 *			pmukit_close(s);
 *		}
 *	pmukit_evplan_free(p);
 *
 * A plan counts on the calling thread or, with PMUKIT_F_CHILD, a command;
 * or, given a scope (pmukit_evplan_scope_cpus(), pmukit_evplan_scope_tasks()),
 * on a set of CPUs or of tasks: each pass then opens a session of units,
 * one for each CPU or thread, read together (pmukit_read()) or one by one
 * (pmukit_read_unit()).
 */
struct pmukit_evplan;
struct pmukit_ev;

/* Events a plan holds, and passes it makes, at most. */
#define PMUKIT_PLAN_MAX_EVENTS	256
#define PMUKIT_PLAN_MAX_PASSES	64

/**
 * pmukit_evplan_new() - an empty plan for @opts
 * @out: the plan; NULL after a failure
 * @opts: as for pmukit_open(); NULL for defaults. The path is checked now:
 *	a path asked for (or $PMUKIT_PATH) must work here; auto needs one
 *	that does (the events then choose among them: pmukit_evplan_make())
 *
 * Return: 0; -EINVAL (a bad $PMUKIT_PATH, perf-mmap for a command);
 * -EACCES, -ENODEV, ... when the path asked for, or none, works here
 * (pmukit_last_error() says why).
 */
PMUKIT_API int pmukit_evplan_new(struct pmukit_evplan **out, const struct pmukit_options *opts);

/**
 * pmukit_evplan_add() - parse an event spec into the plan
 * @spec: as for pmukit_open()
 *
 * Return: the event's index; -ENOENT (unknown), -EINVAL (malformed),
 * -EOPNOTSUPP (an Arm event where there is none), -E2BIG (a full plan).
 */
PMUKIT_API int pmukit_evplan_add(struct pmukit_evplan *p, const char *spec);

/**
 * pmukit_evplan_add_code() - an Arm event by number, in a pass of its own choosing
 * @code: the event number, counted at the levels of a spec without a modifier
 * @pass: the 0-based pass it goes into (a plan whose events all come so
 *	keeps these passes, the metrics' planner's; CPU_CYCLES first in each)
 *
 * Return: the event's index, or a negative errno as pmukit_evplan_add().
 */
PMUKIT_API int pmukit_evplan_add_code(struct pmukit_evplan *p, unsigned int code,
				      unsigned int pass);

/**
 * pmukit_evplan_make() - the path, capacity and passes; each pass checked
 * @p: a plan with its events
 *
 * Auto takes, in its order (pmukit_path_choose()), the first path that
 * works here and counts every pass; when none does, the first that works,
 * whose error is returned. A plan whose passes the caller gave
 * (pmukit_evplan_add_code()) keeps the path they were planned for. Each pass is opened once on that path to check
 * it; the kernel refusing a group that fits the counters is the plan's
 * error (-E2BIG), never met by shrinking the passes. Made again after
 * pmukit_evplan_drop(), a plan keeps its path.
 *
 * Return: 0; -E2BIG (more passes than PMUKIT_PLAN_MAX_PASSES, a group
 * refused); -EOPNOTSUPP, -EACCES, ...: a pass that does not open (the
 * passes are made all the same).
 */
PMUKIT_API int pmukit_evplan_make(struct pmukit_evplan *p);

/**
 * pmukit_evplan_check_event() - does event @i alone open on the plan's path?
 *
 * Return: 0, or the error of its open (in pmukit_last_error()).
 */
PMUKIT_API int pmukit_evplan_check_event(struct pmukit_evplan *p, unsigned int i);

/**
 * pmukit_evplan_drop() - leave event @i out (the later ones move down one);
 * pmukit_evplan_make() again. Return: 0, or -EINVAL for no such event.
 */
PMUKIT_API int pmukit_evplan_drop(struct pmukit_evplan *p, unsigned int i);

/** pmukit_evplan_free() - free a plan (NULL: nothing). */
PMUKIT_API void pmukit_evplan_free(struct pmukit_evplan *p);

/**
 * pmukit_evplan_keep_path() - auto: keep the path it takes with no events in
 * particular (the first that works here, pmukit_evplan_path()); the events
 * no longer choose it. Return: 0, or -EINVAL.
 */
PMUKIT_API int pmukit_evplan_keep_path(struct pmukit_evplan *p);

/**
 * pmukit_evplan_path() - the plan's path, never auto: made, the one it
 * counts on; before, the one asked for, or for auto the first that works.
 */
PMUKIT_API enum pmukit_path pmukit_evplan_path(const struct pmukit_evplan *p);
/** pmukit_evplan_why() - why that path (its note, as pmukit_path_choose() gives it). */
PMUKIT_API const char *pmukit_evplan_why(const struct pmukit_evplan *p);
/**
 * pmukit_evplan_capacity() - events one pass holds on the plan's path
 * (pmukit_evplan_path()): the path's counters (pmukit_ncounters()) and, on
 * the direct path, the cycle counter besides.
 */
PMUKIT_API unsigned int pmukit_evplan_capacity(const struct pmukit_evplan *p);
/** pmukit_evplan_nevents() - the events, with the reference cycles the plan added. */
PMUKIT_API unsigned int pmukit_evplan_nevents(const struct pmukit_evplan *p);
/** pmukit_evplan_event() - event @i as parsed, or NULL. */
PMUKIT_API const struct pmukit_ev *pmukit_evplan_event(const struct pmukit_evplan *p,
							unsigned int i);
/**
 * pmukit_evplan_counted() - event @i as its path counts it: as parsed, with
 * the levels the path gives it ("INST_RETIRED:uk" where a module counter
 * counts every level), known once a pass holding it was opened; NULL: no
 * such event.
 */
PMUKIT_API const struct pmukit_ev *pmukit_evplan_counted(const struct pmukit_evplan *p,
							  unsigned int i);
/**
 * pmukit_evplan_event_name() - event @i's name as its path counts it
 * ("INST_RETIRED:uk" where a module counter counts every level), known
 * once a pass holding it was opened; before, as parsed. NULL: no such event.
 */
PMUKIT_API const char *pmukit_evplan_event_name(const struct pmukit_evplan *p, unsigned int i);
/** pmukit_evplan_npasses() - the passes (0 before pmukit_evplan_make()). */
PMUKIT_API unsigned int pmukit_evplan_npasses(const struct pmukit_evplan *p);
/** pmukit_evplan_pass_size() - the events of pass @k. */
PMUKIT_API unsigned int pmukit_evplan_pass_size(const struct pmukit_evplan *p, unsigned int k);
/** pmukit_evplan_pass_event() - the event index in slot @slot of pass @k, or -EINVAL. */
PMUKIT_API int pmukit_evplan_pass_event(const struct pmukit_evplan *p, unsigned int k,
					unsigned int slot);
/**
 * pmukit_evplan_cycles() - the event in every pass (slot 0 of each), when
 * there are passes and every pass has CPU_CYCLES first; else -1.
 */
PMUKIT_API int pmukit_evplan_cycles(const struct pmukit_evplan *p);
/** pmukit_evplan_added() - 1: the plan added that cycles event (the last one), 0: the caller's. */
PMUKIT_API int pmukit_evplan_added(const struct pmukit_evplan *p);

/**
 * pmukit_open_pass() - a session of pass @k of a made plan, parsing nothing
 * @opts: the plan's path is taken; .cpu, .pid and .flags (PMUKIT_F_CHILD)
 *	as for pmukit_open(), NULL for the plan's
 *
 * Return: as pmukit_open().
 */
PMUKIT_API int pmukit_open_pass(struct pmukit_session **out, const struct pmukit_evplan *p,
				unsigned int k, const struct pmukit_options *opts);

/**
 * pmukit_evplan_open() - a session of the plan's events @idx[0..n) on its path
 *
 * Return: as pmukit_open().
 */
PMUKIT_API int pmukit_evplan_open(struct pmukit_session **out, const struct pmukit_evplan *p,
				  const unsigned int *idx, unsigned int n,
				  const struct pmukit_options *opts);

/* ---- scopes: CPUs, processes, threads ------------------------------------ */

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
 * scope it was opened from; 1 for a session without a scope.
 */
PMUKIT_API unsigned int pmukit_session_nunits(const struct pmukit_session *s);

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

/* ---- a zero that is not a count ---------------------------------------- */

/*
 * What a count of code that ran means. A program that ran used cycles,
 * retired instructions and took time: a 0 of CPU_CYCLES, INST_RETIRED (or
 * perf's cycles and instructions), of the clock path's "clock" or of
 * task-clock and cpu-clock, counted at a level the code ran at, is a
 * counter that did not count (an emulator's CPU model that does not count
 * it, a PMU the firmware left off or unclocked), never a measurement of
 * nothing. Neither is an event perf never had on a counter. The words
 * every output uses for it are PMUKIT_DID_NOT_COUNT.
 */
#define PMUKIT_DID_NOT_COUNT	"did not count"
/* Room for every reason pmukit_count_verdict() gives. */
#define PMUKIT_VERDICT_WHY_LEN	400

enum pmukit_verdict {
	PMUKIT_COUNTED = 0,		/* a count, a 0 included where code can give one */
	PMUKIT_NOT_COUNTED,		/* the counter did not count: the 0 is no measurement */
	PMUKIT_NOT_IMPLEMENTED,		/* a 0 of an event this core does not count at all */
};

/**
 * pmukit_count_verdict() - does event @i's count of code that ran count?
 * @s: the session that counted it (still open)
 * @i: the event's index, as given to pmukit_open()
 * @counts: all the session's counts of that measurement, as pmukit_read()
 *	gave them, before any overhead is taken off: @counts[@i] is judged,
 *	the others tell a PMU that counts from one that does not
 * @why: filled with the reason and the likely causes on this machine when
 *	the verdict is not PMUKIT_COUNTED ("" when it is); may be NULL
 * @len: room in @why (PMUKIT_VERDICT_WHY_LEN holds every reason)
 *
 * The caller says the code ran: a command, a region entered, a loop. A 0 is
 * judged by the event (cycles, instructions, time: some code always adds to
 * them; a cache refill need not happen), its levels (a :k count of code that
 * may have stayed in user space can be 0) and the path (perf: never put on a
 * counter). A 0 of an event the core does not count is not implemented
 * rather than not counted: PMCEID says so, or, where there is none (ARMv7),
 * the session's CPU_CYCLES counted in the same measurement, so that the PMU
 * counts and only this event does not.
 *
 * Return: an enum pmukit_verdict, or -EINVAL for a bad argument.
 */
PMUKIT_API int pmukit_count_verdict(const struct pmukit_session *s, unsigned int i,
				    const struct pmukit_count *counts, char *why, size_t len);

/**
 * pmukit_count_verdict_named() - pmukit_count_verdict() of a recorded count
 * @event: the event as pmukit prints it ("CPU_CYCLES:uk", "instructions:u",
 *	"clock", "task-clock"; the firmware's "CYCLES")
 * @path: the path that counted it ("direct", "perf", ...), or NULL/"" unknown
 * @c: the count; enabled_ns and running_ns 0 when not recorded
 * @why, @len: as for pmukit_count_verdict()
 *
 * The same rule, for counts read back from a file: what the session knew
 * (PMCEID of the machine that counted) is not known, so that a 0 the rule
 * judges is not counted, never not implemented.
 *
 * Return: an enum pmukit_verdict, or -EINVAL for a bad argument.
 */
PMUKIT_API int pmukit_count_verdict_named(const char *event, const char *path,
					  const struct pmukit_count *c, char *why, size_t len);

/*
 * Counts other collectors wrote, read back: 'perf stat -x SEP' (pmukit
 * stat -x's lines too, which follow perf's), 'perf stat -j', Arm
 * topdown-tool's events CSV and 'likwid-perfctr -O'; and pmukit's own:
 * 'pmukit stat --json', its -x lines of the earlier layout, the firmware
 * library's tables. Each count keeps what
 * the tool said of it: a count perf could not take ("<not counted>",
 * "<not supported>") is no number, and a count it scaled says how much of
 * the time it was counted.
 *
 *	struct pmukit_input in;
 *	char err[256];
 *
 *	if (pmukit_input_read(text, len, NULL, NULL, pmukit_core_by_name("neoverse-n1"),
 *			      &in, err, sizeof(err)) == 0) {
 *		for (i = 0; i < in.n; i++)
 *			use(&in.count[i]);	// .code, .value, .status, .percent
 *		pmukit_input_free(&in);
 *	}
 */
struct pmukit_core_def;		/* events_api.h */
struct pmukit_event_spec;

enum pmukit_input_status {
	PMUKIT_INPUT_COUNTED,		/* value is the count (perf scaled it when percent < 100) */
	PMUKIT_INPUT_NOT_COUNTED,	/* perf's "<not counted>", a blank value, pmukit's "did not count" */
	PMUKIT_INPUT_NOT_SUPPORTED,	/* perf's "<not supported>": the event could not be opened */
	PMUKIT_INPUT_WRAPPED,		/* "<wrapped>", the firmware's OVERFLOW, JSON's null: not known */
	PMUKIT_INPUT_NOT_RUN,		/* the firmware's NOT RUN: its pass did not run */
};

/* Of pmukit_input_count.code: an event of no PMU (perf's task-clock, ...). */
#define PMUKIT_INPUT_NOT_PMU	(-2)
/* Of pmukit_input_count.code: a name no table knows (never guessed). */
#define PMUKIT_INPUT_UNKNOWN	(-1)

#define PMUKIT_INPUT_NAME_LEN	96
#define PMUKIT_INPUT_WHY_LEN	PMUKIT_VERDICT_WHY_LEN
#define PMUKIT_INPUT_MAX_PASSES	64

struct pmukit_input_count {
	char name[PMUKIT_INPUT_NAME_LEN];	/* as the tool wrote it: "armv8_pmuv3_0/l1d_cache/u" */
	int code;			/* event number, or PMUKIT_INPUT_NOT_PMU / _UNKNOWN */
	unsigned excl_user:1, excl_kernel:1;	/* the levels its modifier names (":k", "/u") */
	enum pmukit_input_status status;
	uint64_t value;			/* PMUKIT_INPUT_COUNTED: the count, rounded where it is a mean */
	double percent;			/* of the time it was counted: 100 unless multiplexed */
	double interval;		/* perf -I, topdown-tool's time: seconds; < 0 none */
	int cpu;			/* perf -A, LIKWID's HWThread: the CPU; -1 none */
	unsigned int pass;		/* pmukit's pass, topdown-tool's run; 1 otherwise */
	unsigned int line;		/* where it was read, from 1 */
	char why[PMUKIT_INPUT_WHY_LEN];	/* pmukit's reason a count is none, else "" */
};

struct pmukit_input {
	const char *format;	/* "perf stat -x", "perf stat -j", "topdown-tool CSV", "likwid-perfctr CSV",
				   "pmukit stat -x", "pmukit stat --json", "firmware CSV" */
	char sep[17];		/* perf stat -x: the separator used */
	char core_name[64];	/* the core the input names (LIKWID's "CPU type:", pmukit stat --json's
				   "metric_set"), else "" */
	uint32_t midr;		/* the MIDR the input records (pmukit stat --json's "midr"), else 0 */
	char path[16];		/* pmukit stat --json: the access path that counted, else "" */
	unsigned has_interval:1, has_cpu:1, has_pass:1;
	unsigned by_pmukit:1;	/* written by pmukit stat or the firmware library */
	/* pmukit stat --json's "pass_cycles": the cycles of pass k + 1, where it has them. */
	uint64_t pass_cycles[PMUKIT_INPUT_MAX_PASSES];
	unsigned char have_pass_cycles[PMUKIT_INPUT_MAX_PASSES];
	unsigned int n, cap;
	struct pmukit_input_count *count;
};

/**
 * pmukit_input_format_at() - the formats pmukit_input_read() reads, one by one
 * @i: from 0
 *
 * Return: the name @format takes ("perf-csv", "perf-json", "topdown-tool",
 * "likwid", "pmukit-csv": pmukit stat -x's layout before it followed perf's,
 * "pmukit-json", "firmware"), NULL past the last one.
 */
PMUKIT_API const char *pmukit_input_format_at(unsigned int i);

/**
 * pmukit_input_event() - the event a collector's name for it means
 * @name: as perf, topdown-tool or LIKWID write it: a table name in any case
 *	("STALL_SLOT_BACKEND", "stall_slot_backend"), a raw number ("r11"),
 *	perf's generic names ("cycles", "stalled-cycles-backend": what the
 *	kernel's arm_pmuv3 driver maps them to), its PMU syntax
 *	("armv8_pmuv3_0/l1d_cache/", "armv8_cortex_a76/r11/",
 *	"armv8_pmuv3_0/event=0x11/"), LIKWID's load and store names
 *	("L1D_CACHE_LD"), each with perf's modifiers (":u", ":k", "/uk")
 * @core: the core whose table names are valid (then its common table), or NULL
 * @out: the event: its number and levels; left alone unless 0 is returned
 *
 * A name that could mean more than one event ("branches": PC_WRITE_RETIRED
 * or BR_RETIRED, by kernel version and core) is no event.
 *
 * Return: 0; 1 for an event of no PMU (perf's software events, @out left
 * alone); -ENOENT when no table knows the name.
 */
PMUKIT_API int pmukit_input_event(const char *name, const struct pmukit_core_def *core,
				  struct pmukit_event_spec *out);

/**
 * pmukit_input_read() - read counts another collector wrote
 * @text: the output, @len bytes (no NUL needed)
 * @format: one of pmukit_input_format_at(), or NULL to find it from the text
 * @sep: perf stat -x's separator, or NULL to find it from the first count
 * @core: for the events' names (pmukit_input_event()), or NULL
 * @in: filled; pmukit_input_free() it after a 0 return
 * @err: filled with "line N: expected ..." on -EINVAL
 * @errlen: room in @err
 *
 * A name no table knows is read with code PMUKIT_INPUT_UNKNOWN: the caller
 * lists it, nothing guesses it.
 *
 * Return: 0; -EINVAL for text that is none of the formats, or a line that
 * is not what its format says (@err says which and what was expected);
 * -ENOMEM.
 */
PMUKIT_API int pmukit_input_read(const char *text, size_t len, const char *format,
				 const char *sep, const struct pmukit_core_def *core,
				 struct pmukit_input *in, char *err, size_t errlen);

/**
 * pmukit_input_free() - free what pmukit_input_read() allocated
 * @in: as filled; may be all zero
 */
PMUKIT_API void pmukit_input_free(struct pmukit_input *in);

/**
 * pmukit_sample() - one read of event 0, as cheaply as the path allows, for
 * back-to-back calibration. Return: 0 or negative errno (-EINTR: the thread
 * migrated, sample to discard; -EACCES: access revoked).
 *
 * The value is the counter as read, @pmukit_sample_width() bits wide (use
 * pmukit_deltas() with that width). No argument is checked: @s must be an
 * open session. On the direct path this is isb, the register read and a
 * check of the CPU (glibc's rseq area), nothing more.
 *
 * On Arm Linux it is inline (below): the direct path's read of the cycle
 * counter, perf-mmap's seqlock read of it (arm64) and perf's read() of one
 * event cost no call into the library. Anything else, and every error, goes
 * to the library's pmukit_sample(). The rule of the ABI this needs is below.
 */
#if (defined(__aarch64__) || defined(__arm__)) && defined(__linux__) && !defined(PMUKIT_LIB)
#define PMUKIT_SAMPLE_INLINE	1
#include <unistd.h>	/* read() */
#endif

/*
 * The inline pmukit_sample()'s ABI: every session starts with this struct.
 * The library fills it at open and keeps it while the session lives. @how
 * is a set of bits, one for each read the inline code may do, so that one
 * bit test (arm64's tbz) picks the read. Each layout of the struct has bits
 * of its own and never sets another layout's: code built against another
 * header finds none of its bits set and calls the library. Layout 1 (pmukit
 * 0.1) used the values 0x10001 to 0x10003; layout 2 is bits 24 to 26. A
 * later layout may grow the struct at its end, never change these fields.
 */
#define PMUKIT_SAMPLE_ABI		2u
#define PMUKIT_SAMPLE_CALL		0u		/* call the library */
#define PMUKIT_SAMPLE_PMCCNTR		(1u << 24)	/* direct */
#define PMUKIT_SAMPLE_PERF_PAGE		(1u << 25)	/* perf-mmap */
#define PMUKIT_SAMPLE_READ_FD		(1u << 26)	/* perf */

struct pmukit_sample_abi {
	uint32_t how;			/* PMUKIT_SAMPLE_* */
	int32_t cpu;			/* PMCCNTR: the CPU the session is on */
	/*
	 * What the read needs, loaded in one pair with how and cpu:
	 * PMCCNTR, rseq's cpu_id of the thread; PERF_PAGE, perf's user
	 * page of event 0.
	 */
	const volatile void *at;
	int32_t fd;			/* READ_FD: event 0 alone, value and two times */
};

/*
 * Registers the table of a program's (or shared object's) guarded register
 * reads with the library's SIGILL handler. The header does it from a
 * constructor in every translation unit that includes it: not for direct use.
 */
PMUKIT_API void pmukit_extable_add(const void *start, const void *stop);

#ifdef PMUKIT_SAMPLE_INLINE
#if defined(__aarch64__)
#include "perf_page.h"

/*
 * perf's index 32 is PMCCNTR_EL0; any other counter, the library. Its
 * guarded read's memory clobber keeps pmc_width's plain load in the page
 * read fresh (a volatile ldrh would add a needless zero extension).
 */
static inline __attribute__((__always_inline__)) int pmukit_sample_pmccntr_(uint32_t index, uint64_t *v)
{
	if (__builtin_expect(index != 32, 0))
		return -EAGAIN;
	return pmukit_read_pmccntr_sync_guarded(v);
}
#endif

extern const char pmukit_extable_start_[] __asm__("__start_pmukit_extable")
	__attribute__((weak, visibility("hidden")));
extern const char pmukit_extable_stop_[] __asm__("__stop_pmukit_extable")
	__attribute__((weak, visibility("hidden")));

static __attribute__((constructor, used)) void pmukit_extable_register_(void)
{
	if (pmukit_extable_start_)
		pmukit_extable_add(pmukit_extable_start_, pmukit_extable_stop_);
}

/*
 * The library's pmukit_sample(), under another name beside the inline one,
 * which has a name of its own in the object: an out-of-line copy (its
 * address taken) must not be what "pmukit_sample" means here.
 */
extern int pmukit_sample_call_(struct pmukit_session *s, uint64_t *value)
	__asm__("pmukit_sample");
static inline int pmukit_sample(struct pmukit_session *s, uint64_t *value)
	__asm__("pmukit_sample_inline_");

static inline int pmukit_sample(struct pmukit_session *s, uint64_t *value)
{
	const struct pmukit_sample_abi *f = (const struct pmukit_sample_abi *)(const void *)s;
	/*
	 * arm64: how and cpu as one 64-bit word, loaded in a pair with @at:
	 * the CPU check compares the word's upper half with no instruction of
	 * its own to extract it (cmp x, x, lsr #32).
	 */
	uint64_t cpu;
	uint32_t how;
	const void *at;
	pmukit_ureg_t v;
#if defined(__aarch64__)
	uint64_t word;
#endif
	uint64_t buf[3];

#if defined(__aarch64__)
	__builtin_memcpy(&word, f, sizeof(word));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	how = (uint32_t)(word >> 32);
	cpu = (uint32_t)word;
#else
	how = (uint32_t)word;
	cpu = word >> 32;
#endif
	at = (const void *)f->at;
#else
	how = f->how;
	cpu = (uint32_t)f->cpu;
#endif
	/* One bit test a read, the cheapest read first. */
	if (how & PMUKIT_SAMPLE_PMCCNTR) {
		/* isb and the guarded read: a fault returns non-zero. */
#if defined(__aarch64__)
		if (__builtin_expect(pmukit_read_pmccntr_sync_guarded(&v), 0))
#else
		if (__builtin_expect(pmukit_read_pmccntr32_sync_guarded(&v), 0))
#endif
			goto call;
		*value = v;
		/*
		 * rseq's cpu_id, which the kernel changes, read after the
		 * counter: the read's memory clobber makes this load a fresh
		 * one (a volatile load would add a needless zero extension).
		 */
#if !defined(__aarch64__)
		at = (const void *)f->at;	/* only here: perf's read needs none */
#endif
		if (__builtin_expect(*(const uint32_t *)at == cpu, 1))
			return 0;
#if defined(__aarch64__)
	} else if (how & PMUKIT_SAMPLE_PERF_PAGE) {
		/* The user page's read (perf_page.h), of the cycle counter only. */
		if (__builtin_expect(pmukit_perf_page_read(at, value, pmukit_sample_pmccntr_, 0, 0), 0))
			goto call;
		return 0;
#endif
	} else if (how & PMUKIT_SAMPLE_READ_FD) {
		/* value, time_enabled, time_running; a failure goes to the library. */
		if (__builtin_expect(read(f->fd, buf, sizeof(buf)) >= (ssize_t)sizeof(buf[0]), 1)) {
			*value = buf[0];
			return 0;
		}
	}
call:
	return pmukit_sample_call_(s, value);
}
#else
PMUKIT_API int pmukit_sample(struct pmukit_session *s, uint64_t *value);
#endif

/**
 * pmukit_sample_n() - @n back-to-back reads of event 0 into @buf, in one
 * tight loop: on the direct path the loop of b2b.h (five instructions per
 * read, nothing added). Return: 0; -EINTR: the thread migrated during the
 * loop, discard all; -EACCES: access revoked; -EINVAL.
 */
PMUKIT_API int pmukit_sample_n(struct pmukit_session *s, uint64_t *buf, size_t n);

/** pmukit_sample_width() - the width of sampled values in bits: 32 or 64. */
PMUKIT_API unsigned int pmukit_sample_width(const struct pmukit_session *s);

/* ---- counting a command (PMUKIT_F_CHILD) ------------------------------ */

struct pmukit_child {
	pid_t pid;		/* the child, for pmukit_options.pid and waitpid() */
	int go_fd;		/* write end: one byte lets the child exec */
	int status_fd;		/* read end: the exec's errno, or EOF when it worked */
};

/**
 * pmukit_child_fork() - fork a child that waits, then execs @argv (PATH
 * searched) once released. Return: 0 or negative errno.
 */
PMUKIT_API int pmukit_child_fork(struct pmukit_child *c, char *const argv[]);

/**
 * pmukit_child_release() - let the child exec. Return: 0 once it has
 * exec'd; the exec's negative errno (-ENOENT: no such command) if that
 * failed (the child then exits with status 127); -EPIPE if a signal killed
 * the child before its release (the caller gets no SIGPIPE).
 */
PMUKIT_API int pmukit_child_release(struct pmukit_child *c);

/** pmukit_child_cancel() - end a child that was never released, and reap it. */
PMUKIT_API void pmukit_child_cancel(struct pmukit_child *c);

/**
 * pmukit_child_run() - pmukit_child_release(), waitpid() and pmukit_stop()
 * of a started session @s, in one call. On the direct path (full access,
 * pinned) the child starts the counters itself right before its execve,
 * once the parent sleeps in its wait, and the parent stops them right after
 * that wait returns, so that @s counts
 * what perf counts for the command (to within a few instructions), not the
 * release and the wait. @status: the child's, from waitpid(). Return: 1
 * when it counted so, 0 when as from start to stop, or a negative errno
 * (the release's: the child could not exec, was reaped and c->pid is 0;
 * the wait's, the stop's).
 */
PMUKIT_API int pmukit_child_run(struct pmukit_child *c, struct pmukit_session *s, int *status);

/** pmukit_strerror() - text for a negative errno from this library. */
PMUKIT_API const char *pmukit_strerror(int err);
/** pmukit_last_error() - the detailed message of this thread's last failure. */
PMUKIT_API const char *pmukit_last_error(void);

/* ---- the PMU of this machine ---------------------------------------- */

struct pmukit_pmu_info {
	uint32_t midr;		/* 0 when unknown (x86-64) */
	char core[32];		/* "cortex-a53", or "unknown" */
	unsigned int pmu_version;	/* ID_AA64DFR0.PMUVer / ID_DFR0.PerfMon; 0 unknown */
	unsigned int ncounters;	/* event counters (PMCR.N), 0 unknown */
	int cycle64;		/* 1: 64-bit cycle counter reads */
	int module_loaded;	/* /sys/kernel/pmukit exists */
	char module_mode[8];	/* "full", "read", "" */
	int perf_user_access;	/* kernel.perf_user_access, -1 if absent */
	int perf_paranoid;	/* kernel.perf_event_paranoid, or -100 */
};

PMUKIT_API int pmukit_pmu_info(struct pmukit_pmu_info *info);

/* ---- statistics ----------------------------------------------------- */

struct pmukit_stats {
	size_t n;		/* samples used */
	size_t discarded;	/* samples left out (wrapped counter, migration) */
	uint64_t min, max;
	double mean, sd;	/* population standard deviation */
	double median, p5, p95;	/* nearest-rank percentiles */
};

/**
 * pmukit_stats_compute() - statistics of @n samples (the array is not changed).
 * @discarded: carried into the result, for the caller's own discards.
 * Return: 0, or -EINVAL when n is 0.
 */
PMUKIT_API int pmukit_stats_compute(const uint64_t *samples, size_t n, size_t discarded,
				    struct pmukit_stats *out);

/**
 * pmukit_deltas() - differences of consecutive @readings of a counter @width
 * bits wide; a pair where the counter wrapped is left out and added to
 * *@discarded (may be NULL). Return: number of deltas written to @deltas
 * (at most n - 1).
 */
PMUKIT_API size_t pmukit_deltas(const uint64_t *readings, size_t n, unsigned int width,
				uint64_t *deltas, size_t *discarded);

/* ---- region markers --------------------------------------------------- */

/*
 * Build with -DPMUKIT_MARKERS to count regions; without it the markers
 * compile to nothing. Per region: calls and totals of each event, written at
 * exit to stderr (or $PMUKIT_REGIONS_OUTPUT, replaced but never through a
 * symbolic link; "-": stdout) as a table, CSV or JSON
 * ($PMUKIT_REGIONS_FORMAT=table|csv|json). Events: $PMUKIT_REGIONS_EVENTS
 * (default CPU_CYCLES), path: $PMUKIT_PATH (default auto). A set-user-ID
 * program ignores these variables (secure_getenv).
 *
 * Totals are inclusive of nested regions ("self" leaves them out); a
 * region entered again while open (recursion) counts its calls but adds to
 * the total once. The markers' own cost, measured once per process, is
 * taken off every region unless $PMUKIT_REGIONS_RAW=1. Each thread counts
 * in its own session (on the direct path: pinned to the CPU it was on). An
 * event that read 0 across that measurement of the markers did not count
 * (pmukit_count_verdict()): the report says so in place of its totals.
 */
PMUKIT_API void pmukit_region_begin(const char *name);
PMUKIT_API void pmukit_region_end(const char *name);

#ifdef PMUKIT_MARKERS
#define PMUKIT_REGION_BEGIN(name)	pmukit_region_begin(name)
#define PMUKIT_REGION_END(name)		pmukit_region_end(name)
#else
#define PMUKIT_REGION_BEGIN(name)	((void)0)
#define PMUKIT_REGION_END(name)		((void)0)
#endif

/* ---- code that may trap -------------------------------------------- */

/**
 * pmukit_call_guarded() - run fn(arg) where a PMU register access may raise
 * SIGILL: closed to user space (PMUSERENR), or absent from the core. The
 * library's SIGILL handler, which also turns faults of its own register
 * reads into errors, then abandons @fn at the faulting instruction and
 * returns here; @fn must leave nothing half done that a jump out of it
 * would break (no locks held, no allocations in flight). Only a fault
 * counts: a SIGILL sent by kill() or raise() goes, as any other SIGILL, to
 * the disposition that was there before (with the default one, the process
 * dies of it).
 * Return: 0 when @fn returned; -EACCES when it trapped; another negative
 * errno when the handler could not be installed.
 */
PMUKIT_API int pmukit_call_guarded(void (*fn)(void *arg), void *arg);

/* ---- the fast inline read --------------------------------------------- */

/**
 * pmukit_cycles() - the cycle counter, read directly: needs pmukit.ko on ARM
 * (else SIGILL; check with pmukit_path_detect(PMUKIT_PATH_DIRECT)). On 32-bit
 * ARM this is the 32-bit PMCCNTR (use pmukit_deltas() with width 32).
 */
static inline uint64_t pmukit_cycles(void)
{
#if defined(__aarch64__)
	/* isb; mrs PMCCNTR_EL0, as one asm block. */
	return pmukit_read_pmccntr_sync();
#elif defined(__arm__)
	/* isb; mrc PMCCNTR (the isb also where the compiler targets ARMv6: isb.h). */
	return pmukit_read_pmccntr32_sync();
#elif defined(__x86_64__)
	return pmukit_read_tsc_sync();	/* lfence; rdtsc */
#else
	return 0;
#endif
}

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_PMUKIT_H */
