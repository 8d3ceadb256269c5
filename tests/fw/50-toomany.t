#!/bin/bash
# SPDX-License-Identifier: MIT
# More events than counters: pmukit_fw_start() prints why and programs
# nothing: every PMU register (and MDCR) reads as before the call.
. tests/fw/lib.sh

modes="$FW_MODES ssvc"
need_images $modes
for m in $modes; do
	run_mode $m
	n=$(tval toomany n)
	expect_eq "$m: PMCR.N = 6" "$n" 6
	expect_eq "$m: $((n + 1)) events: pmukit_fw_start() returns -E2BIG" "$(tval toomany rc)" -7
	check "$m: the message says why and that nothing was programmed" \
		has "pmukit: $((n + 1)) events selected but this PMU has $n event counters (PMCR.N): nothing programmed"
	expect_eq "$m: no register changed (types, counters, enables, PMCR, MDCR)" "$(tval toomany unchanged)" 1
done
tap_done
