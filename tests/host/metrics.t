#!/bin/sh
# SPDX-License-Identifier: MIT
# Metrics in the pmukit command, without hardware (TAP): the listing of a
# core's metrics, -M and --topdown errors (exit 2 and what there is), and
# 'pmukit metrics' on recorded counts of each format (tests/fixtures/metrics:
# the same two passes as stat -x, --json, the firmware's per-pass tables and
# its merged table), against values computed by hand, and bad input.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch, tmp_dir; TAP 13: ok, nok, skip, diag
P=$top/build/$arch/bin/pmukit
F=$top/tests/fixtures/metrics
tmp_dir metrics

if [ ! -x "$P" ]; then
	skip_all "$P is not built (make cli)"
fi

run() { out=$("$P" "$@" 2>&1); rc=$?; }
# (tap.sh's expect runs its commands through run)
# value NAME: the value on metric NAME's -x, line in $out
value() { printf '%s\n' "$out" | awk -F, -v m="$1" '$1 == "" && $7 == m { print $6; exit }'; }

# ---- listing ------------------------------------------------------------------
expect 0 '^neoverse-n1 \(Neoverse N1\): [0-9]+ metrics in [0-9]+ groups, topdown methodology' \
	"list --metrics --cpu neoverse-n1: Arm's data for the core" -- list --metrics --cpu neoverse-n1
if printf '%s\n' "$out" | grep -Eq '^Cycle_Accounting \(Cycle Accounting, topdown stage 1\)$' &&
   printf '%s\n' "$out" | grep -Eq '^  backend_stalled_cycles +percent of cycles +STALL_BACKEND / CPU_CYCLES \* 100$' &&
   printf '%s\n' "$out" | grep -Eq '^  frontend_stalled_cycles: Branch_Effectiveness, ITLB_Effectiveness'; then
	ok "list --metrics: groups, units and formulas, and the decision tree"
else nok "list --metrics: contents"; diag "$out"; fi
expect 0 '^No metric data for cortex-a53: the generic metrics' "list --metrics for a core without Arm's data: the generic set" \
	-- list --metrics --cpu cortex-a53
if printf '%s\n' "$out" | grep -Eq '^  IPC +.* INST_RETIRED / CPU_CYCLES$'; then ok "list --metrics: the generic set has IPC"
else nok "list --metrics: generic IPC"; diag "$out"; fi
expect 2 "no event table for a core named 'neoverse-n9'" "list --metrics --cpu: an unknown core" \
	-- list --metrics --cpu neoverse-n9
# The C1 cores have Arm's metric data but no event table in pmukit.
expect 0 '^c1-pro-r[0-9]p[0-9] \(C1-Pro\): [0-9]+ metrics in [0-9]+ groups, topdown methodology' \
	"list --metrics --cpu c1-pro: a core with metric data and no event table" -- list --metrics --cpu c1-pro

# ---- -M and --topdown on the command line -----------------------------------
expect 2 "no metric or metric group 'no_such_metric' for " "stat -M: an unknown metric, exit 2" \
	-- stat -M no_such_metric -- true
if printf '%s\n' "$out" | grep -q "^metrics of .* ('pmukit list --metrics' shows their formulas):$"; then
	ok "stat -M: an unknown metric: the metrics there are follow"
else nok "stat -M: list after an unknown metric"; diag "$out"; fi
expect 2 "-e and -M exclude each other" "stat: -e with -M" -- stat -e CPU_CYCLES -M ipc -- true
expect 2 "-M and --topdown exclude each other" "stat: -M with --topdown" -- stat -M ipc --topdown -- true
expect 2 "--level is 1 or 2, not '3'" "stat: --level 3" -- stat --topdown --level 3 -- true
expect 2 "--level goes with --topdown" "stat: --level alone" -- stat --level 2 -- true
expect 2 "option '-M' needs a value" "stat: -M without a value" -- stat -M
expect 2 "--cpu NAME: the core the counts come from" "metrics: no --cpu" -- metrics "$F/stat.csv"
expect 2 "no core named 'neoverse-n11'" "metrics: an unknown core" -- metrics --cpu neoverse-n11 "$F/stat.csv"
if printf '%s\n' "$out" | grep -q "did you mean: .*neoverse-n1"; then ok "metrics: an unknown core: did you mean"
else nok "metrics: did you mean a core"; diag "$out"; fi
expect 2 "did you mean: c1-pro$" "metrics: a misspelt core that has only metric data: did you mean" \
	-- metrics --cpu c1-prx "$F/stat.csv"
expect 2 "did you mean: .*frontend_stalled_cycles" "metrics -M: a misspelt metric: did you mean" \
	-- metrics --cpu neoverse-n1 -M frontend_stalled "$F/stat.csv"
if printf '%s\n' "$out" | grep -q "^metrics of neoverse-n1 " && printf '%s\n' "$out" | grep -q "^groups of neoverse-n1:"; then
	ok "metrics -M: an unknown metric: the core's metrics and groups follow"
else nok "metrics -M: list"; diag "$out"; fi
expect 2 "no topdown methodology for cortex-a53 \(its metrics: the generic set\)" "metrics --topdown on a core without the data: exit 2" \
	-- metrics --cpu cortex-a53 --topdown "$F/stat.csv"
expect 1 "cannot read /nonexistent/counts.csv" "metrics: a file that cannot be read: exit 1" \
	-- metrics --cpu neoverse-n1 /nonexistent/counts.csv

# ---- each format, the same counts ------------------------------------------------
# Pass 1: cycles 1000, INST_RETIRED 2500, STALL_FRONTEND 100, STALL_BACKEND 300,
# DTLB_WALK 30; pass 2: cycles 2000, INST_RETIRED 5000 (not in the merged
# table), BR_MIS_PRED_RETIRED 10, BR_RETIRED 400, L1D_TLB 600.
#   frontend 100/1000 = 10 %, backend 30 %, IPC 2.5, branch MPKI 10/5000*1000 = 2,
#   DTLB walk ratio: 30 of pass 1 and 600 of pass 2, scaled by the passes' cycles: 0.1
M=frontend_stalled_cycles,backend_stalled_cycles,ipc,branch_mpki,dtlb_walk_ratio
for f in stat.csv stat.json fw.txt fw-merged.txt; do
	run metrics --cpu neoverse-n1 -M $M -x, "$F/$f"
	got="$(value frontend_stalled_cycles) $(value backend_stalled_cycles) $(value ipc) $(value branch_mpki) $(value dtlb_walk_ratio)"
	if [ "$rc" = 0 ] && [ "$got" = "10.0000 30.0000 2.5000 2.0000 0.1000" ]; then
		ok "metrics $f: the values computed by hand"
	else nok "metrics $f: values"; diag "exit $rc, got '$got'" "$out"; fi
	if printf '%s\n' "$out" | grep -Eq '^,,,,,0\.1000,dtlb_walk_ratio,.*,"1,2","events of passes 1,2; (DTLB_WALK \(pass 1\) x 2\.0000|L1D_TLB \(pass 2\) x 0\.5000)'; then
		ok "metrics $f: a metric of two passes says how they were combined"
	else nok "metrics $f: combined passes"; diag "$out"; fi
done
# A core with metric data and no event table: the events by the data's names.
run metrics --cpu c1-pro -M branch_mpki,dtlb_walk_ratio -x, "$F/stat.csv"
if [ "$rc" = 0 ] && [ "$(value branch_mpki) $(value dtlb_walk_ratio)" = "2.0000 0.1000" ]; then
	ok "metrics --cpu c1-pro: the values computed by hand"
else nok "metrics --cpu c1-pro: values"; diag "exit $rc" "$out"; fi
# Another separator: found from the first line, or given.
grep -v '^,' "$F/stat.csv" | sed 's/,/::/g' > "$tmp/sep.csv"
for opt in "" "--input-separator ::"; do
	# shellcheck disable=SC2086
	run metrics --cpu neoverse-n1 -M ipc,dtlb_walk_ratio -x, $opt "$tmp/sep.csv"
	if [ "$rc" = 0 ] && [ "$(value ipc) $(value dtlb_walk_ratio)" = "2.5000 0.1000" ]; then
		ok "metrics: stat -x:: output${opt:+ with $opt}"
	else nok "metrics: stat -x:: output $opt"; diag "exit $rc" "$out"; fi
done
expect 0 '^ stage 1: Cycle Accounting$' "metrics --topdown: stage 1" -- metrics --cpu neoverse-n1 --topdown "$F/fw.txt"
if printf '%s\n' "$out" | grep -Eq '^   backend_stalled_cycles +30\.00 +percent of cycles +STALL_BACKEND / CPU_CYCLES \* 100  \(pass 1\)$'; then
	ok "metrics --topdown: value, units, formula and pass"
else nok "metrics --topdown: a metric's line"; diag "$out"; fi
run metrics --cpu neoverse-n1 --topdown --level 2 "$F/stat.json"
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -Eq '^ stage 2: Data TLB Effectiveness \(backend_stalled_cycles 30\.00\)$' &&
   [ "$(printf '%s\n' "$out" | grep -n 'Data TLB Effectiveness (backend' | cut -d: -f1)" -lt \
     "$(printf '%s\n' "$out" | grep -n 'Branch Effectiveness (frontend' | cut -d: -f1)" ] &&
   printf '%s\n' "$out" | grep -Eq '^ stage 2: General$'; then
	ok "metrics --topdown --level 2: the groups the larger stage-1 metric (backend) names come first"
else nok "metrics --level 2: order"; diag "$out"; fi
run metrics --cpu neoverse-n1 "$F/stat.csv"
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -Eq '^   ipc +2\.500? ' && ! printf '%s\n' "$out" | grep -q 'l1d_cache_mpki'; then
	ok "metrics without -M: every metric whose events are in the input, no other"
else nok "metrics: default selection"; diag "$out"; fi
run metrics --cpu neoverse-n1 -M ipc --json "$F/fw.txt"
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -q '"format": "firmware CSV"' &&
   printf '%s\n' "$out" | grep -q '"value": 2.5000'; then ok "metrics --json"
else nok "metrics --json"; diag "$out"; fi
run metrics --cpu neoverse-n1 -M ipc,l1d_cache_mpki -x, "$F/stat.csv"
if printf '%s\n' "$out" | grep -q '^,,,,,n/a,l1d_cache_mpki,MPKI,.*,L1D_CACHE_REFILL was not counted$'; then
	ok "metrics: an event not in the input: n/a and why"
else nok "metrics: n/a"; diag "$out"; fi
printf 'PMU EVENT, PREVAL, POSTVAL, DELTA\nL1D_CACHE_REFILL,0,5,5\nL1D_CACHE,0,0,0\n' > "$tmp/zero"
run metrics --cpu neoverse-n1 -M l1d_cache_miss_ratio "$tmp/zero"
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -Eq 'l1d_cache_miss_ratio +n/a .*\(L1D_CACHE counted 0\)$'; then
	ok "metrics: a divisor of 0: n/a, never inf"
else nok "metrics: divided by 0"; diag "$out"; fi
# Cycles of code that ran read 0: no count, and the metric says so.
printf 'PMU EVENT, PREVAL, POSTVAL, DELTA\nSTALL_BACKEND,0,5,5\nCYCLES,0,0,0\n' > "$tmp/nc"
run metrics --cpu neoverse-n1 -M backend_stalled_cycles "$tmp/nc"
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -Eq 'backend_stalled_cycles +n/a .*\(CYCLES did not count: .*emulator.*\)$'; then
	ok "metrics: a recorded 0 of cycles did not count: n/a with the reason"
else nok "metrics: a recorded 0 of cycles did not count"; diag "$out"; fi
# What stat said did not count (its CSV's COUNTED and WHY NOT, JSON's "counted"), and why.
printf '0,,INST_RETIRED:uk,0.00,1,100.00,n/a,IPC,did not count,the PMU was off\n1000,,CPU_CYCLES:uk,0.00,1,100.00,,,,\n' > "$tmp/nc.csv"
run metrics --cpu cortex-a9 -M ipc -x, "$tmp/nc.csv"
if [ "$rc" = 0 ] && [ "$(value IPC)" = n/a ] &&
   printf '%s\n' "$out" | grep -q ',INST_RETIRED:uk did not count: the PMU was off$'; then
	ok "metrics: stat -x's 'did not count' read back: IPC n/a with stat's reason"
else nok "metrics: stat -x's did not count"; diag "$out"; fi
printf '{ "path": "perf", "events": [ { "event": "INST_RETIRED:u", "pass": 1, "value": 5, "counted": false, "reason": "the PMU was off" },\n { "event": "CPU_CYCLES:u", "pass": 1, "value": 10 } ] }\n' > "$tmp/nc.json"
run metrics --cpu cortex-a53 -M ipc --json "$tmp/nc.json"
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -q '"value": null' &&
   printf '%s\n' "$out" | grep -q '"reason": "INST_RETIRED:u did not count: the PMU was off"'; then
	ok "metrics: stat --json's \"counted\": false read back: no value, stat's reason"
else nok "metrics: stat --json's counted false"; diag "$out"; fi
printf '{ "path": "perf", "events": [ { "event": "INST_RETIRED:u", "pass": 1, "value": 5 },\n { "event": "CPU_CYCLES:u", "pass": 1, "value": 0 } ] }\n' > "$tmp/zero.json"
run metrics --cpu cortex-a53 -M ipc "$tmp/zero.json"
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -Eq 'IPC +n/a .*\(CPU_CYCLES:u did not count: .*firmware did not enable or clock'; then
	ok "metrics: a recorded 0 of CPU_CYCLES:u on perf did not count (the library's rule)"
else nok "metrics: a recorded 0 of CPU_CYCLES:u"; diag "$out"; fi

# The firmware demo's real output (docs/firmware.md): tables of two selections, two
# passes and their merged table, which stands for them; the firmware's own IPC and n/a.
run metrics --cpu cortex-a53 -x, "$F/fw-demo.txt"
if [ "$rc" = 0 ] && [ "$(value IPC)" = 1.0000 ] &&
   printf '%s\n' "$out" | grep -q '^,,,,,n/a,L1D refill rate,.*,L1D_CACHE counted 0$'; then
	ok "metrics: the firmware demo's output: IPC 1.000 and the n/a the firmware prints"
else nok "metrics: firmware demo"; diag "exit $rc" "$out"; fi
expect 0 "fw-demo.txt: firmware CSV, 13 counts in 2 passes" "metrics: the merged table stands for the passes' tables" \
	-- metrics --cpu cortex-a53 "$F/fw-demo.txt"

printf 'PMU EVENT, PREVAL, POSTVAL, DELTA\nINST_RETIRED,0,10,10\nmy loads,0,5,5\nCYCLES,0,20,20\n' > "$tmp/names"
run metrics --cpu neoverse-n1 -M ipc "$tmp/names"
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -Eq '^   ipc +0\.500 ' &&
   printf '%s\n' "$out" | grep -q '^ not events of neoverse-n1, left out:$' &&
   printf '%s\n' "$out" | grep -q '^   my loads$'; then
	ok "metrics: a name that is no event of the core is said to be left out"
else nok "metrics: unknown names"; diag "exit $rc" "$out"; fi

# ---- bad input: exit 2, the line and what was expected -----------------------------
bad() {
	desc=$1 want=$2
	out=$(printf "$3" | "$P" metrics --cpu neoverse-n1 2>&1); rc=$?
	if [ "$rc" = 2 ] && printf '%s\n' "$out" | grep -qF -- "$want"; then ok "metrics: bad input: $desc"
	else nok "metrics: bad input: $desc"; diag "exit $rc" "$out"; fi
}
bad "not a format" "pmukit metrics: stdin: line 1: expected a 'perf stat -x SEP' line" 'hello\n'
bad "not a format: every format is named" "; the input is none of the formats: nor 'pmukit stat -x' lines" 'hello\n'
bad "stat -x, a bad count" "stdin: line 2: expected a 'pmukit stat -x' line" '5,,INST_RETIRED,0.00,1,100.00,,\n5x,,CPU_CYCLES,0.00,1,100.00,,\n'
bad "stat -x, pass 0" "stdin: line 1: expected a 'pmukit stat -x' line" '5,,INST_RETIRED,0.00,0,100.00,,\n'
bad "firmware, DELTA not POSTVAL - PREVAL" "stdin: line 3: expected NAME,PREVAL,POSTVAL,DELTA: counts in decimal, DELTA = POSTVAL - PREVAL or OVERFLOW (10 - 1 is not 10)" \
	'boot\nPMU EVENT, PREVAL, POSTVAL, DELTA\nINST_RETIRED,1,10,10\n'
bad "firmware, a short row" "stdin: line 2: expected NAME,PREVAL,POSTVAL,DELTA" 'PMU EVENT, PREVAL, POSTVAL, DELTA\nINST_RETIRED,1\n'
bad "merged table, pass 0" "stdin: line 2: expected NAME,PASS,DELTA: PASS from 1" 'PMU EVENT, PASS, DELTA\nINST_RETIRED,0,5\n'
bad "JSON, an event without a value" 'stdin: line 1: expected an event object with "event", "pass" (from 1) and "value"' \
	'{ "events": [ { "event": "INST_RETIRED", "pass": 1 } ] }\n'
bad "JSON, cut short" "stdin: line 3: expected" '{\n "events": [\n'

# ---- other collectors (tests/fixtures/collectors; their values: metrics-collectors.t) --------
C=$top/tests/fixtures/collectors
expect 0 'perf-x-IA.csv: perf stat -x, interval 2.002 s, CPU1, 4 counts in 1 pass' \
	"metrics: perf stat -x';' -I -A: a result per interval and CPU" -- metrics --cpu neoverse-n1 "$C/perf-x-IA.csv"
if printf '%s\n' "$out" | grep -Eq '^   ipc +n/a .*\(cycles did not count: the collector wrote <not counted>\)$'; then
	ok "metrics: perf's <not counted> is n/a naming the event, never 0"
else nok "metrics: <not counted>"; diag "$out"; fi
# (a metric's line as perf's: the count's five fields empty, then the metric's value and name)
run metrics --cpu neoverse-n1 -M ipc -x, "$C/perf-x-IA.csv"
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | head -1)" = "1.001000000,CPU0,,,,,,2.0000,ipc,per cycle,INST_RETIRED / CPU_CYCLES,General,,1," ]; then
	ok "metrics -x with -I -A input: each line leads with the interval's time and the CPU, as perf's"
else nok "metrics -x: time and CPU columns"; diag "$out"; fi
run metrics --cpu neoverse-n1 -M dtlb_walk_ratio,ll_cache_read_miss_ratio "$C/perf-x.csv"
if [ "$rc" = 0 ] && printf '%s\n' "$out" | grep -Eq '^   dtlb_walk_ratio +0\.033 .*\(scaled: 40\.00% counted, perhaps never together\)$' &&
   printf '%s\n' "$out" | grep -q 'll_cache_read_miss_ratio .*(armv8_pmuv3_0/ll_cache_rd/u was not supported: the collector could not open it)$'; then
	ok "metrics: a metric of scaled counts says the lowest share; <not supported> is n/a, named"
else nok "metrics: scaled and not supported"; diag "$out"; fi
for opt in "" "--input-separator ::" "--input-format perf-csv"; do
	# shellcheck disable=SC2086
	run metrics --cpu neoverse-n1 -M ipc -x, $opt "$C/perf-x-r.txt"
	if [ "$rc" = 0 ] && [ "$(value ipc)" = 2.0000 ]; then ok "metrics: perf stat -r -x:: output${opt:+ with $opt}"
	else nok "metrics: perf -x:: $opt"; diag "exit $rc" "$out"; fi
done
expect 0 'likwid.csv: likwid-perfctr CSV, CPU1, 6 counts in 1 pass' \
	"metrics without --cpu: the core LIKWID's 'CPU type:' names" -- metrics "$C/likwid.csv"
expect 0 'neoverse_n1_events.csv: topdown-tool CSV, 11 counts in 2 passes' \
	"metrics without --cpu: the core topdown-tool's file is named after" -- metrics "$C/neoverse_n1_events.csv"
expect 2 "--cpu NAME: the core the counts come from" "metrics: perf output names no core: --cpu is needed" \
	-- metrics "$C/perf-x.csv"
expect 0 '^ metrics for neoverse-n1:$' "metrics without --cpu: the core of stat --json's \"metric_set\"" -- metrics "$F/stat.json"
# ---- several core types: a result per type, from its own counts and set --------------
T=$C/pmukit-types-rk3399-x.csv
expect 0 'pmukit-types-rk3399-x.csv: pmukit stat -x, cortex-a72, 3 counts in 1 pass' \
	"metrics without --cpu: stat's blocks per type name their cores" -- metrics "$T"
if printf '%s\n' "$out" | grep -q '^ metrics for cortex-a53 (its metrics: the generic set):$' &&
   printf '%s\n' "$out" | grep -q "pmukit-types-rk3399-x.csv: the counts of no core type (sums over the types), left out" &&
   printf '%s\n' "$out" | grep -q '^   cycles:u, instructions:u$'; then
	ok "metrics of several types: each type's set; the sums over the types left out, listed"
else nok "metrics: types and sums"; diag "$out"; fi
# 19426967 / 61 = 318474.868852...: the A72's own counts, not the A53's nor the sums'
run metrics -M IPC -x, "$T"
if [ "$rc" = 0 ] && [ "$out" = ",,cortex-a53,,,0.0000,IPC,per cycle,INST_RETIRED / CPU_CYCLES,General,,1,
,,cortex-a72,,,318474.8689,IPC,per cycle,INST_RETIRED / CPU_CYCLES,General,,1," ]; then
	ok "metrics -M IPC -x, of several types: a line per type, its core in the event field, as stat -M -x's"
else nok "metrics -x of types"; diag "$out"; fi
expect 0 '^ metrics for cortex-a72 \(its metrics: the generic set\):$' \
	"metrics --cpu neoverse-n1 of perf's hybrid events: each type's set is its core's" \
	-- metrics --cpu neoverse-n1 "$C/perf-hybrid-x.csv"
expect 0 'perf-cpu-core-x.csv: perf stat -x, cpu_atom, 2 counts in 1 pass' \
	"metrics --cpu of perf's cpu_core and cpu_atom: a result per type" -- metrics --cpu neoverse-n1 -M ipc "$C/perf-cpu-core-x.csv"
if [ "$(printf '%s\n' "$out" | grep -c '^ metrics for neoverse-n1:$')" = 2 ]; then
	ok "metrics: a type of no core pmukit knows takes --cpu's set"
else nok "metrics: cpu_core's set"; diag "$out"; fi
expect 2 "no topdown methodology for cortex-a53" "metrics --topdown of types without Arm's data: exit 2, naming the type" \
	-- metrics --cpu neoverse-n1 --topdown "$C/perf-hybrid-x.csv"
# stat's table read back: the metrics its --json gives for the same run (tests/fixtures/cli)
for f in stat-one-pass stat-not-counted stat-wrapped stat-partial; do
	table=$("$P" metrics --cpu cortex-a53 -x, "$top/tests/fixtures/cli/$f.txt" 2>&1); rc=$?
	json=$("$P" metrics --cpu cortex-a53 -x, "$top/tests/fixtures/cli/$f.json" 2>&1)
	if [ "$rc" = 0 ] && [ "$table" = "$json" ]; then ok "metrics of stat's table $f.txt: as of its --json"
	else nok "metrics of stat's table $f.txt"; diag "$table" "--- json:" "$json"; fi
done
expect 0 'stat-passes.txt: pmukit stat, 10 counts in 2 passes' \
	"metrics of stat's table of 2 passes: each pass's CPU_CYCLES from its passes' line" \
	-- metrics --cpu cortex-a53 "$top/tests/fixtures/cli/stat-passes.txt"
printf '\n Performance counter stats for %s (path perf):\n\nCPU0     91,566      cycles:u\n' "'system wide'" > "$tmp/table-A.txt"
expect 2 "line 4: expected a 'pmukit stat' table's row, VALUE EVENT ..., not one of a CPU \\(a table of -A CPUs is not read: use -x or --json\\)" \
	"metrics of stat's -A table: exit 2, saying to use -x or --json" -- metrics --cpu cortex-a53 "$tmp/table-A.txt"
printf '1,,armv8_cortex_a53/frobs/,1,100.00,,\n2,,armv8_cortex_a72/cpu_cycles/,1,100.00,,\n' > "$tmp/hybrid-bad.csv"
expect 2 "line 1: expected an event perf, LIKWID or the tables of cortex-a53 know, not 'armv8_cortex_a53/frobs/'" \
	"metrics: a type's event its table does not know: exit 2, naming the type" -- metrics "$tmp/hybrid-bad.csv"
printf '{ "midr": "0x410fd034", "events": [ { "event": "INST_RETIRED:u", "pass": 1, "value": 5 },\n { "event": "CPU_CYCLES:u", "pass": 1, "value": 10 } ] }\n' > "$tmp/midr.json"
expect 0 '^ metrics for cortex-a53 \(its metrics: the generic set\):$' "metrics without --cpu: the core of a recorded MIDR" -- metrics "$tmp/midr.json"
printf '{ "midr": "0x41zz", "events": [] }\n' > "$tmp/badmidr.json"
expect 2 'line 1: expected "midr": a MIDR in hex' "metrics: a MIDR that is no number: exit 2 with the line" -- metrics --cpu neoverse-n1 "$tmp/badmidr.json"
expect 0 'pmukit-stat-x.csv: pmukit stat -x, 12 counts in 2 passes' \
	"metrics: pmukit stat -x's lines in perf's layout, with their passes" -- metrics --cpu neoverse-n1 "$C/pmukit-stat-x.csv"
if printf '%s\n' "$out" | grep -q '(L1D_CACHE_REFILL:u did not count: the PMU was off)$'; then
	ok "metrics: pmukit stat -x's verdict and reason in perf's layout read back"
else nok "metrics: pmukit verdict in perf's layout"; diag "$out"; fi
# (line 1 is perf's "# started on" and line 2 blank, as perf -j -o writes them too)
run metrics --cpu neoverse-n1 -M ipc --input-format perf-json "$C/perf-x.csv"
if [ "$rc" = 2 ] && printf '%s\n' "$out" | grep -q "line 3: expected a 'perf stat -j' object"; then
	ok "metrics --input-format: the named format is read, not the one found"
else nok "metrics --input-format"; diag "exit $rc" "$out"; fi

bad "perf -x, a truncated line" "stdin: line 2: expected a 'perf stat -x SEP' line" \
	'1000,,cycles,100,100.00,,\n2000,,instructions,100\n'
bad "perf -x, a count that is no number" "stdin: line 2: expected a count (digits, perhaps a fraction), <not counted> or <not supported> in field 1, not '2k'" \
	'1000,,cycles,100,100.00,,\n2k,,instructions,100,100.00,,\n'
bad "perf -x, a percentage above 100" "stdin: line 1: expected a percentage counted above 0 and at most 100 in field 5, not '150.00'" \
	'1000,,cycles,100,150.00,,\n'
bad "perf -x, an event no table knows" "stdin: line 2: expected an event perf, LIKWID or the tables of neoverse-n1 know, not 'armv8_pmuv3_0/no_such_event/'; unknown as well: 'frobs:u' (line 3)" \
	'1000,,cycles,100,100.00,,\n5,,armv8_pmuv3_0/no_such_event/,100,100.00,,\n5,,frobs:u,100,100.00,,\n'
bad "perf -x, branches: two events by kernel, never guessed" "stdin: line 1: expected an event perf, LIKWID or the tables of neoverse-n1 know, not 'branches'" \
	'1000,,branches,100,100.00,,\n'
bad "perf -j, a line cut short" "stdin: line 2: expected a 'perf stat -j' object" \
	'{"counter-value" : "1000.000000", "unit" : "", "event" : "cycles", "event-runtime" : 1, "pcnt-running" : 100.00}\n{"counter-value" : "10\n'
bad "perf -j, a count that is no number" "stdin: line 1: expected \"counter-value\" : a count, \"<not counted>\" or \"<not supported>\", not 'many'" \
	'{"counter-value" : "many", "unit" : "", "event" : "cycles", "event-runtime" : 1, "pcnt-running" : 100.00}\n'
bad "perf -j --per-core: not a CPU's counts" 'stdin: line 1: expected counts of a CPU or of all CPUs (perf stat -A or without --per-core), not "core" : "S0-D0-C0"' \
	'{"core" : "S0-D0-C0", "counter-value" : "1000.000000", "unit" : "", "event" : "cycles", "event-runtime" : 1, "pcnt-running" : 100.00}\n'
bad "topdown-tool, run 0" "stdin: line 2: expected a topdown-tool events CSV row RUN,TIME,EVENT,VALUE" \
	'run,time,event,value\n0,,CPU_CYCLES,5\n'
bad "topdown-tool, a truncated row" "stdin: line 3: expected a topdown-tool events CSV row" \
	'run,time,event,value\n1,,CPU_CYCLES,5\n1,,INST_RETIRED\n'
bad "likwid, a count that is no number" "stdin: line 4: expected a count for HWThread 0 in column 3, not '12ab'" \
	'TABLE,Group 1 Raw,Custom,2\nEvent,Counter,HWThread 0\nCPU_CYCLES,PMC0,100\nINST_RETIRED,PMC1,12ab\n'
bad "likwid, a raw table without its header" "stdin: line 2: expected the header Event,Counter,HWThread N,... of a likwid-perfctr raw table" \
	'TABLE,Group 1 Raw,Custom,2\nCPU_CYCLES,PMC0,100\n'
tap_end
