#!/bin/sh
# SPDX-License-Identifier: MIT
# The module built against a kernel tree the user names (make KDIR=...), as
# against the test kernels: Debian 5.10's headers name aarch64-linux-gnu-gcc-10,
# which Debian 12 does not have, and the build takes the default cross
# compiler with a note, as it does for the fetched test kernel. And a 64-bit
# kernel under a 32-bit user space (Raspberry Pi OS's 64-bit kernel): the
# module is built for the kernel's architecture, not the user space's. Uses
# the 5.10 arm64 headers make kernels fetched (make check fetches them first).
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, tmp_dir; TAP 13 (tests/tap.sh)
kdir=$(ls -d "$top"/.cache/kernels/arm64/5.10*/root/usr/src/linux-headers-*-arm64 2>/dev/null | head -n 1)
[ -n "$kdir" ] || skip_all "the Debian 5.10 arm64 headers are not fetched here (make kernels)"
command -v aarch64-linux-gnu-gcc >/dev/null || skip_all "no aarch64-linux-gnu-gcc (make deps)"
need_writable_tree
tap_plan 6
out=build/arm64/kmod-kdir-test	# not build/arm64/kmod: the tests boot that one
rm -rf "${top:?}/$out"
out32=build/arm/kmod-kdir-test
rm -rf "${top:?}/$out32"
trap 'rm -rf "${top:?}/$out" "${top:?}/$out32"' EXIT
log=$(tree_make -s -C "$top" ARCH=arm64 KDIR="$kdir" KMOD_OUT="$out" kmod 2>&1); rc=$?
if [ $rc = 0 ] && [ -f "$top/$out/pmukit.ko" ]; then ok "make ARCH=arm64 KDIR=<Debian 5.10 headers> kmod builds pmukit.ko"
else nok "make ARCH=arm64 KDIR=<Debian 5.10 headers> kmod builds pmukit.ko"; diag "exit $rc" "$log"; fi
expect_eq "the module is for that kernel (vermagic)" \
	"$(modinfo -F vermagic "$top/$out/pmukit.ko" 2>/dev/null | cut -d' ' -f1)" "${kdir##*/linux-headers-}"
if command -v aarch64-linux-gnu-gcc-10 >/dev/null; then
	skip "aarch64-linux-gnu-gcc-10 is installed here: no fallback needed" "the note names the missing compiler"
elif printf '%s\n' "$log" | grep -q "^kmod: note: linux-headers-.*-arm64 names aarch64-linux-gnu-gcc-10, which is not installed; building with aarch64-linux-gnu-gcc ("; then
	ok "the note names the missing compiler and the one used"
else nok "the note names the missing compiler and the one used"; diag "$log"; fi

# ARCH=arm (the user space of a 32-bit userland) with the arm64 kernel's tree.
log=$(tree_make -s -C "$top" ARCH=arm KDIR="$kdir" KMOD_OUT="$out32" kmod 2>&1); rc=$?
machine=$(LC_ALL=C readelf -h "$top/$out32/pmukit.ko" 2>/dev/null | sed -n 's/^ *Machine: *//p')
if [ $rc = 0 ] && [ "$machine" = AArch64 ]; then
	ok "make ARCH=arm KDIR=<arm64 headers> kmod builds an AArch64 pmukit.ko"
else nok "make ARCH=arm KDIR=<arm64 headers> kmod builds an AArch64 pmukit.ko"; diag "exit $rc, machine '$machine'" "$log"; fi
if printf '%s\n' "$log" | grep -q "^kmod: note: the kernel is arm64, this user space arm: building the module with ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-$"; then
	ok "the note says the module follows the kernel's architecture"
else nok "the note says the module follows the kernel's architecture"; diag "$log"; fi
# The cross compiler for the kernel missing: the message names the package.
rm -rf "${top:?}/$out32"
log=$(tree_make -s -C "$top" ARCH=arm KDIR="$kdir" KMOD_OUT="$out32" KCROSS_COMPILE=no-such-cross- kmod 2>&1); rc=$?
if [ $rc != 0 ] && printf '%s\n' "$log" | grep -q "is an arm64 kernel under an arm user space: its module needs no-such-cross-gcc (Debian: apt-get install gcc-no-such-cross;"; then
	ok "without the kernel's compiler: fails naming the compiler and its package"
else nok "without the kernel's compiler: fails naming the compiler and its package"; diag "exit $rc" "$log"; fi
