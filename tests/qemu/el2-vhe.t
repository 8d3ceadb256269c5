#!/bin/sh
# SPDX-License-Identifier: MIT
# The kernel at EL2 with VHE (-cpu max booted at EL2): :k counts it (NSH).
# One CPU under -icount shift=0; -cpu max boots take several seconds.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
exec "$top/tools/qemu-run" --no-build --el2 --cpu max --icount --timeout 400 -- \
	"el2-tests.sh vhe"
