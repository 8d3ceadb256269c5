#!/bin/sh
# SPDX-License-Identifier: MIT
# A Cortex-A9 board (QEMU vexpress-a9): ID_DFR0.PerfMon reads 0 there and
# the event counters have no level filter. The module must load and report
# PMUv1 with PMCR.N counters, pmukit info agree with it, selftest and stat
# run, and :u/:k be refused with the reason. QEMU's Cortex-A9 model has the
# PMU registers but its counters do not count (every count reads 0), so
# nothing here asserts a count. TAP on stdout.
. "$(dirname "$0")/tap.sh"	# TAP 13: ok, nok, skip, diag, check, expect_eq
tap_plan 10

if insmod /lib/modules/pmukit.ko 2>/tmp/err; then ok "insmod pmukit.ko on a Cortex-A9"
else nok "insmod pmukit.ko on a Cortex-A9"; diag "$(cat /tmp/err)" "$(dmesg | grep pmukit: | tail -n 3)"; fi

ncpu=$(grep -c '^processor' /proc/cpuinfo)
expect_eq "the module's one-line load report covers every CPU ($ncpu)" \
	"$(dmesg | grep -c "pmukit: user access on $ncpu of $ncpu online CPUs")" 1
check "user access on every CPU" pmutest percpu

pmcr=$(cat /sys/kernel/pmukit/cpu0/pmcr 2>/dev/null)
N=$(( (${pmcr:-0} >> 11) & 31 ))	# PMCR.N, bits [15:11]
load=$(dmesg | grep 'pmukit: loaded:' | tail -n 1)
if printf '%s\n' "$load" | grep -q "PMUv1 (ID_DFR0.PerfMon 0 .*, $N event counters (PMCR.N), no level filter"; then
	ok "load report: PMUv1 (ID_DFR0.PerfMon 0, the MIDR decides), $N event counters (PMCR.N), no level filter"
else nok "load report"; diag "PMCR ${pmcr:-?}" "$load"; fi

info=$(pmukit info 2>&1)
if printf '%s\n' "$info" | grep -q '^PMU  *PMUv1 (ID_DFR0.PerfMon 0 on this core' &&
   printf '%s\n' "$info" | grep -q "^counters  *$N event counters" &&
   printf '%s\n' "$info" | grep -q '^level filter  *no:'; then
	ok "pmukit info agrees: PMUv1, $N event counters, no level filter"
else nok "pmukit info agrees with the module"; diag "$info"; fi

out=$(pmukit selftest 2>&1); rc=$?
if [ $rc = 0 ] && printf '%s\n' "$out" | grep -q 'counts at every level only' &&
   printf '%s\n' "$out" | grep -Eq '^  direct +SW_INCR:uk '; then
	ok "selftest: exit 0, measures at every level (:uk)"
else nok "selftest"; diag "exit $rc" "$out"; fi

out=$(pmukit stat -e CPU_CYCLES,SW_INCR -x, -- stat_loop 1000 2>&1); rc=$?
if [ $rc = 0 ] && printf '%s\n' "$out" | grep -q ',CPU_CYCLES:uk,' &&
   printf '%s\n' "$out" | grep -q ',SW_INCR:uk,'; then
	ok "stat -e CPU_CYCLES,SW_INCR: exit 0, counted at every level (:uk)"
else nok "stat -e CPU_CYCLES,SW_INCR"; diag "exit $rc" "$out"; fi

for ev in CPU_CYCLES:u INST_RETIRED:k; do
	out=$(pmukit stat --path direct -e $ev -- stat_loop 10 2>&1); rc=$?
	if [ $rc != 0 ] && printf '%s\n' "$out" | grep -q "$ev: this cortex-a9 counts at every level only: .*Virtualization Extensions"; then
		ok "stat --path direct -e $ev: refused (exit $rc), saying why"
	else nok "stat --path direct -e $ev refused"; diag "exit $rc" "$out"; fi
done

rmmod pmukit
if insmod /lib/modules/pmukit.ko events=0x11:u 2>/dev/null; then
	nok "insmod events=0x11:u refused"; rmmod pmukit
elif dmesg | tail -n 4 | grep -q "events=0x11:u: '0x11:u': this core counts at every level only"; then
	ok "insmod events=0x11:u: refused, the kernel log says why"
else nok "insmod events=0x11:u: the reason"; diag "$(dmesg | tail -n 4)"; fi
