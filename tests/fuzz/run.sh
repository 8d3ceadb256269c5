#!/bin/sh
# SPDX-License-Identifier: MIT
# One libFuzzer target as a TAP test: tests/fuzz/NAME.t (a link to this
# script) runs build/<arch>-fuzz/tests/fuzz/NAME (make fuzz-build, from
# tests/fuzz/fuzz_NAME.c) for FUZZ_SECONDS (default 60) from its seed corpus
# tests/fuzz/corpus/NAME/. ok when libFuzzer ends without a report (crash,
# sanitizer, leak, timeout); else not ok with the reproducer, kept in
# build/<arch>-fuzz/artifacts/NAME/, and the report's first lines.
set -u
name=$(basename "$0" .t)
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/../host/lib.sh"	# top, arch; TAP 13: ok, nok, diag
bin=$top/build/$arch-fuzz/tests/fuzz/$name
seconds=${FUZZ_SECONDS:-60}
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
(cd "$work/cwd" && "$bin" -max_total_time="$seconds" -timeout=25 -print_final_stats=1 \
	-artifact_prefix="$art/" "$work/corpus" "$top/tests/fuzz/corpus/$name") \
	>"$work/log" 2>&1 || st=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
if [ "$st" -eq 0 ] && ! grep -qE '^==[0-9]+==ERROR|runtime error:|^SUMMARY:' "$work/log"; then
	ok "fuzz $name: ${runs:-?} inputs in ${seconds}s, no report"
	exit 0
fi
nok "fuzz $name: libFuzzer exit $st"
repro=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$work/log" | tail -n 1)
diag "reproducer: ${repro:-none written} (run: $bin ${repro:-FILE})"
diag "$(grep -m 1 -A 14 -E '^==[0-9]+==|runtime error:|^INFO: libFuzzer|deadly signal' "$work/log" |
	grep -v '^INFO: libFuzzer' | head -n 15)"
exit 1
