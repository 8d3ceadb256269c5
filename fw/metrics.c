/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Derived metrics, printed when their events were counted, in fixed point:
 *   IPC             = INST_RETIRED / CYCLES             (3 decimals)
 *   L1D refill rate = L1D_CACHE_REFILL / L1D_CACHE      (percent, 2 decimals)
 *   L2D refill rate = L2D_CACHE_REFILL / L2D_CACHE      (percent, 2 decimals)
 * The formulas, event numbers and decimals are rows of the metric table of
 * core/metrics.c, shared with libpmukit; CPU_CYCLES there is the cycle
 * counter here, named CYCLES.
 */
#include "pmu_fw_internal.h"
#include "core/compiler.h"
#include "core/metrics.h"

/* The metrics the firmware's reports show, in this order. */
static const char *const shown[] = { "IPC", "L1D refill rate", "L2D refill rate" };

#define NSHOWN	ARRAY_SIZE(shown)

static const struct pmukit_metric_info *shown_info(unsigned int s)
{
	return pmukit_metric_info((unsigned int)pmukit_metric_find(shown[s]));
}

int pmukit_fw_metric_slot(int number)
{
	int slot = PMUKIT_FW_M_CYCLES + 1;
	unsigned int s, k, t, u;

	if (number == PMUKIT_FW_CYCLES)
		return PMUKIT_FW_M_CYCLES;
	for (s = 0; s < NSHOWN; s++) {
		const struct pmukit_metric_info *mi = shown_info(s);

		for (k = 0; mi && k < mi->nevents; k++) {
			int seen = mi->event[k] == PMUKIT_EVT_CPU_CYCLES;

			/* A number of an earlier metric has its slot already. */
			for (t = 0; t <= s && !seen; t++) {
				const struct pmukit_metric_info *mt = shown_info(t);

				for (u = 0; mt && u < (t == s ? k : mt->nevents) && !seen; u++)
					seen = mt->event[u] == mi->event[k];
			}
			if (seen)
				continue;
			if (mi->event[k] == number)
				return slot < PMUKIT_FW_M_COUNT ? slot : -1;
			slot++;
		}
	}
	return -1;
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

/* " (passes 1 and 2)" when the metric's events come from different passes. */
static void passes_note(struct pmukit_fw_line *l, const struct pmukit_fw_mval *v,
			unsigned int n)
{
	unsigned int k, differ = 0;

	for (k = 1; k < n; k++)
		differ |= v[k].pass != v[0].pass;
	if (!v[0].pass || !differ)
		return;
	pmukit_fw_line_str(l, " (passes ");
	for (k = 0; k < n; k++) {
		if (k)
			pmukit_fw_line_str(l, k + 1 == n ? " and " : ", ");
		pmukit_fw_line_u64(l, v[k].pass);
	}
	pmukit_fw_line_char(l, ')');
}

/* One "name,value,formula" line. */
static void metric_line(const struct pmukit_metric_info *mi, unsigned int x,
			const struct pmukit_fw_mval *v)
{
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
	l.len = 0;
	pmukit_fw_line_str(&l, mi->name);
	pmukit_fw_line_char(&l, ',');
	if (!valid || pmukit_metric_eval(x, count, (1u << mi->nevents) - 1, &val) ||
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
	passes_note(&l, v, mi->nevents);
	pmukit_fw_line_end(&l);
}

void pmukit_fw_metrics_emit(const struct pmukit_fw_mval m[PMUKIT_FW_M_COUNT])
{
	unsigned int s, k, header = 0;

	for (s = 0; s < NSHOWN; s++) {
		const struct pmukit_metric_info *mi = shown_info(s);
		struct pmukit_fw_mval v[PMUKIT_METRIC_MAX_EVENTS];
		const struct pmukit_fw_mval *anchor = 0;
		int have = mi != 0;

		/* The first event that is not the cycles: CYCLES come from its pass. */
		for (k = 0; have && k < mi->nevents && !anchor; k++)
			if (mi->event[k] != PMUKIT_EVT_CPU_CYCLES) {
				int slot = pmukit_fw_metric_slot(mi->event[k]);

				anchor = slot >= 0 ? &m[slot] : 0;
			}
		for (k = 0; have && k < mi->nevents; k++) {
			if (mi->event[k] == PMUKIT_EVT_CPU_CYCLES) {
				v[k] = m[PMUKIT_FW_M_CYCLES];
				if (anchor && anchor->have_cycles) {
					/* CYCLES of the pass that counted the others. */
					v[k].have = 1;
					v[k].count = anchor->cycles;
					v[k].pass = anchor->pass;
					v[k].valid = anchor->cycles_valid;
				}
			} else {
				int slot = pmukit_fw_metric_slot(mi->event[k]);

				if (slot < 0)
					break;
				v[k] = m[slot];
			}
			have = v[k].have;
		}
		if (!have || k < mi->nevents)
			continue;
		if (!header++)
			pmukit_fw_print("METRIC, VALUE, FORMULA\n");
		metric_line(mi, (unsigned int)pmukit_metric_find(shown[s]), v);
	}
}

void pmukit_fw_mvals_clear(struct pmukit_fw_mval m[PMUKIT_FW_M_COUNT])
{
	unsigned int i;

	for (i = 0; i < PMUKIT_FW_M_COUNT; i++) {
		m[i].have = 0;
		m[i].valid = 0;
		m[i].prohibited = 0;
		m[i].count = 0;
		m[i].cycles = 0;
		m[i].have_cycles = 0;
		m[i].cycles_valid = 0;
		m[i].pass = 0;
	}
}

void pmukit_fw_print_metrics(const struct pmukit_fw_event *ev)
{
	struct pmukit_fw_mval m[PMUKIT_FW_M_COUNT];
	unsigned int i;
	int cpu_cycles = -1;

	pmukit_fw_mvals_clear(m);
	for (i = 0; ev[i].number != PMUKIT_FW_END; i++) {
		int slot = pmukit_fw_metric_slot(ev[i].number);
		pmukit_fw_u64 d;

		if (ev[i].number == PMUKIT_EVT_CPU_CYCLES)
			cpu_cycles = (int)i;
		if (slot < 0 || m[slot].have || !(ev[i].flags & PMUKIT_FW_VALID))
			continue;
		m[slot].have = 1;
		m[slot].prohibited = !!(ev[i].flags & PMUKIT_FW_PROHIBITED);
		m[slot].valid = pmukit_fw_event_delta(&ev[i], &d) == 0 && !m[slot].prohibited;
		m[slot].count = m[slot].valid ? d : 0;
	}
	/* No cycle counter in the selection: the CPU_CYCLES event will do. */
	if (!m[PMUKIT_FW_M_CYCLES].have && cpu_cycles >= 0 &&
	    (ev[cpu_cycles].flags & PMUKIT_FW_VALID)) {
		pmukit_fw_u64 d;

		m[PMUKIT_FW_M_CYCLES].have = 1;
		m[PMUKIT_FW_M_CYCLES].prohibited = !!(ev[cpu_cycles].flags & PMUKIT_FW_PROHIBITED);
		m[PMUKIT_FW_M_CYCLES].valid = pmukit_fw_event_delta(&ev[cpu_cycles], &d) == 0 &&
					      !m[PMUKIT_FW_M_CYCLES].prohibited;
		m[PMUKIT_FW_M_CYCLES].count = m[PMUKIT_FW_M_CYCLES].valid ? d : 0;
	}
	pmukit_fw_metrics_emit(m);
}
