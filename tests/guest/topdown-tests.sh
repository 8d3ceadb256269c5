#!/bin/sh
# SPDX-License-Identifier: MIT
# Arm's metrics and topdown in a QEMU guest of a core Arm publishes them
# for (QEMU 7.2's neoverse-n1, MIDR part 0xd0c), under -icount shift=0 on
# one CPU, run by tests/qemu/cli.sh --suite topdown-tests.sh. Prints TAP 13.
#
#   topdown-tests.sh CPU     CPU: the core QEMU emulates (neoverse-n1)
#
# QEMU 7.2 implements SW_INCR, INST_RETIRED (with icount), CPU_CYCLES and
# STALL_FRONTEND/STALL_BACKEND, which always count 0: under icount a cycle
# is an instruction, so IPC is 1.00 and both stalled-cycles metrics 0.00 %
# exactly; the metrics of events QEMU does not implement are n/a. The
# online values (pmukit stat --topdown) must equal the offline ones
# (pmukit metrics) from the same counts, recorded as stat -x, --json and
# the firmware library's tables.
set -u
KO=/lib/modules/pmukit.ko
cpu=${1:?usage: topdown-tests.sh CPU}
N=100000

. "$(dirname "$0")/tap.sh"	# TAP 13: ok, nok, skip, diag, expect_eq, expect
# metric FILE NAME: the value of metric NAME in -x, output (a metric's line: five empty fields first)
metric() { awk -F, -v m="$2" '$1 == "" && $7 == m { print $6; exit }' "$1"; }
# metric_lines FILE: the metrics' lines of -x, output without their notes (perf's
# metric lines: 5 empty fields, the value, the name; then unit, formula, group,
# stage, passes, note)
metric_lines() { awk -F, '$1 == "" && $3 == "" { NF = 12; print }' OFS=, "$1"; }
# fw_tables FILE: stat -x, output as the firmware library prints it, a table a pass
fw_tables() {
	awk -F, '$1 != "" {
		p = $8; n = $3; sub(/:.*/, "", n)	# -x field 8: the pass
		if (n == "CPU_CYCLES") n = "CYCLES"
		rows[p] = rows[p] n ",0," $1 "," $1 "\n"
		if (p > np) np = p
	} END {
		print "pmukit firmware demo on Neoverse N1: EL3 (Secure), PMCR.N = 6"
		for (p = 1; p <= np; p++) {
			print "------------------------------------------------------------"
			print "pmukit: pass " p " | EL3 (Secure) | PMCR.N 6"
			print "------------------------------------------------------------"
			print "PMU EVENT, PREVAL, POSTVAL, DELTA"
			printf "%s", rows[p]
			print "------------------------------------------------------------"
		}
	}' "$1"
}

diag "$(uname -m), $cpu, $(nproc) CPU(s)"
echo 0 > /proc/sys/kernel/randomize_va_space

expect 0 "^core +$cpu \(MIDR 0x41[0-9a-f]fd0c[0-9a-f]: implementer 0x41, variant [0-9], part 0xd0c" \
	"info: QEMU's $cpu is MIDR part 0xd0c" -- pmukit info
if insmod $KO global_full_access=1; then ok "insmod pmukit.ko"; else nok "insmod pmukit.ko"; fi
run pmukit list
impl=$(printf '%s\n' "$out" | awk '$1 ~ /^0x/ && $NF == "yes" { print $2 }' | tr '\n' ' ')
expect_eq "list: QEMU implements SW_INCR, INST_RETIRED, CPU_CYCLES, STALL_FRONTEND, STALL_BACKEND (PMCEID)" \
	"$impl" "SW_INCR INST_RETIRED CPU_CYCLES STALL_FRONTEND STALL_BACKEND "
expect 0 "^Cycle_Accounting \(Cycle Accounting, topdown stage 1\)" "list --metrics: $cpu's set, with topdown" \
	-- pmukit list --metrics
if printf '%s\n' "$out" | grep -Eq '^  frontend_stalled_cycles +percent of cycles +STALL_FRONTEND / CPU_CYCLES \* 100$'; then
	ok "list --metrics: a metric with its units and formula"
else nok "list --metrics: frontend_stalled_cycles"; diag "$out"; fi

expect 2 "did you mean: .*frontend_stalled_cycles" "stat -M: a misspelt metric: exit 2, did you mean" \
	-- pmukit stat -M frontend_stalled_cycle -- stat_loop 10
if printf '%s\n' "$out" | grep -q "^metrics of $cpu " && printf '%s\n' "$out" | grep -q "backend_stalled_cycles"; then
	ok "stat -M: the metrics of $cpu are listed"
else nok "stat -M: list of metrics"; diag "$out"; fi

for path in direct perf; do
	[ $path != direct ] || echo 1 > /sys/kernel/pmukit/rearm
	# stage 1 and 2, each format
	run pmukit stat --path $path --topdown --level 2 -x, -o /tmp/td.csv -- stat_loop $N
	if [ "$rc" = 0 ] && [ "$(metric /tmp/td.csv frontend_stalled_cycles)" = 0.0000 ] &&
	   [ "$(metric /tmp/td.csv backend_stalled_cycles)" = 0.0000 ]; then
		ok "$path: --topdown: frontend and backend stalled cycles exactly 0.00 % (QEMU counts no stall)"
	else nok "$path: --topdown stage 1"; diag "exit $rc" "$out" "$(cat /tmp/td.csv)"; fi
	expect_eq "$path: --topdown --level 2: IPC exactly 1.00 (icount: a cycle per instruction)" \
		"$(metric /tmp/td.csv ipc)" 1.0000
	if grep -Eq '^,,,,,n/a,branch_mpki,MPKI,.*,Branch_Effectiveness,2,,BR_MIS_PRED_RETIRED is not implemented here$' /tmp/td.csv; then
		ok "$path: --level 2: a metric of events QEMU lacks is n/a, and says why"
	else nok "$path: n/a metric"; diag "$(cat /tmp/td.csv)"; fi
	run pmukit stat --path $path --topdown --level 2 -- stat_loop $N
	if printf '%s\n' "$out" | grep -Eq '^ stage 1: Cycle Accounting$' &&
	   printf '%s\n' "$out" | grep -Eq '^   frontend_stalled_cycles +0\.00 +percent of cycles +STALL_FRONTEND / CPU_CYCLES \* 100$' &&
	   printf '%s\n' "$out" | grep -Eq '^ stage 2: Branch Effectiveness \((frontend|backend)_stalled_cycles 0\.00\)$' &&
	   printf '%s\n' "$out" | grep -Eq '^ not implemented here, according to PMCEID0/1 .*:$' &&
	   printf '%s\n' "$out" | grep -Eq '^   BR_MIS_PRED_RETIRED, BR_RETIRED, '; then
		ok "$path: --topdown text: stage 1, then the stage-2 groups the tree names"
	else nok "$path: --topdown text"; diag "$out"; fi
	pmukit stat --path $path --topdown --level 2 --json -o /tmp/td.json -- stat_loop $N 2>/dev/null
	pmukit stat --path $path --topdown --level 2 -x, -o /tmp/td.csv -- stat_loop $N 2>/dev/null
	# offline from each recording of the same counts
	metric_lines /tmp/td.csv > /tmp/online
	pmukit metrics --cpu $cpu --topdown --level 2 -x, /tmp/td.csv > /tmp/off-csv 2>&1
	metric_lines /tmp/off-csv > /tmp/offline
	if [ -s /tmp/online ] && cmp -s /tmp/online /tmp/offline; then ok "$path: offline from stat -x output = online"
	else nok "$path: offline from stat -x"; diag "$(cat /tmp/online)" "--" "$(cat /tmp/off-csv)"; fi
	fw_tables /tmp/td.csv > /tmp/fw.csv
	pmukit metrics --cpu $cpu --topdown --level 2 -x, /tmp/fw.csv > /tmp/off-fw 2>&1
	metric_lines /tmp/off-fw > /tmp/offline
	if [ -s /tmp/online ] && cmp -s /tmp/online /tmp/offline; then ok "$path: offline from the firmware's tables = online"
	else nok "$path: offline from firmware tables"; diag "$(cat /tmp/fw.csv)" "--" "$(cat /tmp/off-fw)"; fi
	# (a run of its own: under icount its metrics are the same)
	pmukit metrics --cpu $cpu --topdown --level 2 -x, /tmp/td.json > /tmp/off-jx 2>&1
	metric_lines /tmp/off-jx > /tmp/offline
	if [ -s /tmp/online ] && cmp -s /tmp/online /tmp/offline; then ok "$path: offline from --json output = online"
	else nok "$path: offline from --json output"; diag "$(cat /tmp/online)" "--" "$(cat /tmp/off-jx)"; fi
	pmukit metrics --cpu $cpu --topdown --level 2 --json /tmp/td.json > /tmp/off-json 2>&1
	if grep -q '"name": "ipc"' /tmp/off-json && grep -A1 '"name": "ipc"' /tmp/off-json | grep -q '"value": 1.0000' &&
	   grep -A1 '"name": "frontend_stalled_cycles"' /tmp/td.json | grep -q '"value": 0.0000'; then
		ok "$path: offline from --json output: IPC 1.0000, and the online JSON has the metrics"
	else nok "$path: offline from --json"; diag "$(cat /tmp/off-json)"; fi
	expect 0 "^   ipc +1\.000? " "$path: -M ipc,backend_stalled_cycles" \
		-- pmukit stat --path $path -M ipc,backend_stalled_cycles -- stat_loop $N
done

if rmmod pmukit; then ok "rmmod pmukit"; else nok "rmmod pmukit"; fi
if dmesg | grep -Eq 'Oops|WARNING:|BUG:|Internal error'; then nok "kernel log clean"; dmesg | tail -20 | sed 's/^/# /'
else ok "kernel log clean"; fi
tap_end
