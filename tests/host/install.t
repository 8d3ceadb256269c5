#!/bin/sh
# SPDX-License-Identifier: MIT
# make install into a staging root, then build README.md's example against
# the installed copy through pkg-config, statically and shared (TAP).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/tap.sh"	# TAP 13: ok, nok, diag, check, skip_all, tap_end
# make install writes build/ (pmukit.pc): the tree must be this user's to write.
if [ ! -w "$top" ] || { [ -e "$top/build" ] && [ ! -w "$top/build" ]; }; then
	skip_all "$top is not writable by this user: make install writes build/"
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmukit-install.XXXXXX") || {
	echo "Bail out! cannot create a directory in ${TMPDIR:-/tmp} (TMPDIR)"
	exit 1
}
trap 'rm -rf "$tmp"' EXIT

if ! command -v pkg-config >/dev/null; then
	skip_all "pkg-config is not installed"
fi
root=$tmp/root prefix=/opt/pmukit
check "make install PREFIX=$prefix DESTDIR=..." \
	make -s -C "$top" install PREFIX=$prefix DESTDIR="$root"
for f in include/pmukit/pmukit.h lib/libpmukit.a lib/libpmukit.so lib/libpmukit.so.0 \
	 bin/pmukit lib/pkgconfig/pmukit.pc; do
	check "installed $f" test -e "$root$prefix/$f"
done

export PKG_CONFIG_PATH="$root$prefix/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root"
version=$(cat "$top/VERSION")
check "pkg-config knows pmukit $version (VERSION)" pkg-config --exact-version="$version" pmukit

awk '/^```c$/ { inblock = 1; first = 1; next }
     /^```$/ { if (keep) exit; inblock = 0; next }
     inblock && first { first = 0; keep = ($0 ~ /cycles\.c:/) }
     inblock && keep { print }' "$top/README.md" >"$tmp/cycles.c"
# shellcheck disable=SC2046
check "README's example builds against the installed library (shared)" \
	${CC:-cc} -std=gnu11 -Wall -Wextra -Werror -o "$tmp/cycles" "$tmp/cycles.c" \
	$(pkg-config --cflags --libs pmukit)
check "and runs with it" env LD_LIBRARY_PATH="$root$prefix/lib" "$tmp/cycles"
# shellcheck disable=SC2046
check "and statically" ${CC:-cc} -std=gnu11 -static -o "$tmp/cycles-static" "$tmp/cycles.c" \
	$(pkg-config --static --cflags --libs pmukit)

syms=$(nm -D --defined-only "$root$prefix/lib/libpmukit.so" | awk '{print $3}')
bad=$(printf '%s\n' "$syms" | grep -v -e '^pmukit_' -e '^PMUKIT_' | tr '\n' ' ')
if [ -z "$bad" ]; then ok "the shared library exports only pmukit_ symbols"
else nok "the shared library exports only pmukit_ symbols"; diag "also: $bad"; fi
if printf '%s\n' "$syms" | grep -q '^pmukit_core_by_midr'; then
	nok "internal functions stay hidden"
else ok "internal functions stay hidden"; fi
tap_end
