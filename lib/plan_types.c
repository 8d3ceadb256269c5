// SPDX-License-Identifier: MIT
/*
 * A plan on several core types (plan_types.h). perf opens an event on one
 * PMU, and on a big.LITTLE machine each core type has its own: as perf
 * stat does for cpu_core/cpu_atom, a thread or command that may run on
 * several types is counted by one group per type, each counting while the
 * task runs on that type's CPUs. Names are looked up in each type's own
 * table (an IMPLEMENTATION DEFINED name differs from core to core); an
 * architectural event (the Arm ARM's common numbers) means the same
 * everywhere, so only those are summed over the types.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmukit/pmu_fields.h"
#include "cpu.h"
#include "event_spec.h"
#include "plan_types.h"
#include "scope.h"

void pmukit_plan_types_free(struct pmukit_plan_types *ty)
{
	if (!ty)
		return;
	free(ty->ev);
	free(ty);
}

int pmukit_plan_type_of(const struct pmukit_plan_types *ty, int cpu)
{
	unsigned int t;

	for (t = 0; ty && cpu >= 0 && cpu < CPU_SETSIZE && t < ty->n; t++)
		if (CPU_ISSET(cpu, &ty->t[t].cpus))
			return (int)t;
	return -1;
}

int pmukit_ev_summable(const struct pmukit_ev *e)
{
	if (e->kind != PMUKIT_EV_PMU)
		return 1;	/* perf's software and generic events: the same everywhere */
	/* The common architectural and microarchitectural numbers. */
	return e->code < 0x40 || (e->code >= 0x4000 && e->code < 0x4040);
}

/* The first CPU of @set, or -1. */
static int first_cpu(const cpu_set_t *set)
{
	int cpu;

	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, set))
			return cpu;
	return -1;
}

/* Each event of @src as type @t parses it, into ty->ev; the message names the type. */
static int parse_for(struct pmukit_plan_types *ty, unsigned int t,
		     const struct pmukit_plan_src *src, unsigned int n)
{
	const struct pmukit_plan_type *pt = &ty->t[t];
	struct pmukit_ev *ev = &ty->ev[t * PMUKIT_PLAN_MAX_EVENTS];
	const char *spec;
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		if (src[i].spec[0]) {
			spec = src[i].spec;
			ret = pmukit_ev_parse(pt->bind.core, pt->bind.flags, spec, &ev[i]);
		} else {
			ret = pmukit_ev_from_code(pt->bind.core, pt->bind.flags,
						  (unsigned int)src[i].code, &ev[i]);
		}
		/*
		 * An Arm event where there is none (a parse's only -EOPNOTSUPP):
		 * refused where it is opened, as in one type.
		 */
		if (ret == -EOPNOTSUPP)
			ret = 0;
		if (ret) {
			pmukit_err_append("on %s, cpus %s, where the command may run too (count one type with --cpu or taskset -c %s)",
					  pt->name, pt->cpulist, pt->cpulist);
			return ret;
		}
	}
	return 0;
}

int pmukit_plan_types_make(struct pmukit_plan_types **out, const struct pmukit_session *bind,
			   const cpu_set_t *cpus, const struct pmukit_plan_src *src,
			   unsigned int n)
{
	struct pmukit_plan_types *ty;
	struct pmukit_cores c;
	cpu_set_t set, both;
	unsigned int i;
	int ret;

	*out = NULL;
	if (cpus) {
		set = *cpus;
	} else {
		/* A CPU given, or one type: the session's binding is the plan's. */
		if (!bind->span[0] || bind->opt_cpu >= 0)
			return 0;
		if (pmukit_affinity_get(0, &set))
			return 0;
	}
	pmukit_cores_get(&c);
	ty = calloc(1, sizeof(*ty));
	if (!ty)
		return pmukit_err(-ENOMEM, "out of memory");
	for (i = 0; i < c.n; i++) {
		struct pmukit_plan_type *pt = &ty->t[ty->n];

		CPU_AND(&both, &set, &c.t[i].cpus);
		if (!CPU_COUNT(&both))
			continue;
		pt->cpus = both;
		pmukit_cpulist_format(&both, pt->cpulist, sizeof(pt->cpulist));
		if (c.t[i].core)
			snprintf(pt->name, sizeof(pt->name), "%s", c.t[i].core->name);
		else
			snprintf(pt->name, sizeof(pt->name), "MIDR 0x%08x", (unsigned int)c.t[i].midr);
		/* Bound as a session given one of its CPUs: its table, its PMU. */
		pt->bind.flags = bind->flags;
		pt->bind.opt_cpu = first_cpu(&both);
		pt->bind.cpu = -1;
		pt->bind.unit_cpu = -1;
		pmukit_session_bind(&pt->bind);
		pt->bind.opt_cpu = -1;
		pt->bind.type_cpu = first_cpu(&both);
		ty->n++;
	}
	if (ty->n < 2) {
		free(ty);
		return 0;
	}
	ty->ev = calloc((size_t)ty->n * PMUKIT_PLAN_MAX_EVENTS, sizeof(*ty->ev));
	if (!ty->ev) {
		free(ty);
		return pmukit_err(-ENOMEM, "out of memory");
	}
	for (i = 0; i < ty->n; i++) {
		ret = parse_for(ty, i, src, n);
		if (ret) {
			pmukit_plan_types_free(ty);
			return ret;
		}
	}
	*out = ty;
	return 0;
}

int pmukit_plan_types_open(struct pmukit_session **out, const struct pmukit_plan_types *ty,
			   const unsigned int *idx, unsigned int n,
			   const struct pmukit_options *opts, int planned)
{
	struct pmukit_ev ev[PMUKIT_MAX_EVENTS];
	struct pmukit_options po = *opts;
	struct pmukit_scoped *x;
	struct pmukit_session *s;
	unsigned int t, i;
	int ret;

	*out = NULL;
	s = pmukit_scoped_new(ty->n);
	if (!s)
		return -ENOMEM;
	x = s->scoped;
	x->typed = 1;
	x->ntypes = ty->n;
	/* The options' thread or child on each type's CPUs; no CPU pinning. */
	po.cpu = -1;
	for (t = 0; t < ty->n; t++) {
		x->unit[t].cpu = -1;
		x->unit[t].tid = 0;
		x->unit[t].pid = -1;
		x->utype[t] = (int)t;
		for (i = 0; i < n; i++)
			ev[i] = ty->ev[t * PMUKIT_PLAN_MAX_EVENTS + idx[i]];
		ret = pmukit_session_open_as(&x->sub[t], ev, n, &po, &ty->t[t].bind, planned, 0,
					     -1);
		if (ret) {
			pmukit_err_append("on %s, cpus %s", ty->t[t].name, ty->t[t].cpulist);
			pmukit_close(s);
			return ret;
		}
	}
	pmukit_scoped_finish(s, n, opts->flags);
	*out = s;
	return 0;
}

PMUKIT_API unsigned int pmukit_evplan_ntypes(const struct pmukit_evplan *p)
{
	const struct pmukit_plan_types *ty = pmukit_evplan_types(p);

	if (!p)
		return 0;
	return ty ? ty->n : 1;
}

PMUKIT_API const struct pmukit_ev *pmukit_evplan_type_event(const struct pmukit_evplan *p,
							     unsigned int t, unsigned int i)
{
	const struct pmukit_plan_types *ty = pmukit_evplan_types(p);

	if (!p || t >= pmukit_evplan_ntypes(p) || i >= pmukit_evplan_nevents(p))
		return NULL;
	return ty ? &ty->ev[t * PMUKIT_PLAN_MAX_EVENTS + i] : pmukit_evplan_counted(p, i);
}

PMUKIT_API int pmukit_evplan_type(const struct pmukit_evplan *p, unsigned int t,
				  struct pmukit_type_info *out)
{
	const struct pmukit_plan_types *ty = pmukit_evplan_types(p);
	const struct pmukit_session *b;

	if (!p || !out || t >= pmukit_evplan_ntypes(p))
		return pmukit_err(-EINVAL, "pmukit_evplan_type: no core type %u", t);
	memset(out, 0, sizeof(*out));
	if (ty) {
		b = &ty->t[t].bind;
		snprintf(out->name, sizeof(out->name), "%s", ty->t[t].name);
		snprintf(out->cpus, sizeof(out->cpus), "%s", ty->t[t].cpulist);
	} else {
		/* One type: the binding's; its CPUs are not listed. */
		b = pmukit_evplan_binding(p);
		snprintf(out->name, sizeof(out->name), "%s", b->core ? b->core->name : "");
	}
	snprintf(out->pmu, sizeof(out->pmu), "%s", b->pmu);
	out->perf_type = b->perf_type;
	return 0;
}
