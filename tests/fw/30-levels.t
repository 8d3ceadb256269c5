#!/bin/bash
# SPDX-License-Identifier: MIT
# The 'counting prohibited' rules QEMU models, and what the library does about
# them, each shown with a control that fails without it:
#  EL3   event counters count in Secure state only with MDCR_EL3.SPME: raw
#        counting reads 0 with SPME clear; the library build that skips its
#        SPME handling (test-el3-nospme) reads 0 and fails the exact-count
#        check that the real library passes.
#  EL2   (and HYP) counting at EL2 needs PMEVTYPER.NSH; counters at or above
#        MDCR_EL2.HPMN (HDCR.HPMN) need HPME: raw counts show both; the
#        library counts exactly on all counters from a partition HPMN = 2,
#        HPME = 0, and gives MDCR_EL2 back as found.
#  EL1   (and NS SVC) PMEVTYPER.P filters EL1.
#  Secure SVC on ARMv7: events cannot count; the library says so.
. tests/fw/lib.sh

need_images $FW_MODES el3-nospme ssvc

# EL3
derive_k arm64 "$(mode_image el3)"
run_mode el3
expect_eq "el3: raw INST_RETIRED with MDCR_EL3.SPME clear reads 0" "$(tval el3-raw spme0)" 0
check "el3: raw INST_RETIRED with MDCR_EL3.SPME set counts ($(tval el3-raw spme1))" \
	test "$(tval el3-raw spme1)" -gt 0
expect_eq "el3: library: INST_RETIRED = 2n + K" "$(tval "exact n=1000" inst)" $((2000 + K))
check "el3: library: no 'do not count' warning" bash -c '! grep -q "do not count at EL3" <<<"$1"' _ "$out"
run_mode el3-nospme
expect_eq "el3 without the library's SPME handling: image exits 0" "$rc" 0
nospme_inst=$(tval "exact n=1000" inst)
expect_eq "el3 without SPME handling: INST_RETIRED reads 0" "$nospme_inst" 0
expect_eq "el3 without SPME handling: SW_INCR reads 0" "$(tval swincr d0)" 0
expect_eq "el3 without SPME handling: CYCLES still counts (PMCR.DP clear)" "$(tval "exact n=1000" cycles)" $((2000 + K))
check "el3 without SPME handling: the exact-count check fails (INST_RETIRED $nospme_inst != $((2000 + K)))" \
	test "$nospme_inst" != $((2000 + K))
check "el3 without SPME handling: the library detects it and warns" \
	has "pmukit: WARNING: event counters do not count at EL3: Secure state counting needs MDCR_EL3.SPME"

# EL2 and HYP
for m in el2 hyp; do
	derive_k "$(mode_isa $m)" "$(mode_image $m)"
	run_mode $m
	expect_eq "$m: raw INST_RETIRED without NSH reads 0 at EL2" "$(tval el2 nonsh)" 0
	check "$m: raw INST_RETIRED with NSH counts ($(tval el2 nsh))" test "$(tval el2 nsh)" -gt 0
	expect_eq "$m: raw counter 3 with HPMN = 2, HPME = 0 reads 0" "$(tval el2 hpme0)" 0
	check "$m: raw counter 3 with HPMN = 2, HPME = 1 counts ($(tval el2 hpme1))" test "$(tval el2 hpme1)" -gt 0
	for c in 0 1 2 3; do
		expect_eq "$m: library from HPMN = 2, HPME = 0: counter $c INST_RETIRED = 2n + K" \
			"$(tval el2 lib$c)" $((2000 + K))
	done
	expect_eq "$m: library: CYCLES = 2n + K" "$(tval el2 cycles)" $((2000 + K))
	expect_eq "$m: MDCR_EL2/HDCR after stop = before start" "$(tval el2 mdcr_after)" "$(tval el2 mdcr_before)"
done

# EL1 and Non-secure SVC
for m in el1 svc; do
	run_mode $m
	expect_eq "$m: raw INST_RETIRED with P set (EL1 filtered out) reads 0" "$(tval el1-raw p1)" 0
	check "$m: raw INST_RETIRED with P clear counts ($(tval el1-raw p0))" test "$(tval el1-raw p0)" -gt 0
done

# Secure SVC (ARMv7, cortex-a15, -M virt,secure=on)
derive_k arm "$(mode_image ssvc)"
run_mode ssvc
expect_eq "Secure SVC: image exits 0" "$rc" 0
check "Secure SVC: the library says ARMv7 cannot count events there" \
	has "pmukit: WARNING: Secure PL1 on ARMv7 cannot count events (no SDCR; the SPNIDEN input is low): only CYCLES counts"
check "Secure SVC: results name the level" has "| SVC (Secure) |"
expect_eq "Secure SVC: raw INST_RETIRED with P clear reads 0 too (prohibited)" "$(tval el1-raw p0)" 0
expect_eq "Secure SVC: INST_RETIRED reads 0" "$(tval "exact n=1000" inst)" 0
expect_eq "Secure SVC: CYCLES = 2n + K" "$(tval "exact n=1000" cycles)" $((2000 + K))
tap_done
