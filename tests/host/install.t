#!/bin/sh
# SPDX-License-Identifier: MIT
# make install into a staging root, then build README.md's example against
# the installed copy through pkg-config, statically and shared, and the
# pmukit command against that copy's headers and libpmukit.so alone; that
# command says what the static one says (TAP).
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch, tmp_dir, need_writable_tree, c_example; TAP 13
# make install writes build/ (pmukit.pc): the tree must be this user's to write.
need_writable_tree
tmp_dir install

if ! command -v pkg-config >/dev/null; then
	skip_all "pkg-config is not installed"
fi
root=$tmp/root prefix=/opt/pmukit
check "make install PREFIX=$prefix DESTDIR=..." \
	tree_make -s -C "$top" install PREFIX=$prefix DESTDIR="$root"
for f in include/pmukit/pmukit.h lib/libpmukit.a lib/libpmukit.so lib/libpmukit.so.0 \
	 bin/pmukit lib/pkgconfig/pmukit.pc; do
	check "installed $f" test -e "$root$prefix/$f"
done

export PKG_CONFIG_PATH="$root$prefix/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root"
version=$(cat "$top/VERSION")
check "pkg-config knows pmukit $version (VERSION)" pkg-config --exact-version="$version" pmukit

c_example "$top/README.md" cycles.c >"$tmp/cycles.c"
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
# pmukit_core_by_midr() became public (pmukit/events_api.h): the core
# types' internals, behind pmukit_cpu_core(), stand for the hidden ones.
if printf '%s\n' "$syms" | grep -q -e '^pmukit_cores_get' -e '^pmukit_sysfile_read'; then
	nok "internal functions stay hidden"
else ok "internal functions stay hidden"; fi

# The command built as a client of the installed copy alone: its public
# headers and libpmukit.so (-I and -L there, never the tree's include/ or
# lib/), run against it, says what the static command of the tree says.
static=$top/build/$arch/bin/pmukit
shared=$tmp/pmukit-shared
# --no-silent: the compile lines are what is checked, also under make -s
# (whose MAKEFLAGS reach this make through the environment).
if out=$(tree_make -C "$top" --no-print-directory --no-silent cli-shared Q= \
	     CLI_SHARED_INCLUDE="$root$prefix/include" CLI_SHARED_LIBDIR="$root$prefix/lib" \
	     CLI_SHARED_OUT="$tmp/cli-obj" CLI_SHARED_BIN="$shared" 2>&1); then
	ok "the command builds against the installed headers and libpmukit.so"
else
	nok "the command builds against the installed headers and libpmukit.so"; diag "$out"
fi
cc_lines=$(printf '%s\n' "$out" | grep -e ' -c -o ' -e ' -lpmukit')
if [ -n "$cc_lines" ] && ! printf '%s\n' "$cc_lines" | grep -q -e ' -Iinclude\b' -e ' -Ilib\b' \
	-e " -I$top/include" -e " -I$top/lib" -e ' -L[^ ]*build/'; then
	ok "with the installed copy's -I and -L only"
else nok "with the installed copy's -I and -L only"; diag "$cc_lines"; fi

ldd_out=$(LD_LIBRARY_PATH="$root$prefix/lib" ldd "$shared" 2>&1)
if printf '%s\n' "$ldd_out" | grep -q "libpmukit\.so\.0 => $root$prefix/lib/libpmukit\.so\.0"; then
	ok "ldd: it runs with the installed libpmukit.so.0"
else nok "ldd: it runs with the installed libpmukit.so.0"; diag "$ldd_out"; fi

# same_output DESC ARGS...: both commands, exit status and output; the
# numbers of a measurement differ from run to run and are masked, and so is
# the padding that right-aligns them (a loaded machine's task-clock of
# 'true' can have a digit more in one run than in the other).
same_output() {
	desc=$1; shift
	a=$("$static" "$@" 2>&1); ra=$?
	b=$(LD_LIBRARY_PATH="$root$prefix/lib" "$shared" "$@" 2>&1); rb=$?
	case $desc in *measured*)
		a=$(printf '%s\n' "$a" | sed 's/[0-9][0-9,.]*/N/g; s/  */ /g')
		b=$(printf '%s\n' "$b" | sed 's/[0-9][0-9,.]*/N/g; s/  */ /g') ;;
	esac
	if [ -x "$static" ] && [ "$ra" = "$rb" ] && [ "$a" = "$b" ]; then
		ok "shared and static: $desc"
	else
		nok "shared and static: $desc"
		diag "static (exit $ra):" "$a" "shared (exit $rb):" "$b"
	fi
}
same_output "pmukit --version" --version
same_output "pmukit list" list
same_output "pmukit list --cores" list --cores
same_output "pmukit list --cpu cortex-a53" list --cpu cortex-a53
same_output "pmukit list: an unknown core's suggestions" list --cpu cortex_a530
same_output "pmukit stat -e task-clock -- true (measured)" stat -e task-clock -- true
same_output "pmukit stat --json -e task-clock -- true (measured)" stat --json -e task-clock -- true
export PMUKIT_SYSFS_ROOT="$top/tests/fixtures/sysfs/rk3399"
same_output "PMUKIT_SYSFS_ROOT=rk3399 pmukit info (measured)" info
unset PMUKIT_SYSFS_ROOT

# make install CLI_LINK=shared: that command, installed beside the library.
root2=$tmp/root2
check "make install CLI_LINK=shared PREFIX=$prefix DESTDIR=..." \
	tree_make -s -C "$top" install CLI_LINK=shared PREFIX=$prefix DESTDIR="$root2"
ldd_out=$(LD_LIBRARY_PATH="$root2$prefix/lib" ldd "$root2$prefix/bin/pmukit" 2>&1)
if printf '%s\n' "$ldd_out" | grep -q "libpmukit\.so\.0 => $root2$prefix/lib/"; then
	ok "the installed pmukit links the installed libpmukit.so"
else nok "the installed pmukit links the installed libpmukit.so"; diag "$ldd_out"; fi
check "and runs with it" env LD_LIBRARY_PATH="$root2$prefix/lib" "$root2$prefix/bin/pmukit" --version
tap_end
