#!/bin/sh
# SPDX-License-Identifier: MIT
# The native build's ARCH comes from the native compiler's target triplet
# (gcc -dumpmachine), never from the kernel (uname -m): on Raspberry Pi OS
# with a 64-bit kernel and a 32-bit userland uname says aarch64 while the
# user space must be built for arm. Each case is a stand-in compiler that
# answers -dumpmachine as that machine's gcc does; 'make config' prints
# what the build chose.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, tmp_dir; TAP 13 (tests/tap.sh)
tmp_dir native-arch

# fake_cc NAME TRIPLET: a compiler that knows only -dumpmachine.
fake_cc() {
	printf '#!/bin/sh\n[ "$1" = -dumpmachine ] && echo %s\n' "$2" >"$tmp/$1"
	chmod +x "$tmp/$1"
}

for c in "x86_64-linux-gnu x86_64" "aarch64-linux-gnu arm64" "arm-linux-gnueabihf arm" \
	 "armv7l-unknown-linux-gnueabihf arm"; do
	set -- $c
	fake_cc "cc-$1" "$1"
	out=$(make -s -C "$top" --no-print-directory NATIVE_CC="$tmp/cc-$1" config 2>&1)
	expect_eq "a compiler for $1: ARCH=$2, built natively into build/$2" \
		"$(printf '%s\n' "$out" | sed -n 's/^\(ARCH=[^ ]*\) .*/\1/p;s/^\(CC=.*\)/\1/p;s/^\(BUILD=.*\)/\1/p' | tr '\n' ' ')" \
		"ARCH=$2 CC=gcc BUILD=build/$2 "
done

# The case the kernel would get wrong: the kernel says aarch64, the
# compiler arm (the module follows the kernel: kmod-build.t).
fake_cc uname-liar arm-linux-gnueabihf
printf '#!/bin/sh\necho aarch64\n' >"$tmp/uname"
chmod +x "$tmp/uname"
out=$(PATH="$tmp:$PATH" make -s -C "$top" --no-print-directory NATIVE_CC="$tmp/uname-liar" config 2>&1)
if printf '%s\n' "$out" | grep -qx 'ARCH=arm (native: .*uname-liar -dumpmachine says arm-linux-gnueabihf)'; then
	ok "uname -m aarch64 and a 32-bit compiler: ARCH=arm, and it says why"
else nok "uname -m aarch64 and a 32-bit compiler: ARCH=arm, and it says why"; diag "$out"; fi

# A compiler for a target pmukit does not build for: an error naming where
# ARCH came from, exit 2.
fake_cc cc-riscv riscv64-linux-gnu
out=$(make -s -C "$top" --no-print-directory NATIVE_CC="$tmp/cc-riscv" config 2>&1); rc=$?
if [ "$rc" = 2 ] && printf '%s\n' "$out" | grep -q "ARCH=riscv64-linux-gnu is not supported: use x86_64, arm64 or arm (it came from '.*cc-riscv -dumpmachine'"; then
	ok "a riscv64 compiler: refused, naming the compiler asked"
else nok "a riscv64 compiler: refused, naming the compiler asked"; diag "exit $rc" "$out"; fi

# ARCH given wins, and a cross build says so.
out=$(make -s -C "$top" --no-print-directory NATIVE_CC="$tmp/cc-arm-linux-gnueabihf" ARCH=arm64 config 2>&1)
expect_eq "ARCH=arm64 given on an arm userland: a cross build with aarch64-linux-gnu-gcc" \
	"$(printf '%s\n' "$out" | head -n 2 | tr '\n' ' ')" "ARCH=arm64 (cross build; native is arm) CC=aarch64-linux-gnu-gcc "
tap_end
