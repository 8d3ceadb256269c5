#!/bin/sh
# SPDX-License-Identifier: MIT
# The Debian packaging agrees with the tree (TAP): debian/libpmukit0.symbols
# lists exactly the functions lib/libpmukit.map exports, in the symbol
# version node of VERSION, at VERSION; debian/changelog's newest entry is
# VERSION's release; debian/control's library package is named after the
# soname. (make check-deb builds the packages and runs lintian.)
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch, tmp_dir; TAP 13 (tests/tap.sh)
tmp_dir debian
version=$(cat "$top/VERSION")
node=PMUKIT_$(printf '%s\n' "$version" | cut -d. -f1-2)
sym=$top/debian/libpmukit0.symbols

# The map's global: names (one a line, between "global:" and "local:").
sed -n '/global:/,/local:/s/^[[:space:]]*\(pmukit_[A-Za-z0-9_]*\);.*/\1/p' \
	"$top/lib/libpmukit.map" | sort >"$tmp/map"
# The symbols file's functions, each NAME@NODE VERSION.
sed -n 's/^ \(pmukit_[A-Za-z0-9_]*\)@\([A-Za-z0-9_.]*\) \(.*\)$/\1 \2 \3/p' "$sym" >"$tmp/sym"
cut -d' ' -f1 "$tmp/sym" | sort >"$tmp/sym-names"

if [ -s "$tmp/map" ]; then ok "lib/libpmukit.map exports $(wc -l <"$tmp/map") functions"
else nok "lib/libpmukit.map: no global: names found"; fi
if diff -u "$tmp/map" "$tmp/sym-names" >"$tmp/diff"; then
	ok "debian/libpmukit0.symbols lists the map's functions, no more, no fewer"
else
	nok "debian/libpmukit0.symbols lists the map's functions, no more, no fewer"
	diag "--- map, +++ symbols file:" "$(cat "$tmp/diff")"
fi
bad=$(awk -v n="$node" -v v="$version" '$2 != n || $3 != v' "$tmp/sym")
expect_eq "every symbol is in node $node at version $version" "$bad" ""
expect_eq "the node itself is listed" \
	"$(grep -c "^ $node@$node $version\$" "$sym")" 1
expect_eq "symbols file's other lines: the soname header and Build-Depends-Package" \
	"$(grep -v '^ ' "$sym")" "libpmukit.so.0 libpmukit0 #MINVER#
* Build-Depends-Package: libpmukit-dev"
soversion=$(sed -n 's/^PMUKIT_SOVERSION := //p' "$top/mk/config.mk")
expect_eq "the library package is named after the soname (libpmukit$soversion)" \
	"$(sed -n 's/^Package: \(libpmukit[0-9][0-9]*\)$/\1/p' "$top/debian/control")" "libpmukit$soversion"

if command -v dpkg-parsechangelog >/dev/null; then
	cl=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version 2>&1)
	expect_eq "debian/changelog's version is VERSION's release" "${cl%-*}" "$version"
else
	skip "no dpkg-parsechangelog (dpkg-dev)" "debian/changelog's version is VERSION's release"
fi
tap_done
