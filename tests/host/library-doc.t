#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/library.md's example program (TAP): it is extracted from the page,
# must compile against include/pmukit/pmukit.h and the library of this
# machine with the project's warnings, and must run: it prints the path
# and one line per event, or fails with the library's message.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
case $(uname -m) in
aarch64) arch=arm64 ;;
armv7* | armv8*) arch=arm ;;
*) arch=$(uname -m) ;;
esac
lib=$top/build/$arch/lib/libpmukit.a
doc=$top/docs/library.md
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmukit-doc.XXXXXX") || {
	echo "Bail out! cannot create a directory in ${TMPDIR:-/tmp} (TMPDIR)"
	exit 1
}
trap 'rm -rf "$tmp"' EXIT

. "$top/tests/tap.sh"	# TAP 13: ok, nok, diag, skip_all, tap_end

if [ ! -f "$lib" ]; then
	skip_all "$lib is not built (make lib)"
fi

# The C block whose first line names count.c.
awk '/^```c$/ { inblock = 1; first = 1; next }
     /^```$/ { if (keep) exit; inblock = 0; next }
     inblock && first { first = 0; keep = ($0 ~ /count\.c:/) }
     inblock && keep { print }' "$doc" >"$tmp/count.c"
if [ -s "$tmp/count.c" ]; then
	ok "docs/library.md has the example count.c ($(wc -l <"$tmp/count.c") lines)"
else
	nok "docs/library.md has the example count.c"
fi

if out=$(${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -I"$top/include" \
		-o "$tmp/count" "$tmp/count.c" "$lib" -lm 2>&1); then
	ok "the example compiles with -Wall -Wextra -Werror and links with libpmukit.a"
else
	nok "the example compiles with -Wall -Wextra -Werror and links with libpmukit.a"
	diag "$out"
fi

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
# README.md's example, cycles.c: compiles, links and runs here.
awk '/^```c$/ { inblock = 1; first = 1; next }
     /^```$/ { if (keep) exit; inblock = 0; next }
     inblock && first { first = 0; keep = ($0 ~ /cycles\.c:/) }
     inblock && keep { print }' "$top/README.md" >"$tmp/cycles.c"
if [ -s "$tmp/cycles.c" ] &&
   out=$(${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -I"$top/include" \
		-o "$tmp/cycles" "$tmp/cycles.c" "$lib" -lm 2>&1); then
	ok "README.md's example cycles.c compiles with -Wall -Wextra -Werror"
else
	nok "README.md's example cycles.c compiles with -Wall -Wextra -Werror"
	diag "$out"
fi
out=$("$tmp/cycles" 2>&1); rc=$?
if [ $rc = 0 ] && printf '%s\n' "$out" | grep -Eq ' [0-9]+  \(path [a-z-]+\)$'; then
	ok "README.md's example runs and prints a count and its path"
else
	nok "README.md's example runs and prints a count and its path (exit $rc)"
fi
diag "$out"
tap_end
