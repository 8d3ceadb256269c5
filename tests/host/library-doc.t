#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/library.md's example program (TAP): it is extracted from the page,
# must compile against include/pmukit/pmukit.h and the library of this
# machine with the project's warnings, and must run: it prints the path
# and one line per event, or fails with the library's message.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch, tmp_dir, c_example; TAP 13 (tests/tap.sh)
lib=$top/build/$arch/lib/libpmukit.a
doc=$top/docs/library.md
tmp_dir doc

if [ ! -f "$lib" ]; then
	skip_all "$lib is not built (make lib)"
fi

# example_cc OUT SRC: SRC (not empty) compiled with the project's warnings
# against include/pmukit/pmukit.h and linked with libpmukit.a of this machine.
example_cc() {
	[ -s "$2" ] || { echo "$2 is empty: no such example"; return 1; }
	${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -I"$top/include" -o "$1" "$2" "$lib" -lm
}

# The C block whose first line names count.c.
c_example "$doc" count.c >"$tmp/count.c"
if [ -s "$tmp/count.c" ]; then
	ok "docs/library.md has the example count.c ($(wc -l <"$tmp/count.c") lines)"
else
	nok "docs/library.md has the example count.c"
fi
check "the example compiles with -Wall -Wextra -Werror and links with libpmukit.a" \
	example_cc "$tmp/count" "$tmp/count.c"

# CPU_CYCLES works on every machine: the direct path, perf, or the clock.
out=$("$tmp/count" 2>&1); rc=$?
if [ $rc = 0 ] && printf '%s\n' "$out" | grep -q '^path: ' &&
   printf '%s\n' "$out" | grep -Eq '^ +[0-9]+  '; then
	ok "the example runs: path and count"
else
	nok "the example runs: path and count (exit $rc)"
fi
diag "$out"

out=$("$tmp/count" NO_SUCH_EVENT 2>&1); rc=$?
if [ $rc = 1 ] && printf '%s\n' "$out" | grep -q "unknown event 'NO_SUCH_EVENT'"; then
	ok "the example reports the library's message for an unknown event"
else
	nok "the example reports the library's message for an unknown event (exit $rc)"
	diag "$out"
fi
# ingest.c: other collectors' output read back, IPC per interval and CPU.
c_example "$doc" ingest.c >"$tmp/ingest.c"
check "docs/library.md's example ingest.c compiles with -Wall -Wextra -Werror" \
	example_cc "$tmp/ingest" "$tmp/ingest.c"
out=$("$tmp/ingest" <"$top/tests/fixtures/collectors/perf-x-IA.csv" 2>&1); rc=$?
if [ $rc = 0 ] && printf '%s\n' "$out" | grep -q '^perf stat -x, 16 counts$' &&
   printf '%s\n' "$out" | grep -q '^   1.001 s  CPU1   IPC 0.333$' &&
   printf '%s\n' "$out" | grep -q '^   2.002 s  CPU1   IPC n/a: cycles$'; then
	ok "the example ingest.c reads perf stat -x -I -A output: IPC per interval and CPU, n/a where perf did not count"
else
	nok "the example ingest.c on perf -I -A output (exit $rc)"
fi
diag "$out"
out=$(printf 'hello\n' | "$tmp/ingest" 2>&1); rc=$?
if [ $rc = 1 ] && printf '%s\n' "$out" | grep -q "^stdin: line 1: expected a 'perf stat -x SEP' line"; then
	ok "the example ingest.c reports the library's line and what was expected"
else
	nok "the example ingest.c on bad input (exit $rc)"
	diag "$out"
fi
# cpus.c: a scope of every CPU, a row each (perf's task-clock here, where perf counts whole CPUs).
c_example "$doc" cpus.c >"$tmp/cpus.c"
check "docs/library.md's cpus.c compiles with -Wall -Wextra -Werror" \
	example_cc "$tmp/cpus" "$tmp/cpus.c"
out=$("$tmp/cpus" task-clock 2>&1); rc=$?
if [ $rc = 0 ]; then
	expect_eq "docs/library.md's cpus.c prints a row per online CPU" \
		"$(printf '%s\n' "$out" | grep -Ec '^CPU[0-9]+ +[0-9]+  task-clock$')" \
		"$(python3 -c 'import os; print(len(os.sched_getaffinity(0)))' 2>/dev/null || nproc)"
elif printf '%s\n' "$out" | grep -q 'perf_event_paranoid'; then
	skip "perf does not count whole CPUs here: $out" "docs/library.md's cpus.c prints a row per online CPU"
else
	nok "docs/library.md's cpus.c runs (exit $rc)"
	diag "$out"
fi
# docs/library.md's first program, cycles.c: compiles, links and runs here.
c_example "$top/docs/library.md" cycles.c >"$tmp/cycles.c"
check "docs/library.md's cycles.c compiles with -Wall -Wextra -Werror" \
	example_cc "$tmp/cycles" "$tmp/cycles.c"
out=$("$tmp/cycles" 2>&1); rc=$?
if [ $rc = 0 ] && printf '%s\n' "$out" | grep -Eq ' [0-9]+  \(path [a-z-]+\)$'; then
	ok "docs/library.md's cycles.c runs and prints a count and its path"
else
	nok "docs/library.md's cycles.c runs and prints a count and its path (exit $rc)"
fi
diag "$out"
tap_end
