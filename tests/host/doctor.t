#!/bin/sh
# SPDX-License-Identifier: MIT
# pmukit doctor on machines described by tests/fixtures/sysfs (TAP): a
# Raspberry Pi 5 on 6.12 without a PMU node, a Raspberry Pi 4 on a 32-bit
# kernel (its Cortex-A72 driven as armv7_cortex_a7), an EC2 Graviton guest
# and a healthy RK3399: each finding's line (what, the file read, the fix,
# what works meanwhile), the verdict, the exit status and --json.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch, tmp_dir; TAP 13: ok, nok, skip, diag
P=$top/build/$arch/bin/pmukit
fx=$top/tests/fixtures/sysfs

if [ ! -x "$P" ]; then
	skip_all "$P is not built (make cli)"
	exit 0
fi

# doctor TREE [ARGS...]: sets out and rc
doctor() {
	t=$1
	shift
	out=$(PMUKIT_SYSFS_ROOT=$fx/$t "$P" doctor "$@" 2>&1)
	rc=$?
}
# has DESC REGEX: a line of out matches
has() {
	if printf '%s\n' "$out" | grep -Eq -- "$2"; then ok "$1"
	else nok "$1"; diag "no line matches: $2" "$out"; fi
}
hasnt() {
	if printf '%s\n' "$out" | grep -Eq -- "$2"; then nok "$1"; diag "a line matches: $2" "$out"
	else ok "$1"; fi
}
status() {
	if [ "$rc" = "$2" ]; then ok "$1"; else nok "$1"; diag "exit $rc, want $2" "$out"; fi
}

# ---- the command line ------------------------------------------------------
doctor healthy-rk3399 --frob
status "an unknown option: exit 2" 2
has "an unknown option is named" "pmukit doctor: unknown option '--frob'"
doctor healthy-rk3399 extra
status "an argument: exit 2" 2
doctor healthy-rk3399 --help
status "--help: exit 0" 0
has "--help: the usage" '^usage: pmukit doctor \[--json\]'

# ---- Raspberry Pi 5 on 6.12: no PMU node in the device tree ----------------
doctor rpi5-6.12
status "rpi5: a fix offered, exit 1" 1
has "rpi5: no PMU node, read from perf's devices" \
	'^fix  no-pmu-node: perf has no hardware events.*cortex-a76, MIDR 0x414fd0b1.*read: /sys/bus/event_source/devices lists no armv'
has "rpi5: the overlay fragment with the A76's compatible" \
	'fix: save as pmu.dts: /dts-v1/; /plugin/;.*compatible = "arm,cortex-a76-pmu", "arm,armv8-pmuv3"'
has "rpi5: the config.txt line that applies it" 'add to /boot/firmware/config.txt: dtoverlay=pmu \(Raspberry Pi 5'
has "rpi5: only the clock counts meanwhile" 'no-pmu-node:.*works now: clock only \(time, no events\)$'
has "rpi5: the module's fix names the running kernel" \
	'^fix  module: .*read: /sys/kernel/pmukit is absent.*dkms install pmukit/[0-9.]+ -k 6\.12\.25\+rpt-rpi-2712 && sudo modprobe pmukit'
hasnt "rpi5: no interrupt finding without a PMU" 'no-pmu-irq'
has "rpi5: the verdict" '^verdict: 2 fixes offered above$'

# ---- Raspberry Pi 4 on a 32-bit kernel: the A7's driver on an A72 ----------
doctor rpi4-armhf
status "rpi4: a fix offered, exit 1" 1
has "rpi4: the driver named for another core, with its files" \
	'^fix  pmu-name: perf drives the cortex-a72 \(cpus 0-3\) as armv7_cortex_a7.*read: /sys/bus/event_source/devices/armv7_cortex_a7/cpus is 0-3, whose MIDR 0x410fd083 is cortex-a72'
has "rpi4: the kernels that fix it" 'arm_64bit=1 in config.txt.*Linux 6\.4 or later built with CONFIG_ARM_PMUV3'
has "rpi4: raw numbers still count on perf" 'works now: raw event numbers still count.*perf \(armv7_cortex_a7\), clock$'
hasnt "rpi4: no PMU-node finding (there is one)" 'no-pmu-node'
hasnt "rpi4: the interrupt is there" 'no-pmu-irq'

# ---- an EC2 Graviton guest -------------------------------------------------
doctor ec2-c7g
status "ec2: a fix offered, exit 1" 1
has "ec2: a virtual machine, from the DMI strings, as a note" \
	"^note virtual-machine: .*the hypervisor's time and other guests need perf on the host; read: /sys/class/dmi/id: sys_vendor 'Amazon EC2', product_name 'c7g.large'"
has "ec2: perf_user_access and its sysctl" \
	'^fix  perf-user-access: .*read: /proc/sys/kernel/perf_user_access is 0; fix: sudo sysctl -w kernel.perf_user_access=1; works now: perf \(armv8_pmuv3_0\), clock$'
hasnt "ec2: the generic PMUv3 driver is no wrong name" 'pmu-name'

# ---- the same trees, changed one file at a time ----------------------------
tmp_dir doctor
# A guest the host gave no PMU: the fix is the host's.
cp -r "$fx/ec2-c7g" "$tmp/vm"
rm -r "$tmp/vm/sys/bus/event_source/devices/armv8_pmuv3_0"
fx=$tmp
doctor vm
status "a guest without a PMU: exit 1" 1
has "a guest without a PMU: the host gives it one" \
	"^fix  no-pmu-node: .*fix: on the host, give the guest a virtual PMU \\(QEMU/KVM: -cpu host,pmu=on; libvirt: <pmu state='on'/>\\); works now: clock only"
hasnt "a guest without a PMU: no overlay" 'dtoverlay'
fx=$top/tests/fixtures/sysfs
# A board that is no Raspberry Pi, its tree without the PMU node: the same
# overlay, applied with fdtoverlay to the tree the boot loader loads.
cp -r "$fx/healthy-rk3399" "$tmp/nopmu"
rm -r "$tmp"/nopmu/sys/bus/event_source/devices/armv8_*
fx=$tmp
doctor nopmu
has "no PMU node on another board: the overlay, compiled and applied with fdtoverlay" \
	'^fix  no-pmu-node: .*fix: save as pmu.dts: /dts-v1/; /plugin/; / \{ fragment@0 \{ target-path = "/"; __overlay__ \{ pmu \{ compatible = "arm,cortex-a53-pmu", "arm,armv8-pmuv3"; \}; \}; \}; \}; then: dtc -@ -I dts -O dtb -o pmu.dtbo pmu.dts && fdtoverlay -i BOARD.dtb -o BOARD-pmu.dtb pmu.dtbo and boot with BOARD-pmu.dtb \(.*perf counts but does not sample\); works now: direct'
hasnt "no PMU node on another board: no config.txt" 'config.txt'
fx=$top/tests/fixtures/sysfs
cp -r "$fx/healthy-rk3399" "$tmp/t"
fx=$tmp
echo 3 >"$tmp/t/proc/sys/kernel/perf_event_paranoid"
doctor t
status "paranoid 3: exit 1" 1
has "paranoid 3: the sysctl line" '^fix  perf-event-paranoid: .*perf_event_paranoid is 3; fix: sudo sysctl -w kernel.perf_event_paranoid=1'
echo 1 >"$tmp/t/proc/sys/kernel/perf_event_paranoid"
echo 1 >"$tmp/t/proc/sys/kernel/nmi_watchdog"
grep -v arm-pmu "$tmp/t/proc/interrupts" >"$tmp/irq"
mv "$tmp/irq" "$tmp/t/proc/interrupts"
echo 2 >"$tmp/t/sys/kernel/pmukit/kernel_el"
# The watchdog holds a counter when it is perf's detector, as the kernel's config says.
mkdir -p "$tmp/t/boot"
config=$tmp/t/boot/config-$(cat "$tmp/t/proc/sys/kernel/osrelease")
printf 'CONFIG_LOCKUP_DETECTOR=y\nCONFIG_HARDLOCKUP_DETECTOR=y\nCONFIG_HARDLOCKUP_DETECTOR_PERF=y\n' >"$config"
doctor t
status "watchdog, no interrupt: exit 1" 1
has "the watchdog, the config that makes it perf's, and its sysctl" \
	'^fix  watchdog: .*nmi_watchdog is 1; /boot/config-6\.1\.0-27-arm64 has CONFIG_HARDLOCKUP_DETECTOR_PERF=y; fix: sudo sysctl -w kernel.nmi_watchdog=0'
has "no PMU interrupt: counting works, sampling does not" \
	'^fix  no-pmu-irq: .*perf record \(sampling\).*read: /proc/interrupts has no arm-pmu line.*works now: counting: direct \(pmukit.ko, global_full_access=1\), perf-mmap, perf'
has "EL2: a note that :k is right" '^note kernel-el2: .*:k counts EL2 and EL1.*that is right; read: /sys/kernel/pmukit/kernel_el is 2'
has "the verdict counts the fixes, not the notes" '^verdict: 2 fixes offered above$'
# The buddy detector (Debian's 6.12) holds no counter; without the config, a note.
printf 'CONFIG_HARDLOCKUP_DETECTOR=y\n# CONFIG_HARDLOCKUP_DETECTOR_PERF is not set\nCONFIG_HARDLOCKUP_DETECTOR_BUDDY=y\n' >"$config"
doctor t
hasnt "the buddy watchdog: no finding" 'watchdog'
has "the buddy watchdog: one fix left (the interrupt)" '^verdict: 1 fix offered above$'
rm "$config"
doctor t
has "no kernel config: a note, the sysctl for perf's detector in it" \
	'^note watchdog: the hard-lockup watchdog is on: perf.s detector .*if it is perf.s, sudo sysctl -w kernel.nmi_watchdog=0 frees it; read: /proc/sys/kernel/nmi_watchdog is 1; /boot/config-6\.1\.0-27-arm64, which would say which detector, is not readable; works now: direct'
hasnt "no kernel config: no fix for the watchdog" '^fix  watchdog'
# mode=read: a counter perf did not give, counters stopped by a perf session
echo read >"$tmp/t/sys/kernel/pmukit/mode"
echo 0x08:u,0x11 >"$tmp/t/sys/kernel/pmukit/events"
mkdir -p "$tmp/t/sys/kernel/pmukit/cpu0" "$tmp/t/sys/kernel/pmukit/cpu1"
echo "0 - 31" >"$tmp/t/sys/kernel/pmukit/cpu0/counters"
echo "0 1 31" >"$tmp/t/sys/kernel/pmukit/cpu1/counters"
echo 0x41033001 >"$tmp/t/sys/kernel/pmukit/cpu0/pmcr"
echo 0x41033000 >"$tmp/t/sys/kernel/pmukit/cpu1/pmcr"
doctor t
has "mode=read: the entry without a counter, and the reload" \
	"^fix  counters-taken: .*read: /sys/kernel/pmukit/cpu0/counters is '0 - 31' .*events=0x08:u,0x11\\).*sudo rmmod pmukit && sudo modprobe pmukit mode=read events=0x08:u,0x11"
has "mode=read: the stopped counters, and rearm" \
	'^fix  not-counting: the counters are stopped .*read: /sys/kernel/pmukit/cpu1/pmcr is 0x41033000; fix: echo 1 \| sudo tee /sys/kernel/pmukit/rearm'
hasnt "mode=read: cpu0's counters run" 'cpu0/pmcr'
# User access switched off again on one CPU (a perf session reset PMUSERENR)
echo on >"$tmp/t/sys/kernel/pmukit/cpu0/user_access"
echo off >"$tmp/t/sys/kernel/pmukit/cpu1/user_access"
echo 0x0 >"$tmp/t/sys/kernel/pmukit/cpu1/pmuserenr"
doctor t
has "user access off on cpu1: the finding, the file, rearm" \
	'^fix  user-access-off: pmukit.ko is loaded but user access to the PMU is off .*read: /sys/kernel/pmukit/cpu1/user_access is off \(pmuserenr 0x0\); fix: echo 1 \| sudo tee /sys/kernel/pmukit/rearm; works now: perf-mmap, perf'
hasnt "user access off: doctor does not say the direct path works" 'works now: direct'
rm -r "$tmp/t/sys/kernel/pmukit"
doctor t
has "no module: the fix, and perf meanwhile" \
	'^fix  module: pmukit.ko is not loaded.*sudo modprobe pmukit; works now: perf-mmap, perf \(armv8_cortex_a53, armv8_cortex_a72\), clock$'
hasnt "no module: no EL2 note (only the module tells the level)" 'kernel-el2'

# A Cortex-A9 (PMUv1) on a 32-bit kernel, the module in mode=read.
mkdir -p "$tmp/a9/proc" "$tmp/a9/sys/devices/system/cpu" "$tmp/a9/sys/kernel/pmukit"
printf 'processor\t: 0\nmodel name\t: ARMv7 Processor rev 0 (v7l)\nCPU implementer\t: 0x41\nCPU architecture: 7\nCPU variant\t: 0x0\nCPU part\t: 0xc09\nCPU revision\t: 0\n\n' >"$tmp/a9/proc/cpuinfo"
echo 0 >"$tmp/a9/sys/devices/system/cpu/online"
echo read >"$tmp/a9/sys/kernel/pmukit/mode"
echo 0x00010444 >"$tmp/a9/sys/kernel/pmukit/id_dfr0"
doctor a9
status "a9, mode=read: exit 1" 1
has "a9, mode=read: user space reads nothing: the device's group, or global_full_access=1" \
	'^fix  module-mode: .*read: /sys/kernel/pmukit/mode is read; /sys/kernel/pmukit/id_dfr0 is 0x00010444 \(PerfMon 1\); fix: give the user /dev/pmukit \(its group: .*\), which the library opens to count, or, on a machine of one user, sudo rmmod pmukit && sudo modprobe pmukit global_full_access=1'
echo full >"$tmp/a9/sys/kernel/pmukit/mode"
doctor a9
hasnt "a9, global_full_access=1: no mode finding" 'module-mode'

# ---- a healthy machine -----------------------------------------------------
fx=$top/tests/fixtures/sysfs
doctor healthy-rk3399
status "healthy: exit 0" 0
hasnt "healthy: no fix" '^fix '
has "healthy: the verdict" '^verdict: nothing to fix: every access path works here$'
doctor healthy-rk3399 --json
status "healthy --json: exit 0" 0
has "healthy --json: no findings, no fixes" '^\{"findings": \[\], "fixes": 0, "verdict": "nothing to fix'
doctor rpi5-6.12 --json
status "rpi5 --json: exit 1" 1
has "rpi5 --json: the finding by name" '"name": "no-pmu-node", "fix_needed": true'
if command -v python3 >/dev/null 2>&1; then
	if printf '%s\n' "$out" | python3 -c 'import json, sys; d = json.load(sys.stdin); sys.exit(d["fixes"] != 2)'; then
		ok "rpi5 --json: valid JSON with 2 fixes"
	else
		nok "rpi5 --json: valid JSON with 2 fixes"; diag "$out"
	fi
else
	skip "rpi5 --json: valid JSON (no python3)"
fi

tap_end
