#!/bin/sh
# SPDX-License-Identifier: MIT
# One libFuzzer target as a TAP test: tests/fuzz/NAME.t (a link to this
# script) runs build/<arch>-fuzz/tests/fuzz/NAME (make fuzz-build, from
# tests/fuzz/fuzz_NAME.c) from its seed corpus tests/fuzz/corpus/NAME/. ok
# when libFuzzer ends without a report (crash, sanitizer, leak, timeout);
# else not ok with the reproducer, kept in build/<arch>-fuzz/artifacts/NAME/,
# and the report's first lines.
#
# Two ways, so that make check gives the same answer every run:
#   default (make check)   a fixed seed and a fixed number of inputs (below,
#                          about 30 s each on two busy cores): the same inputs
#                          every run, whatever the machine's speed or load
#   FUZZ_SECONDS=S         (make fuzz) a random seed for S seconds: new inputs,
#                          to look for what the fixed run does not reach
set -u
name=$(basename "$0" .t)
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/../host/lib.sh"	# top, arch; TAP 13: ok, nok, diag
bin=$top/build/$arch-fuzz/tests/fuzz/$name
seconds=${FUZZ_SECONDS:-}
# The fixed run's inputs per target (measured: each about 30 s with the
# matrix running beside it on two cores).
case $name in
cli_args) runs_fixed=80000 ;;
core) runs_fixed=2500000 ;;
event_spec) runs_fixed=6000 ;;
input) runs_fixed=300000 ;;
json_string) runs_fixed=3000000 ;;
recorded) runs_fixed=75000 ;;
*) runs_fixed=10000 ;;
esac
if [ -n "$seconds" ]; then
	how="-max_total_time=$seconds" what="in ${seconds}s (random seed)"
else
	how="-seed=1 -runs=$runs_fixed" what="(seed 1, the fixed run)"
fi
tap_plan 1

if ! command -v clang >/dev/null 2>&1; then
	nok "fuzz $name: clang is not installed (run 'make deps': clang and libclang-rt-14-dev)"
	exit 1
fi
if [ ! -x "$bin" ]; then
	nok "fuzz $name: $bin is not built (make fuzz-build; libFuzzer comes with 'make deps')"
	exit 1
fi

art=$top/build/$arch-fuzz/artifacts/$name
work=$(mktemp -d "${TMPDIR:-/tmp}/pmukit-fuzz-$name.XXXXXX") || {
	echo "Bail out! cannot create a directory in ${TMPDIR:-/tmp} (TMPDIR)"
	exit 1
}
trap 'rm -rf "$work"' EXIT
mkdir -p "$art" "$work/corpus" "$work/cwd"

# New inputs go to the scratch corpus (first directory); the seeds are read.
st=0
# shellcheck disable=SC2086 # $how is two options or one
(cd "$work/cwd" && "$bin" $how -timeout=25 -print_final_stats=1 \
	-artifact_prefix="$art/" "$work/corpus" "$top/tests/fuzz/corpus/$name") \
	>"$work/log" 2>&1 || st=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
if [ "$st" -eq 0 ] && ! grep -qE '^==[0-9]+==ERROR|runtime error:|^SUMMARY:' "$work/log"; then
	ok "fuzz $name: ${runs:-?} inputs $what, no report"
	exit 0
fi
nok "fuzz $name: libFuzzer exit $st"
repro=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$work/log" | tail -n 1)
diag "reproducer: ${repro:-none written} (run: $bin ${repro:-FILE})"
diag "$(grep -m 1 -A 14 -E '^==[0-9]+==|runtime error:|^INFO: libFuzzer|deadly signal' "$work/log" |
	grep -v '^INFO: libFuzzer' | head -n 15)"
exit 1
