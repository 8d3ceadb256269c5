#!/bin/sh
# SPDX-License-Identifier: MIT
# Linux perf's own output, read by pmukit metrics: Debian's perf (qemu-run
# --perf) counts a known loop in the guest with -x, and -j, and every CPU
# with -a -A -I; pmukit metrics computes Arm's metrics from each file, and
# they are compared with pmukit stat -M's over the same events. Under
# -icount shift=0 on one CPU (tests/qemu/cli.sh --suite perf-metrics-tests.sh
# --perf). Prints TAP 13.
#
#   perf-metrics-tests.sh CPU     CPU: the core QEMU emulates (neoverse-n1, cortex-a53)
#
# What QEMU's PMU does here, and so what the test can require:
# - under icount a cycle is an instruction, so a user-space count of the
#   loop has CPU_CYCLES = INST_RETIRED and IPC is exactly 1; -a counts (the
#   kernel's and the idle loop's too) are within a few instructions of
#   that, so there each interval's IPC is the file's own ratio;
# - STALL_FRONTEND and STALL_BACKEND always count 0: the stall metrics are
#   exactly 0;
# - the PMU has six counters and the cycle counter. Seven events fit, and
#   perf counts them all the time (the exact runs). Eight pinned events
#   (perf's :D) leave the last without a counter for the whole run, which
#   perf writes as <not counted>: every metric of it must be n/a, naming
#   it. Eight events that are not pinned are multiplexed when the run
#   spans perf's rotations (4 ms of virtual time each; the long loop takes
#   about 20 ms): perf scales them, and each metric must carry the lowest
#   percentage among its events. Which events perf rotates when is not
#   repeatable (the virtual clock runs with the host's while the guest is
#   idle), so only the pinned run is used for <not counted>.
set -u
cpu=${1:?usage: perf-metrics-tests.sh CPU}
N=100000	# about 0.2 M user instructions: inside one rotation interval

. "$(dirname "$0")/tap.sh"	# TAP 13: ok, nok, skip, diag, expect_eq, expect

command -v perf >/dev/null || skip_all "no perf in the guest (tools/qemu-run --perf)"
diag "$(uname -m), $cpu, $(nproc) CPU(s), $(perf --version)"
echo 0 > /proc/sys/kernel/randomize_va_space

# The core's PMU as perf names it (arm_pmuv3's device: armv8_pmuv3_0 from
# ACPI or a generic node, armv8_cortex_a53 from the device tree, ...).
pmu=$(ls /sys/bus/event_source/devices | grep -m1 '^armv8')
[ -n "$pmu" ] || skip_all "perf sees no Arm PMU in /sys/bus/event_source/devices"

# The events, in each syntax perf accepts, and the metric set pmukit uses:
# Arm's set for the Neoverse N1 (perf's own event names from its JSON
# tables), the generic set otherwise (perf's generic names, the PMU's sysfs
# names and raw numbers). $fit: seven events; $over: the same and one more
# that a metric needs; $ievents: four events for -I.
case "$cpu" in
neoverse-n1)
	fit="inst_retired,cpu_cycles,stall_frontend,stall_backend,br_retired,l1d_cache,l1d_cache_refill"
	over="$fit,br_mis_pred_retired"
	ievents="inst_retired,cpu_cycles,stall_frontend,stall_backend"
	ipc=ipc stalls="frontend_stalled_cycles backend_stalled_cycles"
	stat_m="ipc,frontend_stalled_cycles,backend_stalled_cycles" ;;
*)
	# (the kernel's map for the Cortex-A53 has no stalled-cycles-frontend:
	# perf writes <not supported> and gives it no counter)
	fit="instructions,cycles,stalled-cycles-frontend,$pmu/inst_retired/,r23,r04,r10,r12"
	over="$fit,r03"
	ievents="$pmu/inst_retired/,cycles,r23,stalled-cycles-backend"
	ipc=IPC stalls=
	stat_m="IPC" ;;
esac
# mods LIST MOD: each event of the comma-separated LIST with perf's modifier MOD
mods() { printf '%s' "$1" | awk -v RS=, -v m="$2" '{ sub(/\n$/, ""); printf "%s%s", (NR > 1 ? "," : ""), ($0 ~ /\/$/ ? $0 m : $0 ":" m) }'; }

# metric FILE NAME: a metric's value in pmukit metrics -x, output (the
# metric's line: 5 empty fields, then the value and the name; with -I and
# -A the time and the CPU lead, so the value is field 8); "" if none.
metric() { awk -F, -v m="$2" '$1 == "" && $7 == m { print $6; exit }' "$1"; }
# not_counted FILE: the events perf wrote as <not counted> in its -x, file.
not_counted() { awk -F, '$1 == "<not counted>" { print $3 }' "$1"; }

# ---- seven events, perf stat -x, and -j: the exact values -------------------
run perf stat -x, -o /tmp/perf.csv -e "$(mods "$fit" u)" -- stat_loop $N
if [ "$rc" = 0 ] && [ "$(grep -c ',100\.00,' /tmp/perf.csv)" -ge 6 ] && ! grep -q '<not counted>' /tmp/perf.csv; then
	ok "perf stat -x, counted the loop, every event all the time (perf's own run)"
else nok "perf stat -x,"; diag "exit $rc" "$out" "$(cat /tmp/perf.csv 2>/dev/null)"; fi
run perf stat -j -o /tmp/perf.json -e "$(mods "$fit" u)" -- stat_loop $N
if [ "$rc" = 0 ] && grep -q '"counter-value"' /tmp/perf.json; then ok "perf stat -j counted the loop"
else nok "perf stat -j"; diag "exit $rc" "$out" "$(cat /tmp/perf.json 2>/dev/null)"; fi

# pmukit stat -M over the same events: the reference values.
run pmukit stat -M "$stat_m" -x, -o /tmp/stat.csv -- stat_loop $N
if [ "$rc" = 0 ] && [ "$(metric /tmp/stat.csv "$ipc")" = 1.0000 ]; then
	ok "pmukit stat -M $stat_m: IPC exactly 1.0000 (icount)"
else nok "pmukit stat -M"; diag "exit $rc" "$out" "$(cat /tmp/stat.csv 2>/dev/null)"; fi

for f in perf.csv perf.json; do
	pmukit metrics --cpu "$cpu" -x, "/tmp/$f" > /tmp/m.csv 2>/tmp/m.err
	rc=$? out=$(cat /tmp/m.err)
	if [ "$rc" = 0 ]; then ok "metrics: perf's $f is read (exit 0)"
	else nok "metrics: perf's $f"; diag "exit $rc" "$out" "$(cat "/tmp/$f")"; fi
	expect_eq "metrics from perf's $f: $ipc = pmukit stat -M's (1.0000)" \
		"$(metric /tmp/m.csv "$ipc")" "$(metric /tmp/stat.csv "$ipc")"
	for m in $stalls; do
		expect_eq "metrics from perf's $f: $m exactly 0.0000, as stat -M's" \
			"$(metric /tmp/m.csv "$m")/$(metric /tmp/stat.csv "$m")" "0.0000/0.0000"
	done
done

# ---- eight pinned events: the last <not counted> ------------------------------
for fmt in "-x," -j; do
	f=/tmp/pinned.$( [ "$fmt" = -j ] && echo json || echo csv )
	run perf stat $fmt -o "$f" -e "$(mods "$over" uD)" -- stat_loop $N
	if [ "$fmt" = -j ]; then
		nc=$(awk '/"counter-value" : "<not counted>"/ { e = $0; sub(/.*"event" : "/, "", e); sub(/".*/, "", e); print e }' "$f")
	else
		nc=$(not_counted "$f")
	fi
	expect_eq "perf stat $fmt, eight pinned events: the last <not counted> (six counters and the cycle counter)" \
		"$nc" "$(mods "${over##*,}" uD)"
	pmukit metrics --cpu "$cpu" -x, "$f" > /tmp/m.csv 2>/tmp/m.err
	lines=$(awk -F, -v e="$nc" '$1 == "" && index($NF, e " did not count")' /tmp/m.csv)
	vals=$(printf '%s\n' "$lines" | awk -F, 'NF { print $6 }' | sort -u)
	if [ -n "$nc" ] && [ -n "$lines" ] && [ "$vals" = n/a ] && [ "$(metric /tmp/m.csv "$ipc")" = 1.0000 ]; then
		ok "metrics from perf stat $fmt: each metric of $nc is n/a and names it; IPC still 1.0000"
	else nok "metrics from perf stat $fmt: <not counted>"; diag "uncounted: $nc" "$(cat /tmp/m.csv /tmp/m.err)"; fi
done

# ---- eight events, multiplexed: each metric marked with its lowest share ------
run perf stat -j -o /tmp/mux.json -e "$(mods "$over" u)" -- stat_loop 10000000
# each event's percentage as perf wrote it: "NAME PCT" lines
awk '/"counter-value"/ { e = $0; sub(/.*"event" : "/, "", e); sub(/".*/, "", e)
	p = $0; sub(/.*"pcnt-running" : /, "", p); sub(/,.*/, "", p); print e, p + 0 }' /tmp/mux.json > /tmp/pcts
# (an event counted twice, as instructions and .../inst_retired/ on the
# Cortex-A53: the count perf took the longest stands for it)
inst=$(awk '$1 ~ /inst/ && $2 > m { m = $2 } END { print m }' /tmp/pcts)
cyc=$(awk '$1 ~ /^(cpu_)?cycles/ && $2 > m { m = $2 } END { print m }' /tmp/pcts)
low=$(printf '%s\n%s\n' "$inst" "$cyc" | sort -n | head -n 1)
pmukit metrics --cpu "$cpu" -M "$ipc" --json /tmp/mux.json > /tmp/m.json 2>/tmp/m.err
got=$(grep -A12 "\"name\": \"$ipc\"" /tmp/m.json | sed -n 's/.*"counted_percent": \([0-9.]*\).*/\1/p' | head -n 1)
if [ -z "$low" ] || awk -v l="$low" 'BEGIN { exit !(l >= 100) }'; then
	if [ -z "$got" ]; then ok "metrics from multiplexed perf -j: $ipc not marked scaled (perf counted its events all the time)"
	else nok "metrics from multiplexed perf -j: $ipc marked scaled"; diag "$(cat /tmp/pcts /tmp/m.json)"; fi
elif [ -n "$got" ] && awk -v g="$got" -v l="$low" 'BEGIN { exit !(g == l) }'; then
	ok "metrics from multiplexed perf -j: $ipc carries its events' lowest share ($low %)"
else nok "metrics from multiplexed perf -j: $ipc's counted_percent"; diag "want $low, got '$got'" "$(cat /tmp/pcts /tmp/m.json /tmp/m.err)"; fi

# ---- perf stat -a -A -I: every CPU, every interval --------------------------
# 40 M iterations: about 80 M instructions, 4 intervals of 20 ms of virtual
# time and the last, partial one.
for fmt in "-x," -j; do
	f=/tmp/perf-ia.$( [ "$fmt" = -j ] && echo json || echo csv )
	run perf stat -a -A -I 20 $fmt -o "$f" -e "$ievents" -- stat_loop 40000000
	# perf's intervals, each with the ratio of its own counts
	if [ "$fmt" = -j ]; then
		want=$(awk '/"counter-value"/ {
			t = $0; sub(/.*"interval" : /, "", t); sub(/,.*/, "", t)
			v = $0; sub(/.*"counter-value" : "/, "", v); sub(/".*/, "", v)
			e = $0; sub(/.*"event" : "/, "", e); sub(/".*/, "", e)
			if (!(t in seen)) { seen[t] = 1; ts[++n] = t }
			if (e ~ /inst/) ins[t] = v; else if (e ~ /^(cpu_)?cycles$/) cyc[t] = v
		} END { for (i = 1; i <= n; i++) printf "%.4f\n", ins[ts[i]] / cyc[ts[i]] }' "$f")
	else
		want=$(awk -F, '$2 == "CPU0" {
			if (!($1 in seen)) { seen[$1] = 1; ts[++n] = $1 }
			if ($5 ~ /inst/) ins[$1] = $3; else if ($5 ~ /^(cpu_)?cycles$/) cyc[$1] = $3
		} END { for (i = 1; i <= n; i++) printf "%.4f\n", ins[ts[i]] / cyc[ts[i]] }' "$f")
	fi
	run pmukit metrics --cpu "$cpu" -M "$ipc" -x, "$f"
	got=$(printf '%s\n' "$out" | awk -F, '$2 == "CPU0" { print $8 }')
	if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$want" | grep -c .)" -ge 4 ] && [ "$got" = "$want" ]; then
		ok "metrics from perf stat -a -A -I 20 $fmt: an IPC per interval, CPU0, each its counts' own ($(printf '%s\n' "$want" | grep -c .) intervals)"
	else nok "metrics from perf stat -a -A -I $fmt"; diag "exit $rc, want:" "$want" "got:" "$out" "$(cat "$f")"; fi
	if [ -n "$stalls" ]; then
		run pmukit metrics --cpu "$cpu" -M frontend_stalled_cycles -x, "$f"
		vals=$(printf '%s\n' "$out" | awk -F, '$2 == "CPU0" { print $8 }' | sort -u)
		expect_eq "metrics from perf stat -a -A -I $fmt: frontend_stalled_cycles 0.0000 in every interval" "$vals" 0.0000
	fi
done

if dmesg | grep -Eq 'Oops|WARNING:|BUG:|Internal error'; then nok "kernel log clean"; dmesg | tail -20 | sed 's/^/# /'
else ok "kernel log clean"; fi
tap_end
