/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Test firmware for passes planned from metrics: an AArch64 image at EL1
 * built with Neoverse N1's metric set (pmukit_fw_metrics.h), run under
 * QEMU's -cpu neoverse-n1 with -icount shift=0 by tests/fw/90-topdown.t.
 * It runs Arm's topdown stage 1 and 2 over a loop of n iterations of
 * "subs; b.ne" (region_aarch64.S), one run per pass, prints the library's
 * tables and metrics, and "T <scenario> key=value" lines; then asks for a
 * metric the set does not have.
 */
#define PMUKIT_FW_CORE_METRICS "metrics/neoverse_n1.def"
#include "pmukit_fw.h"
#include "pmukit_fw_metrics.h"
#include "board.h"

/* region_aarch64.S */
void test_loop(unsigned long n);

#define LOOP_N		10000
#define NSTORAGE	96

static struct pmukit_fw_passes passes;
static struct pmukit_fw_event storage[NSTORAGE];

static void t_int(const char *key, int v)
{
	pmukit_fw_print(" ");
	pmukit_fw_print(key);
	pmukit_fw_print(v < 0 ? "=-" : "=");
	pmukit_fw_print_u64((pmukit_fw_u64)(v < 0 ? -v : v));
}

int main(void)
{
	static const char *const unknown[] = { "ipc", "frontend_stall_cycles", 0 };
	int np, rc;

	board_init();
	np = pmukit_fw_passes_init_metrics(&passes, storage, NSTORAGE, 0, PMUKIT_FW_TOPDOWN2);
	while ((rc = pmukit_fw_passes_next(&passes)) > 0) {
		test_loop(LOOP_N);
		pmukit_fw_passes_stop(&passes);
	}
	pmukit_fw_passes_report(&passes);
	pmukit_fw_print("T topdown");
	t_int("npasses", np);
	t_int("rc", rc);
	t_int("counters", (int)pmukit_fw_num_counters());
	t_int("metrics", (int)passes.nmetrics);
	t_int("events", (int)passes.nall);
	pmukit_fw_print("\n");

	rc = pmukit_fw_passes_init_metrics(&passes, storage, NSTORAGE, unknown, 0);
	pmukit_fw_print("T unknown");
	t_int("rc", rc);
	pmukit_fw_print("\n");
	pmukit_fw_print("T done\n");
	return 0;
}
