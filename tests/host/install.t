#!/bin/sh
# SPDX-License-Identifier: MIT
# make install into a staging root, then build docs/library.md's cycles.c against
# the installed copy through pkg-config, statically and shared, and the
# pmukit command against that copy's headers and libpmukit.so alone; that
# command says what the static one says. make uninstall leaves no file of
# pmukit behind and nothing else touched; PREFIX=/usr installs the library
# into the compiler's multiarch directory; the ldconfig line (TAP).
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

c_example "$top/docs/library.md" cycles.c >"$tmp/cycles.c"
# shellcheck disable=SC2046
check "docs/library.md's cycles.c builds against the installed library (shared)" \
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

# make uninstall: every file and link make install made goes, and a file of
# someone else's in the same directories stays.
files_in() { (cd "$1" && find . ! -type d | sort); }
for d in include lib bin share/man/man1 share/bash-completion/completions; do
	mkdir -p "$root2$prefix/$d" && echo other >"$root2$prefix/$d/not-pmukit"
done
check "make uninstall (CLI_LINK=shared) with the same PREFIX and DESTDIR" \
	tree_make -s -C "$top" uninstall CLI_LINK=shared PREFIX=$prefix DESTDIR="$root2"
expect_eq "no file of pmukit is left; the others are" "$(files_in "$root2")" \
"./opt/pmukit/bin/not-pmukit
./opt/pmukit/include/not-pmukit
./opt/pmukit/lib/not-pmukit
./opt/pmukit/share/bash-completion/completions/not-pmukit
./opt/pmukit/share/man/man1/not-pmukit"
check "make uninstall of the first tree" \
	tree_make -s -C "$top" uninstall PREFIX=$prefix DESTDIR="$root"
expect_eq "nothing is left of it" "$(files_in "$root")" ""
check "make uninstall where nothing is installed succeeds" \
	tree_make -s -C "$top" uninstall PREFIX=$prefix DESTDIR="$root"

# PREFIX=/usr: the library, and pmukit.pc's libdir, in /usr/lib/<triplet>,
# the triplet the compiler gives; LIBDIR still chooses another.
root3=$tmp/root3
triplet=$(${CC:-gcc} -print-multiarch 2>/dev/null)
if [ -n "$triplet" ]; then
	out=$(tree_make -s -C "$top" install PREFIX=/usr DESTDIR="$root3" 2>&1)
	check "make install PREFIX=/usr: libpmukit.so.0 in /usr/lib/$triplet" \
		test -e "$root3/usr/lib/$triplet/libpmukit.so.0"
	expect_eq "pmukit.pc's libdir is /usr/lib/$triplet" \
		"$(sed -n 's/^libdir=//p' "$root3/usr/lib/$triplet/pkgconfig/pmukit.pc")" "/usr/lib/$triplet"
	expect_eq "staged (DESTDIR): one line says to run ldconfig where it is installed" \
		"$(printf '%s\n' "$out" | grep -c "run 'ldconfig' as root where it is installed.* /usr/lib/$triplet\$")" 1
	check "make uninstall PREFIX=/usr" tree_make -s -C "$top" uninstall PREFIX=/usr DESTDIR="$root3"
	expect_eq "nothing is left of it" "$(files_in "$root3")" ""
	out=$(tree_make -s -C "$top" --no-print-directory -n install PREFIX=/usr LIBDIR=/usr/lib64 DESTDIR=/x 2>&1)
	if printf '%s\n' "$out" | grep -q ' /x/usr/lib64/libpmukit.so.0' &&
		! printf '%s\n' "$out" | grep -q "/$triplet"; then
		ok "LIBDIR=/usr/lib64 overrides the multiarch directory"
	else nok "LIBDIR=/usr/lib64 overrides the multiarch directory"; diag "$out"; fi
else
	skip "${CC:-gcc} gives no multiarch triplet" "make install PREFIX=/usr: the multiarch directory"
fi

# Into the live system (no DESTDIR): a directory the loader searches gets
# ldconfig (root) or the line saying to run it; another gets the line
# saying how programs find it. The live system here is a scratch PREFIX,
# made one the loader searches by LDCONFIG_DIRS, and LDCONFIG a stand-in.
live=$tmp/live
out=$(tree_make -s -C "$top" --no-print-directory install PREFIX="$live" DESTDIR= \
	LDCONFIG_DIRS="$live/lib" LDCONFIG='echo ran-the-loader-cache' 2>&1)
if [ "$(id -u)" = 0 ]; then
	expect_eq "root, a searched directory: make install runs ldconfig" \
		"$(printf '%s\n' "$out" | grep -c '^ran-the-loader-cache$')" 1
else
	expect_eq "not root, a searched directory: one line says to run ldconfig as root" \
		"$(printf '%s\n' "$out" | grep -c "^install: run 'echo ran-the-loader-cache' as root")" 1
fi
out=$(tree_make -s -C "$top" --no-print-directory install PREFIX="$live" DESTDIR= \
	LDCONFIG_DIRS=/nowhere LDCONFIG='echo ran-the-loader-cache' 2>&1)
expect_eq "a directory the loader does not search: ldconfig not run, one line names LD_LIBRARY_PATH" \
	"$(printf '%s\n' "$out" | grep -c -e ran-the-loader-cache -e "is not a directory the dynamic loader searches: run programs with LD_LIBRARY_PATH=$live/lib")" 1
check "make uninstall of it" tree_make -s -C "$top" uninstall PREFIX="$live" DESTDIR= \
	LDCONFIG_DIRS=/nowhere
expect_eq "nothing is left of it" "$(files_in "$live")" ""
tap_end
