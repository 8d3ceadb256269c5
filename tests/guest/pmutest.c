// SPDX-License-Identifier: MIT
/*
 * pmutest: the user-space side of the kernel module's tests, run in the QEMU
 * guests. Each subcommand does one thing and prints key=value results; the
 * guest test scripts turn them into TAP.
 *
 *   pmutest probe [-c CPU]       read the cycle counter; exit 0 on, 3 no access
 *   pmutest percpu               probe on every online CPU; exit 3 if one is off
 *   pmutest b2b [-c CPU] [-n N]  back-to-back read statistics
 *   pmutest swinc N              counter 0 = SW_INCR, N software increments
 *   pmutest window N             cycles and INST_RETIRED (EL0 only) around 2N insns
 *   pmutest readwindow N         counter 0 as the module programmed it (mode=read)
 *   pmutest cc64                 64-bit cycle counter (AArch64) / mrrc probe + wrap
 *   pmutest write-pmcr           try to write PMCR from EL0; exit 3 if it faults
 *   pmutest pmcr [-c CPU]        PMCR as this CPU reads it from EL0, and its N
 *   pmutest perf-cycles          a hardware perf event in this process, then close
 *   pmutest setcc VALUE          write the cycle counter (full access)
 *   pmutest setctr N VALUE       write event counter N (full access)
 *   pmutest getctr N             read event counter N (full access, or mode=read)
 *   pmutest stopcc               disable the cycle counter (PMCNTENCLR.C, full access)
 *   pmutest keep V MS            counter 0 set to V (stopped), MS ms of sleeps, read again:
 *                                a process's count kept across its task switches
 *   pmutest counters             the counters /dev/pmukit lets this process program on cpu0
 *
 * -d (any subcommand): open /dev/pmukit first and hold it: full access for
 * this process while it runs (mode=read); exit 4 if the open fails.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <pmukit/b2b.h>
#include <pmukit/kmod_dev.h>
#include <pmukit/pmukit.h>
#include <pmukit/sysreg.h>
#include "guest_irq.h"
#include "guest_pin.h"
#include "pmutest_asm.h"

#define EXIT_NOACCESS	3

/*
 * Runs fn(arg) under the library's SIGILL guard: -1 if it raised SIGILL (no
 * access), else 0. The guard failing to install (sigaction) ends the program
 * with exit 2, a setup failure, never taken for "no access".
 */
static int try_insn(void (*fn)(void *), void *arg)
{
	int r = pmukit_call_guarded(fn, arg);

	if (r && r != -EACCES) {
		fprintf(stderr, "pmutest: SIGILL guard: %s\n", strerror(-r));
		exit(2);
	}
	return r ? -1 : 0;
}

/*
 * try_insn() of a measurement until no interrupt came into it (guest_irq.h):
 * -1 if it faulted, else how many runs an interrupt disturbed and were
 * measured again (GUEST_IRQ_TRIES: every one was, the last one is kept).
 */
static int try_quiet(void (*fn)(void *), void *arg)
{
	unsigned int again;
	int ret = 0;

	GUEST_IRQ_QUIET_N(ret, again, ret = try_insn(fn, arg));
	return ret ? -1 : (int)again;
}

static void read_cc(void *out)
{
	*(uint64_t *)out = pmukit_read_pmccntr();
}

/*
 * Pinned to @cpu (when >= 0), *v = what @fn reads: 0, or EXIT_NOACCESS
 * after saying so when reading @what raised SIGILL.
 */
static int read_on(int cpu, void (*fn)(void *), uint64_t *v, const char *what)
{
	*v = 0;
	if (cpu >= 0)
		guest_pin("pmutest", cpu);
	if (try_insn(fn, v)) {
		printf("cpu%d: no user access (reading %s raised SIGILL)\n", sched_getcpu(), what);
		return EXIT_NOACCESS;
	}
	return 0;
}

static int probe(int cpu)
{
	uint64_t v;

	if (read_on(cpu, read_cc, &v, "the cycle counter"))
		return EXIT_NOACCESS;
	printf("cpu%d: user access on (cycle counter 0x%" PRIx64 ")\n", sched_getcpu(), v);
	return 0;
}

static void read_pmcr(void *out)
{
	*(uint64_t *)out = pmukit_read_pmcr();
}

static int pmcr(int cpu)
{
	uint64_t v;

	if (read_on(cpu, read_pmcr, &v, "PMCR"))
		return EXIT_NOACCESS;
	printf("cpu=%d pmcr=0x%08" PRIx64 " n=%u\n", sched_getcpu(), v,
	       (unsigned int)PMUKIT_PMCR_N(v));
	return 0;
}

static int percpu(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);
	int cpu, rc = 0, st;
	char path[64];

	for (cpu = 0; cpu < n; cpu++) {
		FILE *f;
		int online = 1;
		pid_t pid;

		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
		f = fopen(path, "r");
		if (f) {
			online = fgetc(f) == '1';
			fclose(f);
		}
		if (!online)
			continue;
		fflush(stdout);
		pid = fork();
		if (pid == 0)
			exit(probe(cpu));
		waitpid(pid, &st, 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			rc = EXIT_NOACCESS;
	}
	return rc;
}

struct b2b_arg {
	pmukit_ureg_t *buf;
	unsigned long n;
};

static void do_b2b(void *p)
{
	struct b2b_arg *a = p;

	pmukit_b2b_cycles(a->buf, a->n);
}

static int b2b(int cpu, unsigned long n)
{
	pmukit_ureg_t *buf = calloc(n, sizeof(*buf));
	struct b2b_arg a;
	int disturbed;
	uint64_t d, min = UINT64_MAX, max = 0, sum = 0, wrapped = 0, used = 0;
	double mean, var = 0;
	unsigned long i;

	if (!buf || n < 2)
		return 2;
	if (cpu >= 0)
		guest_pin("pmutest", cpu);
	a.buf = buf;
	a.n = n;
	disturbed = try_quiet(do_b2b, &a);
	if (disturbed < 0)
		return printf("no user access\n"), EXIT_NOACCESS;
	for (i = 1; i < n; i++) {
		if (buf[i] < buf[i - 1]) {
			wrapped++;
			continue;
		}
		d = buf[i] - buf[i - 1];
		min = d < min ? d : min;
		max = d > max ? d : max;
		sum += d;
		used++;
	}
	mean = used ? (double)sum / used : 0;
	for (i = 1; i < n; i++)
		if (buf[i] >= buf[i - 1])
			var += ((double)(buf[i] - buf[i - 1]) - mean) *
			       ((double)(buf[i] - buf[i - 1]) - mean);
	printf("cpu=%d samples=%" PRIu64 " min=%" PRIu64 " max=%" PRIu64
	       " mean=%.2f sd=%.2f wrapped=%" PRIu64 " disturbed=%d\n", sched_getcpu(), used,
	       min, max, mean, used ? __builtin_sqrt(var / used) : 0.0, wrapped, disturbed);
	free(buf);
	return 0;
}

/* Counter 0: stop, set type and filter, zero it, start (full access). */
static void program_counter0(pmukit_ureg_t type)
{
	pmukit_write_pmcntenclr(1);	/* PMCNTENCLR.P0: stop counter 0 */
	pmukit_write_pmselr(0);		/* PMSELR.SEL: counter 0 for PMXEV* */
	pmukit_isb();
	pmukit_write_pmxevtyper(type);	/* PMXEVTYPER: event and P/U filter */
	pmukit_write_pmxevcntr(0);	/* PMXEVCNTR: start from zero */
	pmukit_write_pmcntenset(1);	/* PMCNTENSET.P0: start counter 0 */
	pmukit_isb();
}

struct swinc_arg {
	unsigned long n;
	uint64_t count;
};

static void do_swinc(void *p)
{
	struct swinc_arg *a = p;
	unsigned long i;

	program_counter0(PMUKIT_EVT_SW_INCR);	/* counted at every level */
	for (i = 0; i < a->n; i++)
		pmukit_write_pmswinc(1);	/* PMSWINC.P0: +1 on counter 0 */
	pmukit_isb();
	a->count = pmukit_read_pmevcntr(0);
}

static int swinc(unsigned long n)
{
	struct swinc_arg a = { .n = n };

	guest_pin("pmutest", 0);
	if (try_insn(do_swinc, &a))
		return printf("no user access to program the PMU\n"), EXIT_NOACCESS;
	printf("swinc writes=%lu count=%" PRIu64 "\n", n, a.count);
	return 0;
}

struct window_arg {
	unsigned long n;
	int program;
	uint64_t cycles, insns;
};

static void do_window(void *p)
{
	struct window_arg *a = p;

	if (a->program)	/* INST_RETIRED at EL0 only: P set, so EL1 is excluded */
		program_counter0(PMUKIT_EVT_INST_RETIRED | PMUKIT_PMEVTYPER_P_BIT);
	pmukit_write_pmselr(0);	/* PMSELR.SEL: counter 0 (the 32-bit window reads PMXEVCNTR) */
	pmukit_isb();
	a->cycles = window_cycles(a->n);
	a->insns = window_evcntr0(a->n);
}

static int window(unsigned long n, int program)
{
	struct window_arg a = { .n = n, .program = program };

	int disturbed;

	guest_pin("pmutest", 0);
	disturbed = try_quiet(do_window, &a);
	if (disturbed < 0)
		return printf("no user access\n"), EXIT_NOACCESS;
	printf("window n=%lu cycles=%" PRIu64 " inst_retired=%" PRIu64 " expected=%lu disturbed=%d\n",
	       n, a.cycles, a.insns, 2 * n + PMUTEST_WINDOW_EXTRA, disturbed);
	return 0;
}

static void do_write_pmcr(void *p)
{
	(void)p;
	pmukit_write_pmcr(pmukit_read_pmcr());
}

static int write_pmcr(void)
{
	if (try_insn(do_write_pmcr, NULL)) {
		printf("writing PMCR from user space faulted (SIGILL)\n");
		return EXIT_NOACCESS;
	}
	printf("writing PMCR from user space worked\n");
	return 0;
}

#if defined(__aarch64__)
struct cc64_arg {
	pmukit_ureg_t pmcr;
	uint64_t after;
};

static void do_cc64(void *p)
{
	struct cc64_arg *a = p;

	a->pmcr = pmukit_read_pmcr();
	pmukit_write_pmccntr(0xffffff00ULL);	/* PMCCNTR: 256 cycles below 2^32 */
	pmukit_isb();
	window_cycles(1000);
	a->after = pmukit_read_pmccntr();
}

static int cc64(void)
{
	struct cc64_arg a;

	guest_pin("pmutest", 0);
	if (try_insn(do_cc64, &a))
		return printf("no user access\n"), EXIT_NOACCESS;
	printf("cc64 lc=%d start=0xffffff00 after=0x%" PRIx64 " width=%d\n",
	       !!(a.pmcr & PMUKIT_PMCR_LC_BIT), a.after, a.after > 0xffffffffULL ? 64 : 32);
	return 0;
}
#else
static void do_mrrc(void *p)
{
	*(uint64_t *)p = pmukit_read_pmccntr64();
}

struct wrap_arg {
	unsigned long n;
	uint64_t plain, wrapped;
	uint32_t before, after;
};

static void do_wrap(void *p)
{
	struct wrap_arg *a = p;

	pmukit_write_pmccntr32(0);		/* PMCCNTR: far from a wrap */
	pmukit_isb();
	a->plain = window_cycles(a->n);
	pmukit_write_pmccntr32(0xffffff00U);	/* PMCCNTR: wraps inside the window */
	pmukit_isb();
	a->before = pmukit_read_pmccntr32();
	a->wrapped = window_cycles(a->n);
	a->after = pmukit_read_pmccntr32();
}

static int cc64(void)
{
	struct wrap_arg w = { .n = 1000 };
	uint64_t v;
	int have_mrrc, disturbed;

	guest_pin("pmutest", 0);
	have_mrrc = try_insn(do_mrrc, &v) == 0;
	disturbed = try_quiet(do_wrap, &w);
	if (disturbed < 0)
		return printf("no user access\n"), EXIT_NOACCESS;
	printf("cc64 mrrc=%s width=%d plain=%" PRIu64 " across_wrap=%" PRIu64
	       " wrapped=%s disturbed=%d\n", have_mrrc ? "yes" : "no(SIGILL)", have_mrrc ? 64 : 32,
	       w.plain, w.wrapped, w.after < w.before ? "yes" : "no", disturbed);
	return 0;
}
#endif

static int perf_cycles(void)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_HARDWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_HW_CPU_CYCLES,
		.exclude_kernel = 1,
	};
	uint64_t count = 0;
	volatile unsigned long spin;
	int fd;

	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0) {
		printf("perf_event_open(PERF_COUNT_HW_CPU_CYCLES): %s\n", strerror(errno));
		return 4;
	}
	/* Plain work: the PMU may be closed to EL0 while perf owns it. */
	for (spin = 0; spin < 100000; spin++)
		;
	if (read(fd, &count, sizeof(count)) != sizeof(count))
		count = 0;
	close(fd);
	printf("perf cycles=%" PRIu64 "\n", count);
	return 0;
}

static void do_setcc(void *p)
{
	pmukit_write_pmccntr(*(uint64_t *)p);	/* PMCCNTR: the value asked for */
	pmukit_isb();
}

static int setcc(uint64_t v)
{
	guest_pin("pmutest", 0);
	if (try_insn(do_setcc, &v))
		return printf("no user access\n"), EXIT_NOACCESS;
	printf("cycle counter set to 0x%" PRIx64 "\n", v);
	return 0;
}

struct ctr_arg {
	unsigned int idx;
	uint64_t v;
};

static void do_setctr(void *p)
{
	struct ctr_arg *a = p;

	pmukit_write_pmevcntr(a->idx, a->v);	/* PMEVCNTRn: the value asked for */
	pmukit_isb();
}

static void do_getctr(void *p)
{
	struct ctr_arg *a = p;

	pmukit_isb();
	a->v = pmukit_read_pmevcntr(a->idx);
}

static void do_stopcc(void *p)
{
	(void)p;
	pmukit_write_pmcntenclr(PMUKIT_CYCLE_COUNTER_BIT);	/* PMCNTENCLR.C: stop the cycle counter */
	pmukit_isb();
}

/* setctr / getctr / stopcc on CPU 0: @what 's', 'g' or 'c'. */
static int ctr(int what, unsigned int idx, uint64_t v)
{
	struct ctr_arg a = { .idx = idx, .v = v };

	guest_pin("pmutest", 0);
	if (try_insn(what == 's' ? do_setctr : what == 'g' ? do_getctr : do_stopcc, &a))
		return printf("no user access\n"), EXIT_NOACCESS;
	if (what == 'g')
		printf("counter=%u value=0x%" PRIx64 "\n", idx, a.v);
	return 0;
}

static void do_keep_set(void *p)
{
	/* PMCNTENCLR: counter 0 stopped, so the value read back is the one written. */
	pmukit_write_pmcntenclr(1);
	pmukit_write_pmevcntr(0, *(uint64_t *)p);	/* PMEVCNTR0: the value asked for */
	pmukit_isb();
}

/* Counter 0 set to @v, @ms ms of sleeps (task switches), read back. */
static int keep(uint64_t v, unsigned long ms)
{
	struct ctr_arg a = { .idx = 0 };
	struct timespec ts = { .tv_nsec = 10 * 1000 * 1000 };
	unsigned long i;

	guest_pin("pmutest", 0);
	if (try_insn(do_keep_set, &v))
		return printf("no user access\n"), EXIT_NOACCESS;
	for (i = 0; i < ms / 10; i++)
		nanosleep(&ts, NULL);
	if (try_insn(do_getctr, &a))
		return printf("no user access after the sleeps\n"), EXIT_NOACCESS;
	printf("set=0x%" PRIx64 " value=0x%" PRIx64 " kept=%s\n", v, a.v, a.v == v ? "yes" : "no");
	return 0;
}

static int dev_fd = -1;

static int counters(void)
{
	struct pmukit_dev_counters c;

	guest_pin("pmutest", 0);
	if (dev_fd < 0)
		return fprintf(stderr, "pmutest: counters needs -d\n"), 2;
	if (ioctl(dev_fd, PMUKIT_IOC_COUNTERS, &c))
		return printf("PMUKIT_IOC_COUNTERS: %s\n", strerror(errno)), 1;
	printf("cpu=%u counters=0x%08x\n", c.cpu, c.counters);
	return 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: pmutest probe|percpu|pmcr|b2b|swinc N|window N|readwindow N|cc64|write-pmcr|perf-cycles|setcc V|setctr N V|getctr N|stopcc|keep V MS|counters [-d] [-c CPU] [-n N]\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *cmd;
	int cpu = -1, opt;
	unsigned long n = 1000;

	if (argc < 2)
		return usage();
	cmd = argv[1];
	optind = 2;
	while ((opt = getopt(argc, argv, "c:n:d")) != -1) {
		if (opt == 'd') {
			dev_fd = open(PMUKIT_DEV_PATH, O_RDONLY | O_CLOEXEC);
			if (dev_fd < 0) {
				printf("cannot open %s: %s\n", PMUKIT_DEV_PATH, strerror(errno));
				return 4;
			}
		} else if (opt == 'c')
			cpu = atoi(optarg);
		else if (opt == 'n')
			n = strtoul(optarg, NULL, 0);
		else
			return usage();
	}
	if (optind < argc)
		n = strtoul(argv[optind], NULL, 0);
	setvbuf(stdout, NULL, _IOLBF, 0);

	if (!strcmp(cmd, "probe"))
		return probe(cpu);
	if (!strcmp(cmd, "percpu"))
		return percpu();
	if (!strcmp(cmd, "pmcr"))
		return pmcr(cpu);
	if (!strcmp(cmd, "b2b"))
		return b2b(cpu, n);
	if (!strcmp(cmd, "swinc"))
		return swinc(n);
	if (!strcmp(cmd, "window"))
		return window(n, 1);
	if (!strcmp(cmd, "readwindow"))
		return window(n, 0);
	if (!strcmp(cmd, "cc64"))
		return cc64();
	if (!strcmp(cmd, "write-pmcr"))
		return write_pmcr();
	if (!strcmp(cmd, "perf-cycles"))
		return perf_cycles();
	if (!strcmp(cmd, "setcc"))
		return setcc(n);
	if (!strcmp(cmd, "setctr") && optind + 1 < argc)
		return ctr('s', (unsigned int)n, strtoull(argv[optind + 1], NULL, 0));
	if (!strcmp(cmd, "getctr"))
		return ctr('g', (unsigned int)n, 0);
	if (!strcmp(cmd, "stopcc"))
		return ctr('c', 0, 0);
	if (!strcmp(cmd, "keep") && optind + 1 < argc)
		return keep(n, strtoul(argv[optind + 1], NULL, 0));
	if (!strcmp(cmd, "counters"))
		return counters();
	return usage();
}
