/* SPDX-License-Identifier: MIT */
/*
 * The firmware's metric report (fw/report_metrics.c and fw/output.c, built here
 * for the host) on a PMU whose PMCEID0/1 are fixed here, with Neoverse
 * V3's set, whose memory-bound metrics read STALL_BACKEND_MEM (0x4005, a
 * bit of PMCEID0's high half) and STALL_BACKEND_L1D (0x8165, IMPLEMENTATION
 * DEFINED: no bit). QEMU's cores report no event of the 0x4000 range, so
 * the register values are set here, decoded as pmu_fw.c decodes what it
 * reads (64 bits on AArch64, the low 32 on AArch32): the events PMCEID
 * says the PMU lacks are named on the metric's line, the ones it cannot
 * tell of are not.
 */
#include <stdio.h>
#include <string.h>

#define PMUKIT_FW_CORE_METRICS "metrics/neoverse_v3.def"
#include "pmukit_fw.h"
#include "pmukit_fw_metrics.h"
#include "pmukit/pmukit.h"
#include "../tap.h"
#include "fw_host.h"

/* The PMCEID0/1 of the PMU, and how many bits of each were read. */
static uint64_t ceid[2];
static unsigned int ceid_bits;

/* In place of pmu_fw.c's, the same decode of what it read. */
int pmukit_fw_event_implemented(int number);
int pmukit_fw_event_implemented(int number)
{
	return number < 0 ? -1 : pmukit_pmceid_has(ceid, ceid_bits, (unsigned int)number);
}

static const char *report(const struct pmukit_fw_event *ev, uint64_t ceid0, uint64_t ceid1,
			  unsigned int bits)
{
	ceid[0] = ceid0;
	ceid[1] = ceid1;
	ceid_bits = bits;
	len = 0;
	out[0] = 0;
	pmukit_fw_set_output(0, put);
	pmukit_fw_print_metrics(ev);
	return out;
}

int main(void)
{
	const struct pmukit_fw_event ev[] = {
		EV("STALL_BACKEND_L1D", 0x8165, 300),
		EV("STALL_BACKEND_MEM", 0x4005, 100),
		EV("STALL_BACKEND", 0x24, 500),
		EV("CYCLES", PMUKIT_FW_CYCLES, 1000),
		PMUKIT_FW_EV_END
	};
	const uint64_t common = 0x20101;	/* SW_INCR, INST_RETIRED, CPU_CYCLES */
	const uint64_t stalls = 0x18;		/* STALL_FRONTEND, STALL_BACKEND */
	const char *r;

	tap_ok(!strcmp(pmukit_metric_set_info(pmukit_fw_metric_set())->name, "neoverse-v3"),
	       "the image's set is Neoverse V3's, chosen at build time");

	r = report(ev, common, stalls, 64);
	if (!tap_ok(strstr(r, "\nbackend_cache_l1d_bound,75.00%,STALL_BACKEND_L1D / "
			      "(STALL_BACKEND_L1D + STALL_BACKEND_MEM) * 100 "
			      "(not implemented by this PMU: STALL_BACKEND_MEM)\n") != NULL,
		    "64 bits read, PMCEID0[37] clear: STALL_BACKEND_MEM (0x4005) named as lacking, "
		    "STALL_BACKEND_L1D (no PMCEID bit) not"))
		tap_diag("%s", r);

	r = report(ev, common | 1ULL << 37, stalls, 64);
	if (!tap_ok(strstr(r, "\nbackend_cache_l1d_bound,75.00%,STALL_BACKEND_L1D / "
			      "(STALL_BACKEND_L1D + STALL_BACKEND_MEM) * 100\n") != NULL &&
		    strstr(r, "not implemented") == NULL,
		    "PMCEID0[37] set: STALL_BACKEND_MEM implemented, nothing named"))
		tap_diag("%s", r);

	r = report(ev, common, stalls, 32);
	if (!tap_ok(strstr(r, "\nbackend_cache_l2d_bound,25.00%,STALL_BACKEND_MEM / "
			      "(STALL_BACKEND_L1D + STALL_BACKEND_MEM) * 100\n") != NULL &&
		    strstr(r, "not implemented") == NULL,
		    "only the low halves read (AArch32's PMCEID0/1): 0x4005 cannot be told, not named"))
		tap_diag("%s", r);

	r = report(ev, common, 0x08, 32);
	tap_ok(strstr(r, "\nbackend_stalled_cycles,50.00%,STALL_BACKEND / CYCLES * 100 "
			 "(not implemented by this PMU: STALL_BACKEND)\n") != NULL,
	       "a common event is told from the low half: PMCEID1[4] clear, STALL_BACKEND named");
	r = report(ev, common, stalls, 32);
	tap_ok(strstr(r, "\nbackend_stalled_cycles,50.00%,STALL_BACKEND / CYCLES * 100\n") != NULL,
	       "PMCEID1[4] set: STALL_BACKEND not named");
	return tap_done();
}
