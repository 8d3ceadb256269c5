#!/bin/bash
# SPDX-License-Identifier: MIT
# Overflow: INST_RETIRED starts at 0xFFFFFFF0 (PMUKIT_FW_PRESET), the region
# runs 2000 + K instructions, the 32-bit counter wraps: the library reports
# it (PMOVSCLR) and prints OVERFLOW instead of a delta. The cycle counter,
# preset the same way, is 64 bits on AArch64 (PMCR.LC) and keeps a valid
# delta; on AArch32 it is read as 32 bits and overflows too.
. tests/fw/lib.sh

need_images $FW_MODES
for m in $FW_MODES; do
	derive_k "$(mode_isa $m)" "$(mode_image $m)"
	run_mode $m
	expect_eq "$m: pmukit_fw_stop() returns -EOVERFLOW" "$(tval overflow rc)" -75
	expect_eq "$m: INST_RETIRED started at 0xfffffff0" "$(tval overflow pre0)" 4294967280
	expect_eq "$m: INST_RETIRED flagged PMUKIT_FW_OVERFLOW" "$(( $(tval overflow f0) & 0x200 ))" 512
	expect_eq "$m: pmukit_fw_delta() refuses a delta for it" "$(tval overflow delta_rc0)" -75
	check "$m: CSV line ends in OVERFLOW, not a number" \
		bash -c 'grep -qE "^INST_RETIRED,4294967280,[0-9]+,OVERFLOW$" <<<"$1"' _ "$out"
	check "$m: warning names the counter" \
		has "pmukit: WARNING: INST_RETIRED (counter 0) overflowed in the region (PMOVSCLR): no valid delta"
	expect_eq "$m: the other event counter is unaffected (CPU_CYCLES = 2n + K)" "$(tval overflow d1)" $((2000 + K))
	if [ "$(mode_isa $m)" = arm64 ]; then
		expect_eq "$m: 64-bit cycle counter (PMCR.LC) from 0xfffffff0: valid delta 2n + K" \
			"$(tval overflow d2)" $((2000 + K))
	else
		expect_eq "$m: 32-bit cycle counter read: CYCLES overflow reported" "$(( $(tval overflow f2) & 0x200 ))" 512
		check "$m: warning for the cycle counter" \
			has "pmukit: WARNING: CYCLES (cycle counter) overflowed in the region (PMOVSCLR): no valid delta"
	fi
done
tap_done
