#!/bin/bash
# SPDX-License-Identifier: MIT
# SW_INCR: 1000 writes to PMSWINC count exactly 1000 on the counter they
# name (and 250 on a second counter named in every fourth write), at every
# level where events may count. In Secure SVC on ARMv7 they cannot: 0, and
# the library says so; likewise at EL3 without MDCR_EL3.SPME.
. tests/fw/lib.sh

need_images $FW_MODES el3-nospme ssvc
for m in $FW_MODES; do
	run_mode $m
	expect_eq "$m: pmukit_fw_stop() returns 0" "$(tval swincr rc)" 0
	expect_eq "$m: 1000 PMSWINC writes count 1000" "$(tval swincr d0)" 1000
	expect_eq "$m: 250 writes naming the second counter count 250" "$(tval swincr d1)" 250
done
run_mode ssvc
expect_eq "Secure SVC: software increments do not count (prohibited)" "$(tval swincr d0),$(tval swincr d1)" "0,0"
check "Secure SVC: and the library said so" has "pmukit: WARNING: Secure PL1 on ARMv7 cannot count events"
run_mode el3-nospme
expect_eq "el3 without SPME handling: software increments do not count" "$(tval swincr d0)" 0
tap_done
