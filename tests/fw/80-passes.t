#!/bin/bash
# SPDX-License-Identifier: MIT
# Passes, derived metrics and the compatibility names:
#  - 9 events on 6 counters run in 2 passes of 5 and 4 (3 passes with at most
#    3 per pass), each pass with the cycle counter; every pass prints its
#    table, then the merged table, CYCLES of each pass and their spread (0
#    under icount), and IPC = 1.000 (INST_RETIRED = CYCLES under icount);
#  - pmuv3_startProfiling()/pmuv3_stopProfiling() with a reference-style
#    array (cycle counter last, number -1) fill preval/postval.
. tests/fw/lib.sh

need_images $FW_MODES
for m in $FW_MODES; do
	run_mode $m
	expect_eq "$m: 9 events on 6 counters: 2 passes of 5" "$(tval passes npasses),$(tval passes per_pass)" "2,5"
	expect_eq "$m: at most 3 per pass: 3 passes of 3" "$(tval passes3 npasses),$(tval passes3 per_pass)" "3,3"
	c=$(tval passes cycles)
	expect_eq "$m: each pass measured the same CYCLES" "$(tline passes | grep -o 'cycles=[0-9]*' | sort -u | wc -l)" 1
	expect_eq "$m: INST_RETIRED (pass 1) = CYCLES" "$(tval passes inst)" "$c"
	expect_eq "$m: CPU_CYCLES (pass 2) = CYCLES" "$(tval passes cpu_cycles)" "$c"
	expect_eq "$m: the selection's CYCLES entry holds pass 1" "$(tval passes cycles_entry)" "$c"
	check "$m: each pass printed ('pass 1', 'pass 2' tables)" \
		bash -c 'grep -q "^pmukit: pass 1 |" <<<"$1" && grep -q "^pmukit: pass 2 |" <<<"$1"' _ "$out"
	check "$m: merged table lists each event with its pass" \
		bash -c 'grep -q "^INST_RETIRED,1,$2$" <<<"$1" && grep -q "^CPU_CYCLES,2,$2$" <<<"$1" &&
			 grep -q "^CYCLES,2,$2$" <<<"$1"' _ "$out" "$c"
	check "$m: CYCLES spread 0 over 2 passes" has "CYCLES spread: min $c, max $c, spread 0 (0.00% of min) over 2 passes"
	check "$m: IPC 1.000 from INST_RETIRED and its own pass's CYCLES" has "IPC,1.000,INST_RETIRED / CYCLES"
	check "$m: refill rates with a zero denominator say n/a" \
		has "L1D refill rate,n/a,L1D_CACHE_REFILL / L1D_CACHE (L1D_CACHE counted 0)"
	ci=$(tval compat inst)
	check "$m: pmuv3_stopProfiling() filled INST_RETIRED ($ci)" test "${ci:-0}" -gt 1000
	expect_eq "$m: compat: CYCLES = INST_RETIRED, one SW_INCR" "$(tval compat cycles),$(tval compat swinc)" "$ci,1"
done
tap_done
