/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Demo: profile a CRC-32 over a 4 KiB buffer, as Arm's U-Boot example does
 * with its "crc32" command, with two event selections (cache behaviour and
 * workload characterisation), then all events of both in as many passes as
 * the counters need. Cortex-A53 events on AArch64, Cortex-A15 on AArch32.
 */
#if defined(__aarch64__)
#define PMUKIT_FW_CORE_EVENTS "cortex_a53.def"
#define CORE_NAME "Cortex-A53"
#else
#define PMUKIT_FW_CORE_EVENTS "cortex_a15.def"
#define CORE_NAME "Cortex-A15"
#endif

#include "pmukit_fw.h"
#include "pmukit_fw_events.h"
#include "board.h"
#include "crc32.h"

#define BUF_SIZE 4096

static uint8_t buf[BUF_SIZE];

static struct pmukit_fw_event evt_select_cache[] = {
	PMUKIT_FW_SEL_CACHE,
	PMUKIT_FW_EV_CYCLES,
	PMUKIT_FW_EV_END
};

#if defined(__aarch64__)
/* Workload characterisation: instructions, loads, stores, branches. */
static struct pmukit_fw_event evt_select_wlc[] = {
	PMUKIT_FW_SEL_WORKLOAD,
	PMUKIT_FW_EV_CYCLES,
	PMUKIT_FW_EV_END
};
#else
/* The Cortex-A15 has no LD/ST/branch RETIRED events: its nearest ones. */
static struct pmukit_fw_event evt_select_wlc[] = {
	PMUKIT_FW_SEL_WORKLOAD_ARMV7,
	PMUKIT_FW_EV_CYCLES,
	PMUKIT_FW_EV_END
};
#endif

/* Both selections at once: more events than counters, run in passes. */
static struct pmukit_fw_event evt_select_all[13];
static struct pmukit_fw_passes passes;

static void build_all(void)
{
	unsigned int i, n = 0;

	for (i = 0; evt_select_cache[i].number != PMUKIT_FW_END; i++)
		if (evt_select_cache[i].number != PMUKIT_FW_CYCLES)
			evt_select_all[n++] = evt_select_cache[i];
	for (i = 0; evt_select_wlc[i].number != PMUKIT_FW_END; i++)
		if (evt_select_wlc[i].number != PMUKIT_FW_CYCLES)
			evt_select_all[n++] = evt_select_wlc[i];
	evt_select_all[n++] = (struct pmukit_fw_event)PMUKIT_FW_EV_CYCLES;
	evt_select_all[n] = (struct pmukit_fw_event)PMUKIT_FW_EV_END;
}

static void print_crc(uint32_t crc)
{
	pmukit_fw_print("CRC32 for ");
	pmukit_fw_print_hex((uintptr_t)buf);
	pmukit_fw_print(" ... ");
	pmukit_fw_print_hex((uintptr_t)buf + BUF_SIZE - 1);
	pmukit_fw_print(" ==> ");
	pmukit_fw_print_hex(crc);
	pmukit_fw_print("\n");
}

static int profile(const char *title, struct pmukit_fw_event *sel)
{
	uint32_t crc;
	int rc;

	pmukit_fw_set_title(title);
	rc = pmukit_fw_start(sel);
	if (rc)
		return rc;
	crc = crc32(0, buf, BUF_SIZE);
	rc = pmukit_fw_stop(sel);
	print_crc(crc);
	return rc;
}

int main(void)
{
	unsigned int i;
	uint32_t crc = 0;
	int rc;

	board_init();
	pmukit_fw_print("pmukit firmware demo on " CORE_NAME ": ");
	pmukit_fw_print(pmukit_fw_level_name());
	pmukit_fw_print(", PMCR.N = ");
	pmukit_fw_print_u64(pmukit_fw_num_counters());
	pmukit_fw_print("\n");
	if (!board_level_ok()) {
		pmukit_fw_print("demo: this image was built for another exception level\n");
		return 2;
	}

	for (i = 0; i < BUF_SIZE; i++)
		buf[i] = (uint8_t)(i * 7 + 3);
	crc32_init();

	rc = profile("crc32, cache", evt_select_cache);
	if (rc)
		return 1;
	rc = profile("crc32, workload characterisation", evt_select_wlc);
	if (rc)
		return 1;

	build_all();
	rc = pmukit_fw_passes_init(&passes, evt_select_all, 0);
	if (rc < 0)
		return 1;
	while ((rc = pmukit_fw_passes_next(&passes)) > 0) {
		crc = crc32(0, buf, BUF_SIZE);
		pmukit_fw_passes_stop(&passes);
	}
	if (rc < 0)
		return 1;
	print_crc(crc);
	pmukit_fw_passes_report(&passes);
	return 0;
}
