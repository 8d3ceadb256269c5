#!/bin/sh
# SPDX-License-Identifier: MIT
# pmukit stat's scopes in a guest (tests/guest/scope-tests.sh): 4 CPUs under
# -icount shift=0, which tools/qemu-run runs in turn on one host thread
# (deterministic), with Debian's perf beside for the comparison of -a.
#   scope.sh ARCH CPU [qemu-run options]     ARCH: arm64
# The build must exist (make check builds it first).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
arch=$1 cpu=$2
shift 2
[ "$arch" = arm64 ] || { echo "scope.sh: ARCH is arm64 (the 32-bit guests hang with icount on several CPUs)" >&2; exit 2; }
if [ ! -x "$top/build/arm64/bin/pmukit" ]; then
	echo "1..0 # SKIP build/arm64/bin/pmukit is not built (make ARCH=arm64)"
	exit 0
fi
exec "$top/tools/qemu-run" --no-build --arch arm64 --cpu "$cpu" --icount --smp 4 --perf "$@" \
	--timeout 400 -- "scope-tests.sh $cpu"
