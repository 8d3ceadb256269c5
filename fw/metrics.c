/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Derived metrics, printed when their events were counted, in fixed point:
 *   IPC             = INST_RETIRED / CYCLES             (3 decimals)
 *   L1D refill rate = L1D_CACHE_REFILL / L1D_CACHE      (percent, 2 decimals)
 *   L2D refill rate = L2D_CACHE_REFILL / L2D_CACHE      (percent, 2 decimals)
 * Event numbers are the architectural ones (Arm ARM, common events).
 */
#include "pmu_fw_internal.h"

#define EVT_L1D_CACHE_REFILL	0x03
#define EVT_L1D_CACHE		0x04
#define EVT_L2D_CACHE		0x16
#define EVT_L2D_CACHE_REFILL	0x17

int pmukit_fw_metric_slot(int number)
{
	switch (number) {
	case PMUKIT_EVT_INST_RETIRED:	return PMUKIT_FW_M_INST;
	case PMUKIT_FW_CYCLES:		return PMUKIT_FW_M_CYCLES;
	case EVT_L1D_CACHE_REFILL:	return PMUKIT_FW_M_L1D_REFILL;
	case EVT_L1D_CACHE:		return PMUKIT_FW_M_L1D;
	case EVT_L2D_CACHE_REFILL:	return PMUKIT_FW_M_L2D_REFILL;
	case EVT_L2D_CACHE:		return PMUKIT_FW_M_L2D;
	default:			return -1;
	}
}

static void passes_note(struct pmukit_fw_line *l, const struct pmukit_fw_mval *a,
			const struct pmukit_fw_mval *b)
{
	if (!a->pass || a->pass == b->pass)
		return;
	pmukit_fw_line_str(l, " (passes ");
	pmukit_fw_line_u64(l, a->pass);
	pmukit_fw_line_str(l, " and ");
	pmukit_fw_line_u64(l, b->pass);
	pmukit_fw_line_char(l, ')');
}

/* One "name,value,formula" line; value = num / den * scale with decimals. */
static void ratio_line(const char *name, const char *num_name, const char *den_name,
		       const struct pmukit_fw_mval *num, const struct pmukit_fw_mval *den,
		       uint64_t den_count, uint64_t scale, unsigned int decimals, int percent)
{
	struct pmukit_fw_line l;

	l.len = 0;
	pmukit_fw_line_str(&l, name);
	pmukit_fw_line_char(&l, ',');
	if (!num->valid || !den->valid)
		pmukit_fw_line_str(&l, "n/a");
	else if (den_count == 0)
		pmukit_fw_line_str(&l, "n/a");
	else {
		pmukit_fw_line_fixed(&l, pmukit_fw_ratio(num->count, den_count, scale), decimals);
		if (percent)
			pmukit_fw_line_char(&l, '%');
	}
	pmukit_fw_line_char(&l, ',');
	pmukit_fw_line_str(&l, num_name);
	pmukit_fw_line_str(&l, " / ");
	pmukit_fw_line_str(&l, den_name);
	if (num->prohibited || den->prohibited)
		pmukit_fw_line_str(&l, " (event counting prohibited here)");
	else if (!num->valid || !den->valid)
		pmukit_fw_line_str(&l, " (a counter overflowed)");
	else if (den_count == 0) {
		pmukit_fw_line_str(&l, " (");
		pmukit_fw_line_str(&l, den_name);
		pmukit_fw_line_str(&l, " counted 0)");
	}
	passes_note(&l, num, den);
	pmukit_fw_line_end(&l);
}

void pmukit_fw_metrics_emit(const struct pmukit_fw_mval m[PMUKIT_FW_M_COUNT])
{
	const struct pmukit_fw_mval *inst = &m[PMUKIT_FW_M_INST];
	int ipc = inst->have && (inst->have_cycles || m[PMUKIT_FW_M_CYCLES].have);
	int l1 = m[PMUKIT_FW_M_L1D_REFILL].have && m[PMUKIT_FW_M_L1D].have;
	int l2 = m[PMUKIT_FW_M_L2D_REFILL].have && m[PMUKIT_FW_M_L2D].have;

	if (!ipc && !l1 && !l2)
		return;
	pmukit_fw_print("METRIC, VALUE, FORMULA\n");
	if (ipc) {
		/* CYCLES of the pass that counted INST_RETIRED, when there were passes. */
		struct pmukit_fw_mval cyc = m[PMUKIT_FW_M_CYCLES];

		if (inst->have_cycles) {
			cyc.count = inst->cycles;
			cyc.pass = inst->pass;
			cyc.valid = inst->cycles_valid;
		}
		ratio_line("IPC", "INST_RETIRED", "CYCLES", inst, &cyc, cyc.count, 1000, 3, 0);
	}
	if (l1)
		ratio_line("L1D refill rate", "L1D_CACHE_REFILL", "L1D_CACHE",
			   &m[PMUKIT_FW_M_L1D_REFILL], &m[PMUKIT_FW_M_L1D],
			   m[PMUKIT_FW_M_L1D].count, 10000, 2, 1);
	if (l2)
		ratio_line("L2D refill rate", "L2D_CACHE_REFILL", "L2D_CACHE",
			   &m[PMUKIT_FW_M_L2D_REFILL], &m[PMUKIT_FW_M_L2D],
			   m[PMUKIT_FW_M_L2D].count, 10000, 2, 1);
}

void pmukit_fw_print_metrics(const struct pmukit_fw_event *ev)
{
	struct pmukit_fw_mval m[PMUKIT_FW_M_COUNT];
	unsigned int i;
	int cpu_cycles = -1;

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
