#!/bin/sh
# SPDX-License-Identifier: MIT
# The module built against a kernel tree the user names (make KDIR=...), as
# against the test kernels: Debian 5.10's headers name aarch64-linux-gnu-gcc-10,
# which Debian 12 does not have, and the build takes the default cross
# compiler with a note, as it does for the fetched test kernel. Uses the 5.10
# arm64 headers make kernels fetched (make check fetches them first).
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, tmp_dir; TAP 13 (tests/tap.sh)
kdir=$(ls -d "$top"/.cache/kernels/arm64/5.10*/root/usr/src/linux-headers-*-arm64 2>/dev/null | head -n 1)
[ -n "$kdir" ] || skip_all "the Debian 5.10 arm64 headers are not fetched here (make kernels)"
command -v aarch64-linux-gnu-gcc >/dev/null || skip_all "no aarch64-linux-gnu-gcc (make deps)"
need_writable_tree
tap_plan 3
out=build/arm64/kmod-kdir-test	# not build/arm64/kmod: the tests boot that one
rm -rf "${top:?}/$out"
trap 'rm -rf "${top:?}/$out"' EXIT
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
