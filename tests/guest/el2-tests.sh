#!/bin/sh
# SPDX-License-Identifier: MIT
# Counting the kernel wherever it runs, inside a QEMU guest booted at EL2
# (tools/qemu-run --el2) under -icount shift=0 on one CPU. Run by
# tests/qemu/el2.sh (the vhe and nvhe cells of tests/qemu/matrix). Prints TAP 13.
#
#   el2-tests.sh vhe    the kernel runs at EL2 (VHE; an ARMv8.1+ core)
#   el2-tests.sh nvhe   the kernel dropped to EL1 and left a hyp stub at EL2
#
# Needs /lib/modules/pmukit.ko, /usr/bin/pmukit, kernel_count, syscall_loop
# and stat_loop on PATH.
set -u
KO=/lib/modules/pmukit.ko
SYS=/sys/kernel/pmukit
R=9			# windows per kernel_count measurement (the minimum is taken)
RS=5			# runs per pmukit stat measurement (likewise)
case "${1:-}" in
vhe) el=2 level="EL2 (VHE)" covers=":k counts EL2 (PMEVTYPER.NSH)" ;;
nvhe) el=1 level="EL1" covers=":k counts EL1" ;;
*) echo "usage: el2-tests.sh vhe|nvhe" >&2; exit 2 ;;
esac

. "$(dirname "$0")/tap.sh"	# TAP 13: ok, nok, skip, diag, check, expect_eq
# expect_true DESC TEST-ARGS...: ok when [ TEST-ARGS ] holds
expect_true() {
	desc=$1; shift
	if [ "$@" ] 2>/dev/null; then ok "$desc"; else nok "$desc"; diag "false: [ $* ]"; fi
}
field() { printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1; }
unload() { grep -q '^pmukit ' /proc/modules && rmmod pmukit; true; }
# kc PATH EVENT N: kernel_count's line (min, max, all of $R windows of N calls)
kc() {
	echo 1 > $SYS/rearm 2>/dev/null	# a perf session before resets PMUSERENR
	out=$(kernel_count "$@" $R 2>&1) || diag "kernel_count $*: $out"
	diag "kernel_count $*: $out"
}
# has TEXT PREFIX STRING: a line of TEXT starts with PREFIX (a regex), then STRING
has() { printf '%s\n' "$1" | grep -E "$2" | grep -qF -- "$3"; }
# stat_min PATH EVENT CMD...: $best and $worst, the smallest and largest
# count of EVENT over $RS runs of CMD, back to back in one pmukit stat
# (with a one-second pause before each run, every direct run of 2000 calls
# of one 6.12 boot counted ~19,000 more, perf's none: work the kernel had
# put off while the CPU idled)
stat_min() {
	p=$1 e=$2; shift 2
	echo 1 > $SYS/rearm 2>/dev/null
	set -- $(pmukit stat --path "$p" --json -r $RS -e "$e" -- "$@" 2>&1 |
		awk -v e="\"$e\"," '$1 == "\"event\":" { ev = $2 }
			($1 == "\"min\":" || $1 == "\"max\":") && ev == e { v = $2; sub(",", "", v); printf "%s ", v }')
	best=${1:-} worst=${2:-}
}
# csv_value FILE-TEXT EVENT: the value of EVENT in pmukit stat -x, output
csv_value() { printf '%s\n' "$1" | awk -F, -v e="$2" '$3 == e { print $1; exit }'; }

diag "$(uname -m), $(nproc) CPU(s), $(grep -m1 'CPU part' /proc/cpuinfo)"
# Same addresses in every run: the counts of two runs then differ by the work only.
echo 0 > /proc/sys/kernel/randomize_va_space

# ---- where the kernel runs -------------------------------------------------
if dmesg | grep -q 'CPU: All CPU(s) started at EL2'; then ok "the CPUs started at EL2"
else nok "the CPUs started at EL2"; diag "$(dmesg | grep -i 'EL[12]')"; fi
if [ $el = 2 ]; then
	msg="VHE mode initialized"
else
	msg="Hyp (nVHE )?mode initialized"	# KVM's nVHE hypervisor at EL2, the kernel at EL1 (6.12 says "nVHE")
fi
if dmesg | grep -Eq "kvm.*$msg"; then ok "kernel log: '$msg'"
else nok "kernel log: '$msg'"; diag "$(dmesg | grep -i kvm)"; fi

info=$(pmukit info 2>&1)
if has "$info" "^levels +" "kernel level unknown without pmukit.ko"; then
	ok "pmukit info without the module: the kernel's level is unknown, and what :k counts then"
else nok "pmukit info without the module: the kernel's level"; diag "$info"; fi

if insmod $KO global_full_access=1; then ok "insmod pmukit.ko"; else nok "insmod pmukit.ko"; fi
expect_eq "$SYS/kernel_el is $el" "$(cat $SYS/kernel_el 2>&1)" $el
line=$(dmesg | grep 'pmukit: loaded:' | tail -n 1)
if has "$line" "pmukit: loaded:" "kernel at $level"; then ok "the load line says: kernel at $level"
else nok "the load line names the kernel's level"; diag "$line"; fi
info=$(pmukit info 2>&1)
if has "$info" "^levels +" "kernel at $level: $covers"; then
	ok "pmukit info: kernel at $level, $covers"
else nok "pmukit info names the kernel's level"; diag "$info"; fi

# ---- the direct path, in one process (kernel_count) ----------------------
# The minimum over $R windows leaves out interrupts and the kernel's
# periodic work (measured on Debian's 6.1 kernel: 2818 more instructions once
# every 48 calls, the refill of a batch of random numbers such as the one for
# the kernel stack offset), so it is one call's cost times the calls, exactly.
kc direct INST_RETIRED:k 0; k0=$(field "$out" min)
expect_eq "direct INST_RETIRED:k, no system call between two EL0 reads: 0" "$k0" 0
kc direct INST_RETIRED:k 1; k1=$(field "$out" min)
expect_true "direct INST_RETIRED:k counts one getppid() in the kernel: $k1 instructions, not 0" \
	"${k1:-0}" -gt 100
for c in 2 10; do
	kc direct INST_RETIRED:k $c
	expect_eq "direct INST_RETIRED:k, $c calls: exactly $c x $k1" "$(field "$out" min)" \
		$((c * ${k1:-0}))
done
# The periodic work's size on this kernel: the spread of the 10-call windows
# (2818 on Debian's 6.1, 2781 on 6.12), or 6.1's when no window caught it.
burst=$(( $(field "$out" max) - $(field "$out" min) ))
[ "$burst" -gt 0 ] 2>/dev/null || burst=2818
diag "periodic kernel work: $burst instructions"
kc direct CPU_CYCLES:k 1
expect_eq "direct CPU_CYCLES:k (cycle counter, PMCCFILTR) of one call: $k1, as instructions under icount" \
	"$(field "$out" min)" "$k1"
kc direct INST_RETIRED:u 1; u1=$(field "$out" min)
kc direct INST_RETIRED:u 11; u11=$(field "$out" min)
kc direct INST_RETIRED:u 21
expect_eq "direct INST_RETIRED:u stays exact: 10 more calls add the same user instructions twice" \
	"$(( $(field "$out" min) - u11 ))" "$((u11 - u1))"

# ---- perf: the kernel's own filter (drivers/perf/arm_pmuv3.c) -----------
# perf's window holds, besides the calls, the kernel's part of the enable
# and disable ioctls around them: its count with no call, added to the
# direct count. That part varies by a few instructions from window to
# window (measured without the periodic work: 1517..1530 with VHE,
# 1600..1613 at EL1), so the difference must be perf's smallest own count,
# give or take PERF_JITTER.
PERF_JITTER=16
kc perf INST_RETIRED:k 0; p0=$(field "$out" min)
for c in 1 10; do
	kc direct INST_RETIRED:k $c; d=$(field "$out" min)
	kc perf INST_RETIRED:k $c; p=$(field "$out" min)
	diff=$((${p:-0} - ${d:-0}))
	expect_true "perf INST_RETIRED:k of $c call(s) = direct ($d) + perf's own ioctls ($p0 +-$PERF_JITTER): +$diff" \
		"${d:-0}" -gt 0 -a "$diff" -ge $((${p0:-0} - PERF_JITTER)) \
		-a "$diff" -le $((${p0:--100} + PERF_JITTER))
done

# ---- pmukit stat of one command: direct and perf ------------------------
# The direct path counts everything on the CPU from before the child's exec
# to after its exit (the exec itself, the parent's wait); perf counts the
# child from its exec on. So direct >= perf, and the difference is the same
# for 0 and 2000 system calls: what the calls add agrees. The minimum of $RS
# runs removes the timer interrupts, not the rest of the fork and exec
# work's variation (each minimum moved by up to ~900 instructions between
# boots) nor a refill of the kernel's random bytes more or less in each of
# the four minima ($burst each, above, with the exec's own use of random
# numbers). el2.sh boots with randomize_kstack_offset=off (6.1 and later;
# 5.10 has no such offset): with it on, every call also takes a random
# stack offset (63 instructions on 6.12) and its bytes are refilled every
# ~48 calls, at a phase no minimum controls. One 6.12 VHE boot counted
# 2000 calls as 450 instructions each on one path and 498 on the other.
# With it off, a call is 378 instructions on 6.12 VHE and the two paths'
# additions differed by 196 to 6597 over seven boots (5.10, 6.1, 6.12; VHE
# and EL1). The bound: a refill and 900 for each of the four minima.
STAT_SLACK=$((4 * burst + 4 * 900))
# stat_pair C: sd, sp = direct's and perf's :k counts of syscall_loop C
stat_pair() {
	stat_min direct INST_RETIRED:k syscall_loop "$1"; sd=$best sdw=$worst
	stat_min perf INST_RETIRED:k syscall_loop "$1"; sp=$best spw=$worst
	diag "pmukit stat INST_RETIRED:k -- syscall_loop $1: direct $sd, perf $sp (the smallest of $RS runs each; the largest $sdw, $spw)"
	expect_true "pmukit stat -- syscall_loop $1: direct :k ($sd) >= perf :k ($sp) > 0" \
		"${sd:-0}" -ge "${sp:-1}" -a "${sp:-0}" -gt 0
	sd=${sd:-0} sp=${sp:-0}
}
stat_pair 0; sd0=$sd sp0=$sp
stat_pair 2000; sd2000=$sd sp2000=$sp
dd=$((sd2000 - sd0)) dp=$((sp2000 - sp0))
delta=$((dd - dp)); [ $delta -ge 0 ] || delta=$((-delta))
# Known fault, reported as TODO: on Linux 6.12 with the kernel at EL2 (VHE),
# perf's :k count of the command now and then adds about 29 instructions a
# call fewer than the calls cost (seen in 2 of 4 boots: 2000 calls added
# 698,509 on perf where kernel_count's exact 378 a call makes 756,000 and
# the direct path added 755,660), while 5.10, 6.1 and the EL1 kernels agree
# within 2,600. Only where the direct path's addition is the calls' exact
# cost within the bound is perf's shortfall taken for this known fault.
desc="pmukit stat: 2000 calls add $dd (direct) and $dp (perf) kernel instructions: within $STAT_SLACK"
if [ "$dp" -gt 0 ] && [ "$delta" -le $STAT_SLACK ]; then ok "$desc"
elif dk=$((dd - 2000 * ${k1:-0})) && [ ${dk#-} -le $STAT_SLACK ] &&
     [ $el = 2 ] && [ "$(uname -r | cut -d. -f1-2)" = 6.12 ]; then
	todo "on 6.12 with VHE perf's :k count of a command misses instructions of its calls now and then (the direct path's addition is 2000 x $k1 within $dk)" "$desc"
else nok "$desc"; diag "false: [ $dp -gt 0 -a $delta -le $STAT_SLACK ]"; fi

# Same session: the cycle counter (PMCCFILTR) and an event counter agree.
out=$(pmukit stat --path direct -x, -e INST_RETIRED:k,CPU_CYCLES:k -- syscall_loop 100 2>&1)
ik=$(csv_value "$out" INST_RETIRED:k) ck=$(csv_value "$out" CPU_CYCLES:k)
expect_true "pmukit stat direct: CPU_CYCLES:k == INST_RETIRED:k ($ik) in one session" \
	"${ik:-0}" -gt 0 -a "${ik:-0}" = "${ck:-}"

# ---- the module in mode=read ----------------------------------------------
unload
if insmod $KO mode=read events=0x08:k,0x08:u; then ok "insmod pmukit.ko mode=read events=0x08:k,0x08:u"
else nok "insmod pmukit.ko mode=read events=0x08:k,0x08:u"; fi
expect_eq "mode=read: events file" "$(cat $SYS/events 2>&1)" "0x08:k,0x08:u"
for c in 1 10; do
	kc direct INST_RETIRED:k $c
	expect_eq "module's 0x08:k counter, $c call(s): exactly the direct count" \
		"$(field "$out" min)" $((c * ${k1:-0}))
done
# The module's cycle counter counts every level: the kernel's plus EL0.
out=$(pmukit stat --path direct -x, -e INST_RETIRED:k,INST_RETIRED:u,CPU_CYCLES -- syscall_loop 100 2>&1)
ik=$(csv_value "$out" INST_RETIRED:k) iu=$(csv_value "$out" INST_RETIRED:u)
cy=$(csv_value "$out" CPU_CYCLES:uk)
expect_true "mode=read: CPU_CYCLES ($cy) == INST_RETIRED:k ($ik) + INST_RETIRED:u ($iu)" \
	"${ik:-0}" -gt 0 -a "${cy:-x}" = "$(( ${ik:-0} + ${iu:-0} ))"
unload

if dmesg | grep -Eq 'Oops|WARNING:|BUG:|Unable to handle|Internal error'; then
	nok "kernel log clean"; diag "$(dmesg | tail -n 20)"
else ok "kernel log clean"; fi
tap_end
