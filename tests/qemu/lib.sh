#!/bin/sh
# SPDX-License-Identifier: MIT
# The library's in-guest suite on one target, as one TAP stream from two boots:
#   lib.sh ARCH CPU [qemu-run options: --kernel 6.12 ...]
# first one CPU under -icount shift=0 (exact counts, every path and refusal),
# then two CPUs (migration). The build must exist (make check builds it first).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
arch=$1 cpu=$2
shift 2
extra="$*"
cpuopt=
[ "$arch" = aarch32 ] || cpuopt="--cpu $cpu"

. "$top/tests/tap.sh"
# boot MODE QEMU-OPTIONS...: the guest's TAP, renumbered into this stream
boot() {
	mode=$1
	shift
	# shellcheck disable=SC2086 # $cpuopt is two words or none
	out=$("$top/tools/qemu-run" --no-build --arch "$arch" $cpuopt $extra "$@" --timeout 240 -- \
		"lib-tests.sh $mode" 2>&1)
	rc=$?
	tap_merge "$out"
	if ! printf '%s\n' "$out" | grep -qE '^1\.\.[0-9]+$'; then
		nok "$arch $mode boot did not finish (qemu-run status $rc)"
	fi
}
boot exact --icount --smp 1
boot smp --smp 2
tap_end
