#!/bin/sh
# SPDX-License-Identifier: MIT
# The library's tests, run inside a QEMU guest by tests/qemu/lib.sh.
#
#   lib-tests.sh exact   one CPU under -icount shift=0: every access path the
#                        target has, exact counts, every refusal and its message
#   lib-tests.sh smp     two CPUs: migration, pinning to a chosen CPU
#
# Sets the scene for each libtest subcommand (module loaded or not, its
# mode, kernel.perf_user_access) and numbers their TAP into one stream.
set -u
KO=/lib/modules/pmukit.ko
SYS=/sys/kernel/pmukit
UA=/proc/sys/kernel/perf_user_access
OUT=/tmp/libtest.out
# What a region marker pair costs, in user instructions, per path and
# per word size of the programs (docs/library.md, "What a region marker
# pair costs"): a pair that costs more fails.
REGION_PAIR_64_direct=174
REGION_PAIR_64_perf=232
REGION_PAIR_64_perf_mmap=196
REGION_PAIR_32_direct=236
REGION_PAIR_32_perf=262

. "$(dirname "$0")/tap.sh"	# TAP 13: ok, nok, skip, diag, check, expect_eq
. "$(dirname "$0")/big-count.sh"	# big_count_test: a real run past 2^32

# libtest_run ARGS...: libtest ARGS, its results renumbered into this stream
libtest_run() {
	libtest "$@" >$OUT 2>&1
	rc=$?
	tap_merge "$(cat $OUT)"
	# tap_done() exits 1 when a test failed; anything else is a crash.
	if [ $rc -gt 1 ]; then nok "libtest $* exited with status $rc"; fi
}

arch=$(uname -m)
diag "$arch, $(grep -m1 'CPU part' /proc/cpuinfo), $(nproc) CPU(s)"

# What a begin/end pair of region markers costs inside an enclosing region
# (INST_RETIRED:u, one event: the regions' own measurement, "nested_region"
# of their JSON report), against the documented number above.
# region_cost PATH
region_cost() {
	PMUKIT_PATH=$1 PMUKIT_REGIONS_EVENTS=INST_RETIRED:u PMUKIT_REGIONS_FORMAT=json \
		PMUKIT_REGIONS_OUTPUT=/tmp/rc.json stat_loop --regions 1000 >/dev/null 2>&1
	pair=$(sed -n 's/.*"nested_region": \([0-9]*\).*/\1/p' /tmp/rc.json 2>/dev/null)
	region=$(sed -n 's/.*"region": \([0-9]*\),.*/\1/p' /tmp/rc.json 2>/dev/null)
	diag "regions on $1: a begin/end pair costs ${pair:-?} INST_RETIRED:u, an empty region ${region:-?}"
	# The ELF class of the programs: 2 is 64-bit (the aarch32 guest runs
	# 32-bit programs on an arm64 kernel).
	class=$(od -An -tx1 -j4 -N1 "$(command -v stat_loop)" | tr -d ' ')
	bits=32
	[ "$class" != 02 ] || bits=64
	eval "max=\${REGION_PAIR_${bits}_$(echo "$1" | tr - _):-}"
	if [ -z "$max" ]; then
		skip "no documented cost on $bits-bit programs" "regions on $1: a begin/end pair"
	elif [ -n "$pair" ] && [ "$pair" -gt 0 ] && [ "$pair" -le "$max" ]; then
		ok "regions on $1: a begin/end pair costs $pair user instructions (at most $max)"
	else nok "regions on $1: a begin/end pair at most $max"; diag "$(cat /tmp/rc.json 2>&1)"; fi
}

exact_tests() {
	# Without the module: the refusal, and the paths that need no module.
	libtest_run nomodule
	libtest_run exact perf
	libtest_run samples perf
	# Rotate multiplexed events every millisecond (4 by default), so a short
	# loop sees every event on a counter several times.
	for f in /sys/bus/event_source/devices/arm*/perf_event_mux_interval_ms; do
		[ -e "$f" ] && echo 1 > "$f"
	done
	libtest_run multiplex
	libtest_run child
	libtest_run clock

	if insmod $KO global_full_access=1; then ok "insmod pmukit.ko"; else nok "insmod pmukit.ko"; return; fi
	pmuv3=0
	[ "$(cat $SYS/cpu0/pmceid0)" != 0x00000000 ] && pmuv3=1
	diag "PMUv3=$pmuv3 (PMCEID0 $(cat $SYS/cpu0/pmceid0))"
	libtest_run info
	libtest_run exact direct
	libtest_run samples direct
	libtest_run swincr
	libtest_run wrap
	libtest_run wrap-long
	# Event counters are 32 bits before PMUv3p5 (no PMCR.LP), and QEMU 7.2
	# does not count CHAIN (0x1E), so the count past 2^32 is 'wrapped'.
	if [ "$(($(cat $SYS/cpu0/pmcr) >> 7 & 1))" = 1 ]; then big_count_test exact
	else big_count_test either; fi
	libtest_run errors
	libtest_run frozen
	libtest_run revoke-rmmod
	libtest_run revoke-sysctl
	libtest_run after-perf
	echo 1 > $SYS/rearm
	region_cost direct
	region_cost perf

	if [ -e $UA ]; then
		echo 1 > $UA
		libtest_run exact perf-mmap
		libtest_run samples perf-mmap
		libtest_run mmap-revoke
		region_cost perf-mmap
	else
		skip "no perf self-read: a 32-bit kernel, or arm64 before 5.17 (checked by 'nomodule')" "perf-mmap exact counts"
	fi

	rmmod pmukit
	if [ $pmuv3 = 1 ]; then
		if insmod $KO mode=read events=0x08:u,0x11:uk; then
			ok "insmod pmukit.ko mode=read events=0x08:u,0x11:uk"
			libtest_run readmode
			# As uid 1000, outside the device's group (tests/guest/asuser).
			run_as_user() { asuser 1000 1000 libtest "$@" >$OUT 2>&1; rc=$?; tap_merge "$(cat $OUT)"; [ $rc -le 1 ] || nok "libtest $* as uid 1000 exited with status $rc"; }
			run_as_user readmode-user
			rmmod pmukit
		else
			nok "insmod pmukit.ko mode=read events=0x08:u,0x11:uk"
		fi
	else
		skip "mode=read needs PMUv3; this core has PMUv2" "mode=read"
	fi
	if kernel_clean; then ok "no Oops, WARNING or BUG in the kernel log"
	else nok "no Oops, WARNING or BUG in the kernel log"; fi
}

smp_tests() {
	if insmod $KO global_full_access=1; then ok "insmod pmukit.ko"; else nok "insmod pmukit.ko"; return; fi
	libtest_run migrate
	rmmod pmukit
	if kernel_clean; then ok "no Oops, WARNING or BUG in the kernel log"
	else nok "no Oops, WARNING or BUG in the kernel log"; fi
}

case "${1:-}" in
exact) exact_tests ;;
smp) smp_tests ;;
*) echo "usage: lib-tests.sh exact|smp" >&2; exit 2 ;;
esac
tap_end
