#!/bin/sh
# SPDX-License-Identifier: MIT
# The kernel module's tests, run inside a QEMU guest by tests/qemu/kmod.sh.
#
#   kmod-tests.sh exact   one CPU under -icount shift=0: exact counts, load/unload,
#                         parameters, mode=read
#   kmod-tests.sh smp     two CPUs: every CPU, hotplug, perf interaction
#
# Prints TAP 13. Needs /lib/modules/pmukit.ko and pmutest on PATH.
set -u
KO=/lib/modules/pmukit.ko
SYS=/sys/kernel/pmukit
B2B_INSNS=5		# include/pmukit/b2b.h: isb; mrs/mrc; str; subs; b.ne
WINDOW_EXTRA=2		# tests/guest/pmutest_asm.h: the second isb and read

. "$(dirname "$0")/tap.sh"	# TAP 13: ok, nok, skip, diag, check, expect_eq, expect
. "$(dirname "$0")/quiet.sh"	# quiet CMD: measured again while an interrupt came in
. "$(dirname "$0")/kmod-idle.sh"	# idle_tests: the CPU PM notifier
. "$(dirname "$0")/kmod-perf.sh"	# perf_coexist_tests: other programs' perf events
. "$(dirname "$0")/big-count.sh"	# big_count_test: a real run past 2^32
. "$(dirname "$0")/kmod-dev.sh"	# dev_tests: /dev/pmukit, full access per process
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1; }
no_access() { pmutest probe "$@" >/dev/null 2>&1; [ $? -eq 3 ]; }
# mode=read: cpu0's event counters the module does not own, read from EL0:
# sets unowned (how many were read) and nonzero ("N=VALUE " of those not 0).
unowned_nonzero() {
	owned=$(cat $SYS/cpu0/owned) un_n=$(( $(cat $SYS/cpu0/pmcr) >> 11 & 31 )) unowned=0 nonzero=
	i=0; while [ $i -lt "$un_n" ]; do
		if [ $((owned >> i & 1)) = 0 ]; then
			v=$(field "$(pmutest getctr $i)" value)
			unowned=$((unowned + 1))
			[ "$v" = 0x0 ] || nonzero="$nonzero$i=${v:-none} "
		fi
		i=$((i + 1))
	done
}
loaded() { grep -q '^pmukit ' /proc/modules; }
unload() { loaded && rmmod pmukit; true; }

arch=$(uname -m)
diag "$arch, $(grep -m1 'CPU part' /proc/cpuinfo), $(nproc) CPU(s)"

exact_tests() {
	out=$(pmutest probe 2>&1); rc=$?
	if [ $rc -eq 3 ] && echo "$out" | grep -q "no user access"; then
		ok "before insmod: a user read of the cycle counter faults: no user access"
	else nok "before insmod: user read faults"; diag "$out"; fi

	dmesg -c >/dev/null
	check "insmod pmukit.ko" insmod $KO global_full_access=1
	check "user access on every CPU" pmutest percpu
	log=$(dmesg)
	echo "$log" | grep 'pmukit: ' | sed 's/^/# /'
	expect_eq "load report: one summary line for every CPU, none per CPU" \
		"$(echo "$log" | grep -c 'pmukit: user access on 1 of 1 online CPUs; PMCR.N [0-9]*; cycle counter ')/$(echo "$log" | grep -c 'pmukit: cpu[0-9]*: ')" "1/0"
	if echo "$log" | grep -q 'pmukit: global_full_access=1: any user may program the counters, including to count kernel (EL1/EL2) activity: a side channel'; then
		ok "load report: global_full_access=1 says in one line that any user may program the counters (a side channel)"
	else nok "load report: global_full_access=1 names the side channel"; fi
	expect_eq "sysfs: rearm written by root only (0200), selftest run by root only (0644), registers readable (0444)" \
		"$(stat -c %a $SYS/rearm $SYS/selftest $SYS/cpu0/pmcr $SYS/idle_exits | tr '\n' ' ')" "200 644 444 444 "
	# The PMU architecture as the module found it (ID_AA64DFR0 / ID_DFR0): a
	# 32-bit kernel says "CPU architecture: 7" even on an ARMv8 core.
	pmuv3=0
	dmesg | grep -q 'pmukit: loaded: .*PMUv3' && pmuv3=1
	diag "PMUv3=$pmuv3"

	# ARMv7 has no cycle-counter filter (PMCCFILTR is PMUv3): a timer
	# interrupt inside the 1000 reads adds its kernel cycles to one delta.
	# pmutest measures again when an interrupt came in (guest_irq.h,
	# disturbed=N in its output): the run kept must read exactly 5 each.
	out=$(pmutest b2b -n 1000)
	diag "$out"
	expect_eq "back-to-back reads: min == max == $B2B_INSNS instructions" \
		"$(field "$out" min)/$(field "$out" max)" "$B2B_INSNS/$B2B_INSNS"

	for k in 1 1000 12345; do
		out=$(pmutest swinc $k)
		expect_eq "SW_INCR: $k writes to PMSWINC count exactly $k" "$(field "$out" count)" $k
	done

	# Each window one no interrupt came into (pmutest measures again).
	for k in 1000 2000; do
		out=$(pmutest window $k); diag "$out"
		want=$((2 * k + WINDOW_EXTRA))
		expect_eq "INST_RETIRED (EL0) over a loop of $k iterations: exactly $want" \
			"$(field "$out" inst_retired)" $want
		expect_eq "CPU_CYCLES over the same loop under icount: exactly $want" \
			"$(field "$out" cycles)" $want
	done

	out=$(pmutest cc64); diag "$out"
	if [ "$arch" = aarch64 ]; then
		expect_eq "64-bit cycle counter: PMCR.LC set, counts past 2^32" \
			"$(field "$out" lc)/$(field "$out" width)" "1/64"
	else
		case "$(field "$out" mrrc)" in
		yes) ok "64-bit cycle counter: mrrc works (PMUv3)" ;;
		*) ok "64-bit cycle counter: mrrc raised SIGILL (QEMU 7.2 has no mrrc PMCCNTR); fell back to 32-bit reads" ;;
		esac
		expect_eq "32-bit cycle counter: the counter wrapped inside the window" \
			"$(field "$out" wrapped)" yes
		expect_eq "32-bit cycle counter: delta across the wrap equals the delta without one" \
			"$(field "$out" across_wrap)" "$(field "$out" plain)"
	fi

	# PMUv3p5 (PMUVer 6 and up, QEMU's max): the module sets PMCR.LP, so the
	# event counters are 64 bits and a count past 2^32 is exact. Before, LP
	# is RES0 and stays clear (the library suite runs the big count there).
	ver=$(dmesg | sed -n 's/.*PMUVer 0x\([0-9a-f]*\).*/\1/p' | head -n 1)
	lp=$(($(cat $SYS/cpu0/pmcr) >> 7 & 1))
	if [ -n "$ver" ] && [ $((0x$ver)) -ge 6 ] && [ $((0x$ver)) -ne 15 ]; then
		expect_eq "PMUv3p5 (PMUVer 0x$ver): the module sets PMCR.LP (64-bit event counters)" "$lp" 1
		big_count_test exact
	else
		expect_eq "before PMUv3p5 (PMUVer 0x${ver:-?}, or AArch32): PMCR.LP stays clear" "$lp" 0
		skip "the event counters are 32 bits here: lib-tests.sh runs it" "2^32+ instructions: the exact 64-bit count"
	fi

	echo 1 > $SYS/selftest
	out=$(cat $SYS/selftest); diag "$out"
	expect_eq "sysfs selftest: min == max == $B2B_INSNS" \
		"$(field "$out" min)/$(field "$out" max)/$(field "$out" samples)" "$B2B_INSNS/$B2B_INSNS/100"
	expect_eq "sysfs mode" "$(cat $SYS/mode)" full
	expect_eq "cpu0/selftest holds cpu0's line of the table" \
		"$(cat $SYS/cpu0/selftest)" "$(echo "$out" | grep '^cpu0 ')"

	# A stopped cycle counter is reported as stopped, never as min = max = 0.
	pmutest stopcc >/dev/null
	echo 1 > $SYS/selftest
	out=$(cat $SYS/cpu0/selftest)
	if echo "$out" | grep -q '^cpu0 stopped: the cycle counter does not count .*C=0'; then
		ok "selftest: a cycle counter stopped from EL0 (PMCNTENCLR.C) is reported as stopped"
	else nok "selftest: a stopped cycle counter is reported as stopped"; diag "$out"; fi
	echo 1 > $SYS/rearm
	echo 1 > $SYS/selftest
	out=$(cat $SYS/cpu0/selftest)
	if dmesg | grep -q 'cycle counter held by another perf user'; then
		skip "perf holds the cycle counter here (the load report says so): rearm leaves it to perf" "rearm restarts the cycle counter"
	else
		expect_eq "rearm: the module's cycle counter counts again (selftest min/max)" \
			"$(field "$out" min)/$(field "$out" max)" "$B2B_INSNS/$B2B_INSNS"
	fi

	check "rmmod pmukit" rmmod pmukit
	check "after rmmod: user reads fault again (PMUSERENR restored)" no_access

	# reset=: plant a value in the cycle counter, reload with and without reset.
	cc_of() { pmutest probe -c 0 | sed -n 's/.*cycle counter 0x\([0-9a-f]*\)).*/\1/p'; }
	insmod $KO global_full_access=1 && pmutest setcc 0xf0000000 >/dev/null && rmmod pmukit
	insmod $KO global_full_access=1 reset=0
	v=$(cc_of); rmmod pmukit
	if [ $((0x$v >= 0xf0000000)) = 1 ]; then ok "reset=0: the cycle counter keeps its value (0x$v)"
	else nok "reset=0: the cycle counter keeps its value"; diag "0x$v"; fi
	insmod $KO global_full_access=1
	v=$(cc_of); rmmod pmukit
	if [ $((0x$v < 0xf0000000)) = 1 ]; then ok "reset=1 (default): the cycle counter starts again from 0 (0x$v)"
	else nok "reset=1: the cycle counter was reset"; diag "0x$v"; fi

	# divider64=: PMCR.D, one count per 64 cycles; under icount 64000 + 2
	# instructions are 1000 counts, or 1001 depending on the divider's phase.
	insmod $KO global_full_access=1 divider64=1
	out=$(pmutest window 32000); diag "divider64=1: $out"
	c=$(field "$out" cycles)
	if [ "${c:-0}" -ge 1000 ] && [ "$c" -le 1001 ]; then ok "divider64=1: 64002 cycles count as $c (PMCR.D)"
	else nok "divider64=1: 64002 cycles count as 1000 or 1001"; fi
	rmmod pmukit

	i=0 fails=0
	while [ $i -lt 100 ]; do
		insmod $KO global_full_access=1 || fails=$((fails + 1))
		rmmod pmukit || fails=$((fails + 1))
		i=$((i + 1))
	done
	expect_eq "100 insmod/rmmod cycles: all succeed" $fails 0
	check "100 insmod/rmmod cycles: no Oops, WARNING or BUG in the kernel log" kernel_clean
	check "100 insmod/rmmod cycles: user access off afterwards" no_access

	insmod $KO global_full_access=1 && ncnt=$(( $(cat $SYS/cpu0/pmcr) >> 11 & 31 )) && rmmod pmukit
	many=$(i=0; while [ $i -le $ncnt ]; do printf '0x11,'; i=$((i + 1)); done)
	many=${many%,}
	bad_param "mode=bogus" "mode=bogus is not a mode"
	# The old default, under its new explicit name; both at once is a contradiction.
	bad_param "mode=full" "mode=full is global_full_access=1 now"
	bad_param "mode=read global_full_access=1" "mode=read and global_full_access=1 exclude each other"
	bad_param "events=0xZZ" "'0xZZ' is not an event"
	bad_param "global_full_access=1 events=$many" "too many events"
	bad_param "events=0x08:x" "is not an event"
	if [ $pmuv3 = 0 ]; then
		bad_param "mode=read events=0x08" "events=0x08 with mode=read needs PMUv3"
	fi

	# events=: hex, in the grammar of pmukit stat -e (core/spec.c). A decimal
	# number, which the module once took, is refused naming the hex to write.
	bad_param "global_full_access=1 events=017" "events=017: '017' is decimal: write event numbers in hex (0x11)"
	bad_param "global_full_access=1 events=0x08,17:k" "'17:k' is decimal: write event numbers in hex (0x11:k)"
	bad_param "global_full_access=1 events=CPU_CYCLES" "'CPU_CYCLES' is not an event: the module takes event numbers, not names"
	insmod $KO global_full_access=1 events=r11
	expect_eq "events=r11 is 0x11, as pmukit stat -e reads it" "$(cat $SYS/events)" 0x11
	rmmod pmukit

	if [ $pmuv3 = 1 ]; then
		# Values left in the counters by someone else: global_full_access=1 with reset=0
		# keeps them; mode=read zeroes every counter it does not own, even
		# with reset=0 (EL0 must not read what was counted for another task).
		insmod $KO global_full_access=1
		i=0; while [ $i -lt $ncnt ]; do pmutest setctr $i 0x12345678 >/dev/null; i=$((i + 1)); done
		rmmod pmukit
		last=$((ncnt - 1))
		insmod $KO global_full_access=1 reset=0
		expect_eq "reset=0, global_full_access=1: counter $last keeps what was left in it" \
			"$(field "$(pmutest getctr $last)" value)" 0x12345678
		rmmod pmukit
		insmod $KO mode=read events=0x08 reset=0
		owned=$(cat $SYS/cpu0/owned) left=
		i=0; while [ $i -lt $ncnt ]; do
			[ $((owned >> i & 1)) = 1 ] || left="$left$(field "$(pmutest getctr $i)" value) "
			i=$((i + 1))
		done
		diag "mode=read: the module holds $owned (counters $(cat $SYS/cpu0/counters)); the others read: $left"
		if [ -n "$left" ] && [ -z "$(echo "$left" | tr ' ' '\n' | grep -v '^0x0$' | grep .)" ]; then
			ok "mode=read (even with reset=0): every counter the module does not own reads 0"
		else nok "mode=read: every counter the module does not own reads 0"; fi
		expect_eq "mode=read: an event without a suffix counts EL0 only (:u)" "$(cat $SYS/events)" "0x08:u"
		# A perf session leaves its counts in the counters it gave up;
		# a rearm opens EL0 reads again only after zeroing every counter
		# neither perf nor the module holds.
		out=$(perfpeer -a -n 1000 none 2>&1); rc=$?
		if [ $rc = 3 ]; then
			skip "perf has no hardware PMU in this guest: $out" "mode=read: after a perf session and a rearm, every counter nobody owns reads 0"
		else
			unowned_nonzero
			diag "after a CPU-wide perf session ($out), before the rearm, EL0 read: ${nonzero:-only 0s or no access}"
			echo 1 > $SYS/rearm
			unowned_nonzero
			diag "after the rearm: $unowned counters the module does not own (owned $(cat $SYS/cpu0/owned)), not 0: ${nonzero:-none}"
			if [ "$(field "$out" inst_u)" -gt 0 ] 2>/dev/null && [ "$unowned" -gt 0 ] && [ -z "$nonzero" ]; then
				ok "mode=read: after a perf session and a rearm, every counter nobody owns reads 0 (no task reads another's count)"
			else nok "mode=read: after a perf session and a rearm, every counter nobody owns reads 0"; fi
		fi
		rmmod pmukit

		check "insmod mode=read events=0x08:u" insmod $KO mode=read events=0x08:u
		ctrs=$(cat $SYS/cpu0/counters); diag "cpu0/counters: $ctrs"
		case "$ctrs" in
		[0-9]*" "[0-9]*) ok "mode=read: cpu0/counters names the counter of 0x08:u and of the cycle count ($ctrs)" ;;
		*) nok "mode=read: cpu0/counters names the counters"; diag "$ctrs" ;;
		esac
		expect_eq "sysfs mode/events" "$(cat $SYS/mode) $(cat $SYS/events)" "read 0x08:u"
		check "mode=read: user reads of the cycle counter work" pmutest probe
		out=$(pmutest write-pmcr); rc=$?
		expect_eq "mode=read: a user write to PMCR faults" $rc 3
		out=$(pmutest readwindow 1000); diag "$out"
		if [ "${ctrs%% *}" = 0 ]; then
			expect_eq "mode=read: counter 0, the module's 0x08:u, counts INST_RETIRED exactly" \
				"$(field "$out" inst_retired)" $((2000 + WINDOW_EXTRA))
		else skip "0x08:u is in counter ${ctrs%% *}, not 0 (perf placed it)" "mode=read: counter 0 counts exactly"; fi
		out=$(pmutest swinc 1); rc=$?
		expect_eq "mode=read: user programming of a counter faults" $rc 3
		check "rmmod" rmmod pmukit
	else
		skip "mode=read counts for user space on PMUv3 only; this ARMv7 core has PMUv2 (refusal of events= tested above)" "mode=read counting"
	fi
	dev_tests exact
	check "no Oops, WARNING or BUG in the kernel log" kernel_clean
	idle_tests
	perf_coexist_tests
}

# bad_param ARGS MESSAGE: insmod fails with EINVAL, says MESSAGE, leaves nothing on
bad_param() {
	dmesg -c >/dev/null
	out=$(insmod $KO $1 2>&1); rc=$?
	if [ $rc -ne 0 ] && echo "$out" | grep -qi 'invalid\|EINVAL' &&
	   dmesg | grep -q "pmukit: .*$2" && ! loaded && no_access; then
		ok "insmod $1: refused with EINVAL, '$2' in the kernel log, nothing enabled"
	else
		nok "insmod $1: refused with EINVAL and a clear message"
		diag "insmod rc=$rc: $out"; diag "$(dmesg | tail -n 3)"
		unload
	fi
}

smp_tests() {
	check "before insmod: no user access on any CPU" sh -c '! pmutest percpu'
	check "insmod pmukit.ko" insmod $KO global_full_access=1
	out=$(pmutest percpu); rc=$?
	diag "$out"
	expect_eq "user access on every CPU (each pinned in turn)" $rc 0
	for c in 0 1; do
		out=$(pmutest b2b -c $c -n 200)
		min=$(field "$out" min)
		if [ "$(field "$out" cpu)" = $c ] && [ "${min:-0}" -gt 0 ]; then
			ok "cpu$c: back-to-back reads run ($out)"
		else nok "cpu$c: back-to-back reads"; diag "$out"; fi
	done
	# PMCR.N per CPU (big.LITTLE cores differ): sysfs cpuN/pmcr, read by the
	# module on that CPU, against PMCR as the CPU itself gives it to EL0.
	for c in 0 1; do
		out=$(pmutest pmcr -c $c)
		sys=$(( $(cat $SYS/cpu$c/pmcr) >> 11 & 31 ))
		if [ "$(field "$out" cpu)" = $c ] && [ -n "$(field "$out" n)" ] &&
		   [ "$(field "$out" n)" = "$sys" ] && dmesg | grep -q "pmukit: user access on 2 of 2 online CPUs; PMCR.N $sys;"; then
			ok "cpu$c: PMCR.N in sysfs ($sys) is what the CPU reports, and the load report says it"
		else nok "cpu$c: PMCR.N in sysfs is what the CPU reports"; diag "$out, sysfs N $sys"; fi
	done

	echo 1 > $SYS/selftest
	out=$(cat $SYS/selftest); diag "$out"
	expect_eq "sysfs selftest has statistics for both CPUs" \
		"$(echo "$out" | grep -c 'samples=100 ')" 2

	echo 0 > /sys/devices/system/cpu/cpu1/online
	expect_eq "cpu1 offline: sysfs cpu1 has no registers to read" \
		"$(cat $SYS/cpu1/pmuserenr 2>/dev/null || echo none)" none
	echo 1 > /sys/devices/system/cpu/cpu1/online
	check "hotplug: cpu1 offline then online: user reads work on cpu1" pmutest probe -c 1
	expect_eq "hotplug: sysfs cpu1 user_access" "$(cat $SYS/cpu1/user_access)" on
	check "rmmod" rmmod pmukit

	# Negative control: without the hotplug callback, access is lost.
	insmod $KO global_full_access=1 hotplug=0
	echo 0 > /sys/devices/system/cpu/cpu1/online
	echo 1 > /sys/devices/system/cpu/cpu1/online
	check "control (hotplug=0): after offline/online cpu1 faults, so the callback is what keeps access" \
		no_access -c 1
	rmmod pmukit

	insmod $KO global_full_access=1
	out=$(pmutest perf-cycles 2>&1); diag "another process used perf: $out"
	if pmutest percpu >/dev/null 2>&1; then
		ok "after a perf session: EL0 access survived on every CPU"
	else
		ok "after a perf session: EL0 access was revoked by the perf driver (reported)"
		diag "$(pmutest percpu 2>&1)"
	fi
	echo 1 > $SYS/rearm
	check "rearm: user access on every CPU again" pmutest percpu
	for c in 0 1; do
		out=$(pmutest b2b -c $c -n 200)
		min=$(field "$out" min)
		if [ "${min:-0}" -gt 0 ]; then ok "rearm: counters run on cpu$c (PMCR.E set)"
		else nok "rearm: counters run on cpu$c"; diag "$out"; fi
	done
	check "rmmod" rmmod pmukit
	check "after rmmod: no user access on any CPU" sh -c '! pmutest percpu'

	# rearm racing hotplug and unload: nothing stays open after the unload.
	insmod $KO global_full_access=1
	(i=0; while [ $i -lt 300 ]; do { echo 1 > $SYS/rearm; } 2>/dev/null; i=$((i + 1)); done) &
	bg=$!
	for k in 1 2 3 4 5; do
		echo 0 > /sys/devices/system/cpu/cpu1/online
		echo 1 > /sys/devices/system/cpu/cpu1/online
	done
	rmmod pmukit
	wait $bg
	if no_access -c 0 && no_access -c 1; then
		ok "rearm racing CPU hotplug and rmmod: no user access on any CPU after the unload"
	else nok "rearm racing hotplug and rmmod: access closed after the unload"; fi
	check "rearm racing hotplug and rmmod: no Oops, WARNING or BUG" kernel_clean

	if dmesg | grep -q 'pmukit: loaded: .*PMUv3'; then
		insmod $KO mode=read events=0x08:u
		echo 0 > /sys/devices/system/cpu/cpu1/online
		echo 1 > /sys/devices/system/cpu/cpu1/online
		expect_eq "mode=read: cpu1 offline and back: its counters are reserved again, where cpu0 has them" \
			"$(cat $SYS/cpu1/counters)" "$(cat $SYS/cpu0/counters)"
		out=$(pmutest perf-cycles 2>&1); diag "perf beside mode=read: $out"
		c=$(echo "$out" | sed -n 's/.*cycles=\([0-9]*\).*/\1/p')
		if [ "${c:-0}" -gt 0 ]; then ok "mode=read: another program's perf event still counts beside the module's reserved counters"
		else nok "mode=read: perf still counts beside the module"; fi
		rmmod pmukit

		# hotplug=0: no callback releases a CPU's reserved perf events when
		# it goes offline, so the unload must, on every possible CPU.
		f0=$(field "$(perfpeer -f 0)" fit) f1=$(field "$(perfpeer -f 1)" fit)
		diag "before: perf fits $f0 events on cpu0, $f1 on cpu1"
		dmesg -c >/dev/null
		insmod $KO mode=read events=0x08:u hotplug=0
		diag "hotplug=0 mode=read: cpu1/counters $(cat $SYS/cpu1/counters)"
		echo 0 > /sys/devices/system/cpu/cpu1/online
		rmmod pmukit
		echo 1 > /sys/devices/system/cpu/cpu1/online
		g0=$(field "$(perfpeer -f 0)" fit) g1=$(field "$(perfpeer -f 1)" fit)
		expect_eq "hotplug=0 mode=read, cpu1 offline at rmmod and online again: perf fits as many events on cpu1 as on cpu0, as before the load" \
			"$g0 $g1" "$f0 $f1"
		if [ -n "$g1" ] && ! dmesg | grep -q 'pmukit: .*not released'; then
			ok "hotplug=0 mode=read, cpu1 offline at rmmod: every reserved perf event released (no leak warning)"
		else nok "hotplug=0 mode=read, cpu1 offline at rmmod: every reserved perf event released"; diag "$(dmesg | grep pmukit | tail -n 3)"; fi
	else
		skip "mode=read needs PMUv3" "mode=read across hotplug"
	fi
	# events= longer than some CPU's PMCR.N: refused at load, naming the CPU and its N.
	nmin=31
	insmod $KO global_full_access=1
	for c in 0 1; do
		cn=$(( $(cat $SYS/cpu$c/pmcr) >> 11 & 31 ))
		[ "$cn" -lt $nmin ] && nmin=$cn
	done
	rmmod pmukit
	many=$(i=0; while [ $i -le $nmin ]; do printf '0x11,'; i=$((i + 1)); done)
	bad_param "global_full_access=1 events=${many%,}" "too many events: cpu[0-9]* has $nmin event counters (PMCR.N); give at most $nmin"
	pmuv3=0
	insmod $KO global_full_access=1 && { dmesg | grep -q 'pmukit: loaded: .*PMUv3' && pmuv3=1; rmmod pmukit; }
	dev_tests smp
	check "no Oops, WARNING or BUG in the kernel log" kernel_clean
	idle_tests
}

# A core without AArch32 at EL0 (ID_AA64PFR0_EL1.EL0 = 1; Linux shows EL0
# that field as 1 on every core, so the core is named by its MIDR instead:
# Fujitsu's A64FX, implementer 0x46, part 0x001): PMCR.LC is RES1 and PMCR.D
# RES0, so the module refuses the divider, and loads and counts without it.
a64_tests() {
	core="$(sed -n 's/^CPU implementer.*: //p' /proc/cpuinfo | head -n 1)/$(sed -n 's/^CPU part.*: //p' /proc/cpuinfo | head -n 1)"
	expect_eq "the core is an A64FX (no AArch32 at EL0)" "$core" "0x46/0x001"
	bad_param "global_full_access=1 divider64=1" "divider64=1: this core has no AArch32 at EL0 (ID_AA64PFR0_EL1.EL0 = 1), so PMCR.D is RES0"
	check "insmod pmukit.ko (no divider)" insmod $KO global_full_access=1
	out=$(pmutest b2b -n 200)
	expect_eq "back-to-back reads of the cycle counter: min == max == $B2B_INSNS" \
		"$(field "$out" min)/$(field "$out" max)" "$B2B_INSNS/$B2B_INSNS"
	check "rmmod" rmmod pmukit
	check "no Oops, WARNING or BUG in the kernel log" kernel_clean
}

case "${1:-}" in
exact) exact_tests ;;
smp) smp_tests ;;
a64) a64_tests ;;
*) echo "usage: kmod-tests.sh exact|smp|a64" >&2; exit 2 ;;
esac
tap_end
