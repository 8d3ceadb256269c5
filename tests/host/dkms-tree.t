#!/bin/sh
# SPDX-License-Identifier: MIT
# The DKMS source tree 'make -C kmod dkms-src' writes holds everything the
# module is built from (TAP): the source of every object Kbuild lists, every
# file a quoted #include names (kmod/pmukit_spec.c compiles core/spec.c in,
# from core/ beside the shared headers), and, where the Debian 6.1 arm64
# headers are fetched (make kernels) and aarch64-linux-gnu-gcc is there, the
# tree builds pmukit.ko as dkms.conf's MAKE line builds it.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, tmp_dir; TAP 13 (tests/tap.sh)
tmp_dir dkms-tree
dk=$tmp/pmukit

if out=$(make -s -C "$top/kmod" dkms-src DKMS_SRC="$dk" 2>&1); then ok "make -C kmod dkms-src"
else nok "make -C kmod dkms-src"; diag "$out"; tap_done; fi

# Kbuild's objects: "pmukit-y := a.o b.o \ c.o", over its continuation lines.
objs=$(sed -n '/^pmukit-y/,/[^\\]$/p' "$dk/Kbuild" | tr -d '\\' | sed 's/^pmukit-y *:= *//' | tr -s ' \t' '\n' | grep '\.o$')
missing=
for o in $objs; do
	[ -f "$dk/${o%.o}.c" ] || missing="$missing ${o%.o}.c"
done
if [ -n "$objs" ]; then expect_eq "the source of each of Kbuild's $(echo "$objs" | wc -l) objects" "$missing" ""
else nok "Kbuild lists no pmukit-y objects"; fi
check "the grammar the module compiles in: core/spec.c" test -f "$dk/core/spec.c"

# Quoted includes resolve as the compiler finds them with Kbuild's -I: beside
# the including file, include/ (PMUKIT_INCLUDE), then the tree's top (core/).
unresolved=
for f in $(cd "$dk" && find . -name '*.[ch]' | sort); do
	dir=$(dirname "$dk/$f")
	for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$dk/$f"); do
		[ -f "$dir/$inc" ] || [ -f "$dk/include/$inc" ] || [ -f "$dk/$inc" ] ||
			unresolved="$unresolved $f:$inc"
	done
done
expect_eq "every quoted #include of the tree is in the tree" "$unresolved" ""
# <pmukit/...> headers come from include/ alone.
unresolved=
for f in $(cd "$dk" && find . -name '*.[ch]' | sort); do
	for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*<\(pmukit\/[^>]*\)>.*/\1/p' "$dk/$f"); do
		[ -f "$dk/include/$inc" ] || unresolved="$unresolved $f:$inc"
	done
done
expect_eq "every <pmukit/...> header the tree includes is in its include/" "$unresolved" ""

kdir=$(ls -d "$top"/.cache/kernels/arm64/6.1*/root/usr/src/linux-headers-*-arm64 2>/dev/null | head -n 1)
if [ -z "$kdir" ]; then
	skip "the Debian 6.1 arm64 headers are not fetched here (make kernels)" "the DKMS tree builds pmukit.ko"
elif ! command -v aarch64-linux-gnu-gcc >/dev/null; then
	skip "no aarch64-linux-gnu-gcc (make deps)" "the DKMS tree builds pmukit.ko"
else
	# dkms.conf's MAKE line, with the cross compiler DKMS on the board needs not.
	log=$(make -s -C "$kdir" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- CC=aarch64-linux-gnu-gcc \
		M="$dk" PMUKIT_INCLUDE="$dk/include" PMUKIT_WERROR=1 modules 2>&1); rc=$?
	if [ $rc = 0 ] && [ -f "$dk/pmukit.ko" ]; then ok "the DKMS tree builds pmukit.ko (6.1 arm64 headers, as dkms.conf's MAKE line)"
	else nok "the DKMS tree builds pmukit.ko (6.1 arm64 headers)"; diag "exit $rc" "$log"; fi
fi
tap_done
