# SPDX-License-Identifier: MIT
# shellcheck shell=sh
# TAP 13 helpers for the shell tests, on the host and in the guests, where
# tools/qemu-run puts this file beside the guest scripts (sourced):
#   . "$top/tests/tap.sh"            (host)
#   . "$(dirname "$0")/tap.sh"       (guest: /usr/lib/pmukit)
# ok/nok/skip DESC, diag TEXT, check DESC CMD..., expect_eq DESC GOT WANT,
# tap_end (prints the plan). Counts in $n.
n=0
echo "TAP version 13"
ok() { n=$((n + 1)); echo "ok $n - $*"; }
nok() { n=$((n + 1)); echo "not ok $n - $*"; }
skip() { n=$((n + 1)); echo "ok $n - $2 # SKIP $1"; }
diag() { printf '%s\n' "$*" | sed 's/^/# /'; }
# check DESC CMD...: ok when CMD succeeds; shows CMD's output otherwise
check() {
	desc=$1; shift
	if out=$("$@" 2>&1); then ok "$desc"; else nok "$desc"; diag "$out"; fi
}
# expect_eq DESC GOT WANT
expect_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else nok "$1"; diag "got '$2', want '$3'"; fi
}
kernel_clean() { ! dmesg | grep -E 'Oops|WARNING:|BUG:|Unable to handle|Internal error'; }
tap_end() { echo "1..$n"; }
