#!/bin/sh
# SPDX-License-Identifier: MIT
# pmukit doctor against real conditions (tests/guest/doctor-tests.sh): each
# finding made, its printed fix carried out, doctor asked again.
#   doctor.sh access   arm64 virt (Cortex-A53, one CPU, -icount): paranoid 3
#                      and 2, perf_user_access 0, the watchdog, the module
#                      absent and loaded as doctor says, then everything working.
#                      The kernel's config goes in too (/boot/config-RELEASE),
#                      from which doctor tells perf's hard-lockup detector.
#   doctor.sh dtb      two boots of that machine: one with a device tree
#                      without /pmu (tools/qemu/dtb-virt --no-pmu), whose
#                      doctor prints an overlay; the overlay is compiled and
#                      applied here, on the host, by the commands doctor
#                      printed (dtc -@, fdtoverlay; BOARD.dtb is that tree),
#                      and the second boot, with the tree they wrote, must
#                      count on perf
#   doctor.sh arm      arm virt (Cortex-A15, PMUv2): mode=read for a user who
#                      may not open /dev/pmukit
#   doctor.sh el2      the kernel at EL2 (--el2 --cpu max): the note, no fix
#   doctor.sh a9       the vexpress-a9 board: counters that never count
# Further arguments go to tools/qemu-run (--kernel K). The build must exist.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
mode=${1:?usage: doctor.sh access|dtb|arm|el2|a9 [qemu-run options]}
shift
run="$top/tools/qemu-run --no-build"
suite=doctor-tests.sh

# The --kernel given, for the kernel's config.
kernel=6.1
prev=
for a in "$@"; do
	[ "$prev" != --kernel ] || kernel=$a
	prev=$a
done

case "$mode" in
access)
	[ -x "$top/build/arm64/bin/pmukit" ] || { echo "1..0 # SKIP build/arm64/bin/pmukit is not built (make ARCH=arm64)"; exit 0; }
	config=
	if kenv=$("$top/tools/fetch-kernels" --kernel "$kernel" --env arm64 2>/dev/null); then
		config=$(eval "$kenv"; echo "$(dirname "$VMLINUZ")/config-$KVER")
	fi
	addcfg=
	[ ! -f "$config" ] || addcfg="--add $config"
	# shellcheck disable=SC2086
	exec $run --arch arm64 --cpu cortex-a53 --icount $addcfg "$@" --timeout 300 -- "$suite access"
	;;
arm)
	exec $run --arch arm --cpu cortex-a15 --icount "$@" --timeout 240 -- "$suite arm"
	;;
el2)
	exec $run --el2 --cpu max --icount --append randomize_kstack_offset=off "$@" --timeout 400 -- \
		"$suite el2"
	;;
a9)
	exec $run --board vexpress-a9 "$@" --timeout 400 -- "$suite a9"
	;;
dtb) ;;
*) echo "doctor.sh: access, dtb, arm, el2 or a9" >&2; exit 2 ;;
esac

# ---- dtb: two boots, the overlay applied in between -----------------------
# TAP from here: each step says how it failed (tap.sh's helpers are not for set -e).
set +e
. "$top/tests/tap.sh"
[ -x "$top/build/arm64/bin/pmukit" ] || skip_all "build/arm64/bin/pmukit is not built (make ARCH=arm64)"
command -v fdtoverlay >/dev/null || skip_all "fdtoverlay is not installed (Debian package device-tree-compiler)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/doctor-dtb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# --icount: one CPU, so the tree is made for one.
if ! "$top/tools/qemu/dtb-virt" --no-pmu arm64 cortex-a53 1 "$tmp/BOARD.dtb" 2>"$tmp/err"; then
	nok "dtb-virt --no-pmu"
	diag "$(cat "$tmp/err")"
	tap_done
fi
ok "a device tree without /pmu (dtb-virt --no-pmu)"

# Boot 1: doctor finds no PMU node and prints the overlay.
rc=0
# shellcheck disable=SC2086
$run --arch arm64 --cpu cortex-a53 --icount --dtb "$tmp/BOARD.dtb" "$@" --timeout 240 -- \
	"$suite nopmu-before" >"$tmp/boot1" 2>&1 || rc=$?
tap_merge "$(cat "$tmp/boot1")"
[ "$rc" -le 1 ] || nok "boot without /pmu: exit $rc"
fix=$(sed -n 's/^# fix no-pmu-node: //p' "$tmp/boot1" | head -n 1)
# "save as pmu.dts: FRAGMENT then: COMMANDS and boot with BOARD-pmu.dtb (...)"
frag=$(printf '%s\n' "$fix" | sed -n 's/^save as pmu\.dts: \(.*\) then: .*/\1/p')
cmds=$(printf '%s\n' "$fix" | sed -n 's/.* then: \(.*\) and boot with BOARD-pmu\.dtb .*/\1/p')
if [ -z "$frag" ] || [ -z "$cmds" ]; then
	nok "doctor's fix: an overlay to save and the commands that apply it"
	diag "fix: $fix"
	tap_done
fi
printf '%s\n' "$frag" >"$tmp/pmu.dts"
diag "pmu.dts: $frag"
diag "run: $cmds"
if (cd "$tmp" && sh -c "$cmds") >"$tmp/err" 2>&1 && [ -s "$tmp/BOARD-pmu.dtb" ]; then
	ok "doctor's overlay compiles and applies on the host: $cmds"
else
	nok "doctor's overlay compiles and applies on the host"
	diag "$(cat "$tmp/err")"
	tap_done
fi
if compat=$(fdtget "$tmp/BOARD-pmu.dtb" /pmu compatible 2>&1); then
	ok "the tree written has /pmu: $compat"
else nok "the tree written has /pmu"; diag "$compat"; fi

# Boot 2: the fixed tree; perf counts.
rc=0
# shellcheck disable=SC2086
$run --arch arm64 --cpu cortex-a53 --icount --dtb "$tmp/BOARD-pmu.dtb" "$@" --timeout 240 -- \
	"$suite nopmu-after" >"$tmp/boot2" 2>&1 || rc=$?
tap_merge "$(cat "$tmp/boot2")"
[ "$rc" -le 1 ] || nok "boot with doctor's overlay: exit $rc"
tap_done
