#!/bin/sh
# SPDX-License-Identifier: MIT
# A Cortex-A9 board (QEMU vexpress-a9 with the armmp kernel and its DTB):
# ID_DFR0.PerfMon 0, no level filter. tests/guest/board-a9-tests.sh.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
if [ ! -x "$top/build/arm/bin/pmukit" ]; then
	echo "1..0 # SKIP build/arm/bin/pmukit is not built (make ARCH=arm)"
	exit 0
fi
exec "$top/tools/qemu-run" --no-build --board vexpress-a9 --timeout 240 -- board-a9-tests.sh
