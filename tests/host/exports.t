#!/bin/sh
# SPDX-License-Identifier: MIT
# The shared library's boundary (TAP): the functions declared PMUKIT_API in
# include/pmukit/*.h, the list in lib/libpmukit.map and the dynamic symbols
# libpmukit.so defines (nm -D --defined-only) are the same set, all in the
# map's version node and all with the pmukit_ prefix.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch, tmp_dir; TAP 13: ok, nok, skip, diag
so=$top/build/$arch/lib/libpmukit.so
map=$top/lib/libpmukit.map
tmp_dir exports

if [ ! -f "$so" ]; then
	echo "1..0 # SKIP $so is not built (make lib)"
	exit 0
fi
if ! command -v nm >/dev/null; then
	echo "1..0 # SKIP nm is not installed (binutils)"
	exit 0
fi

# same DESC A B: the two sorted lists are equal; the differences otherwise
same() {
	if d=$(diff "$2" "$3"); then ok "$1"
	else nok "$1"; diag "< only in $(basename "$2"), > only in $(basename "$3"):" "$d"; fi
}

# A declaration runs from PMUKIT_API to its first '(': the name before it.
awk '/^[[:space:]]*PMUKIT_API[[:space:]]/ { d = ""; on = 1 }
     on { d = d " " $0
	  if (index($0, "(")) { sub(/\(.*/, "", d); k = split(d, w, /[ *]+/); print w[k]; on = 0 } }' \
	"$top"/include/pmukit/*.h | sort >"$tmp/headers"
nh=$(wc -l <"$tmp/headers")
if [ "$nh" -gt 0 ]; then ok "the public headers declare $nh PMUKIT_API functions"
else nok "the public headers declare PMUKIT_API functions"; fi
bad=$(grep -v '^pmukit_' "$tmp/headers" | tr '\n' ' ')
expect_eq "every PMUKIT_API function has the pmukit_ prefix" "$bad" ""

# The map's global: entries, up to local:.
awk '/global:/ { on = 1; next } /local:/ { on = 0 }
     on { gsub(/[[:space:];]/, ""); if ($0 != "") print }' "$map" | sort >"$tmp/map"
same "lib/libpmukit.map lists exactly the PMUKIT_API functions" "$tmp/headers" "$tmp/map"
wild=$(awk '/global:/ { on = 1; next } /local:/ { on = 0 } on && /\*/' "$map")
expect_eq "the map names every symbol (no wildcard)" "$wild" ""

# The version node's own symbol is absolute (A): not a function.
nm -D --defined-only "$so" | awk '$2 != "A" { print $3 }' >"$tmp/nm"
sed 's/@.*//' "$tmp/nm" | sort >"$tmp/exported"
same "libpmukit.so exports exactly the PMUKIT_API functions" "$tmp/headers" "$tmp/exported"
# The node is written from VERSION into the map the build uses.
node=$(sed -n 's/^\([A-Z][A-Z0-9_.]*\)[[:space:]]*{.*/\1/p' "$(dirname "$so")/libpmukit.map" | tail -n 1)
other=$(grep -v "@@$node\$" "$tmp/nm" | tr '\n' ' ')
expect_eq "every export is in the map's version node ($node)" "$other" ""
# The command is a client of that boundary: each header it includes by name
# is its own (cli/), a public one (include/pmukit/), or core/compiler.h
# (macros only). Never one of lib/.
bad=$(cd "$top" && grep -h '^#include "' cli/*.c cli/*.h | sed 's/^#include "\([^"]*\)".*/\1/' | sort -u |
      while read -r h; do
	      [ -f "cli/$h" ] || [ -f "include/$h" ] || [ "$h" = core/compiler.h ] || echo "$h"
      done | tr '\n' ' ')
nincl=$(cd "$top" && grep -h '^#include "' cli/*.c cli/*.h | wc -l)
if [ "$nincl" -gt 0 ] && [ -z "$bad" ]; then
	ok "the command includes only its own and the public headers ($nincl includes)"
else
	nok "the command includes only its own and the public headers"; diag "others: $bad"
fi
tap_end
