#!/bin/bash
# SPDX-License-Identifier: MIT
# The demo images (make fw) under QEMU with -icount shift=0: each prints its
# CSV tables in the published format, the CRC-32 it computed, the passes and
# the merged table; INST_RETIRED and CYCLES agree (icount) and two runs print
# exactly the same. In Secure SVC (ARMv7) the library says events cannot count.
. tests/fw/lib.sh

modes="el3 el2 el1 hyp svc"
for m in $modes; do
	[ -f "build/$(mode_isa $m)/fw/demo-$m.elf" ] ||
		{ echo "Bail out! build/$(mode_isa $m)/fw/demo-$m.elf is missing: run make fw first"; exit 1; }
done
need_images

# table_val TABLE NAME: DELTA of NAME in the TABLE-th table.
table_val() {
	printf '%s\n' "$out" | awk -v t="$1" -v name="$2" '
		$0 == "PMU EVENT, PREVAL, POSTVAL, DELTA" { n++; next }
		n == t && index($0, name ",") == 1 { split($0, f, ","); print f[4]; exit }'
}

run_demo() {	# run_demo MODE [--mode M]
	local img="build/$(mode_isa $1)/fw/demo-$1.elf"
	shift
	rc=0
	out=$("$FW_RUN" "$@" "$img" 2>&1) || rc=$?
}

for m in $modes; do
	run_demo $m
	first=$out
	expect_eq "$m: demo exits 0" "$rc" 0
	expect_eq "$m: 4 CSV tables (cache, workload, 2 passes), rows NAME,PRE,POST,DELTA" "$(csv_check)" 4
	expect_eq "$m: CRC-32 of the buffer printed 3 times (0x5e4e1995, as zlib)" \
		"$(printf '%s\n' "$out" | grep -c '==> 0x5e4e1995$')" 3
	inst=$(table_val 2 INST_RETIRED)
	cyc=$(table_val 2 CYCLES)
	check "$m: workload table: INST_RETIRED counted ($inst)" test "${inst:-0}" -gt 1000
	expect_eq "$m: workload table: CYCLES = INST_RETIRED under icount" "$cyc" "$inst"
	expect_eq "$m: merged table of 2 passes: 11 events, then CYCLES of pass 1" \
		"$(printf '%s\n' "$out" | sed -n '/^pmukit: merged result of 2 of 2 passes/,/^CYCLES,1,/p' |
		   grep -cE '^[A-Z0-9_]+,[12],[0-9]+$' )" 12
	check "$m: CYCLES spread 0 across passes, IPC 1.000" \
		bash -c 'grep -q "^CYCLES spread: min [0-9]*, max [0-9]*, spread 0 " <<<"$1" && grep -q "^IPC,1.000," <<<"$1"' _ "$out"
	run_demo $m
	expect_eq "$m: a second run prints exactly the same" "$out" "$first"
done

run_demo svc --mode ssvc
expect_eq "Secure SVC: demo exits 0" "$rc" 0
check "Secure SVC: the library says ARMv7 cannot count events there" \
	has "pmukit: WARNING: Secure PL1 on ARMv7 cannot count events"
expect_eq "Secure SVC: INST_RETIRED reads 0" "$(table_val 2 INST_RETIRED)" 0
check "Secure SVC: CYCLES still counts" test "$(table_val 2 CYCLES)" -gt 1000
tap_done
