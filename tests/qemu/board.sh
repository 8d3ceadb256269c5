#!/bin/sh
# SPDX-License-Identifier: MIT
# The board smoke suite (tests/guest/board-tests.sh) on one board model.
#   board.sh BOARD SUITE [qemu-run options...]
#     SUITE: the guest command, e.g. "board-tests.sh cortex-a53"
# The build must exist (make check builds it first).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
board=$1 suite=$2
shift 2
# The Raspberry Pi models boot slowly under emulation (4 CPUs on TCG).
exec "$top/tools/qemu-run" --no-build --board "$board" "$@" --timeout 400 -- \
	"$suite"
