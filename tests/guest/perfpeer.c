// SPDX-License-Identifier: MIT
/*
 * perfpeer: another program's perf events, around something that may touch
 * the PMU. It shows whether pmukit.ko (its load, rearm, idle exit, unload)
 * disturbs perf events it does not own.
 *
 *   perfpeer [-a] [-n N] ACTION            counting: prints cycles_u= inst_u= ...
 *   perfpeer [-a] [-n N] -s P [-e cycles|inst] ACTION
 *                                          sampling: prints samples= ...
 *   perfpeer -i                            which counters perf gave the events
 *   perfpeer -f CPU                        how many counters perf has free on CPU
 *   -a                                     CPU-wide events instead (below)
 *
 * The events are this process's own (pid 0, cpu -1, inherit 0), user space
 * only (exclude_kernel, exclude_hv). perf takes a task's events off the PMU
 * whenever the task is switched out and programs them again when it comes
 * back, so whatever another task or a kernel thread does to the PMU in the
 * meantime is repaired before they count again. With -a the events are
 * CPU-wide (pid -1, cpu 0; the process runs on CPU 0), like those of the
 * kernel's hard-lockup watchdog or of 'perf record -a': they stay on the PMU
 * through every switch, so they see what a kernel thread (the module's
 * hotplug callbacks run on one) or idle does to the registers. They count
 * the user instructions of every process on CPU 0: in the one-CPU test
 * guest, while this program runs, that is this program alone (its shell
 * waits), except for exec:, whose child then counts too.
 * Between enabling and disabling them it runs spin(N), ACTION, spin(N):
 *
 *   none                 nothing
 *   write:PATH:TEXT      open PATH, write TEXT, close
 *   exec:CMD             fork; the child runs sh -c CMD (not counted); wait
 *   sleep:MS             sleep MS milliseconds: the CPU idles (0: returns at once)
 *   load:PATH[:PARAMS]   finit_module(PATH, PARAMS) in this process, so the
 *                        events are live on the CPU while the module loads
 *   unload:NAME          delete_module(NAME) in this process, likewise
 *
 * Every action is made of raw system calls (raw_syscall.h), so the user
 * instructions of one kind of action do not depend on its arguments or on
 * whether its calls succeed: under -icount shift=0 the counts of
 * write:/sys/kernel/pmukit/rearm:1 and write:/dev/null:1 (or load:pmukit.ko
 * and load:/dev/null) are equal unless something outside this process
 * changed what its events count.
 *
 * Counting: one group, CPU_CYCLES (PERF_TYPE_HARDWARE: perf puts it on the
 * cycle counter when free) leading INST_RETIRED (PERF_TYPE_RAW 0x08, an event
 * counter). A group because one ioctl enables and disables both, so both
 * count exactly the same instructions, one read gives both, and perf
 * schedules them together (time_running says whether they ran).
 *
 * Sampling: one event (CPU_CYCLES:u, or INST_RETIRED:u with -e inst) with
 * sample_period P into a ring buffer; prints the PERF_RECORD_SAMPLE records,
 * those written before the action, and LOST and THROTTLE records. Each
 * overflow interrupt writes one sample, and perf re-arms the counter with
 * what is left of the period (armpmu_event_set_period), so the samples fall
 * at every P-th counted event whatever the interrupt's skid: the samples are
 * exactly floor(count / P) (printed as floor=) while overflow interrupts
 * are delivered. An overflow in the last instructions before the disabling
 * system call is still delivered: the kernel unmasks interrupts on syscall
 * entry, before the ioctl disables the event. Measured on QEMU 7.2: this
 * holds for the cycle counter; an event counter's (INST_RETIRED) overflow
 * interrupt comes only at the next exception (a timer tick, a system call),
 * so -e inst gives a few samples where floor() says 39: the tests sample
 * CPU_CYCLES, which perf puts on the cycle counter.
 *
 * Free counters (-f): pinned CPU-wide INST_RETIRED events on CPU, opened one
 * after the other until perf cannot schedule one (a pinned event that finds
 * no counter goes into the error state, and read() returns nothing); prints
 * cpu= fit=, the number that counted. Each is a 32-bit event, one event
 * counter each, so fit is the event counters nobody holds on that CPU.
 *
 * Exit status: 0, 2 usage, 3 no perf PMU here (hardware events unknown:
 * ENOENT, ENODEV, EOPNOTSUPP, ENOSYS), 4 another perf or mmap error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "guest_pin.h"
#include "pmutest_asm.h"
#include "raw_syscall.h"

#define EXIT_NOPMU	3
#define EXIT_PERF	4
#define RAW_INST_RETIRED 0x08
#define RING_PAGES	16	/* data pages of the sampling ring buffer */

enum kind { ACT_NONE, ACT_WRITE, ACT_EXEC, ACT_SLEEP, ACT_LOAD, ACT_UNLOAD };

/* The kernel's struct timespec for clock_nanosleep on both ABIs (long, long). */
struct ktime { long sec, nsec; };

struct action {
	enum kind kind;
	const char *path;	/* write, load: the file; unload: the module */
	const char *text;	/* write: what; load: the parameters */
	long len;		/* write: strlen(text) */
	char *argv[4];		/* exec: sh -c CMD */
	struct ktime ts;	/* sleep */
	int status;		/* exec: the child's wait status */
};

extern char **environ;

static int cpu_wide;	/* -a: pid -1 on CPU 0, not this task */

static int usage(void)
{
	fprintf(stderr, "usage: perfpeer [-a] [-n N] [-s PERIOD [-e cycles|inst]] ACTION | perfpeer -i | perfpeer -f CPU\n"
			"  ACTION: none | write:PATH:TEXT | exec:CMD | sleep:MS | load:PATH[:PARAMS] | unload:NAME\n");
	return 2;
}

static int parse(const char *s, struct action *a)
{
	const char *arg = strchr(s, ':');
	char *rest;

	memset(a, 0, sizeof(*a));
	if (!strcmp(s, "none"))
		return 0;
	if (!arg)
		return -1;
	arg++;
	if (!strncmp(s, "write:", 6) || !strncmp(s, "load:", 5)) {
		a->kind = s[0] == 'w' ? ACT_WRITE : ACT_LOAD;
		a->path = rest = strdup(arg);
		rest = strchr(rest, ':');
		if (rest)
			*rest++ = '\0';
		else if (a->kind == ACT_WRITE)
			return -1;
		a->text = rest ? rest : "";
		a->len = (long)strlen(a->text);
	} else if (!strncmp(s, "exec:", 5)) {
		a->kind = ACT_EXEC;
		a->argv[0] = "sh";
		a->argv[1] = "-c";
		a->argv[2] = (char *)arg;
	} else if (!strncmp(s, "sleep:", 6)) {
		unsigned long ms = strtoul(arg, &rest, 10);

		if (*rest)
			return -1;
		a->kind = ACT_SLEEP;
		a->ts.sec = (long)(ms / 1000);
		a->ts.nsec = (long)(ms % 1000) * 1000000;
	} else if (!strncmp(s, "unload:", 7)) {
		a->kind = ACT_UNLOAD;
		a->path = arg;
	} else {
		return -1;
	}
	return 0;
}

/*
 * The action, noinline: the same instructions for every action of a kind.
 * No branch depends on a result (the exec child's branch is taken only in
 * the child, which is not counted). Returns the last call's result.
 */
static __attribute__((noinline)) long act(struct action *a)
{
	long fd, rc, pid;

	switch (a->kind) {
	case ACT_NONE:
		return 0;
	case ACT_WRITE:
		fd = raw_syscall(SYS_openat, AT_FDCWD, (long)a->path, O_WRONLY, 0, 0);
		rc = raw_syscall(SYS_write, fd, (long)a->text, a->len, 0, 0);
		raw_syscall(SYS_close, fd, 0, 0, 0, 0);
		return rc;
	case ACT_EXEC:
		pid = raw_syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
		if (pid == 0) {
			raw_syscall(SYS_execve, (long)"/bin/sh", (long)a->argv, (long)environ, 0, 0);
			raw_syscall(SYS_exit_group, 127, 0, 0, 0, 0);
		}
		return raw_syscall(SYS_wait4, pid, (long)&a->status, 0, 0, 0);
	case ACT_SLEEP:
		return raw_syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, (long)&a->ts, 0, 0);
	case ACT_LOAD:
		fd = raw_syscall(SYS_openat, AT_FDCWD, (long)a->path, O_RDONLY | O_CLOEXEC, 0, 0);
		rc = raw_syscall(SYS_finit_module, fd, (long)a->text, 0, 0, 0);
		raw_syscall(SYS_close, fd, 0, 0, 0, 0);
		return rc;
	case ACT_UNLOAD:
		return raw_syscall(SYS_delete_module, (long)a->path, O_NONBLOCK, 0, 0, 0);
	}
	return 0;
}

/*
 * The counted window: enable, spin(n), the action, spin(n), disable. With a
 * ring buffer, its data_head after the first loop says how many records
 * came before the action (one load; the same in every run of a mode).
 */
static __attribute__((noinline)) long window(int fd, unsigned long n, struct action *a,
					     const struct perf_event_mmap_page *pg, uint64_t *mid)
{
	long rc;

	raw_syscall(SYS_ioctl, fd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP, 0, 0);
	spin(n);
	if (pg)
		*mid = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	rc = act(a);
	spin(n);
	raw_syscall(SYS_ioctl, fd, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP, 0, 0);
	return rc;
}

static int open_event(struct perf_event_attr *attr, int group)
{
	int fd = (int)syscall(SYS_perf_event_open, attr, cpu_wide ? -1 : 0, cpu_wide ? 0 : -1,
			      group, PERF_FLAG_FD_CLOEXEC);

	if (fd >= 0)
		return fd;
	if (errno == ENOENT || errno == ENODEV || errno == EOPNOTSUPP || errno == ENOSYS) {
		printf("perfpeer: no perf PMU for this event here: perf_event_open(type %u config 0x%llx%s): %s\n",
		       attr->type, (unsigned long long)attr->config,
		       attr->sample_period ? ", sampling" : "", strerror(errno));
		exit(EXIT_NOPMU);
	}
	printf("perfpeer: perf_event_open(type %u config 0x%llx): %s\n", attr->type,
	       (unsigned long long)attr->config, strerror(errno));
	exit(EXIT_PERF);
}

static void user_only(struct perf_event_attr *attr, uint32_t type, uint64_t config)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = type;
	attr->config = config;
	attr->exclude_kernel = 1;
	attr->exclude_hv = 1;
}

/* The group: leader CPU_CYCLES (disabled until the window), member INST_RETIRED. */
static void open_group(int fd[2], uint64_t config1)
{
	struct perf_event_attr attr;

	user_only(&attr, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	attr.disabled = 1;
	attr.config1 = config1;
	attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
			   PERF_FORMAT_TOTAL_TIME_RUNNING;
	fd[0] = open_event(&attr, -1);
	user_only(&attr, PERF_TYPE_RAW, RAW_INST_RETIRED);
	attr.config1 = config1;
	fd[1] = open_event(&attr, fd[0]);
}

static int counting(unsigned long n, struct action *a)
{
	struct { uint64_t nr, enabled, running, v[2]; } r;
	int fd[2];
	long rc;

	open_group(fd, 0);
	rc = window(fd[0], n, a, NULL, NULL);
	if (read(fd[0], &r, sizeof(r)) != (ssize_t)sizeof(r) || r.nr != 2) {
		printf("perfpeer: reading the group: %s\n", strerror(errno));
		return EXIT_PERF;
	}
	printf("cycles_u=%" PRIu64 " inst_u=%" PRIu64 " time_enabled=%" PRIu64
	       " time_running=%" PRIu64 " action_rc=%ld status=%d\n",
	       r.v[0], r.v[1], r.enabled, r.running, rc, a->status);
	return 0;
}

struct ring_count { uint64_t samples, before, lost, throttle; };

/* Walk the records from 0 to head (the buffer is never full: checked). */
static void ring_walk(const struct perf_event_mmap_page *pg, uint64_t head, uint64_t mid,
		      struct ring_count *c)
{
	const unsigned char *data = (const unsigned char *)pg + pg->data_offset;
	const struct perf_event_header *h;
	uint64_t off;

	memset(c, 0, sizeof(*c));
	for (off = 0; off < head; off += h->size) {
		h = (const struct perf_event_header *)(data + off);
		if (!h->size)
			break;
		if (h->type == PERF_RECORD_SAMPLE) {
			c->samples++;
			c->before += off < mid;
		} else if (h->type == PERF_RECORD_LOST) {
			/* header, id, lost */
			c->lost += ((const uint64_t *)(h + 1))[1];
		} else if (h->type == PERF_RECORD_THROTTLE) {
			c->throttle++;
		}
	}
}

static int sampling(unsigned long n, uint64_t period, int cycles, struct action *a)
{
	struct perf_event_attr attr;
	struct { uint64_t v, enabled, running; } r;
	struct perf_event_mmap_page *pg;
	struct ring_count c;
	size_t psz = (size_t)sysconf(_SC_PAGESIZE);
	uint64_t head, mid = 0;
	long rc;
	int fd;

	if (cycles)
		user_only(&attr, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	else
		user_only(&attr, PERF_TYPE_RAW, RAW_INST_RETIRED);
	attr.disabled = 1;
	attr.sample_period = period;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	fd = open_event(&attr, -1);
	pg = mmap(NULL, (1 + RING_PAGES) * psz, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pg == MAP_FAILED) {
		printf("perfpeer: mmap of the ring buffer: %s\n", strerror(errno));
		return EXIT_PERF;
	}
	rc = window(fd, n, a, pg, &mid);
	if (read(fd, &r, sizeof(r)) != (ssize_t)sizeof(r)) {
		printf("perfpeer: reading the sampling event: %s\n", strerror(errno));
		return EXIT_PERF;
	}
	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	if (head >= pg->data_size) {
		printf("perfpeer: the ring buffer filled (%" PRIu64 " bytes): use a longer period\n", head);
		return EXIT_PERF;
	}
	ring_walk(pg, head, mid, &c);
	printf("samples=%" PRIu64 " samples_before=%" PRIu64 " samples_after=%" PRIu64
	       " floor=%" PRIu64 " count=%" PRIu64 " period=%" PRIu64 " lost=%" PRIu64
	       " throttle=%" PRIu64 " time_enabled=%" PRIu64 " time_running=%" PRIu64
	       " action_rc=%ld status=%d\n",
	       c.samples, c.before, c.samples - c.before, r.v / period, r.v, period, c.lost,
	       c.throttle, r.enabled, r.running, rc, a->status);
	return 0;
}

/*
 * Which counter each event of the group runs on: the mmap page's index (32:
 * the cycle counter, n: event counter n - 1), given only to events asking
 * for user reads (config1 bit 1) while kernel.perf_user_access is 1.
 */
static const char *counter_name(uint32_t index, char *buf, size_t len)
{
	if (index == 32)
		return "ccnt";
	if (!index)
		return "unknown(perf_user_access=0?)";
	snprintf(buf, len, "evcnt%u", index - 1);
	return buf;
}

static int where(void)
{
	size_t psz = (size_t)sysconf(_SC_PAGESIZE);
	struct perf_event_mmap_page *pg[2];
	char b0[16], b1[16];
	uint32_t idx[2];
	int fd[2], i;

	open_group(fd, 2);	/* config1 bit 1: user reads, so the page has the index */
	for (i = 0; i < 2; i++) {
		pg[i] = mmap(NULL, psz, PROT_READ, MAP_SHARED, fd[i], 0);
		if (pg[i] == MAP_FAILED) {
			printf("perfpeer: mmap: %s\n", strerror(errno));
			return EXIT_PERF;
		}
	}
	raw_syscall(SYS_ioctl, fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP, 0, 0);
	idx[0] = __atomic_load_n(&pg[0]->index, __ATOMIC_ACQUIRE);
	idx[1] = __atomic_load_n(&pg[1]->index, __ATOMIC_ACQUIRE);
	raw_syscall(SYS_ioctl, fd[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP, 0, 0);
	printf("cycles_counter=%s inst_counter=%s\n", counter_name(idx[0], b0, sizeof(b0)),
	       counter_name(idx[1], b1, sizeof(b1)));
	return 0;
}

#define FIT_MAX	40	/* more than any PMCR.N (31) */

static int fit(int cpu)
{
	struct perf_event_attr attr;
	int fd[FIT_MAX], n = 0, i;
	uint64_t v;

	for (n = 0; n < FIT_MAX; n++) {
		user_only(&attr, PERF_TYPE_RAW, RAW_INST_RETIRED);
		attr.pinned = 1;
		fd[n] = (int)syscall(SYS_perf_event_open, &attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
		if (fd[n] < 0) {
			printf("perfpeer: perf_event_open(INST_RETIRED, cpu %d): %s\n", cpu,
			       strerror(errno));
			return errno == ENOENT || errno == ENODEV || errno == EOPNOTSUPP ?
			       EXIT_NOPMU : EXIT_PERF;
		}
		/* Not scheduled (no counter free): the error state reads nothing. */
		if (read(fd[n], &v, sizeof(v)) != (ssize_t)sizeof(v)) {
			close(fd[n]);
			break;
		}
	}
	for (i = 0; i < n; i++)
		close(fd[i]);
	printf("cpu=%d fit=%d\n", cpu, n);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long n = 100000;
	uint64_t period = 0;
	struct action a;
	int opt, cycles = 1, index = 0, fit_cpu = -1;

	while ((opt = getopt(argc, argv, "n:s:e:iaf:")) != -1) {
		if (opt == 'n')
			n = strtoul(optarg, NULL, 0);
		else if (opt == 's')
			period = strtoull(optarg, NULL, 0);
		else if (opt == 'e' && (!strcmp(optarg, "cycles") || !strcmp(optarg, "inst")))
			cycles = optarg[0] == 'c';
		else if (opt == 'i')
			index = 1;
		else if (opt == 'a')
			cpu_wide = 1;
		else if (opt == 'f')
			fit_cpu = atoi(optarg);
		else
			return usage();
	}
	if (fit_cpu >= 0)
		return optind == argc ? fit(fit_cpu) : usage();
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (cpu_wide)
		guest_pin("perfpeer", 0);
	if (index)
		return optind == argc ? where() : usage();
	if (optind != argc - 1 || !n || parse(argv[optind], &a))
		return usage();
	return period ? sampling(n, period, cycles, &a) : counting(n, &a);
}
