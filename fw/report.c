/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The report of a run, above the measuring code: pmukit_fw_stop() stops
 * the counters, has pmu_fw.c read and restore (pmukit_fw_finish()), then
 * prints the "PMU EVENT, PREVAL, POSTVAL, DELTA" block and the metrics
 * (report_metrics.c). pmu_fw.c measures and prints nothing of the results.
 */
#include "pmu_fw_stop.h"

static const char *title;	/* pmukit_fw_set_title(): the next report's heading */

void pmukit_fw_set_title(const char *t)
{
	title = t;
}

/*
 * Everything after the counters stopped, out of line: pmukit_fw_stop()
 * itself is the PMCNTENCLR write and a jump here, so that the instructions
 * the counters see of the library at the end of a region stay those few.
 */
static __attribute__((__noinline__)) int stop_report(struct pmukit_fw_event *ev)
{
	int rc = pmukit_fw_finish(ev);

	if (rc == PMUKIT_FW_ENOENT)
		return rc;	/* no session of this selection: nothing to report */
	pmukit_fw_print_results(ev);
	pmukit_fw_print_metrics(ev);
	title = 0;
	return rc;
}

int pmukit_fw_stop(struct pmukit_fw_event *ev)
{
	pmukit_fw_counters_stop();
	return stop_report(ev);
}


static void print_overflow(const struct pmukit_fw_event *e)
{
	struct pmukit_fw_line l;

	l.len = 0;

	pmukit_fw_line_str(&l, "pmukit: WARNING: ");
	pmukit_fw_line_str(&l, e->name ? e->name : "?");
	if (e->counter == PMUKIT_CYCLE_COUNTER_IDX) {
		pmukit_fw_line_str(&l, " (cycle counter)");
	} else {
		pmukit_fw_line_str(&l, " (counter ");
		pmukit_fw_line_u64(&l, e->counter);
		pmukit_fw_line_char(&l, ')');
	}
	pmukit_fw_line_str(&l, " overflowed in the region (PMOVSCLR): no valid delta");
	pmukit_fw_line_end(&l);
}

void pmukit_fw_print_results(const struct pmukit_fw_event *ev)
{
	const struct pmukit_fw_state *s = &pmukit_fw_st;	/* what the run found: level, PMCR.N */
	struct pmukit_fw_line l;
	unsigned int i;
	int prohibited = 0;

	l.len = 0;
	pmukit_fw_rule();
	pmukit_fw_line_str(&l, "pmukit: ");
	pmukit_fw_line_str(&l, title ? title : "profiling result");
	pmukit_fw_line_str(&l, " | ");
	pmukit_fw_line_str(&l, s->level_name ? s->level_name : "?");
	pmukit_fw_line_str(&l, " | PMCR.N ");
	pmukit_fw_line_u64(&l, s->n);
	pmukit_fw_line_end(&l);
	pmukit_fw_rule();
	pmukit_fw_print("PMU EVENT, PREVAL, POSTVAL, DELTA\n");
	for (i = 0; ev[i].number != PMUKIT_FW_END; i++) {
		const struct pmukit_fw_event *e = &ev[i];

		pmukit_fw_line_str(&l, e->name ? e->name : "?");
		pmukit_fw_line_char(&l, ',');
		pmukit_fw_line_u64(&l, e->preval);
		pmukit_fw_line_char(&l, ',');
		pmukit_fw_line_u64(&l, e->postval);
		pmukit_fw_line_char(&l, ',');
		if (e->flags & PMUKIT_FW_OVERFLOW)
			pmukit_fw_line_str(&l, "OVERFLOW");
		else
			pmukit_fw_line_u64(&l, e->postval - e->preval);
		pmukit_fw_line_end(&l);
		prohibited |= !!(e->flags & PMUKIT_FW_PROHIBITED);
	}
	for (i = 0; ev[i].number != PMUKIT_FW_END; i++)
		if (ev[i].flags & PMUKIT_FW_OVERFLOW)
			print_overflow(&ev[i]);
	if (prohibited)
		pmukit_fw_print("pmukit: WARNING: event counting is prohibited at this level:"
				" event counts are 0, CYCLES is valid\n");
	pmukit_fw_rule();
}
