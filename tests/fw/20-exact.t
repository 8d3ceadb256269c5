#!/bin/bash
# SPDX-License-Identifier: MIT
# Exact counts under -icount shift=0, at every level: the measured region is
# a loop of n iterations of "subs; b.ne" (region_aarch64.S, region_aarch32.S),
# 2n instructions, so INST_RETIRED must read 2n + K, where K is the library's
# and the caller's instructions inside the window, derived from the
# disassembly of the image (derive_k in lib.sh explains each term; with this
# toolchain K = 10 on AArch64 and 11 on AArch32). CYCLES and the CPU_CYCLES
# event equal INST_RETIRED: under icount one instruction is one cycle.
. tests/fw/lib.sh

need_images $FW_MODES
for m in $FW_MODES; do
	derive_k "$(mode_isa $m)" "$(mode_image $m)"
	diag "$m: K = $K = $K_WHY"
	expect_eq "$m: window derived from the disassembly (no branch in it, one loop)" "${K_BAD:-}" ""
	run_mode $m
	expect_eq "$m: image exits 0" "$rc" 0
	for n in 1000 100000; do
		expect_eq "$m: n=$n: INST_RETIRED = 2n + K = $((2 * n + K))" "$(tval "exact n=$n" inst)" $((2 * n + K))
	done
	expect_eq "$m: n=100000: CYCLES = INST_RETIRED" "$(tval "exact n=100000" cycles)" "$(tval "exact n=100000" inst)"
	expect_eq "$m: n=100000: CPU_CYCLES event = INST_RETIRED" \
		"$(tval "exact n=100000" cpu_cycles)" "$(tval "exact n=100000" inst)"
	expect_eq "$m: pre-value read with the counters stopped after the reset: 0" "$(tval "exact n=1000" pre_inst)" 0
	first=$(tline "exact n=100000")
	run_mode $m
	expect_eq "$m: identical counts in a second run" "$(tline "exact n=100000")" "$first"
done

run_mode el3
derive_k arm64 "$(mode_image el3)"
expect_eq "el3 with SCR_EL3.RW = 1 (filter P = M = 1): INST_RETIRED = 2n + K" "$(tval exact-rw1 inst)" $((2000 + K))
expect_eq "el3 with SCR_EL3.RW = 1: CYCLES = INST_RETIRED" "$(tval exact-rw1 cycles)" "$(tval exact-rw1 inst)"
tap_done
