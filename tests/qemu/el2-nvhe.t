#!/bin/sh
# SPDX-License-Identifier: MIT
# An ARMv8.0 core booted at EL2: the kernel drops to EL1 (hyp stub / KVM's
# nVHE code at EL2), and :k counts EL1 as on a machine booted at EL1.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
exec "$top/tools/qemu-run" --no-build --el2 --cpu cortex-a53 --icount --timeout 400 -- \
	"el2-tests.sh nvhe"
