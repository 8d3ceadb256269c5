#!/bin/bash
# SPDX-License-Identifier: MIT
# Firmware hands the PMU back as it found it: the test image sets up a PMU in
# use (counters programmed with values, some enabled, PMCR.D and X set, an
# overflow flag, an interrupt enable, PMSELR, PMUSERENR, PMCCFILTR, and at
# EL3/EL2 an MDCR_EL3/MDCR_EL2 with trap bits and SPME clear or a hypervisor
# partition), profiles a region, and reads everything again after stop.
. tests/fw/lib.sh

modes="$FW_MODES ssvc"
need_images $modes
for m in $modes; do
	derive_k "$(mode_isa $m)" "$(mode_image $m)"
	run_mode $m
	before=$(tline restore-before)
	after=$(tline restore-after)
	diag "$m: before: $before"
	expect_eq "$m: PMCR, PMCNTENSET, PMINTENSET, PMOVSSET, PMSELR, PMUSERENR, PMCCFILTR, MDCR, types, counters after stop = before start" \
		"$after" "$before"
	expect_eq "$m: the found state is not the library's (PMCNTENSET 0x80000010, PMCR.D/X set)" \
		"$(tval restore-before pmcntenset),$(( $(tval restore-before pmcr) & 0x19 ))" "0x80000010,25"
	case $m in
	el3) expect_eq "$m: MDCR_EL3 found with SPME clear and TPM set, and so after" "$(tval restore-after mdcr)" 0x40 ;;
	el2|hyp) expect_eq "$m: MDCR_EL2/HDCR found as HPMN 3, TPM, TPMCR, and so after" "$(tval restore-after mdcr)" 0x63 ;;
	esac
	expect_eq "$m: the comparison in the image agrees" "$(tval restore equal)" 1
	expect_eq "$m: the cycle counter the 'OS' had enabled runs again" "$(tval restore cc_running)" 1
	if [ $m = ssvc ]; then
		expect_eq "$m: profiled region: INST_RETIRED 0 (prohibited)" "$(tval restore inst)" 0
	else
		expect_eq "$m: profiled region in between counted exactly (INST_RETIRED = 2n + K)" \
			"$(tval restore inst),$(tval restore inst2)" "$((2000 + K)),$((2000 + K))"
	fi
done
tap_done
