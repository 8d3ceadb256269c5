#!/bin/bash
# SPDX-License-Identifier: MIT
# Passes planned from metrics: Arm's topdown stage 1 and 2 for Neoverse N1
# (the image's metric set, tests/fw/fw_topdown.c), at EL1 on QEMU's -cpu
# neoverse-n1 with -icount shift=0, over a loop of "subs; b.ne":
#  - one table per planned pass, each with the cycle counter, all the same
#    CYCLES (spread 0), no metric from two passes (each metric's events fit
#    the counters together);
#  - the values QEMU makes exact: IPC = 1.000 (one instruction a cycle), the
#    stall metrics 0.00 % (QEMU implements STALL_FRONTEND and STALL_BACKEND
#    as 0); n/a with the reason where a divisor event is one QEMU lacks, and
#    the events PMCEID does not list named;
#  - the host's 'pmukit metrics' computes the same values from the CSV the
#    firmware printed (offline = online);
#  - an unknown metric name: PMUKIT_FW_ENOENT, printed with a suggestion.
. tests/fw/lib.sh

img=build/arm64/fw/test/test-topdown-el1.elf
host=build/x86_64/bin/pmukit
if [ ! -f "$img" ]; then
	echo "Bail out! $img is missing: run make fw first"
	exit 1
fi
command -v qemu-system-aarch64 >/dev/null || skip_all "qemu-system-aarch64 is not installed"

rc=0
out=$("$FW_RUN" --cpu neoverse-n1 "$img" 2>&1) || rc=$?
expect_eq "image exits 0" "$rc" 0
np=$(tval topdown npasses)
expect_eq "stage 1 + 2 planned and run" "$(tval topdown rc),$(tval topdown metrics)" "0,31"
check "more events ($(tval topdown events)) than counters ($(tval topdown counters)): $np passes" \
	test "${np:-0}" -gt 1
expect_eq "one table per pass" "$(printf '%s\n' "$out" | grep -c '^pmukit: pass [0-9]* |')" "$np"
expect_eq "every table well formed (DELTA = POSTVAL - PREVAL)" "$(csv_check)" "$np"
check "the same CYCLES in every pass" has "spread 0 (0.00% of min) over $np passes"
check "no metric from two passes" bash -c '! grep -q "(passes " <<<"$1"' _ "$out"

# The metric lines of the report: after the merged table, from the header to the rule.
metrics=$(printf '%s\n' "$out" | awk '/^PMU EVENT, PASS, DELTA$/ { r = 1 }
	r && /^METRIC, VALUE, FORMULA$/ { m = 1; next } m && /^-+$/ { exit } m')
mline() {	# mline NAME: that metric's line
	printf '%s\n' "$metrics" | grep "^$1,"
}
expect_eq "31 metric lines" "$(printf '%s\n' "$metrics" | grep -c '^[a-z0-9_]*,')" 31
expect_eq "stage 1 first" "$(printf '%s\n' "$metrics" | head -2 | cut -d, -f1 | tr '\n' ' ')" \
	"frontend_stalled_cycles backend_stalled_cycles "
expect_eq "IPC exactly 1.000" "$(mline ipc)" "ipc,1.000,INST_RETIRED / CYCLES"
expect_eq "frontend stalls exactly 0.00 %" "$(mline frontend_stalled_cycles)" \
	"frontend_stalled_cycles,0.00%,STALL_FRONTEND / CYCLES * 100"
expect_eq "backend stalls exactly 0.00 %" "$(mline backend_stalled_cycles)" \
	"backend_stalled_cycles,0.00%,STALL_BACKEND / CYCLES * 100"
expect_eq "n/a where QEMU lacks the divisor event, with the reason" "$(mline branch_misprediction_ratio)" \
	"branch_misprediction_ratio,n/a,BR_MIS_PRED_RETIRED / BR_RETIRED (BR_RETIRED counted 0) (not implemented by this PMU: BR_MIS_PRED_RETIRED, BR_RETIRED)"
expect_eq "every n/a says why" \
	"$(printf '%s\n' "$metrics" | grep '^[a-z0-9_]*,n/a,' | grep -v ' counted 0)' || true)" ""
na=$(printf '%s\n' "$metrics" | grep -c '^[a-z0-9_]*,n/a,' || true)
diag "$na of 31 metrics n/a on QEMU; the others are exact (IPC, stalls) or 0 from events QEMU does not count"

if [ -x "$host" ]; then
	rc=0
	off=$(printf '%s\n' "$out" | "$host" metrics --cpu neoverse-n1 -x, 2>&1) || rc=$?
	expect_eq "host pmukit metrics reads the firmware CSV" "$rc" 0
	# name,value of each: the offline value rounded to the firmware's decimals.
	diff=$(awk -F, '
		NR == FNR {
			v = $2; sub(/%$/, "", v)
			fw[$1] = v
			d = index(v, ".") ? length(v) - index(v, ".") : 0
			dec[$1] = d
			next
		}
		{
			name = $7; v = $6	# a metric line: five empty count fields, value, name
			if (!(name in fw)) { print "offline only: " name; next }
			if (v != "n/a") v = sprintf("%.*f", dec[name], v)
			if (v != fw[name]) print name ": firmware " fw[name] ", offline " v
			seen[name] = 1
		}
		END { for (n in fw) if (!(n in seen)) print "firmware only: " n }' \
		<(printf '%s\n' "$metrics" | grep '^[a-z0-9_]*,') <(printf '%s\n' "$off") 2>&1 ||
		echo "awk failed")
	expect_eq "offline = online: the same 31 metrics, the same values" "$diff" ""
else
	skip "$host is missing: run make" "offline = online"
fi

expect_eq "unknown metric: PMUKIT_FW_ENOENT" "$(tval unknown rc)" -2
check "unknown metric: said, with a suggestion" \
	has "pmukit: no metric or group frontend_stall_cycles in the set neoverse-n1; did you mean: frontend_stalled_cycles"
tap_done
