/* SPDX-License-Identifier: MIT */
/*
 * What doctor.c and doctor_module.c share: the facts read once, the list of
 * findings being written, and the helpers that write one.
 */
#ifndef PMUKIT_DOCTOR_PRIV_H
#define PMUKIT_DOCTOR_PRIV_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "pmukit/doctor.h"
#include "cores.h"

struct facts {
	struct pmukit_cores cores;
	int arm;			/* some core type has a MIDR */
	char cpu_pmu[PMUKIT_MAX_CORE_TYPES * 66];	/* perf's CPU PMUs, "" none */
	int have_interrupts;		/* /proc/interrupts was read */
	int pmu_irq;			/* and it has an arm-pmu line */
	char model[128];		/* /proc/device-tree/model, "" none */
	char vm[256];			/* what says this is a virtual machine, "" nothing */
	int paranoid;			/* -100: no perf events in this kernel */
	int user_access;		/* -1: no such sysctl */
	char watchdog[16];		/* kernel.nmi_watchdog, "" absent */
	char mode[32];			/* pmukit.ko's mode, "" not loaded */
	char events[160];		/* and its events= */
	unsigned int kernel_el;
	char release[128];		/* kernel.osrelease */
	int root;
	char access_off[256];		/* the module's CPUs whose user access is off, "" none */
	int dev_denied;			/* mode=read and this user may not open /dev/pmukit */
};

struct doctor {
	struct pmukit_finding *out;
	size_t max;
	int n;
	struct pmukit_finding spare;	/* a finding past @max is written here */
	struct facts f;
};

static inline void put(char *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void put(char *buf, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, PMUKIT_FINDING_TEXT, fmt, ap);
	va_end(ap);
}

static inline struct pmukit_finding *add(struct doctor *d, enum pmukit_finding_kind kind,
					 const char *name, int fix_needed)
{
	struct pmukit_finding *x = (size_t)d->n < d->max ? &d->out[d->n] : &d->spare;

	d->n++;
	memset(x, 0, sizeof(*x));
	x->kind = kind;
	x->name = name;
	x->fix_needed = fix_needed;
	return x;
}

/* What counts now, from the facts: the paths that work, in auto's order. */
void pmukit_doctor_works(const struct facts *f, char *buf);

/* doctor_module.c: the module's state. */
void pmukit_doctor_module_facts(struct facts *f);
void pmukit_doctor_counters_taken(struct doctor *d);
void pmukit_doctor_module_mode(struct doctor *d);
void pmukit_doctor_stopped(struct doctor *d);
void pmukit_doctor_access_off(struct doctor *d);

#endif /* PMUKIT_DOCTOR_PRIV_H */
