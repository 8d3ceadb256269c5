#!/bin/sh
# SPDX-License-Identifier: MIT
# Smoke suite for a board model (tests/qemu/board.sh): what a user does first
# on their own board, on every CPU it has.
#
#   board-tests.sh CORE     CORE: the core pmukit info must name (cortex-a53)
#
# Prints TAP 13. Without -icount the board counts no instructions and its
# cycles are host time, so counts are checked for flow (non-zero, exact where
# the hardware defines them: SW_INCR), not for value.
set -u
. "$(dirname "$0")/tap.sh"
KO=/lib/modules/pmukit.ko
core=$1
ncpu=$(grep -c '^processor' /proc/cpuinfo)
diag "$(uname -r) $(uname -m), $ncpu CPU(s), $(grep -m1 -E 'CPU part|model name' /proc/cpuinfo)"

check "insmod pmukit.ko" insmod $KO global_full_access=1
expect_eq "the module's one-line load report covers every CPU" \
	"$(dmesg | grep -c "pmukit: user access on $ncpu of $ncpu online CPUs")" 1
dmesg | grep 'pmukit: ' | sed 's/^/# /'
check "user access on every CPU" pmutest percpu

# SW_INCR: N software increments count exactly N on every kind of PMU.
# (First: a perf session, such as selftest's perf path, may leave PMCR.E
# clear on 32-bit kernels, which the library re-arms but pmutest does not.)
out=$(pmutest swinc 1000 2>&1)
case "$out" in *" count=1000") ok "SW_INCR counts 1000 increments exactly" ;;
*) nok "SW_INCR counts 1000 increments exactly"; diag "$out" ;; esac


out=$(pmukit info 2>&1); rc=$?
if [ $rc = 0 ] && printf '%s\n' "$out" | grep -Eq "^core +$core "; then ok "info names the core ($core)"
else nok "info names the core ($core)"; fi
diag "$out"

check "selftest" pmukit selftest

# Without -icount QEMU counts no instructions, and its counters say so:
# PMCEID (AArch64) refuses INST_RETIRED, and on ARMv7, which has no PMCEID,
# the cycles counted beside it make its 0 "not implemented". Either way that
# is not a counter that did not count (the PMU counts).
out=$(pmukit stat --path direct -x, -e CPU_CYCLES,INST_RETIRED -- stat_loop 100000 2>&1); rc=$?
if [ $rc = 1 ] && printf '%s\n' "$out" | grep -q 'not implemented' &&
   ! printf '%s\n' "$out" | grep -q 'did not count'; then
	ok "stat -e CPU_CYCLES,INST_RETIRED: INST_RETIRED not implemented (exit 1), never 'did not count'"
else nok "stat -e CPU_CYCLES,INST_RETIRED: not implemented"; diag "exit $rc" "$out"; fi

# The direct path counts cycles of a command on this board.
out=$(pmukit stat --path direct -x, -e CPU_CYCLES -- stat_loop 100000 2>&1); rc=$?
v=$(printf '%s\n' "$out" | awk -F, '$3 ~ /^CPU_CYCLES/ { print $1; exit }')
if [ $rc = 0 ] && [ "${v:-0}" -gt 0 ] 2>/dev/null; then ok "stat --path direct counts CPU_CYCLES ($v)"
else nok "stat --path direct counts CPU_CYCLES"; diag "$out"; fi

# perf: the kernel's driver for this board's PMU, when its device tree has one.
if ls /sys/bus/event_source/devices/ | grep -q '^armv'; then
	out=$(pmukit stat --path perf -x, -e CPU_CYCLES -- stat_loop 100000 2>&1); rc=$?
	v=$(printf '%s\n' "$out" | awk -F, '$3 ~ /^CPU_CYCLES/ { print $1; exit }')
	if [ $rc = 0 ] && [ "${v:-0}" -gt 0 ] 2>/dev/null; then ok "stat --path perf counts CPU_CYCLES ($v) on $(ls /sys/bus/event_source/devices/ | grep '^armv')"
	else nok "stat --path perf counts CPU_CYCLES"; diag "$out"; fi
else
	skip "the board's device tree has no PMU node: no perf hardware events" "stat --path perf"
fi

check "rmmod pmukit" rmmod pmukit
check "no oops or warning in the kernel log" kernel_clean
tap_end
