/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The measuring code's stop of every selected counter, inline in
 * pmukit_fw_stop() (report.c) so that the function is this write and a
 * jump: the instructions of the library the counters see at the end of a
 * region stay those few. Apart from pmu_fw_internal.h, which the host
 * builds of the report include: this needs the PMU's registers.
 */
#ifndef PMUKIT_FW_STOP_H
#define PMUKIT_FW_STOP_H

#include "pmu_fw_internal.h"

static inline void pmukit_fw_counters_stop(void)
{
	/* PMCNTENCLR: stop every selected counter in one write. */
	pmukit_write_pmcntenclr(pmukit_fw_st.mask);
	pmukit_isb();
}

#endif /* PMUKIT_FW_STOP_H */
