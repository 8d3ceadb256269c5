#!/bin/sh
# SPDX-License-Identifier: MIT
# The ARMv6-baseline build (make ARCH=arm ARMV6_BASELINE=1: Raspberry Pi OS's
# 32-bit flags) in an ARMv7 or AArch32 guest under -icount shift=0, one CPU:
# its command and library must work as the default build's do.
#   armv6-tests.sh DIR   DIR holds that build's pmukit and stat_loop
# TAP on stdout.
dir=${1:?armv6-tests.sh DIR}
. "$(dirname "$0")/tap.sh"	# TAP 13: ok, nok, skip, diag, check, expect_eq
tap_plan 5

# The module is built with the kernel's own flags (build/arm).
if insmod /lib/modules/pmukit.ko global_full_access=1 2>/tmp/err; then ok "insmod pmukit.ko"
else nok "insmod pmukit.ko"; diag "$(cat /tmp/err)"; fi

out=$("$dir/pmukit" selftest 2>&1); rc=$?
if [ $rc = 0 ] && printf '%s\n' "$out" | grep -Eq '^selftest: ok: [1-9][0-9]* exact counts right, 0 wrong'; then
	ok "selftest (ARMv6 build): exit 0, exact counts right, none wrong"
else nok "selftest (ARMv6 build)"; diag "exit $rc" "$out"; fi
# 1000 iterations of mcr PMSWINC write SW_INCR exactly 1000 times.
if printf '%s\n' "$out" | grep -Eq '^  direct +SW_INCR:u +1,000 +1,000 .*ok, exact$'; then
	ok "selftest (ARMv6 build): SW_INCR:u 1,000 exactly"
else nok "selftest (ARMv6 build): SW_INCR:u"; fi

# stat_loop N runs N iterations of a two-instruction loop and nothing else
# that depends on N (for N of the same number of digits): the user-space
# instruction counts of N and 2N iterations differ by exactly 2N.
N=2000	# N and 2N have the same number of digits
value() { sed -n "s/^\([0-9]*\),[^,]*,$2,.*/\1/p" "$1" | head -n 1; }
"$dir/pmukit" stat --path direct -e INST_RETIRED:u,CPU_CYCLES:u -x, -o /tmp/a.csv -- "$dir/stat_loop" $N 2>/tmp/err &&
"$dir/pmukit" stat --path direct -e INST_RETIRED:u,CPU_CYCLES:u -x, -o /tmp/b.csv -- "$dir/stat_loop" $((2 * N)) 2>>/tmp/err
rc=$?
a=$(value /tmp/a.csv INST_RETIRED:u) b=$(value /tmp/b.csv INST_RETIRED:u)
if [ $rc = 0 ] && [ -n "$a" ] && [ -n "$b" ] && [ $((b - a)) = $((2 * N)) ]; then
	ok "stat (ARMv6 build): INST_RETIRED:u of $N and $((2 * N)) iterations differ by exactly $((2 * N)) ($a, $b)"
else nok "stat (ARMv6 build): INST_RETIRED:u difference $((2 * N))"; diag "exit $rc, got '$a' and '$b'" "$(cat /tmp/err /tmp/a.csv /tmp/b.csv)"; fi
# Under icount one instruction is one cycle: the cycle count equals it.
c=$(value /tmp/b.csv CPU_CYCLES:u)
if [ -n "$c" ] && [ "$c" = "$b" ]; then ok "stat (ARMv6 build): CPU_CYCLES:u = INST_RETIRED:u ($c)"
else nok "stat (ARMv6 build): CPU_CYCLES:u = INST_RETIRED:u"; diag "got '$c' and '$b'"; fi
