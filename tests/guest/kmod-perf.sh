# SPDX-License-Identifier: MIT
# shellcheck shell=sh
# Sourced by kmod-tests.sh (it has KO, SYS, field, unload, quiet and the TAP helpers):
# pmukit.ko never disturbs another program's perf events.
#
#   perf_coexist_tests    one CPU under -icount shift=0 (kmod-tests.sh exact)
#
# perfpeer (tests/guest/perfpeer.c) counts user-only CPU_CYCLES and
# INST_RETIRED (or samples CPU_CYCLES) around spin(N), ACTION, spin(N). Every
# test compares an action that reaches the module with a control of the same
# kind that does not (a write to /dev/null for the rearm, finit_module of
# /dev/null for a load, delete_module of a module that is not there for an
# unload, 'true' for a command, a sleep of 0 ms for one that idles): their
# user instructions are the same by construction (raw system calls), so
# under icount the counts are equal, exactly, unless the module changed what
# perf's counters count, reset them, or stopped their overflow interrupts.
#
# Two kinds of perf events:
#   task     this process's own: perf takes them off the PMU when the task is
#            switched out and programs them again when it comes back, so only
#            what runs in the task's own context (a sysfs write) can hurt them
#   -a       CPU-wide (like the hard-lockup watchdog or 'perf record -a'):
#            they stay on the PMU while the module's load and unload callbacks
#            run on a kernel thread, and through idle
PEER_N=100000		# spin(N) twice: 4N = 400,000 user instructions + perfpeer's fixed part
SAMPLE_N=1000000	# 4,000,000 user cycles ...
SAMPLE_P=100003		# ... one sample every 100,003: floor = 39 samples, about half before the action
SLEEP_MS=20		# long enough for the CPU to idle (several timer ticks)
NOMOD=pmukit_not_loaded	# a module name delete_module does not find

# peer_eq DESC CONTROL ACTION [perfpeer options]: the counts (or the samples)
# with ACTION equal those with CONTROL, and ACTION's own calls succeeded.
# A CPU-wide event also counts whatever else runs on the CPU, now and then a
# few hundred user instructions of another task: when the action differs,
# the control runs again after it (at most twice more; it changes nothing),
# and an action that changes state is done again after $PEER_REDO has put the
# state back (a load after an unload, an unload after a load). The test
# passes only if an action run equals a control run: a module that changes
# what perf counts makes every run differ.
peer_eq() {
	desc=$1 ctl=$2 act=$3
	shift 3
	keys="cycles_u inst_u" sampling=0
	case " $* " in *" -s "*) keys="samples floor lost" sampling=1 ;; esac
	c=$(perfpeer "$@" "$ctl" 2>&1)
	a=$(perfpeer "$@" "$act" 2>&1)
	tries=0 good=no
	while [ $tries -lt 3 ] && [ $good = no ]; do
		if [ $tries -gt 0 ]; then
			c=$(perfpeer "$@" "$ctl" 2>&1)
			if [ "$(peer_keys "$c")" != "$(peer_keys "$a")" ] && [ -n "${PEER_REDO:-}" ]; then
				eval "$PEER_REDO" >/dev/null 2>&1
				a=$(perfpeer "$@" "$act" 2>&1)
			fi
		fi
		sc=$(peer_keys "$c") sa=$(peer_keys "$a")
		tries=$((tries + 1))
		# Sampling: the control must itself get one sample per period.
		[ $sampling = 0 ] || [ "$(field "$c" samples)" = "$(field "$c" floor)" ] || continue
		[ "$sa" != "$sc" ] || [ -z "$(field "$c" "${keys%% *}")" ] || good=yes
	done
	rc=$(field "$a" action_rc)
	if [ $good = yes ] && [ -n "$rc" ] && [ "${rc#-}" = "$rc" ]; then
		ok "$desc"
		[ $tries = 1 ] || diag "equal on try $tries (the earlier runs counted another task's work)"
	else
		nok "$desc"
		diag "control $ctl:$sc ($tries runs)"; diag "action  $act:$sa (action_rc=$rc)"
		[ $sampling = 0 ] || [ "$(field "$c" samples)" = "$(field "$c" floor)" ] ||
			diag "the control run did not get one sample per period"
		for k in $keys; do
			vc=$(field "$c" $k) va=$(field "$a" $k)
			[ -z "$vc" ] || [ -z "$va" ] || [ "$vc" = "$va" ] ||
				diag "$k: action - control = $((va - vc))"
		done
	fi
	diag "$ctl: $c"
	diag "$act: $a"
}

# The compared fields of a perfpeer line ($keys).
peer_keys() {
	out=
	for k in $keys; do out="$out $k=$(field "$1" $k)"; done
	echo "$out"
}

num() { v=$(field "$1" "$2"); echo "${v:-0}"; }	# a field, 0 when missing

# Uses pmuv3 (1 when the module found PMUv3), set by exact_tests.
perf_coexist_tests() {
	unload
	out=$(perfpeer none 2>&1); rc=$?
	if [ $rc = 3 ]; then
		skip "perf has no hardware PMU in this guest: $out" "perf events beside pmukit.ko"
		return
	fi
	# perf lowers kernel.perf_event_max_sample_rate when its interrupt
	# handler seems slow (virtual time under icount), and then throttles
	# sampling events: keep the limit where it is for the sampling tests.
	pct=$(cat /proc/sys/kernel/perf_cpu_time_max_percent)
	echo 0 > /proc/sys/kernel/perf_cpu_time_max_percent

	# The premises, with no module, each a run no interrupt came into
	# (quiet.sh: on 32-bit guests one can add a user instruction).
	quiet perfpeer -n $PEER_N none; a=$out
	quiet perfpeer -n $((2 * PEER_N)) none; b=$out
	diag "N=$PEER_N: $a"; diag "N=$((2 * PEER_N)): $b"
	expect_eq "perf counts this program exactly: N more iterations add exactly 4N user cycles and instructions" \
		"$(( $(num "$b" cycles_u) - $(num "$a" cycles_u) )) $(( $(num "$b" inst_u) - $(num "$a" inst_u) ))" \
		"$((4 * PEER_N)) $((4 * PEER_N))"
	quiet perfpeer -a -n $PEER_N none; c=$out; diag "CPU-wide: $c"
	expect_eq "CPU-wide user-only events count exactly this program (nothing else runs on the CPU)" \
		"$(field "$c" cycles_u) $(field "$c" inst_u)" "$(field "$a" cycles_u) $(field "$a" inst_u)"
	for o in "" -a; do
		s=$(perfpeer $o -n $SAMPLE_N -s $SAMPLE_P none); diag "$s"
		expect_eq "sampling ${o:-task} CPU_CYCLES:u: one sample per period, samples == floor(count / P), none lost" \
			"$(field "$s" samples) $(field "$s" lost)" "$(field "$s" floor) 0"
	done

	# Load and unload in another process: the task's events are off the PMU.
	peer_eq "insmod (another process) leaves a task's perf counts unchanged" \
		exec:true "exec:insmod $KO global_full_access=1"
	check "the module is loaded" loaded
	peer_eq "rmmod (another process) leaves a task's perf counts unchanged" \
		exec:true "exec:rmmod pmukit"
	if loaded; then nok "the module is unloaded"; unload; else ok "the module is unloaded"; fi

	for params in global_full_access=1 "" "mode=read events=0x08:u"; do
		if [ "$params" != global_full_access=1 ] && [ "$pmuv3" != 1 ]; then
			skip "mode=read needs PMUv3" "${params:-mode=read (the default)} beside perf events"
			continue
		fi
		perf_coexist_mode "$params" "${params:-mode=read (the default)}"
	done

	# Idle: the CPU PM notifier re-applies the setup on the way out of an
	# idle state that loses the PMU (only when the device tree has such
	# states), and a sleeping task's events are off the PMU meanwhile.
	insmod $KO global_full_access=1
	i0=$(cat $SYS/idle_exits)
	idle_hold 0	# kmod-idle.sh: the power-down idle state, where the tree has one
	peer_eq "global_full_access=1: sleeping ${SLEEP_MS} ms (the CPU idles) leaves a task's perf counts unchanged" \
		sleep:0 sleep:$SLEEP_MS
	peer_eq "global_full_access=1: sleeping ${SLEEP_MS} ms leaves CPU-wide perf counts unchanged" \
		sleep:0 sleep:$SLEEP_MS -a
	peer_eq "global_full_access=1: sleeping ${SLEEP_MS} ms: CPU-wide CPU_CYCLES sampling delivers every sample" \
		sleep:0 sleep:$SLEEP_MS -a -n $SAMPLE_N -s $SAMPLE_P
	idle_hold 1
	diag "idle exits the module re-applied its setup on during the sleeps: $(( $(cat $SYS/idle_exits) - i0 ))"
	rmmod pmukit

	echo "$pct" > /proc/sys/kernel/perf_cpu_time_max_percent
	check "perf beside the module: no Oops, WARNING or BUG in the kernel log" kernel_clean
}

# idle_load PARAMS: insmod when perf has just been idle: a perf session that
# ended leaves its counters disabled (and PMCR.E clear), as after boot; an
# earlier rmmod may have put back the enables of a perf session that was live
# at its insmod.
idle_load() {
	unload
	perfpeer none >/dev/null
	insmod $KO $1
}

# peer_sample DESC CONTROL ACTION [perfpeer options]: peer_eq for sampling,
# which is exact only on the cycle counter: QEMU 7.2 raises an event
# counter's overflow interrupt late (perfpeer.c). In mode=read the module
# holds the cycle counter with a pinned perf event, so perf samples on an
# event counter there: skipped, with that reason.
peer_sample() {
	if [ "$p" != global_full_access=1 ]; then
		skip "$m holds the cycle counter (a pinned perf event): perf samples CPU_CYCLES on an event counter, whose overflow interrupt QEMU 7.2 raises only at the next exception" "$1"
		return
	fi
	desc=$1 ctl=$2 act=$3
	shift 3
	peer_eq "$desc" "$ctl" "$act" "$@" -n $SAMPLE_N -s $SAMPLE_P
}

# perf_coexist_mode PARAMS NAME: load, rearm and unload with perf events live
perf_coexist_mode() {
	p=$1 m=$2
	PEER_REDO=unload
	peer_eq "$m: loading the module leaves CPU-wide perf counts unchanged (no counter reset, filter kept)" \
		load:/dev/null "load:$KO:$p" -a
	PEER_REDO=
	check "$m: the module is loaded" loaded
	peer_eq "$m: a rearm leaves a task's perf counts unchanged (cycle filter kept)" \
		write:/dev/null:1 write:$SYS/rearm:1
	peer_eq "$m: a rearm leaves CPU-wide perf counts unchanged" \
		write:/dev/null:1 write:$SYS/rearm:1 -a
	peer_sample "$m: after a rearm a task's CPU_CYCLES sampling still gets every overflow interrupt" \
		write:/dev/null:1 write:$SYS/rearm:1
	peer_sample "$m: after a rearm CPU-wide CPU_CYCLES sampling still gets every overflow interrupt" \
		write:/dev/null:1 write:$SYS/rearm:1 -a
	# Unload a module that was loaded while perf was idle (the usual case:
	# loaded at boot, perf started later), so that what it saved at load
	# is not perf's present setup.
	idle_load "$p"
	PEER_REDO="idle_load '$p'"
	peer_eq "$m: unloading the module leaves CPU-wide perf counts unchanged (their counters stay enabled)" \
		unload:$NOMOD unload:pmukit -a
	unload
	PEER_REDO=unload
	peer_sample "$m: after loading the module CPU-wide CPU_CYCLES sampling still gets every overflow interrupt" \
		load:/dev/null "load:$KO:$p" -a
	idle_load "$p"
	PEER_REDO="idle_load '$p'"
	peer_sample "$m: after unloading the module CPU-wide CPU_CYCLES sampling still gets every overflow interrupt" \
		unload:$NOMOD unload:pmukit -a
	PEER_REDO=
	unload
}
