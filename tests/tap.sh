# SPDX-License-Identifier: MIT
# shellcheck shell=sh
# TAP 13 helpers for the shell tests, on the host and in the guests, where
# tools/qemu-run puts this file beside the guest scripts (sourced):
#   . "$top/tests/tap.sh"            (host)
#   . "$(dirname "$0")/tap.sh"       (guest: /usr/lib/pmukit)
# Sourcing it prints the TAP header. Then:
#   ok DESC, nok DESC, skip REASON DESC   one test point; todo REASON DESC a known
#                                         fault: "not ok N - DESC # TODO REASON", no failure
#   diag TEXT                             "# TEXT", line by line
#   check DESC CMD...                     ok when CMD succeeds; its output as diag otherwise
#   expect_eq DESC GOT WANT               ok when GOT = WANT; both as diag otherwise
#   run CMD...                            sets $out (CMD's output and errors) and $rc (its
#                                         status); a test may define its own (host: the CLI's path)
#   expect RC REGEX DESC -- CMD...        ok when run CMD... exits RC with a line matching REGEX
#   tap_merge TEXT                        another TAP stream's points, renumbered into this one
#   tap_plan N                            "1..N" up front (then no tap_end)
#   skip_all REASON                       "1..0 # SKIP REASON", exit 0 (before any point)
#   tap_end                               prints the plan
#   tap_done                              prints the plan, exits 1 if a point failed, else 0
# Counts in $tap_n (points) and $tap_failed: a test may use any other name.
tap_n=0
tap_failed=0
echo "TAP version 13"
ok() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $*"; }
nok() { tap_n=$((tap_n + 1)); tap_failed=$((tap_failed + 1)); echo "not ok $tap_n - $*"; }
skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n - $2 # SKIP $1"; }
todo() { tap_n=$((tap_n + 1)); echo "not ok $tap_n - $2 # TODO $1"; }
diag() { printf '%s\n' "$*" | sed 's/^/# /'; }
run() { out=$("$@" 2>&1); rc=$?; }
check() {
	_tap_desc=$1; shift
	if _tap_out=$("$@" 2>&1); then ok "$_tap_desc"; else nok "$_tap_desc"; diag "$_tap_out"; fi
}
expect_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else nok "$1"; diag "got '$2', want '$3'"; fi
}
expect() {
	_tap_want=$1 _tap_re=$2 _tap_desc=$3
	shift 4
	run "$@"
	if [ "$rc" = "$_tap_want" ] && printf '%s\n' "$out" | grep -Eq -- "$_tap_re"; then ok "$_tap_desc"
	else nok "$_tap_desc"; diag "$*: exit $rc (want $_tap_want):" "$out"; fi
}
# The test points of TEXT (a guest's or a program's TAP) numbered on from $tap_n;
# its header and plan dropped, its other lines kept as diagnostics.
tap_merge() {
	printf '%s\n' "$1" | awk -v n=$tap_n '
		/^TAP version/ || /^1\.\.[0-9]+$/ { next }
		/^(not )?ok [0-9]+/ {
			n++; not = /^not /
			sub(/^(not )?ok [0-9]+/, "")
			print (not ? "not ok " : "ok ") n $0; next
		}
		/^#/ { print; next }
		{ print "# " $0 }'
	tap_n=$((tap_n + $(printf '%s\n' "$1" | grep -cE '^(not )?ok [0-9]+')))
	tap_failed=$((tap_failed + $(printf '%s\n' "$1" | grep -E '^not ok [0-9]+' | grep -cv '# TODO')))
}
tap_plan() { echo "1..$1"; }
skip_all() { echo "1..0 # SKIP $*"; exit 0; }
kernel_clean() { ! dmesg | grep -E 'Oops|WARNING:|BUG:|Unable to handle|Internal error'; }
tap_end() { echo "1..$tap_n"; }
tap_done() { tap_end; [ "$tap_failed" -eq 0 ] || exit 1; exit 0; }
