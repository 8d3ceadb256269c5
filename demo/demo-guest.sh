#!/bin/sh
# SPDX-License-Identifier: MIT
# What 'make demo' runs inside the emulated board (tools/qemu-run --add).
set -u
say() { printf '\n== %s\n' "$*"; }
n=$(nproc)

say "$(grep -m1 'CPU part' /proc/cpuinfo | tr -s '\t ' ' '), $n CPU(s), Linux $(uname -r)"
echo "timing: $(if [ -n "${PMUKIT_DEMO_ICOUNT:-}" ]; then echo '-icount shift=0 (one instruction = one cycle: exact, repeatable)'; else echo 'emulated cycles (host time: noisy, like a real board under load)'; fi)"

say "before loading the module: user space may not touch the PMU"
pmutest probe

say "insmod /lib/modules/pmukit.ko global_full_access=1 (every process may program the PMU: a board of one user; by default only a process that opens /dev/pmukit may)"
insmod /lib/modules/pmukit.ko global_full_access=1
dmesg | sed -n 's/^\[[ 0-9.]*\] pmukit: /  /p' | grep -v taint

say "registers per CPU (/sys/kernel/pmukit/cpuN)"
for d in /sys/kernel/pmukit/cpu*; do
	printf '  %s: PMUSERENR %s PMCR %s PMCNTENSET %s user access %s\n' "${d##*/}" \
		"$(cat "$d/pmuserenr")" "$(cat "$d/pmcr")" "$(cat "$d/pmcntenset")" "$(cat "$d/user_access")"
done

say "in-kernel selftest: 100 back-to-back cycle-counter reads per CPU (echo 1 > /sys/kernel/pmukit/selftest)"
echo 1 > /sys/kernel/pmukit/selftest
sed 's/^/  /' /sys/kernel/pmukit/selftest

say "user space: 1000 back-to-back reads (isb; mrs pmccntr_el0) per CPU"
c=0
while [ $c -lt "$n" ]; do
	printf '  '; pmutest b2b -c $c -n 1001
	c=$((c + 1))
done

say "user space: a loop of 1000 iterations (2 instructions each), INST_RETIRED at EL0"
printf '  '; pmutest window 1000
if [ -n "${PMUKIT_DEMO_ICOUNT:-}" ]; then
	echo "  (2N + 2: the loop, then the closing isb and read)"
else
	echo "  (QEMU emulates INST_RETIRED only under -icount: it reads 0 here; see the second run)"
fi

say "software increment: 1000 writes to PMSWINC"
printf '  '; pmutest swinc 1000

say "pmukit info"
pmukit info
say "pmukit selftest: loops of known length on every working path"
pmukit selftest
if [ -n "${PMUKIT_DEMO_ICOUNT:-}" ]; then
	say "pmukit calibrate: back-to-back reads on every path"
	pmukit calibrate
	say "pmukit stat: a static program with a loop of 100000 iterations"
	pmukit stat -e INST_RETIRED:u,CPU_CYCLES:u -r 3 -- stat_loop 100000
	say "region markers in that program (built with -DPMUKIT_MARKERS)"
	PMUKIT_REGIONS_EVENTS=INST_RETIRED:u stat_loop --regions 100000
else
	say "pmukit calibrate --histogram: back-to-back reads on every path"
	pmukit calibrate --histogram -n 2000
	say "pmukit stat: a static program with a loop of 100000 iterations"
	pmukit stat -e CPU_CYCLES -r 3 -- stat_loop 100000
fi
# A perf session (pmukit's perf path) closes user access on arm64: re-open it.
echo 1 > /sys/kernel/pmukit/rearm

say "rmmod pmukit: registers restored"
rmmod pmukit
pmutest probe
true
