#!/bin/sh
# SPDX-License-Identifier: MIT
# pmukit stat's scopes (-a, -A, -r, -p, --per-thread, -I) inside a QEMU guest of
# 4 CPUs under -icount shift=0, single-threaded TCG (the CPUs run in turn,
# the same way every boot), run by tests/qemu/scope.sh: the counts, an event
# the core lacks (<not supported>, the others counted), bad input. Prints TAP 13.
#
#   scope-tests.sh CPU     CPU: the core QEMU emulates (cortex-a53)
#
# Under icount QEMU's INST_RETIRED counts every CPU's instructions while a
# CPU's counter counts, so an exact count needs the other CPUs to stay idle
# while the loop runs: the loop starts after a pause (pmukit waiting by
# then), and threads to be told apart run on one CPU (taken in turn, each
# counter switched with its thread). What another CPU does meanwhile only
# adds to a count: each count is the smallest of TRIES measurements.
# Needs /usr/bin/pmukit, stat_loop, threads_loop, asuser, taskset and
# perf (Debian's, for the comparison: skipped without it). The direct
# path's whole CPUs (through pmukit.ko) last: scope-direct.sh.
set -u
cpu=${1:?usage: scope-tests.sh CPU}
N=100000		# iterations; 2N has as many digits (same startup work)
TRIES=3

. "$(dirname "$0")/tap.sh"	# TAP 13: ok, nok, skip, diag, check, expect_eq, expect
# field VALUE_OF LABEL EVENT: the count of LABEL's row of EVENT in $out (-x, rows "LABEL,value,,EVENT,...")
row() { printf '%s\n' "$out" | awk -F, -v l="$1" -v e="$2" '$1 == l && $4 == e { print $2; exit }'; }

diag "$(uname -m), $cpu, $(nproc) CPU(s), perf_event_paranoid $(cat /proc/sys/kernel/perf_event_paranoid)"
echo 0 > /proc/sys/kernel/randomize_va_space
[ "$(nproc)" -ge 4 ] || { echo "1..0 # SKIP needs 4 CPUs (scope.sh boots them)"; exit 0; }

# ---- -a -A: a loop pinned on CPU 2 is in CPU 2's row -----------------------
# a_row N [OPTION...]: CPU2's INST_RETIRED:u while 'stat_loop N' ran there,
# every CPU counted (pmukit stat given OPTION too).
a_row() {
	count=
	n=$1
	shift
	for _ in $(seq $TRIES); do
		run taskset 1 pmukit stat "$@" -a -A -x, -e INST_RETIRED:u -- taskset 4 sh -c "sleep 0.2; exec stat_loop $n"
		rows=$(printf '%s\n' "$out" | awk -F, '$1 ~ /^CPU[0-9]+$/ && $4 == "INST_RETIRED:u" { n++ } END { print n + 0 }')
		c=$(row CPU2 INST_RETIRED:u)
		[ -n "$c" ] && { [ -z "$count" ] || [ "$c" -lt "$count" ]; } && count=$c
	done
}
# pinned LABEL [OPTION...]: the tests, pmukit stat given OPTION too.
pinned() {
	label=$1
	shift
	a_row $N "$@"; c1=$count
	a_row $((2 * N)) "$@"; c2=$count
	expect_eq "$label-a -A: a row per CPU" "$rows" 4
	if [ -n "$c1" ] && [ -n "$c2" ] && [ $((c2 - c1)) = $((2 * N)) ]; then
		ok "$label-a -A: CPU2's row holds the pinned loop exactly ($c1 and $c2: 2N apart)"
	else
		nok "$label-a -A: CPU2's row holds the pinned loop exactly"
		diag "N: $c1, 2N: $c2; $out"
	fi
}
pinned ""

# ---- -a -A -r 3: each run's CPU 2 row holds the loop; the row is their mean -
# r_row N: CPU2's INST_RETIRED:u row of -r 3 over 'stat_loop N' on CPU 2, and
# the number of runs the totals' variance field stands for (perf's -x field).
r_row() {
	count=
	for _ in $(seq $TRIES); do
		run taskset 1 pmukit stat -a -A -r 3 -x, -e INST_RETIRED:u -- taskset 4 sh -c "sleep 0.2; exec stat_loop $1"
		c=$(row CPU2 INST_RETIRED:u)
		[ -n "$c" ] && { [ -z "$count" ] || [ "$c" -lt "$count" ]; } && count=$c
	done
}
r_row $N; c1=$count
r_row $((2 * N)); c2=$count
if [ "$rc" = 0 ] && [ -n "$c1" ] && [ -n "$c2" ] && [ $((c2 - c1)) = $((2 * N)) ]; then
	ok "-a -A -r 3: CPU2's row, the mean of 3 runs, holds the pinned loop exactly ($c1 and $c2: 2N apart)"
else
	nok "-a -A -r 3: CPU2's row, the mean of 3 runs, holds the pinned loop exactly"
	diag "rc $rc; N: $c1, 2N: $c2; $out"
fi

# ---- -p: a process that waits for a signal, then runs the loop ------------
# attached PID FILE: waits until pmukit (PID) holds perf events, and a moment.
attached() {
	for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		ls -l "/proc/$1/fd" 2>/dev/null | grep -q perf_event && break
		sleep 0.1
	done
	sleep 0.2
}
# p_count ARGS...: 'threads_loop ARGS' on CPU 2 counted with -p (--per-thread rows in $out).
p_count() {
	rm -f /tmp/tl.out
	taskset 4 threads_loop "$@" >/tmp/tl.out &
	tl=$!
	while ! grep -q ready /tmp/tl.out 2>/dev/null; do sleep 0.05; done
	pmukit stat -p "$tl" --per-thread -x, -e INST_RETIRED:u -o /tmp/p.csv &
	st=$!
	attached "$st"
	kill -USR1 "$tl"
	wait "$st"
	rc=$?
	wait "$tl" 2>/dev/null
	out=$(cat /tmp/p.csv)
}
# p_min ARGS...: p_count TRIES times; $mins: "COMM MIN" a thread, the smallest of its counts.
p_min() {
	all=
	for _ in $(seq $TRIES); do
		p_count "$@"
		all=$(printf '%s\n%s\n' "$all" "$out")
	done
	mins=$(printf '%s\n' "$all" | awk -F, '$4 == "INST_RETIRED:u" { c = $1; sub(/-[0-9]+$/, "", c)
		if (!(c in m) || $2 + 0 < m[c]) m[c] = $2 + 0 } END { for (c in m) print c, m[c] }')
}
p_min $N; s1=$(printf '%s\n' "$mins" | awk '{ s += $2 } END { print s + 0 }'); r1=$rc
p_min $((2 * N)); s2=$(printf '%s\n' "$mins" | awk '{ s += $2 } END { print s + 0 }')
if [ "$r1" = 0 ] && [ $((s2 - s1)) = $((2 * N)) ]; then
	ok "-p: the loop run after the signal counted exactly ($s1 and $s2: 2N apart)"
else nok "-p: the loop after the signal counted exactly"; diag "$s1 $s2 rc $r1: $out"; fi

# ---- --per-thread: three threads, each its own loop -----------------------
# loops_exact O1 O2: $good, the threads loopK whose smallest counts in O1
# (loops N, 2N, 3N) and O2 (twice as long) are exactly 2KN apart.
loops_exact() {
	good=0
	for t in 1 2 3; do
		a=$(printf '%s\n' "$1" | awk -v t="loop$t" '$1 == t { print $2 }')
		b=$(printf '%s\n' "$2" | awk -v t="loop$t" '$1 == t { print $2 }')
		if [ -n "$a" ] && [ -n "$b" ] && [ $((b - a)) = $((2 * t * N)) ]; then good=$((good + 1))
		else diag "loop$t: $a and $b, want $((2 * t * N)) apart"; fi
	done
}
p_min $N $((2 * N)) $((3 * N)); o1=$mins
p_min $((2 * N)) $((4 * N)) $((6 * N)); o2=$mins
loops_exact "$o1" "$o2"
if [ "$good" = 3 ] && printf '%s\n' "$out" | grep -Eq '^loop1-[0-9]+,'; then
	ok "--per-thread: each thread's row (loopK-TID) holds its loop exactly"
else nok "--per-thread: each thread's row holds its loop exactly"; diag "$o1"; diag "$o2"; fi


# ---- --per-thread of a command: its threads' rows, each counted as it ends --
# c_min ARGS...: 'threads_loop ARGS' on CPU 2 as the command (a shell sends
# the signal once it is ready); $mins: "COMM MIN" a thread, the smallest count.
c_min() {
	all=
	for _ in $(seq $TRIES); do
		run pmukit stat --per-thread -x, -e INST_RETIRED:u -- taskset 4 sh -c \
			"threads_loop $* >/tmp/tc.out & t=\$!; while ! grep -q ready /tmp/tc.out; do sleep 0.05; done; sleep 0.2; kill -USR1 \$t; wait \$t"
		all=$(printf '%s\n%s\n' "$all" "$out")
	done
	mins=$(printf '%s\n' "$all" | awk -F, '$4 == "INST_RETIRED:u" { c = $1; sub(/-[0-9]+$/, "", c)
		if (!(c in m) || $2 + 0 < m[c]) m[c] = $2 + 0 } END { for (c in m) print c, m[c] }')
}
c_min $N $((2 * N)) $((3 * N)); o1=$mins; r1=$rc
# A kernel that does not give an ended thread's counts: stat says so (exit 1).
if [ "$r1" = 1 ] && printf '%s\n' "$out" | grep -q "this kernel does not give the counts of a command's threads"; then
	skip "$(uname -r) does not give an ended thread's counts (stat says so)" "--per-thread -- COMMAND"
else
	c_min $((2 * N)) $((4 * N)) $((6 * N)); o2=$mins
	loops_exact "$o1" "$o2"
	if [ "$r1" = 0 ] && [ "$good" = 3 ] && printf '%s\n' "$out" | grep -Eq '^sh-[0-9]+,'; then
		ok "--per-thread -- COMMAND: each thread's row (loopK-TID) holds its loop exactly, the shell's its own"
	else nok "--per-thread -- COMMAND: each thread's row holds its loop exactly"; diag "rc $r1: $out"; fi
fi

# ---- -I: the intervals add up to the total exactly ------------------------
# The command sleeps between two loops: under single-threaded TCG an idle
# vCPU's timer was seen held while another vCPU ran a 40 ms loop (no
# interval printed until it ended); while every vCPU is idle the intervals
# come on time, so there are always 3 or more, some with counts.
# intervals LABEL [OPTION...]: the test, pmukit stat given OPTION too.
intervals() {
	label=$1
	shift
	run taskset 1 pmukit stat "$@" -a -I 10 -x, -e INST_RETIRED:u,CPU_CYCLES:u -- \
		taskset 4 sh -c 'stat_loop 5000000; sleep 0.05; stat_loop 5000000'
	sums=$(printf '%s\n' "$out" | awk -F, '
		$1 ~ /^[0-9]+\.[0-9]+$/ { iv[$4] += $2; n[$4]++ }
		$1 ~ /^[0-9]+$/ { tot[$3] = $1 }
		END { for (e in tot) printf "%s %d %d %d\n", e, n[e], iv[e], tot[e] }')
	bad=$(printf '%s\n' "$sums" | awk '$2 < 3 || $3 != $4')
	if [ "$rc" = 0 ] && [ -n "$sums" ] && [ -z "$bad" ]; then
		ok "$label-I 10: each event's intervals (3 or more) add up to its total exactly"
	else nok "$label-I 10: the intervals add up to the total"; diag "$sums"; diag "$out"; fi
}
intervals ""

# ---- -a -- CMD beside perf's -a ------------------------------------------
M=1000000
# count_of EVENT CMD...: CMD's count of EVENT (-x: the value first) in
# $cnt: the smallest of COUNT_RUNS runs. A count of every CPU also holds
# whatever else ran in user space meanwhile, which only ever adds to it:
# one soak run in ten saw perf stat -a count 2,137,976 where its other runs
# counted 2,015 K to 2,051 K (and pmukit's 2,012 K to 2,038 K). The
# smallest of three runs is each tool's count without that.
COUNT_RUNS=3
count_of() {
	ev=$1
	shift
	cnt=
	for _ in $(seq $COUNT_RUNS); do
		run "$@"
		c=$(printf '%s\n' "$out" | awk -F, -v e="$ev" '$3 == e { print $1 }')
		case $c in ''|*[!0-9]*) cnt=; return ;; esac
		if [ -z "$cnt" ] || [ "$c" -lt "$cnt" ]; then cnt=$c; fi
	done
}
# agree DESC A B: counts A and B of 'stat_loop $M' over every CPU both hold
# the command (2M of the loop and its start) and the tool's own user work
# around it: within a twentieth of the loop of each other.
agree() {
	diag "stat_loop $M, every CPU, user instructions, the smallest of $COUNT_RUNS runs: $2, $3"
	if [ -n "$2" ] && [ -n "$3" ] && [ "$2" -ge $((2 * M)) ] && [ "$3" -ge $((2 * M)) ] &&
		[ $(($2 > $3 ? $2 - $3 : $3 - $2)) -le $((2 * M / 20)) ]; then
		ok "$1 ($2, $3)"
	else nok "$1"; fi
}
if command -v perf >/dev/null; then
	count_of INST_RETIRED:u pmukit stat -a -x, -e INST_RETIRED:u -- stat_loop $M; pk=$cnt
	count_of instructions:u perf stat -a -x, -e instructions:u -- stat_loop $M
	agree "-a -- CMD agrees with perf stat -a" "$pk" "$cnt"
else
	skip "no perf in this guest (scope.sh boots with --perf)" "-a -- CMD agrees with perf stat -a"
fi

# ---- an event the core does not implement: the others counted ------------
# As stat of a command (and perf): <not supported> in its place, on each
# CPU's row, the others counted; exit 1. Asked of the command first: a core
# that implements L1D_CACHE has nothing to show here.
run pmukit stat -x, -e CPU_CYCLES,L1D_CACHE -- true
if printf '%s\n' "$out" | grep -q '^<not supported>,,L1D_CACHE,'; then
	run pmukit stat -a -e CPU_CYCLES,L1D_CACHE -- true
	if [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -Eq '^ +[0-9,]+ +CPU_CYCLES' &&
		printf '%s\n' "$out" | grep -Eq '^ +<not supported> +L1D_CACHE$' &&
		printf '%s\n' "$out" | grep -q '^pmukit stat: L1D_CACHE not supported here, not counted: '; then
		ok "-a -e CPU_CYCLES,L1D_CACHE: CPU_CYCLES counted, L1D_CACHE <not supported>; exit 1"
	else nok "-a -e CPU_CYCLES,L1D_CACHE: a partial count"; diag "rc $rc: $out"; fi
	run pmukit stat -a -A -I 50 -x, -e CPU_CYCLES,L1D_CACHE -- sleep 0.12
	nc=$(printf '%s\n' "$out" | grep -Ec '^[0-9]+\.[0-9]+,CPU[0-9]+,[0-9]+,,CPU_CYCLES(:u)?,')
	nl=$(printf '%s\n' "$out" | grep -Ec '^[0-9]+\.[0-9]+,CPU[0-9]+,<not supported>,,L1D_CACHE,0,0\.00,,,,not supported,.')
	tl=$(printf '%s\n' "$out" | grep -Ec '^CPU[0-9]+,<not supported>,,L1D_CACHE,')
	if [ "$rc" = 1 ] && [ "$nc" -ge 8 ] && [ "$nl" = "$nc" ] && [ "$tl" = 4 ]; then
		ok "-a -A -I 50: each interval's CPU rows ($nc) and the 4 totals show L1D_CACHE <not supported>"
	else nok "-a -A -I 50: L1D_CACHE <not supported> in every row"; diag "rc $rc, $nc $nl $tl: $out"; fi
else
	skip "$cpu implements L1D_CACHE" "-a: an event the core lacks is <not supported>"
	skip "$cpu implements L1D_CACHE" "-a -A -I: an event the core lacks is <not supported> in every row"
fi

# ---- bad input a guest shows -----------------------------------------------
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)
echo 2 > /proc/sys/kernel/perf_event_paranoid
expect 1 "counting whole CPUs \(-a, -C\) needs kernel\.perf_event_paranoid 0 or lower \(it is 2; sysctl kernel\.perf_event_paranoid=0\)" \
	"-a as a user with perf_event_paranoid 2: exit 1, says what to set" \
	-- asuser 1000 1000 pmukit stat -a -e INST_RETIRED:u --duration 0.1
expect 1 "perf refuses to count thread 1 .*ptrace" \
	"-p of another user's process: exit 1, names ptrace" \
	-- asuser 1000 1000 pmukit stat -p 1 -e INST_RETIRED:u -- true
echo "$paranoid" > /proc/sys/kernel/perf_event_paranoid
online=$(cat /sys/devices/system/cpu/online)
expect 1 "^pmukit stat: cpu 99 is not online here: the online CPUs are $online\$" \
	"-C 99 on $(nproc) CPUs: names the CPU and the online list" \
	-- pmukit stat -C 99 -e INST_RETIRED:u -- true

# ---- a CPU going offline during -a ----------------------------------------
# offline LABEL [OPTION...]: the test, pmukit stat given OPTION too.
offline() {
	label=$1
	shift
	run pmukit stat "$@" -a -A -x, -e INST_RETIRED:u -- sh -c \
		'echo 0 > /sys/devices/system/cpu/cpu1/online; taskset 4 stat_loop 100000'
	echo 1 > /sys/devices/system/cpu/cpu1/online
	off=$(printf '%s\n' "$out" | awk -F, '$1 == "CPU1" && $10 == "offline"')
	c2=$(row CPU2 INST_RETIRED:u)
	if [ "$rc" = 0 ] && [ -n "$off" ] && [ -n "$c2" ] && [ "$c2" -ge 200000 ]; then
		ok "${label}cpu1 offline during -a: its row says so, the others counted (CPU2 $c2)"
	else nok "${label}cpu1 offline during -a"; diag "rc $rc: $out"; fi
}
offline ""

. "$(dirname "$0")/scope-direct.sh"
direct_tests

tap_done
