#!/bin/bash
# SPDX-License-Identifier: MIT
# pmukit stat's scopes and intervals on this machine (TAP), with perf's
# software events: -a, -C with -A (a row per CPU), -p and -t (until the
# task ends, or the command after --), --per-thread (comm-TID rows), -I
# (a time column; the intervals of an event add up to its total exactly,
# in CSV and JSON), -r N with a command (the mean of N runs), --per-thread of a
# command, --duration, and ^C (SIGINT): the counts so far, exit 0,
# or 130 when it killed the command; an event the machine lacks is
# <not supported> in every row, the others counted (exit 1). Skipped where
# perf cannot count whole CPUs here (kernel.perf_event_paranoid above 0
# without root).
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch, tmp_dir; TAP 13: ok, nok, skip, diag
P=$top/build/$arch/bin/pmukit
tmp_dir stat-scope

[ -x "$P" ] || skip_all "$P is not built (make cli)"
command -v python3 >/dev/null || skip_all "no python3"
if ! "$P" stat -a -e task-clock --duration 0.01 >/dev/null 2>"$tmp/why"; then
	skip_all "perf does not count whole CPUs here: $(head -1 "$tmp/why")"
fi
ncpus=$(python3 -c 'import os; print(len(os.sched_getaffinity(0)))')
online=$(cat /sys/devices/system/cpu/online)

# -A: one row per online CPU, named as perf names them.
"$P" stat -a -A -e task-clock -x, -- sleep 0.05 2>"$tmp/a" >/dev/null
rows=$(grep -c '^CPU[0-9]*,[0-9.]*,msec,task-clock,' "$tmp/a")
expect_eq "-a -A: a row per online CPU ($online)" "$rows" \
	"$(python3 -c "
n=0
for part in '$online'.split(','):
    a,_,b=part.partition('-'); n+=int(b or a)-int(a)+1
print(n)")"

# -C 0 -A: CPU0's row alone; the header names the CPUs as perf does.
"$P" stat -C 0 -A -e task-clock -- sleep 0.02 2>"$tmp/c"
if grep -q "Performance counter stats for 'CPU(s) 0'" "$tmp/c" && grep -Eq '^CPU0 +[0-9.]+ msec task-clock' "$tmp/c" &&
	! grep -q '^CPU1 ' "$tmp/c"; then ok "-C 0 -A: CPU0's row alone"
else nok "-C 0 -A: CPU0's row alone"; diag "$(cat "$tmp/c")"; fi

# -A: each CPU's row with its own metric, as perf's (a CPU counted for the
# whole run is about 1 CPU utilized; CSV: perf's metric value and unit fields).
"$P" stat -a -A -x, -e task-clock -- sleep 0.05 2>"$tmp/am" >/dev/null
bad=$(awk -F, '$1 ~ /^CPU[0-9]+$/ && $4 == "task-clock" { n++; if ($8 != "CPUs utilized" || $7 < 0.5 || $7 > 1.5) b++ }
	END { print (n ? b + 0 : "none") }' "$tmp/am")
if [ "$bad" = 0 ]; then ok "-a -A -x,: each CPU's task-clock row has its own CPUs utilized (about 1)"
else nok "-a -A -x,: each CPU's row has its own metric"; diag "$bad: $(cat "$tmp/am")"; fi

# -I: the intervals of an event add up to its total, exactly (CSV: time first).
"$P" stat -a -I 20 -x, -e task-clock,context-switches -- sleep 0.11 2>"$tmp/i" >/dev/null
python3 - "$tmp/i" >"$tmp/isum" <<'PY'
import sys
iv = {}; tot = {}
for line in open(sys.argv[1]):
    f = line.rstrip('\n').split(',')
    if len(f) > 2 and f[0].replace('.', '').isdigit() and '.' in f[0] and f[3] in ('task-clock','context-switches'):
        iv.setdefault(f[3], []).append(f[1])
    elif len(f) > 2 and f[2] in ('task-clock','context-switches'):
        tot[f[2]] = f[0]
def num(v, ms): return round(float(v) * 1e6) if ms else int(v)
ok = len(iv) == 2 and all(len(v) >= 5 for v in iv.values())
for e, vals in iv.items():
    ms = e == 'task-clock'
    # task-clock is printed in msec with 2 decimals: compare the counts themselves
    s = sum(int(v) for v in vals) if not ms else None
    if not ms and s != int(tot.get(e, -1)):
        ok = False
print("ok" if ok else "bad", {e: len(v) for e, v in iv.items()}, tot)
PY
if grep -q '^ok' "$tmp/isum"; then ok "-I 20: 5 or more intervals, which add up to the total exactly"
else nok "-I 20: 5 or more intervals, which add up to the total exactly"; diag "$(cat "$tmp/isum" "$tmp/i")"; fi

# JSON: one object an interval, then the totals; the intervals add up (ns of task-clock).
"$P" stat -a -I 20 --json -e task-clock -- sleep 0.07 2>"$tmp/j" >/dev/null
python3 - "$tmp/j" >"$tmp/jsum" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
dec = json.JSONDecoder(); i = 0; objs = []
while i < len(text):
    while i < len(text) and text[i].isspace(): i += 1
    if i == len(text): break
    o, i = dec.raw_decode(text, i); objs.append(o)
ivs = [o for o in objs if 'interval' in o]
tot = [o for o in objs if 'events' in o]
s = sum(c['value'] for o in ivs for c in o['counts'])
t = tot[-1]['events'][0]['value'] if tot else -1
print("ok" if len(ivs) >= 3 and len(tot) == 1 and objs[-1] is tot[0] and s == t else "bad", len(ivs), s, t)
PY
if grep -q '^ok' "$tmp/jsum"; then ok "--json -I: an object an interval, then the totals; the sum is the total"
else nok "--json -I: an object an interval, then the totals; the sum is the total"; diag "$(cat "$tmp/jsum")"; fi

# An event this machine lacks, as stat of a command: the others counted, it
# <not supported> in each unit's and each interval's row, with the reason; exit 1.
lacks=$( [ "$arch" = x86_64 ] && echo L1D_CACHE || echo r3ff )
"$P" stat -a -A -x, -e "$lacks,task-clock" -- sleep 0.02 2>"$tmp/u" >/dev/null; rc=$?
if [ "$rc" = 1 ] &&
	[ "$(grep -Ec "^CPU[0-9]+,<not supported>,,$lacks,0,0\.00,,,,not supported,.+" "$tmp/u")" = "$rows" ] &&
	[ "$(grep -Ec '^CPU[0-9]+,[0-9.]+,msec,task-clock,[0-9]+,' "$tmp/u")" = "$rows" ] &&
	grep -q "^pmukit stat: $lacks not supported here, not counted: " "$tmp/u"; then
	ok "-a -A -e $lacks,task-clock: $lacks <not supported> on each of $rows CPUs, task-clock counted; exit 1"
else nok "-a -A -e $lacks,task-clock: partial count"; diag "rc $rc: $(cat "$tmp/u")"; fi
"$P" stat -a -I 20 -e "task-clock,$lacks" -- sleep 0.05 2>"$tmp/ui" >/dev/null; rc=$?
# Each interval's task-clock row with its metric, as perf's: CPUs utilized in that interval.
nt=$(grep -Ec '^ +[0-9]+\.[0-9]{9} +[0-9.]+ msec task-clock +# +[0-9.]+ +CPUs utilized$' "$tmp/ui")
nl=$(grep -Ec "^ +[0-9]+\.[0-9]{9} +<not supported> +$lacks\$" "$tmp/ui")
if [ "$rc" = 1 ] && [ "$nt" -ge 2 ] && [ "$nt" = "$nl" ] && grep -Eq "^ +<not supported> +$lacks\$" "$tmp/ui" &&
	grep -Eq '^ +[0-9.]+ msec task-clock +#' "$tmp/ui"; then
	ok "-a -I 20 -e task-clock,$lacks: $nt intervals, each with $lacks <not supported> and task-clock with its CPUs utilized; the totals too; exit 1"
else nok "-a -I 20 -e task-clock,$lacks: partial count"; diag "rc $rc: $(cat "$tmp/ui")"; fi

# -I rows under several separators: one character no number holds (the
# rows built in place), '::' and a digit (the general CSV rule). Each
# interval's rows split into 11 fields (time first), task-clock then the
# event this machine lacks, its reason whole; the same rows' shape for each.
for sep in ';' '::' '5'; do
	"$P" stat -a -I 20 -x "$sep" -e "task-clock,$lacks" -- sleep 0.05 2>"$tmp/xs" >/dev/null
	rc=$?
	python3 - "$tmp/xs" "$sep" "$lacks" >"$tmp/xsr" <<'PY'
import sys
text, sep, lacks = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3]
def split(line):
    # CSV with a separator of any length: a quoted field holds it, "" is a quote.
    out, i = [], 0
    while True:
        if line.startswith('"', i):
            j, f = i + 1, ''
            while True:
                k = line.index('"', j)
                f += line[j:k]
                if line.startswith('""', k): f += '"'; j = k + 2; continue
                i = k + 1; break
        else:
            k = line.find(sep, i); k = len(line) if k < 0 else k
            f = line[i:k]; i = k
        out.append(f)
        if i >= len(line): return out
        assert line.startswith(sep, i), (line, i)
        i += len(sep)
rows = [split(l) for l in text.split('\n') if l[:1] in (' ', '"') or l[:1].isdigit()]
iv = [r for r in rows if len(r) == 11 and r[0].strip().replace('.', '', 1).isdigit() and '.' in r[0]]
bad = [r for r in iv if r[3] not in ('task-clock', lacks)]
order = [r[3] for r in iv]
pairs = order == ['task-clock', lacks] * (len(order) // 2)
lack = [r for r in iv if r[3] == lacks]
good = all(r[1] == '<not supported>' and r[9] == 'not supported' and len(r[10]) > 20 for r in lack)
clock = all(r[2] == 'msec' and r[1].replace('.', '', 1).isdigit() and r[8] == '1' for r in iv if r[3] == 'task-clock')
print('ok' if len(iv) >= 4 and not bad and pairs and good and clock else 'bad', len(iv), order[:4])
PY
	if [ "$rc" = 1 ] && grep -q '^ok' "$tmp/xsr"; then
		ok "-a -I 20 -x '$sep': each interval's rows of 11 fields, task-clock then $lacks with its reason"
	else nok "-a -I 20 -x '$sep': each interval's rows of 11 fields"; diag "rc $rc: $(cat "$tmp/xsr" "$tmp/xs")"; fi
done

# --interval-count N: the count ends after N intervals, which add up to
# its totals; a command still running is then waited for (its exit status
# is stat's), as perf does.
"$P" stat -a -I 20 --interval-count 3 -x, -e context-switches 2>"$tmp/ic" >/dev/null
rc=$?
if [ "$rc" = 0 ] && awk -F, '$4 == "context-switches" { n++; s += $2 } $3 == "context-switches" { t = $1 }
	END { exit !(n == 3 && t != "" && s == t) }' "$tmp/ic"; then
	ok "-a -I 20 --interval-count 3: 3 intervals, their sum the total; exit 0"
else nok "-a -I 20 --interval-count 3: 3 intervals"; diag "rc $rc: $(cat "$tmp/ic")"; fi
start=$(date +%s%N)
"$P" stat -I 20 --interval-count 2 -x, -e task-clock -- sh -c 'sleep 0.3; exit 3' 2>"$tmp/ic2" >/dev/null
rc=$?
took=$((($(date +%s%N) - start) / 1000000))
if [ "$rc" = 3 ] && [ "$took" -ge 300 ] && [ "$(grep -c '^ *[0-9]*\.[0-9]*,[0-9.]*,msec,task-clock,' "$tmp/ic2")" = 2 ]; then
	ok "-I 20 --interval-count 2 -- a command of 300 ms: 2 intervals, the command waited for ($took ms), its exit 3"
else nok "-I 20 --interval-count 2 -- a command"; diag "rc $rc, $took ms: $(cat "$tmp/ic2")"; fi

# The command's end ends the count at once, not at the next interval's end
# (-I 5000 over a command of 50 ms: well under 5 s, on a loaded machine too).
for args in "-I 5000" "-a -I 5000"; do
	start=$(date +%s%N)
	# shellcheck disable=SC2086
	"$P" stat $args -x, -e task-clock -- sleep 0.05 2>"$tmp/ie" >/dev/null
	rc=$?
	took=$((($(date +%s%N) - start) / 1000000))
	if [ "$rc" = 0 ] && [ "$took" -lt 4000 ] && grep -q '^[0-9.]*,msec,task-clock,' "$tmp/ie"; then
		ok "stat $args -- sleep 0.05: ended with the command ($took ms)"
	else nok "stat $args -- sleep 0.05: ended with the command"; diag "rc $rc, $took ms: $(cat "$tmp/ie")"; fi
done

# Started by a parent that ignores SIGCHLD (SIG_IGN survives an exec): the
# command's end and status are still waited for (pmukit sets the default
# back, as perf does), in stat of a command, with -I, with -a.
for args in "-e task-clock" "-I 20 -e task-clock" "-a -e task-clock"; do
	# shellcheck disable=SC2086
	timeout 20 python3 -c 'import os, signal, sys
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
os.execv(sys.argv[1], sys.argv[1:])' "$P" stat $args -x, -- sh -c 'sleep 0.05; exit 4' 2>"$tmp/ig" >/dev/null
	rc=$?
	if [ "$rc" = 4 ] && grep -q '^[0-9.]*,msec,task-clock,' "$tmp/ig"; then
		ok "stat $args under a parent ignoring SIGCHLD: counted, the command's exit 4"
	else nok "stat $args under a parent ignoring SIGCHLD"; diag "rc $rc: $(cat "$tmp/ig")"; fi
done

# -I to a file: each interval is there as it ends, not at the end of the
# count. The command waits for a file the test makes only once the output
# holds an interval's row (or 30 s have gone by, and the test fails).
for fmt in "-x," --json; do
	rm -f "$tmp/go" "$tmp/live"
	"$P" stat -a -I 20 $fmt -e task-clock -o "$tmp/live" -- \
		sh -c "while [ ! -e '$tmp/go' ]; do sleep 0.01; done" 2>/dev/null &
	pid=$!
	seen=0
	for _ in $(seq 3000); do
		if grep -q 'task-clock' "$tmp/live" 2>/dev/null; then seen=1; break; fi
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.01
	done
	touch "$tmp/go"
	wait "$pid"; rc=$?
	if [ "$seen" = 1 ] && [ "$rc" = 0 ]; then ok "-I 20 $fmt -o FILE: an interval's row is in the file while the command runs"
	else nok "-I 20 $fmt -o FILE: an interval's row is in the file while the command runs"; diag "rc $rc: $(head -c 600 "$tmp/live")"; fi
done

# -p PID --per-thread: rows comm-TID of its threads; ends with the command after --.
sleep 3 & victim=$!
# Named sleep once it has run exec (the row's name is the thread's then).
for _ in $(seq 100); do [ "$(cat "/proc/$victim/comm" 2>/dev/null)" = sleep ] && break; sleep 0.01; done
start=$(date +%s%N)
"$P" stat -p "$victim" --per-thread -x, -e task-clock -- sleep 0.1 2>"$tmp/p" >/dev/null; rc=$?
took=$((($(date +%s%N) - start) / 1000000))
if [ "$rc" = 0 ] && grep -q "^sleep-$victim,[0-9.]*,msec,task-clock," "$tmp/p" && [ "$took" -lt 2500 ]; then
	ok "-p PID --per-thread -- sleep 0.1: the row sleep-$victim; ended with the command ($took ms)"
else nok "-p PID --per-thread -- sleep 0.1"; diag "rc $rc, $took ms: $(cat "$tmp/p")"; fi

# -t TID without a command: until it ends.
"$P" stat -t "$victim" -e task-clock 2>"$tmp/t"; rc=$?
if [ "$rc" = 0 ] && ! kill -0 "$victim" 2>/dev/null && grep -q "Performance counter stats for thread id '$victim'" "$tmp/t"; then
	ok "-t TID: counted until the thread ended"
else nok "-t TID: counted until the thread ended"; diag "rc $rc: $(cat "$tmp/t")"; fi
wait "$victim" 2>/dev/null

# --duration: the count ends by itself.
start=$(date +%s%N)
"$P" stat -a --duration 0.2 -e task-clock 2>"$tmp/d"; rc=$?
took=$((($(date +%s%N) - start) / 1000000))
if [ "$rc" = 0 ] && [ "$took" -ge 200 ] && grep -q "seconds time elapsed" "$tmp/d"; then
	ok "--duration 0.2: ended after $took ms, exit 0"
else nok "--duration 0.2"; diag "rc $rc, $took ms: $(cat "$tmp/d")"; fi

# A background job of a script ignores SIGINT (and pmukit keeps that): with
# the default action back, as under a terminal.
intable() { exec python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$@"; }

# started PID: its exec of pmukit done (python3 is slow to start on a busy host), and a moment.
started() {
	for _ in $(seq 100); do
		[ "$(cat "/proc/$1/comm" 2>/dev/null)" = pmukit ] && break
		sleep 0.05
	done
	sleep 0.3
}

# SIGINT without a command: the counts so far, exit 0 (as perf).
intable "$P" stat -a -e task-clock 2>"$tmp/s" & pid=$!
started "$pid"
kill -INT "$pid"
wait "$pid"; rc=$?
kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
if [ "$rc" = 0 ] && grep -q "msec task-clock" "$tmp/s"; then ok "-a, ^C: the counts so far, exit 0"
else nok "-a, ^C: the counts so far, exit 0"; diag "rc $rc: $(cat "$tmp/s")"; fi

# ^C from a terminal reaches the command too (its process group): exit 130.
setsid python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$P" stat -a -e task-clock -- sleep 5 2>"$tmp/s2" & pid=$!
started "$pid"
kill -INT -- "-$pid"
wait "$pid"; rc=$?
if [ "$rc" = 130 ] && grep -q "msec task-clock" "$tmp/s2" && grep -q "killed by signal 2" "$tmp/s2"; then
	ok "-a -- sleep 5, ^C to the group: the counts, exit 130"
else nok "-a -- sleep 5, ^C to the group: the counts, exit 130"; diag "rc $rc: $(cat "$tmp/s2")"; fi

# -r 3 over -a: each run counted whole (every event of the group, after the
# stop and start between runs): task-clock, second in its group, holds each
# run's time on every CPU (a run lasts at least 50 ms), not one run's of three.
"$P" stat -a -r 3 -x, -e context-switches,task-clock -- sleep 0.05 2>"$tmp/r" >/dev/null
rc=$?
tc=$(awk -F, '$3 == "task-clock" { print $1 }' "$tmp/r")
if [ "$rc" = 0 ] && [ -n "$tc" ] && awk -v t="$tc" -v n="$ncpus" 'BEGIN { exit !(t >= n * 45) }' &&
	grep -q '^[0-9]*,,context-switches,[0-9.]*%,' "$tmp/r"; then
	ok "-a -r 3: the mean of 3 runs, each counted whole (task-clock $tc ms on $ncpus CPUs), a variation field"
else nok "-a -r 3: the mean of 3 runs, each counted whole"; diag "rc $rc: $(cat "$tmp/r")"; fi

# --per-thread of a command: a row of each of its threads and processes,
# named comm-TID, each counted as it ended (the shell's is the total less
# theirs): the busy one holds most, the sleeping one little.
"$P" stat --per-thread -x, -e task-clock -- sh -c 'yes >/dev/null & p=$!; sleep 0.1; kill $p; wait' \
	2>"$tmp/pt" >/dev/null
rc=$?
if [ "$rc" = 1 ] && grep -q "this kernel does not give the counts of a command's threads" "$tmp/pt"; then
	skip "$(uname -r) does not give an ended thread's counts (stat says so, exit 1)" "--per-thread -- COMMAND"
elif [ "$rc" = 0 ] && awk -F, '$4 == "task-clock" { split($1, n, "-"); v[n[1]] = $2; c++ }
	END { exit !(c == 3 && ("sh" in v) && v["yes"] >= 10 && v["sleep"] < v["yes"]) }' "$tmp/pt"; then
	ok "--per-thread -- COMMAND: rows sh-PID, yes-TID, sleep-TID; yes's task-clock the most"
else nok "--per-thread -- COMMAND: a row per thread and process"; diag "rc $rc: $(cat "$tmp/pt")"; fi

# -r 3 -I 20 of a command alone (as perf stat -r -I): each run's intervals
# (the time restarts twice), then the mean of the runs with its variation;
# each run's task-clock intervals add up to about what a run counts.
"$P" stat -r 3 -I 20 -x, -e task-clock -- sleep 0.05 2>"$tmp/ri" >/dev/null
rc=$?
if [ "$rc" = 0 ] && awk -F, '$4 == "task-clock" { if ($1 + 0 < last) restarts++; last = $1 + 0; n++ }
	$3 == "task-clock" && $4 ~ /%$/ { total = 1 }
	END { exit !(restarts == 2 && n >= 6 && total) }' "$tmp/ri"; then
	ok "-r 3 -I 20 -- COMMAND: 3 runs' intervals, then their mean with its variation"
else nok "-r 3 -I 20 -- COMMAND: each run's intervals, then the mean"; diag "rc $rc: $(cat "$tmp/ri")"; fi

# -r without a command: nothing to repeat (exit 2, says what to give).
"$P" stat -a -r 3 -e task-clock 2>"$tmp/r0" >/dev/null
rc=$?
if [ "$rc" = 2 ] && grep -q 'repeats a command' "$tmp/r0"; then ok "-a -r 3 without a command: refused (exit 2)"
else nok "-a -r 3 without a command: refused (exit 2)"; diag "rc $rc: $(cat "$tmp/r0")"; fi

diag "$ncpus CPUs here"
tap_done
