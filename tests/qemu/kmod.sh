#!/bin/sh
# SPDX-License-Identifier: MIT
# Run the kernel module's in-guest suite on one target.
#   kmod.sh ARCH CPU exact   one CPU, -icount shift=0: exact counts
#   kmod.sh ARCH CPU smp     two CPUs: per-CPU access, hotplug, perf interaction
#   kmod.sh arm64 CPU a64    a core without AArch32 at EL0 (QEMU's a64fx):
#                            what the module refuses there
# Both end with the CPU PM (idle) tests, on arm64 with a PSCI idle state.
# Further arguments go to tools/qemu-run (--kernel 6.12, --rt).
# The build must exist (make check builds it first).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
arch=$1 cpu=$2 mode=$3
shift 3
case "$mode" in
exact) opts="--icount --smp 1" ;;
smp) opts="--smp 2" ;;
a64) opts="--icount --smp 1" ;;
*) echo "kmod.sh: mode exact, smp or a64" >&2; exit 2 ;;
esac
cpuopt="--cpu $cpu"
[ "$arch" != aarch32 ] || cpuopt=
# A PSCI idle state for the CPU PM tests (idle_tests): the arm64 kernels
# have the cpuidle-psci driver (5.10 not: its tests say so and skip); the
# armmp kernels have no cpuidle at all.
[ "$arch" != arm64 ] || opts="$opts --idle-states"
# shellcheck disable=SC2086
exec "$top/tools/qemu-run" --no-build --arch "$arch" $cpuopt $opts "$@" --timeout 240 -- \
	"kmod-tests.sh $mode"
