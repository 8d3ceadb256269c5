#!/bin/sh
# SPDX-License-Identifier: MIT
# Kernels started at EL2 (tools/qemu-run --el2), one CPU under -icount shift=0:
#   el2.sh vhe    -cpu max (ARMv8.1+): the kernel runs at EL2 with VHE, and :k
#                 counts it there (PMEVTYPER.NSH)
#   el2.sh nvhe   -cpu cortex-a53 (ARMv8.0): the kernel drops to EL1 (hyp stub
#                 or KVM's nVHE code at EL2), and :k counts EL1 as on a machine
#                 booted at EL1
# Further arguments go to tools/qemu-run. -cpu max boots take several seconds.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
mode=$1
shift
case "$mode" in
vhe) cpu=max ;;
nvhe) cpu=cortex-a53 ;;
*) echo "el2.sh: vhe or nvhe" >&2; exit 2 ;;
esac
exec "$top/tools/qemu-run" --no-build --el2 --cpu "$cpu" --icount \
	--append randomize_kstack_offset=off "$@" --timeout 400 -- \
	"el2-tests.sh $mode"
