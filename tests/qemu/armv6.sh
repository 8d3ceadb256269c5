#!/bin/sh
# SPDX-License-Identifier: MIT
# The ARMv6-baseline build (make ARCH=arm ARMV6_BASELINE=1) in a guest: its
# command and stat_loop go to /extra (tools/qemu-run --add), the module is
# the default build's. One CPU under -icount shift=0, so counts are exact.
#   armv6.sh ARCH [qemu-run options]   ARCH: arm (Cortex-A15) or aarch32 (Cortex-A53)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
arch=$1
shift
b6=$top/build/arm-armv6
case "$arch" in
arm | aarch32) ;;
*) echo "armv6.sh: ARCH is arm or aarch32" >&2; exit 2 ;;
esac
if [ "$arch" = aarch32 ] && [ ! -x "$top/tools/qemu/aarch32-args" ]; then
	echo "1..0 # SKIP tools/qemu/aarch32-args is missing: no AArch32 Cortex-A53 guest"
	exit 0
fi
for f in "$b6/bin/pmukit" "$b6/tests/guest/stat_loop" "$b6/lib/libpmukit.a" ; do
	if [ ! -f "$f" ]; then
		echo "1..0 # SKIP $f is not built (make ARCH=arm ARMV6_BASELINE=1 cli; make ARCH=arm)"
		exit 0
	fi
done
# The library's own objects must be ARMv6 code (the static programs also
# hold Debian's ARMv7 libc, so their merged attribute says v7).
bad=$(arm-linux-gnueabihf-readelf -A "$b6/lib/libpmukit.a" | grep 'Tag_CPU_arch:' | grep -vc 'v6KZ$' || true)
if [ "$bad" != 0 ]; then
	echo "Bail out! $b6/lib/libpmukit.a holds $bad objects not built for ARMv6 (Tag_CPU_arch)"
	exit 1
fi
exec "$top/tools/qemu-run" --no-build --arch "$arch" --icount "$@" --timeout 240 \
	--add "$b6/bin/pmukit" --add "$b6/tests/guest/stat_loop" -- "armv6-tests.sh /extra"
