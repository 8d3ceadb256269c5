#!/bin/sh
# SPDX-License-Identifier: MIT
# One version (TAP): VERSION at the top is what the command, the library, the
# installed pmukit.pc, the shared library's symbol version node, a built
# pmukit.ko and the DKMS tree's dkms.conf say.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch, tmp_dir, need_writable_tree; TAP 13 (tests/tap.sh)
P=$top/build/$arch/bin/pmukit
SO=$top/build/$arch/lib/libpmukit.so
if [ ! -x "$P" ] || [ ! -f "$SO" ]; then
	skip_all "$P or $SO is not built (make)"
fi
# make install and the module build write build/: the tree must be this user's.
need_writable_tree
tmp_dir version

version=$(cat "$top/VERSION")
if printf '%s\n' "$version" | grep -Eqx '[0-9]+\.[0-9]+\.[0-9]+'; then ok "VERSION is MAJOR.MINOR.PATCH: $version"
else nok "VERSION is MAJOR.MINOR.PATCH"; diag "$version"; fi
node=PMUKIT_$(printf '%s\n' "$version" | cut -d. -f1-2)

expect_eq "pmukit --version" "$("$P" --version 2>&1)" "pmukit $version"

# The symbol version node of every exported function.
nodes=$(objdump -T "$SO" | awk '$NF ~ /^pmukit_/ { print $(NF - 1) }' | sort -u | tr '\n' ' ')
expect_eq "libpmukit.so: the pmukit_ functions are in node $node" "$nodes" "$node "

# pkg-config on the installed pmukit.pc (written in $tmp, not in build/,
# where install.t may be writing its own at the same time).
if command -v pkg-config >/dev/null; then
	root=$tmp/root prefix=/opt/pmukit
	if out=$(tree_make -s -C "$top" install PREFIX=$prefix DESTDIR="$root" PC_FILE="$tmp/pmukit.pc" 2>&1); then
		expect_eq "pkg-config --modversion pmukit (installed)" \
			"$(PKG_CONFIG_PATH="$root$prefix/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root" \
			   pkg-config --modversion pmukit 2>&1)" "$version"
		check "installed libpmukit.so.$version" test -f "$root$prefix/lib/libpmukit.so.$version"
	else
		nok "make install PREFIX=$prefix DESTDIR=..."; diag "$out"
	fi
else
	skip "pkg-config is not installed" "pkg-config --modversion pmukit (installed)"
	skip "pkg-config is not installed" "installed libpmukit.so.$version"
fi

# DKMS: the source tree 'make -C kmod dkms-src' writes.
dk=$tmp/dkms
if out=$(make -s -C "$top/kmod" dkms-src DKMS_SRC="$dk" 2>&1); then
	expect_eq "dkms.conf's PACKAGE_VERSION (make -C kmod dkms-src)" \
		"$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$dk/dkms.conf")" "$version"
	expect_eq "the DKMS tree's VERSION, which its Kbuild reads" "$(cat "$dk/VERSION" 2>&1)" "$version"
else
	nok "make -C kmod dkms-src"; diag "$out"
	nok "the DKMS tree's VERSION"
fi

# The module, built for a cached Debian test kernel (never downloaded here).
kernel=6.1
if ! ls -d "$top/.cache/kernels/arm64/$kernel".*/.done >/dev/null 2>&1; then
	skip "no cached arm64 $kernel kernel headers (make kernels)" "modinfo -F version pmukit.ko"
elif ! command -v aarch64-linux-gnu-gcc >/dev/null; then
	skip "no aarch64-linux-gnu-gcc (make deps)" "modinfo -F version pmukit.ko"
elif out=$(tree_make -s -C "$top" ARCH=arm64 KERNEL=$kernel kmod 2>&1); then
	ko=$top/build/arm64/kmod-$kernel-arm64/pmukit.ko
	got=$(modinfo -F version "$ko" 2>&1)	# modinfo: the kmod package (make deps)
	expect_eq "modinfo -F version pmukit.ko (arm64, kernel $kernel)" "$got" "$version"
else
	nok "make ARCH=arm64 KERNEL=$kernel kmod"; diag "$out"
fi
tap_done
