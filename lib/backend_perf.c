// SPDX-License-Identifier: MIT
/*
 * The perf path: perf_event_open() for the calling thread (or a child
 * command, PMUKIT_F_CHILD), events as one group so their counts cover the
 * same instructions, read() with PERF_FORMAT_GROUP and the enabled/running
 * times. One event is opened alone, without GROUP and ID: its read() is the
 * kernel's short one (value, enabled, running), about a third cheaper. When the events do not fit the PMU at once, each is opened on its
 * own and the kernel multiplexes them: counts are then scaled by
 * enabled/running and pmukit_count says so.
 *
 * Arm events carry the event number, on the perf PMU of the session's core
 * type (big.LITTLE: armv8_cortex_a53, ...; session_bind.c) or as
 * PERF_TYPE_RAW where sysfs names none; elsewhere "cycles"
 * and "instructions" are perf's generic hardware events. Software events
 * (task-clock, page-faults, ...) work everywhere.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pmukit/pmu_fields.h"
#include "core/compiler.h"	/* ARRAY_SIZE */
#include "backend.h"
#include "cores.h"
#include "cpu.h"
#include "isa.h"
#include "perf_events.h"
#include "pmu_info.h"
#include "sysfile.h"

/* arm64 perf: config1 bit 1 asks for EL0 access to the counter (rdpmc). */
#define ARM64_CONFIG1_USER_ACCESS	2ULL

static void attr_of(const struct pmukit_ev *e, struct perf_event_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	switch (e->kind) {
	case PMUKIT_EV_PMU:
		a->type = PERF_TYPE_RAW;
		a->config = e->code;
		break;
	case PMUKIT_EV_CYCLES:
		a->type = PERF_TYPE_HARDWARE;
		a->config = PERF_COUNT_HW_CPU_CYCLES;
		break;
	case PMUKIT_EV_INSTRUCTIONS:
		a->type = PERF_TYPE_HARDWARE;
		a->config = PERF_COUNT_HW_INSTRUCTIONS;
		break;
	default:
		a->type = PERF_TYPE_SOFTWARE;
		a->config = e->config;
		break;
	}
	/* perf's ":u": no kernel and no hypervisor; ":k": no user. */
	a->exclude_kernel = e->excl_kernel;
	a->exclude_hv = e->excl_kernel;
	a->exclude_user = e->excl_user;
	a->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
}

/*
 * Why perf_event_open() refused a scope's unit, in the user's terms; 0 when
 * the error is not about the scope.
 */
static int unit_error(const struct pmukit_session *s, const struct pmukit_ev *e, int err,
		      int paranoid)
{
	if (s->unit_tid > 0 && err == -ESRCH)
		return pmukit_err(-ESRCH, "thread %d has ended: nothing to count", (int)s->unit_tid);
	if (s->unit_tid > 0 && (err == -EACCES || err == -EPERM)) {
		if (paranoid > 2)
			return pmukit_err(-EACCES, "perf refuses to count thread %d: kernel.perf_event_paranoid is %d; set it to 2 or lower (sysctl kernel.perf_event_paranoid=2)",
					  (int)s->unit_tid, paranoid);
		return pmukit_err(-EACCES, "perf refuses to count thread %d (%s): counting another process needs the right to ptrace it (the same user, and kernel.yama.ptrace_scope 0; or CAP_PERFMON or root)%s",
				  (int)s->unit_tid, e->name,
				  !e->excl_kernel && paranoid > 1 ?
				  "; its kernel counts need kernel.perf_event_paranoid 1 or lower too (count user space only with :u)" : "");
	}
	if (s->unit_tid < 0 && (err == -EACCES || err == -EPERM))
		return pmukit_err(-EACCES, "perf refuses to count all of cpu %d: counting whole CPUs (-a, -C) needs kernel.perf_event_paranoid 0 or lower (it is %d; sysctl kernel.perf_event_paranoid=0), or CAP_PERFMON or root",
				  s->unit_cpu, paranoid);
	if (s->unit_tid < 0 && err == -ENODEV)
		return pmukit_err(-ENODEV, "cpu %d is offline: perf cannot count it", s->unit_cpu);
	return 0;
}

/* Why perf_event_open() refused @e of @s, in the user's terms. */
static int open_error(const struct pmukit_session *s, const struct pmukit_ev *e, int err)
{
	int paranoid = pmukit_perf_paranoid();
	int ret = s ? unit_error(s, e, err, paranoid) : 0;

	if (ret)
		return ret;
	switch (err) {
	case -EACCES:
	case -EPERM:
		if (!e->excl_kernel && paranoid > 1)
			return pmukit_err(-EACCES, "perf refuses %s: counting the kernel needs kernel.perf_event_paranoid 1 or lower (it is %d) or root; count user space only with %s:u",
					  e->name, paranoid, e->base);
		if (paranoid > 2)
			return pmukit_err(-EACCES, "perf refuses %s (%s): kernel.perf_event_paranoid is %d; set it to 2 or lower (sysctl kernel.perf_event_paranoid=2)",
					  e->name, strerror(-err), paranoid);
		/* The sysctl allows it (or cannot be read): something else refuses. */
		return pmukit_err(-EACCES, "perf refuses %s (%s) although kernel.perf_event_paranoid is %s: a seccomp filter (a container's default) or a security module blocks perf_event_open()",
				  e->name, strerror(-err), paranoid == -100 ? "unreadable" :
				  paranoid <= 1 ? "1 or lower" : "2");
	case -ENOSYS:
		return pmukit_err(-ENODEV, "perf_event_open() does not exist here (ENOSYS: an emulator, or a kernel without perf events)");
	case -ENOENT:
	case -EOPNOTSUPP:
	case -ENODEV:
		if (e->kind == PMUKIT_EV_CYCLES || e->kind == PMUKIT_EV_INSTRUCTIONS)
			return pmukit_err(-EOPNOTSUPP, "perf has no hardware '%s' event on this machine (%s: the kernel sees no PMU, as in many virtual machines); software events work: task-clock, page-faults, context-switches",
					  e->base, strerror(-err));
		if (e->kind == PMUKIT_EV_PMU)
			return pmukit_err(-ENODEV, "the kernel has no perf driver for this CPU's PMU (perf_event_open %s: %s); on a device-tree board the PMU node may be missing",
					  e->name, strerror(-err));
		break;
	default:
		break;
	}
	return pmukit_err(err, "perf_event_open(%s): %s", e->name, strerror(-err));
}

/*
 * Refuses Arm events the core does not implement (perf would count 0).
 * A session of a made plan skips it: the plan's check opened these events
 * on this path already, and the answer does not change from run to run.
 */
static int check_support(struct pmukit_session *s)
{
	struct pmukit_implemented im;
	struct pmukit_support how = { .where = "" };
	char bad[400] = "";
	size_t used = 0;
	unsigned int i, nbad = 0;
	int looked = 0;

	for (i = 0; i < s->n && !s->planned; i++) {
		const struct pmukit_ev *e = &s->ev[i];

		/* SW_INCR is architectural. */
		if (e->kind != PMUKIT_EV_PMU || e->code == PMUKIT_EVT_SW_INCR)
			continue;
		/* The module's view of a CPU of the session's core type, else perf's list. */
		if (!looked++)
			pmukit_implemented_load(s->opt_cpu >= 0 ? s->opt_cpu :
						s->type_cpu >= 0 ? s->type_cpu : pmukit_cpu_now(),
						PMUKIT_IMPL_SYSFS | PMUKIT_IMPL_PERF, &im);
		if (pmukit_event_supported(&im, e->code, nbad ? NULL : &how) == 0)
			pmukit_ev_list_add(bad, sizeof(bad), &used, &nbad, e);
	}
	if (!nbad)
		return 0;
	return pmukit_err(-EOPNOTSUPP, "not implemented by this %s, according to %s: %s",
			  s->core ? s->core->name : "core", how.where, bad);
}

void pmukit_perf_close_events(struct pmukit_perf *p)
{
	unsigned int i;

	pmukit_perf_threads_unmap(p);
	for (i = 0; i < PMUKIT_MAX_EVENTS; i++) {
		if (p->page[i])
			munmap(p->page[i], p->page_size);
		p->page[i] = NULL;
		if (p->fd[i] >= 0)
			close(p->fd[i]);
		p->fd[i] = -1;
	}
}

/* Opens all events, grouped under event 0 when @group, else each alone. */
static int open_all(struct pmukit_session *s, struct pmukit_perf *p, int self_read, int group,
		    int *failed)
{
	/* A scope's unit: its task (-1: all of its CPU's) and CPU; else the thread or child. */
	pid_t pid = s->unit_tid ? s->unit_tid : p->child ? s->pid : 0;
	int cpu = s->unit_tid ? s->unit_cpu : -1;
	struct perf_event_attr a;
	unsigned int i;
	int fd;

	for (i = 0; i < s->n; i++) {
		attr_of(&s->ev[i], &a);
		/* The ids only match a group's members to its events. */
		if (group)
			a.read_format |= PERF_FORMAT_GROUP | PERF_FORMAT_ID;
		/* A group follows its leader: only the leader starts disabled. */
		a.disabled = !group || i == 0;
		/*
		 * enable_on_exec: for a child, counting starts at its exec. For
		 * the calling thread it changes nothing (pmukit_start enables,
		 * and the descriptors close at an exec), but the kernel's check
		 * that a group fits the PMU skips a disabled leader unless it
		 * has enable_on_exec: without it a group one event too big
		 * opens and then never runs.
		 */
		a.enable_on_exec = a.disabled;
		/* The command's threads and children too; a task's later threads. */
		if (p->child || s->unit_tid > 0)
			a.inherit = 1;
		if (p->child && (s->flags & PMUKIT_F_THREADS))
			pmukit_perf_threads_attr(&a, i == 0);
		if (self_read && s->ev[i].kind == PMUKIT_EV_PMU)
			a.config1 = ARM64_CONFIG1_USER_ACCESS;
		/* The PMU of the session's core type, where sysfs names one. */
		if (s->ev[i].kind == PMUKIT_EV_PMU && s->perf_type)
			a.type = s->perf_type;
		/*
		 * One type of several (plan_types.c): perf's generic cycles and
		 * instructions go to that type's PMU too, named in the config's
		 * upper half, as perf stat asks for cpu_core/cycles/.
		 */
		else if (s->type_cpu >= 0 && s->perf_type && a.type == PERF_TYPE_HARDWARE)
			a.config |= (uint64_t)s->perf_type << 32;
		fd = pmukit_perf_event_open(&a, pid, cpu, group && i ? p->fd[0] : -1,
					 PERF_FLAG_FD_CLOEXEC);
		if (fd < 0) {
			*failed = (int)i;
			return fd;
		}
		p->fd[i] = fd;
		if (ioctl(fd, PERF_EVENT_IOC_ID, &p->id[i]) < 0) {
			*failed = (int)i;
			return -errno;
		}
	}
	p->grouped = group;
	return 0;
}

/*
 * PMUKIT_F_THREADS: the leader's record of an ended thread holds its
 * group: a command's events in one group, its leader's ring buffer mapped.
 */
static int open_threads(struct pmukit_session *s, struct pmukit_perf *p)
{
	int ret;

	if (!p->child)
		ret = pmukit_err(-EINVAL, "PMUKIT_F_THREADS counts the threads of a command: it goes with PMUKIT_F_CHILD");
	else if (s->n > 1 && !p->grouped)
		ret = pmukit_err(-E2BIG, "%u events do not fit the PMU at once: the count of each thread needs them in one group (fewer events)",
				 s->n);
	else
		ret = pmukit_perf_threads_map(p, s->pid);
	if (ret)
		pmukit_perf_close_events(p);
	return ret;
}

int pmukit_perf_open_events(struct pmukit_session *s, struct pmukit_perf *p, int self_read)
{
	unsigned int i;
	int ret, failed = 0;

	for (i = 0; i < PMUKIT_MAX_EVENTS; i++)
		p->fd[i] = -1;
	p->child = !!(s->flags & PMUKIT_F_CHILD);
	if (p->child && s->pid <= 0)
		return pmukit_err(-EINVAL, "PMUKIT_F_CHILD needs opts.pid: the child, waiting before its exec");
	for (i = 0; i < s->n; i++) {
		if (s->ev[i].kind == PMUKIT_EV_CLOCK)
			return pmukit_err(-EOPNOTSUPP, "'clock' is the clock path's counter: use the clock path");
		if (s->ev[i].kind == PMUKIT_EV_PMU) {
			ret = pmukit_session_one_type(s, "a perf event");
			if (ret)
				return ret;
		}
	}
	ret = check_support(s);
	if (ret)
		return ret;

	/* One event needs no group: its read() is the kernel's short one. */
	ret = open_all(s, p, self_read, s->n > 1, &failed);
	/* A member the PMU cannot hold beside the others: EINVAL from the driver. */
	if (ret == -EINVAL && failed > 0 && !self_read) {
		pmukit_perf_close_events(p);
		ret = open_all(s, p, self_read, 0, &failed);
	} else if (ret == -EINVAL && failed > 0) {
		pmukit_perf_close_events(p);
		pmukit_capacity_hint = (unsigned int)failed;
		return pmukit_err(-E2BIG, "%u events do not fit the PMU at once (the first %d do): the self-read path needs every event on a counter; use the perf path (it multiplexes) or run in passes: pmukit stat does this",
				  s->n, failed);
	}
	if (ret) {
		pmukit_perf_close_events(p);
		return open_error(s, &s->ev[failed], ret);
	}
	return (s->flags & PMUKIT_F_THREADS) ? open_threads(s, p) : 0;
}

int pmukit_perf_enable(struct pmukit_perf *p, unsigned int n, int on)
{
	unsigned long req = on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE;
	unsigned int i;

	/*
	 * A group stopped with the flag has its members off too; the flag's
	 * enable turns the leader on before them, and a member turned on
	 * after its leader runs is not always put on the PMU until the group
	 * is scheduled again (a CPU's group then reads 0 for it: measured on
	 * software events). The members first, then the leader, which
	 * schedules them all at once.
	 */
	if (p->grouped && !on)
		return ioctl(p->fd[0], req, PERF_IOC_FLAG_GROUP) < 0 ? -errno : 0;
	for (i = p->grouped ? n : 0; p->grouped && i-- > 1;)
		if (ioctl(p->fd[i], req, 0) < 0)
			return -errno;
	if (p->grouped)
		return ioctl(p->fd[0], req, 0) < 0 ? -errno : 0;
	for (i = 0; i < n; i++)
		if (ioctl(p->fd[i], req, 0) < 0)
			return -errno;
	return 0;
}

uint64_t pmukit_perf_scale(uint64_t raw, uint64_t enabled, uint64_t running)
{
	if (!running)
		return 0;
	if (running >= enabled)
		return raw;
	return (uint64_t)((double)raw * (double)enabled / (double)running + 0.5);
}

/* read() of every event: values and times, before subtracting the bases. */
static int read_raw(struct pmukit_session *s, struct pmukit_perf *p, uint64_t *val,
		    uint64_t *ena, uint64_t *run)
{
	uint64_t buf[3 + 2 * PMUKIT_MAX_EVENTS];
	unsigned int i, j;
	ssize_t got;

	if (p->grouped) {
		got = read(p->fd[0], buf, sizeof(buf));
		if (got < (ssize_t)(3 * sizeof(uint64_t)))
			return got < 0 ? -errno : -EIO;
		/*
		 * nr, time_enabled, time_running, then { value, id } per
		 * member: in the order they were opened (the leader first),
		 * so each is looked for at its own place first, then by id.
		 */
		for (i = 0; i < s->n; i++) {
			val[i] = 0;
			ena[i] = buf[1];
			run[i] = buf[2];
			if (i < buf[0] && buf[4 + 2 * i] == p->id[i]) {
				val[i] = buf[3 + 2 * i];
				continue;
			}
			for (j = 0; j < buf[0] && j < PMUKIT_MAX_EVENTS; j++)
				if (buf[4 + 2 * j] == p->id[i])
					val[i] = buf[3 + 2 * j];
		}
		return 0;
	}
	for (i = 0; i < s->n; i++) {
		/* value, time_enabled, time_running */
		got = read(p->fd[i], buf, 3 * sizeof(uint64_t));
		if (got < (ssize_t)(3 * sizeof(uint64_t)))
			return got < 0 ? -errno : -EIO;
		val[i] = buf[0];
		ena[i] = buf[1];
		run[i] = buf[2];
	}
	return 0;
}

int pmukit_perf_read_events(struct pmukit_session *s, struct pmukit_perf *p,
			    struct pmukit_count *counts)
{
	uint64_t val[PMUKIT_MAX_EVENTS], ena[PMUKIT_MAX_EVENTS], run[PMUKIT_MAX_EVENTS];
	unsigned int i;
	int ret = read_raw(s, p, val, ena, run);

	if (ret)
		return pmukit_err(ret, "reading the perf events: %s", strerror(-ret));
	for (i = 0; i < s->n; i++) {
		counts[i].raw = val[i];
		counts[i].enabled_ns = ena[i] - p->base_enabled[i];
		counts[i].running_ns = run[i] - p->base_running[i];
		counts[i].value = pmukit_perf_scale(val[i], counts[i].enabled_ns,
						    counts[i].running_ns);
	}
	return 0;
}

int pmukit_perf_read_first(struct pmukit_perf *p, uint64_t *value)
{
	uint64_t buf[3 + 2 * PMUKIT_MAX_EVENTS];
	ssize_t got;

	/* Alone: value, time_enabled, time_running; the value is all we want. */
	if (__builtin_expect(!p->grouped, 1)) {
		got = read(p->fd[0], buf, 3 * sizeof(uint64_t));
		if (__builtin_expect(got < (ssize_t)sizeof(uint64_t), 0))
			return got < 0 ? -errno : -EIO;
		*value = buf[0];
		return 0;
	}
	/* Grouped: nr, times, then the leader's value and id first. */
	got = read(p->fd[0], buf, sizeof(buf));
	if (got < (ssize_t)(4 * sizeof(uint64_t)))
		return got < 0 ? -errno : -EIO;
	*value = buf[3];
	return 0;
}

int pmukit_perf_reset_events(struct pmukit_session *s, struct pmukit_perf *p)
{
	uint64_t val[PMUKIT_MAX_EVENTS];
	unsigned int i;
	int ret;

	if (p->grouped) {
		if (ioctl(p->fd[0], PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP) < 0)
			return -errno;
	} else {
		for (i = 0; i < s->n; i++)
			if (ioctl(p->fd[i], PERF_EVENT_IOC_RESET, 0) < 0)
				return -errno;
	}
	/* The reset zeroes counts, not times: remember where the times were. */
	ret = read_raw(s, p, val, p->base_enabled, p->base_running);
	return ret;
}

static int perf_detect(char *why, size_t len)
{
	struct perf_event_attr a;
	struct pmukit_ev cycles = { .kind = PMUKIT_EV_PMU, .code = PMUKIT_EVT_CPU_CYCLES,
				    .excl_kernel = 1, .name = "CPU_CYCLES:u", .base = "CPU_CYCLES" };
	int fd, hw;

	if (!pmukit_isa_arm_pmu)
		cycles.kind = PMUKIT_EV_CYCLES;
	attr_of(&cycles, &a);
	/*
	 * Disabled, so the PMU is never started: starting it for an event
	 * without user access clears PMUSERENR (arm64) and would take the
	 * direct path's access away.
	 */
	a.disabled = 1;
	fd = pmukit_perf_event_open(&a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	hw = fd;
	if (fd >= 0) {
		close(fd);
		snprintf(why, len, "perf: hardware events for this thread");
		return 0;
	}
	pmukit_perf_sw_attr(&a, PERF_COUNT_SW_TASK_CLOCK);
	fd = pmukit_perf_event_open(&a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		cycles.kind = PMUKIT_EV_SOFTWARE;
		snprintf(cycles.name, sizeof(cycles.name), "task-clock:u");
		fd = open_error(NULL, &cycles, fd);
		snprintf(why, len, "%s", pmukit_last_error());
		return fd;
	}
	close(fd);
	snprintf(why, len, "perf: software events only (hardware cycles: %s)", strerror(-hw));
	return 0;
}

static int perf_ncounters(void)
{
	return PMUKIT_MAX_EVENTS;	/* the kernel multiplexes what does not fit */
}

/* The error of a failed read of the sample path, in the user's terms. */
static __attribute__((noinline, cold)) int sample_error(int ret)
{
	return pmukit_err(ret, "reading the perf events: %s", strerror(-ret));
}

static int perf_sample(struct pmukit_session *s, uint64_t *buf, size_t n)
{
	struct pmukit_perf *p = s->priv;
	size_t i;
	int ret;

	for (i = 0; i < n; i++) {
		ret = pmukit_perf_read_first(p, &buf[i]);
		if (ret)
			return sample_error(ret);
	}
	return 0;
}

/* pmukit_sample(): one read() and nothing else on the way. */
static int perf_sample1(struct pmukit_session *s, uint64_t *value)
{
	int ret = pmukit_perf_read_first(s->priv, value);

	return __builtin_expect(ret != 0, 0) ? sample_error(ret) : 0;
}

static int perf_open(struct pmukit_session *s)
{
	struct pmukit_perf *p = calloc(1, sizeof(*p));
	int ret;

	if (!p)
		return pmukit_err(-ENOMEM, "out of memory");
	s->priv = p;
	ret = pmukit_perf_open_events(s, p, 0);
	if (ret)
		return ret;
	s->sample1 = perf_sample1;
	/* Alone: the inline pmukit_sample() does perf_sample1's read() itself. */
	if (!p->grouped) {
		s->sample_fd = p->fd[0];
		s->sample_how = PMUKIT_SAMPLE_READ_FD;
	}
	s->sample_width = 64;
	return 0;
}

static int perf_start(struct pmukit_session *s)
{
	struct pmukit_perf *p = s->priv;
	int ret;

	/* A child's events start at its exec (enable_on_exec). */
	if (p->child)
		return 0;
	ret = pmukit_perf_enable(p, s->n, 1);
	return ret ? pmukit_err(ret, "enabling the perf events: %s", strerror(-ret)) : 0;
}

static int perf_stop(struct pmukit_session *s)
{
	int ret = pmukit_perf_enable(s->priv, s->n, 0);

	return ret ? pmukit_err(ret, "disabling the perf events: %s", strerror(-ret)) : 0;
}

static int perf_reset(struct pmukit_session *s)
{
	int ret = pmukit_perf_reset_events(s, s->priv);

	return ret ? pmukit_err(ret, "resetting the perf events: %s", strerror(-ret)) : 0;
}

static int perf_read(struct pmukit_session *s, struct pmukit_count *counts)
{
	return pmukit_perf_read_events(s, s->priv, counts);
}

static void perf_close(struct pmukit_session *s)
{
	if (s->priv)
		pmukit_perf_close_events(s->priv);
	pmukit_backend_release(s, 0);
}

PMUKIT_BACKEND(perf, perf, "perf", PMUKIT_PATH_PERF);
