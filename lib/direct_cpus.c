// SPDX-License-Identifier: MIT
/*
 * The direct path's whole CPUs (perf stat -a, -C, -A): a CPU's counters can
 * be programmed and read only on that CPU, so each CPU of a scope gets a
 * thread of its own pinned there, which opens the direct session of that
 * CPU (backend_direct.c, with pmukit.ko's PMUKIT_IOC_CPUWIDE, so that the
 * counters count every task: direct_setup.c) and runs each operation the
 * caller asks of it. The session's table is pmukit_backend_direct_cpu: its
 * operations hand the work to that thread and wait for it.
 *
 * A CPU that goes offline takes the thread elsewhere (the kernel breaks its
 * affinity): from then on nothing is read, the counts stand where the CPU
 * left them and a read says -ENODEV, as scope.c does on the perf path.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "direct.h"
#include "errors.h"
#include "isa.h"
#include "pmu_info.h"

enum cpu_op {
	OP_NONE,	/* nothing asked, or the last one done */
	OP_OPEN,
	OP_START,
	OP_STOP,
	OP_RESET,
	OP_READ,
	OP_CLOSE,
};

struct pmukit_direct_cpu {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;	/* op asked, or op done */
	int cpu;
	enum cpu_op op;
	int ret;
	int gone;		/* the CPU went offline: nothing more is read */
	unsigned int capacity_hint;
	struct pmukit_session *s;
	struct pmukit_count *counts;
	char err[512];
};

int pmukit_direct_scope_check(void)
{
	struct pmukit_kmod k;

	if (!pmukit_isa_arm_pmu)
		return pmukit_err(-EOPNOTSUPP, "the direct path on %s reads the %s of the CPU it runs on and cannot count whole CPUs (-a, -C); the perf path can (--path perf)",
				  pmukit_isa_name, pmukit_isa_clock_name);
	pmukit_kmod_get(&k);
	if (!k.loaded)
		return pmukit_err(-EOPNOTSUPP, "the direct path counts whole CPUs (-a, -C) through pmukit.ko, which is not loaded: load it, or use the perf path (--path perf)");
	return 0;
}

/* Away from its CPU: the counts so far stand (a read says so). */
static int offline_op(struct pmukit_direct_cpu *w, enum cpu_op op)
{
	struct direct *d = w->s->priv;

	w->gone = 1;
	d->running = 0;
	if (op == OP_STOP)
		return 0;
	if (op == OP_READ)
		pmukit_backend_direct.read(w->s, w->counts);
	return pmukit_err(-ENODEV, "cpu %d went offline: its counts stop where it did", w->cpu);
}

static int run_op(struct pmukit_direct_cpu *w, enum cpu_op op)
{
	struct pmukit_session *s = w->s;

	if (op == OP_OPEN)
		return pmukit_direct_open_here(s);
	if (op == OP_CLOSE) {
		pmukit_backend_direct.close(s);
		return 0;
	}
	if (w->gone || pmukit_direct_cpu(s) != w->cpu)
		return offline_op(w, op);
	switch (op) {
	case OP_START:
		return pmukit_backend_direct.start(s);
	case OP_STOP:
		return pmukit_backend_direct.stop(s);
	case OP_RESET:
		return pmukit_backend_direct.reset(s);
	case OP_READ:
		return pmukit_backend_direct.read(s, w->counts);
	default:
		return -EINVAL;
	}
}

/* The CPU's thread: each operation asked, till the close (or a failed open, closed here). */
static void *cpu_thread(void *arg)
{
	struct pmukit_direct_cpu *w = arg;
	enum cpu_op op;
	int ret;

	pthread_mutex_lock(&w->lock);
	do {
		while (w->op == OP_NONE)
			pthread_cond_wait(&w->cond, &w->lock);
		op = w->op;
		pthread_mutex_unlock(&w->lock);
		pmukit_capacity_hint = 0;
		ret = run_op(w, op);
		if (ret)
			snprintf(w->err, sizeof(w->err), "%s", pmukit_last_error());
		if (op == OP_OPEN && ret) {
			/* On its CPU, where the setup it made is undone. */
			pmukit_backend_direct.close(w->s);
			op = OP_CLOSE;
		}
		pthread_mutex_lock(&w->lock);
		w->ret = ret;
		w->capacity_hint = pmukit_capacity_hint;
		w->op = OP_NONE;
		pthread_cond_broadcast(&w->cond);
	} while (op != OP_CLOSE);
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

/* Asks @w for @op and waits for it; its error becomes this thread's. */
static int call(struct pmukit_direct_cpu *w, enum cpu_op op, struct pmukit_count *counts)
{
	int ret;

	pthread_mutex_lock(&w->lock);
	w->op = op;
	w->counts = counts;
	pthread_cond_broadcast(&w->cond);
	while (w->op != OP_NONE)
		pthread_cond_wait(&w->cond, &w->lock);
	ret = w->ret;
	pthread_mutex_unlock(&w->lock);
	if (ret)
		pmukit_err(ret, "%s", w->err);
	return ret;
}

static void cpu_free(struct pmukit_direct_cpu *w)
{
	pthread_join(w->thread, NULL);
	pthread_cond_destroy(&w->cond);
	pthread_mutex_destroy(&w->lock);
	free(w);
}

/*
 * The thread of CPU s->unit_cpu, started with every signal blocked but the
 * faults (the SIGILL of a guarded read must reach the guard): signals are
 * the caller's business.
 */
static int thread_start(struct pmukit_direct_cpu *w)
{
	sigset_t all, old;
	int ret;

	sigfillset(&all);
	sigdelset(&all, SIGILL);
	sigdelset(&all, SIGSEGV);
	sigdelset(&all, SIGBUS);
	sigdelset(&all, SIGFPE);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	ret = pthread_create(&w->thread, NULL, cpu_thread, w);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return -ret;
}

int pmukit_direct_unit_open(struct pmukit_session *s)
{
	struct pmukit_direct_cpu *w = calloc(1, sizeof(*w));
	struct direct *d;
	int ret;

	if (!w)
		return pmukit_err(-ENOMEM, "out of memory");
	w->cpu = s->unit_cpu;
	w->s = s;
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->cond, NULL);
	ret = thread_start(w);
	if (ret) {
		pthread_cond_destroy(&w->cond);
		pthread_mutex_destroy(&w->lock);
		free(w);
		return pmukit_err(ret, "cannot start a thread for cpu %d: %s", s->unit_cpu,
				  strerror(-ret));
	}
	ret = call(w, OP_OPEN, NULL);
	if (ret) {
		pmukit_capacity_hint = w->capacity_hint;
		cpu_free(w);
		return ret;
	}
	d = s->priv;
	d->unit = w;
	s->be = &pmukit_backend_direct_cpu;
	return 0;
}

static int ask(struct pmukit_session *s, enum cpu_op op, struct pmukit_count *counts)
{
	struct direct *d = s->priv;

	return call(d->unit, op, counts);
}

static int unit_detect(char *why, size_t len)
{
	return pmukit_backend_direct.detect(why, len);
}

static int unit_ncounters(void)
{
	return pmukit_backend_direct.ncounters();
}

static int unit_open(struct pmukit_session *s)
{
	return pmukit_direct_unit_open(s);
}

static int unit_start(struct pmukit_session *s)
{
	return ask(s, OP_START, NULL);
}

static int unit_stop(struct pmukit_session *s)
{
	return ask(s, OP_STOP, NULL);
}

static int unit_reset(struct pmukit_session *s)
{
	return ask(s, OP_RESET, NULL);
}

static int unit_read(struct pmukit_session *s, struct pmukit_count *counts)
{
	return ask(s, OP_READ, counts);
}

static int unit_sample(struct pmukit_session *s, uint64_t *buf, size_t n)
{
	(void)buf;
	(void)n;
	return pmukit_err(-EOPNOTSUPP, "cpu %d of a scope is read with pmukit_read_unit(), not sampled",
			  s->unit_cpu);
}

static void unit_close(struct pmukit_session *s)
{
	struct direct *d = s->priv;
	struct pmukit_direct_cpu *w;

	if (!d)
		return;
	w = d->unit;
	call(w, OP_CLOSE, NULL);
	cpu_free(w);
}

/* The direct path's table for a CPU of a scope: the operations run on that CPU's thread. */
PMUKIT_BACKEND(direct_cpu, unit, "direct", PMUKIT_PATH_DIRECT);
