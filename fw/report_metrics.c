/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Derived metrics, printed when their events were counted, in fixed point,
 * from the engine of core/metric_eval.c (the library's): the metric set is
 * chosen when the image is built. By default it is the generic set
 * (IPC = INST_RETIRED / CYCLES with 3 decimals, the L1D/L2D refill and
 * branch misprediction rates in percent with 2, MPKI); a file that
 * includes pmukit_fw_metrics.h with PMUKIT_FW_CORE_METRICS naming a core's
 * metrics/<core>.def gives that core's metrics from Arm's telemetry data,
 * the topdown stage 1 groups first, then stage 2, then the others.
 * CPU_CYCLES of a formula is the cycle counter here, named CYCLES.
 */
#include "pmu_fw_internal.h"
#include "core/compiler.h"
#include "core/metric_set.h"

/*
 * The image's set: the generic one, unless a file of the image includes
 * pmukit_fw_metrics.h, whose definition takes the place of this weak one.
 * A function, not a constant: the compiler may not fold a weak function
 * into its callers.
 */
__attribute__((weak)) const struct pmukit_metric_set *pmukit_fw_metric_set(void)
{
	return &pmukit_mset_generic;
}

/* The name the firmware prints for a metric's event k. */
static const char *event_name(const struct pmukit_metric_info *mi, int k)
{
	return mi->event[k] == PMUKIT_EVT_CPU_CYCLES ? "CYCLES" : mi->event_name[k];
}

/* The formula, with CPU_CYCLES named CYCLES. */
static void formula(struct pmukit_fw_line *l, const struct pmukit_metric_info *mi)
{
	const char *f = mi->formula;

	while (*f) {
		unsigned int n = 0, k;
		int done = 0;

		while ((f[n] >= 'A' && f[n] <= 'Z') || (f[n] >= '0' && f[n] <= '9') || f[n] == '_')
			n++;
		for (k = 0; n && k < mi->nevents && !done; k++) {
			const char *e = mi->event_name[k];
			unsigned int i;

			for (i = 0; i < n && e[i] == f[i]; i++)
				;
			if (i == n && !e[n]) {
				pmukit_fw_line_str(l, event_name(mi, (int)k));
				done = 1;
			}
		}
		for (k = 0; !done && k < (n ? n : 1); k++)
			pmukit_fw_line_char(l, f[k]);
		f += n ? n : 1;
	}
}

/*
 * " (passes 1 and 2)" when the metric's events come from different passes;
 * returns whether they do.
 */
static int passes_note(struct pmukit_fw_line *l, const struct pmukit_fw_mval *v,
		       unsigned int n)
{
	unsigned int k, differ = 0;

	for (k = 1; k < n; k++)
		differ |= v[k].pass != v[0].pass;
	if (!v[0].pass || !differ)
		return 0;
	pmukit_fw_line_str(l, " (passes ");
	for (k = 0; k < n; k++) {
		if (k)
			pmukit_fw_line_str(l, k + 1 == n ? " and " : ", ");
		pmukit_fw_line_u64(l, v[k].pass);
	}
	pmukit_fw_line_char(l, ')');
	return 1;
}

/* " (not implemented by this PMU: A, B)" for the events PMCEID says it lacks. */
static void lacking_events(struct pmukit_fw_line *l, const struct pmukit_metric_info *mi)
{
	unsigned int k, n = 0;

	for (k = 0; k < mi->nevents; k++) {
		if (mi->event[k] == PMUKIT_EVT_CPU_CYCLES || pmukit_fw_event_implemented(mi->event[k]))
			continue;
		pmukit_fw_line_str(l, n++ ? ", " : " (not implemented by this PMU: ");
		pmukit_fw_line_str(l, mi->event_name[k]);
	}
	if (n)
		pmukit_fw_line_char(l, ')');
}

/*
 * Counts from different passes made comparable, by the core's rule
 * (pmukit_metric_align()): each count of a pass other than the reference's
 * scaled by the two passes' cycles. A pass without a valid cycle count
 * leaves its count as counted.
 */
static void scale_to_ref(const struct pmukit_metric_info *mi, const struct pmukit_fw_mval *v,
			 uint64_t *count)
{
	unsigned int pass[PMUKIT_METRIC_MAX_EVENTS], k;
	uint64_t cycles[PMUKIT_METRIC_MAX_EVENTS];

	for (k = 0; k < mi->nevents; k++) {
		pass[k] = v[k].pass;
		cycles[k] = v[k].pass && v[k].have_cycles && v[k].cycles_valid ? v[k].cycles : 0;
	}
	pmukit_metric_align(mi, pass, cycles, count);
}

/* One "name,value,formula" line. */
static void metric_line(const struct pmukit_metric_set *s, unsigned int x,
			const struct pmukit_fw_mval *v)
{
	const struct pmukit_metric_info *mi = pmukit_metric_set_metric(s, x);
	uint64_t count[PMUKIT_METRIC_MAX_EVENTS];
	struct pmukit_metric_value val = { PMUKIT_METRIC_OK, -1, 0, 1 };
	struct pmukit_fw_line l;
	int prohibited = 0, valid = 1;
	int64_t fixed;
	unsigned int k;

	for (k = 0; k < mi->nevents; k++) {
		prohibited |= v[k].prohibited;
		valid &= !!v[k].valid;
		count[k] = v[k].count;
	}
	scale_to_ref(mi, v, count);
	l.len = 0;
	pmukit_fw_line_str(&l, mi->name);
	pmukit_fw_line_char(&l, ',');
	if (!valid || pmukit_metric_set_eval(s, x, count, (1u << mi->nevents) - 1, &val) ||
	    pmukit_metric_fixed(&val, mi->decimals, &fixed)) {
		pmukit_fw_line_str(&l, "n/a");
	} else {
		if (fixed < 0) {
			pmukit_fw_line_char(&l, '-');
			fixed = -fixed;
		}
		pmukit_fw_line_fixed(&l, (uint64_t)fixed, mi->decimals);
		pmukit_fw_line_str(&l, mi->unit);
	}
	pmukit_fw_line_char(&l, ',');
	formula(&l, mi);
	if (prohibited) {
		pmukit_fw_line_str(&l, " (event counting prohibited here)");
	} else if (!valid) {
		pmukit_fw_line_str(&l, " (a counter overflowed)");
	} else if (val.status == PMUKIT_METRIC_ZERO_DIVISOR && val.event >= 0) {
		pmukit_fw_line_str(&l, " (");
		pmukit_fw_line_str(&l, event_name(mi, val.event));
		pmukit_fw_line_str(&l, " counted 0)");
	} else if (val.status != PMUKIT_METRIC_OK) {
		pmukit_fw_line_str(&l, " (");
		pmukit_fw_line_str(&l, pmukit_metric_reason(&val));
		pmukit_fw_line_char(&l, ')');
	}
	lacking_events(&l, mi);
	if (passes_note(&l, v, mi->nevents)) {
		pmukit_fw_line_end(&l);
		pmukit_fw_line_str(&l, "pmukit: ");
		pmukit_fw_line_str(&l, mi->name);
		pmukit_fw_line_str(&l, ": its events were counted in different passes (more "
				   "events than one pass's counters, or split by the selection): each "
				   "count of another pass scaled by CYCLES of pass ");
		pmukit_fw_line_u64(&l, v[pmukit_metric_ref_event(mi)].pass);
		pmukit_fw_line_str(&l, " over CYCLES of its own pass");
	}
	pmukit_fw_line_end(&l);
}

/*
 * The counts of metric @x's events, each in its pass (@pass NULL: of the
 * run, without passes), @get asked for each: 1 when all were counted.
 * CPU_CYCLES is the cycle counter of the pass that counted the metric's
 * first other event (the core's rule: pmukit_metric_passes()).
 */
static int gather_in(const struct pmukit_metric_info *mi, pmukit_fw_mval_get get,
		     const void *ctx, const unsigned int *pass, struct pmukit_fw_mval *v)
{
	const struct pmukit_fw_mval *anchor = 0;
	unsigned int k;

	for (k = 0; k < mi->nevents; k++) {
		if (mi->event[k] == PMUKIT_EVT_CPU_CYCLES)
			continue;
		if (!get(ctx, mi->event[k], pass ? pass[k] : 0, &v[k]))
			return 0;
		if (!anchor)
			anchor = &v[k];
	}
	for (k = 0; k < mi->nevents; k++) {
		if (mi->event[k] != PMUKIT_EVT_CPU_CYCLES)
			continue;
		if (anchor && anchor->have_cycles) {
			v[k] = *anchor;
			v[k].count = anchor->cycles;
			v[k].valid = anchor->cycles_valid;
			v[k].prohibited = 0;
		} else if (!get(ctx, PMUKIT_FW_CYCLES, pass ? pass[k] : 0, &v[k])) {
			return 0;
		}
	}
	return 1;
}

/*
 * The metric's counts from the passes the core's rule says
 * (pmukit_metric_passes()); a run without passes has none of them.
 */
static int gather(const struct pmukit_metric_info *mi, pmukit_fw_mval_get get, const void *ctx,
		  struct pmukit_fw_mval *v)
{
	unsigned int pass[PMUKIT_METRIC_MAX_EVENTS], k, p;
	uint64_t in[PMUKIT_METRIC_MAX_EVENTS];

	for (k = 0; k < mi->nevents; k++) {
		int number = mi->event[k] == PMUKIT_EVT_CPU_CYCLES ? PMUKIT_FW_CYCLES : mi->event[k];

		in[k] = 0;
		for (p = 1; p <= PMUKIT_FW_MAX_PASSES; p++)
			if (get(ctx, number, p, &v[k]))
				in[k] |= (uint64_t)1 << (p - 1);
	}
	if (pmukit_metric_passes(mi, in, pass) >= 0)
		return gather_in(mi, get, ctx, pass, v);
	return gather_in(mi, get, ctx, 0, v);
}

/* Stage group @g of @t, in the core's order (pmukit_topdown_group_at()). */
static const struct pmukit_metric_group *stage_group(const struct pmukit_metric_set *s,
						     const struct pmukit_topdown *t, unsigned int g)
{
	int x = pmukit_topdown_group_at(t, g, 0);

	return x >= 0 ? pmukit_metric_set_group(s, (unsigned int)x) : 0;
}

/* Is metric @x in one of the first @n stage groups (printed already)? */
static int staged(const struct pmukit_metric_set *s, const struct pmukit_topdown *t,
		  unsigned int n, unsigned int x)
{
	unsigned int g, k;

	for (g = 0; t && g < n; g++) {
		const struct pmukit_metric_group *gr = stage_group(s, t, g);

		for (k = 0; gr && k < gr->nmetrics; k++)
			if (gr->metric[k] == x)
				return 1;
	}
	return 0;
}

struct emit {
	pmukit_fw_mval_get get;
	const void *ctx;
	const unsigned int *only;	/* the metrics to print, or all when nonly is 0 */
	unsigned int nonly;
	unsigned int header;		/* lines printed */
};

static void emit_one(const struct pmukit_metric_set *s, unsigned int x, struct emit *e)
{
	struct pmukit_fw_mval v[PMUKIT_METRIC_MAX_EVENTS];
	unsigned int k;

	for (k = 0; k < e->nonly && e->only[k] != x; k++)
		;
	if (e->nonly && k == e->nonly)
		return;
	if (!gather(pmukit_metric_set_metric(s, x), e->get, e->ctx, v))
		return;
	if (!e->header++)
		pmukit_fw_print("METRIC, VALUE, FORMULA\n");
	metric_line(s, x, v);
}

void pmukit_fw_metrics_emit(pmukit_fw_mval_get get, const void *ctx,
			    const unsigned int *only, unsigned int nonly)
{
	const struct pmukit_metric_set *s = pmukit_fw_metric_set();
	const struct pmukit_topdown *t = pmukit_metric_set_topdown(s);
	unsigned int nstages = t ? t->nstage1 + t->nstage2 : 0, g, k;
	struct emit e = { get, ctx, only, nonly, 0 };

	/* The topdown stages first, each metric once, then the others. */
	for (g = 0; g < nstages; g++) {
		const struct pmukit_metric_group *gr = stage_group(s, t, g);

		for (k = 0; gr && k < gr->nmetrics; k++)
			if (!staged(s, t, g, gr->metric[k]))
				emit_one(s, gr->metric[k], &e);
	}
	for (k = 0; k < pmukit_metric_set_info(s)->nmetrics; k++)
		if (!staged(s, t, nstages, k))
			emit_one(s, k, &e);
}

/* An event of a single run: the first valid one of that number. */
static int fill(const struct pmukit_fw_event *e, struct pmukit_fw_mval *v)
{
	pmukit_fw_u64 d;

	v->prohibited = !!(e->flags & PMUKIT_FW_PROHIBITED);
	v->valid = pmukit_fw_event_delta(e, &d) == 0 && !v->prohibited;
	v->count = v->valid ? d : 0;
	v->cycles = 0;
	v->have_cycles = 0;
	v->cycles_valid = 0;
	v->pass = 0;
	return 1;
}

static int run_get(const void *ctx, int number, unsigned int pass, struct pmukit_fw_mval *v)
{
	const struct pmukit_fw_event *ev = ctx, *cpu_cycles = 0;
	unsigned int i;

	if (pass)
		return 0;	/* one run, no passes */

	for (i = 0; ev[i].number != PMUKIT_FW_END; i++) {
		if (!(ev[i].flags & PMUKIT_FW_VALID))
			continue;
		if (ev[i].number == number)
			return fill(&ev[i], v);
		if (ev[i].number == PMUKIT_EVT_CPU_CYCLES && !cpu_cycles)
			cpu_cycles = &ev[i];
	}
	/* No cycle counter in the selection: the CPU_CYCLES event will do. */
	return number == PMUKIT_FW_CYCLES && cpu_cycles ? fill(cpu_cycles, v) : 0;
}

void pmukit_fw_print_metrics(const struct pmukit_fw_event *ev)
{
	pmukit_fw_metrics_emit(run_get, ev, 0, 0);
}
