#!/bin/sh
# SPDX-License-Identifier: MIT
# The pmukit command's in-guest suite (tests/guest/cli-tests.sh) on one
# target, one CPU under -icount shift=0 so that counts are exact.
#   cli.sh ARCH CPU [--suite SCRIPT] [qemu-run options]
#     ARCH: arm64, arm or aarch32 (a Cortex-A53); SCRIPT: another suite of
#     tests/guest run the same way (default cli-tests.sh)
# The build must exist (make check builds it first).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
arch=$1 cpu=$2 suite=cli-tests.sh
shift 2
if [ "${1:-}" = --suite ]; then
	suite=$2
	shift 2
fi
case "$arch" in
arm64) barch=arm64 ;;
arm | aarch32) barch=arm ;;
*) echo "cli.sh: ARCH is arm64, arm or aarch32" >&2; exit 2 ;;
esac
if [ "$arch" = aarch32 ] && [ ! -x "$top/tools/qemu/aarch32-args" ]; then
	echo "1..0 # SKIP tools/qemu/aarch32-args is missing: no AArch32 Cortex-A53 guest"
	exit 0
fi
if [ ! -x "$top/build/$barch/bin/pmukit" ]; then
	echo "1..0 # SKIP build/$barch/bin/pmukit is not built (make ARCH=$barch)"
	exit 0
fi
cpuopt="--cpu $cpu"
[ "$arch" != aarch32 ] || cpuopt=
# shellcheck disable=SC2086
exec "$top/tools/qemu-run" --no-build --arch "$arch" $cpuopt --icount "$@" --timeout 240 -- \
	"$suite $cpu"
