#!/bin/sh
# SPDX-License-Identifier: MIT
# The Debian packages 'make deb' built (TAP; run by 'make check-deb', after
# it): lintian finds no error in any, and each holds what it is for. Every
# lintian warning left must be overridden in debian/ with its reason; they
# are listed here as diagnostics.
#   DEB_OUT  the folder with the .changes and .deb files (build/deb/<debian arch>)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"
out=${DEB_OUT:?DEB_OUT: the folder make deb wrote}
version=$(cat "$top/VERSION")
changes=$(ls "$out"/pmukit_"$version"_*.changes 2>/dev/null)
[ -n "$changes" ] || { echo "Bail out! no pmukit_${version}_*.changes in $out (make deb)"; exit 1; }
arch=${changes##*_}; arch=${arch%.changes}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmukit-deb.XXXXXX") || { echo "Bail out! mktemp"; exit 1; }
trap 'rm -rf "$tmp"' EXIT

if command -v lintian >/dev/null; then
	lintian --info --show-overrides "$changes" >"$tmp/lintian" 2>&1
	errors=$(grep '^E: ' "$tmp/lintian")
	expect_eq "lintian: no error" "$errors" ""
	warnings=$(grep '^W: ' "$tmp/lintian")
	expect_eq "lintian: no warning that is not overridden" "$warnings" ""
	grep '^[IPO]: ' "$tmp/lintian" | while IFS= read -r l; do diag "$l"; done
else
	skip "no lintian" "lintian: no error"
fi

deb() { printf '%s/%s_%s_%s.deb' "$out" "$1" "$version" "$2"; }
files() { dpkg-deb -c "$(deb "$1" "$2")" | awk '{ print $6 }' | sed 's|^\./|/|'; }
field() { dpkg-deb -f "$(deb "$1" "$2")" "$3"; }
has() {	# has PACKAGE ARCH PATH
	if files "$1" "$2" | grep -qxF -- "$3"; then ok "$1 holds $3"
	else nok "$1 holds $3"; fi
}

for p in pmukit libpmukit0 libpmukit-dev; do
	check "$p built" test -f "$(deb $p "$arch")"
done
for p in pmukit-dkms pmukit-fw-source; do
	check "$p built" test -f "$(deb $p all)"
done
multiarch=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null)

has pmukit "$arch" /usr/bin/pmukit
has pmukit "$arch" /usr/share/man/man1/pmukit.1.gz
has pmukit "$arch" /usr/share/man/man1/pmukit-stat.1.gz
has pmukit "$arch" /usr/share/bash-completion/completions/pmukit
has libpmukit0 "$arch" "/usr/lib/$multiarch/libpmukit.so.$version"
has libpmukit-dev "$arch" /usr/include/pmukit/pmukit.h
has libpmukit-dev "$arch" "/usr/lib/$multiarch/libpmukit.a"
has libpmukit-dev "$arch" "/usr/lib/$multiarch/pkgconfig/pmukit.pc"
has libpmukit-dev "$arch" /usr/share/man/man3/pmukit_open.3.gz
has pmukit-dkms all "/usr/src/pmukit-$version/dkms.conf"
has pmukit-dkms all "/usr/src/pmukit-$version/pmukit_main.c"
has pmukit-fw-source all /usr/src/pmukit-fw/fw/include/pmukit_fw.h
has pmukit-fw-source all /usr/src/pmukit-fw/core/pass_plan.c

# pmukit links the shared library, at this very version.
case $(field pmukit "$arch" Depends) in
*"libpmukit0 (= $version)"*) ok "pmukit depends on libpmukit0 (= $version)" ;;
*) nok "pmukit depends on libpmukit0 (= $version)"; diag "$(field pmukit "$arch" Depends)" ;;
esac
# Only the DKMS package registers with DKMS.
for p in pmukit libpmukit0 libpmukit-dev; do
	case $(field $p "$arch" Depends) in
	*dkms*) nok "$p does not depend on dkms"; diag "$(field $p "$arch" Depends)" ;;
	*) ok "$p does not depend on dkms" ;;
	esac
done
case $(field pmukit-dkms all Depends) in
*dkms*) ok "pmukit-dkms depends on dkms" ;;
*) nok "pmukit-dkms depends on dkms" ;;
esac
dpkg-deb -e "$(deb pmukit-dkms all)" "$tmp/dkms-ctrl"
check "pmukit-dkms's postinst adds and builds pmukit/$version" \
	grep -q "DKMS_VERSION=$version" "$tmp/dkms-ctrl/postinst"
dpkg-deb -x "$(deb pmukit-dkms all)" "$tmp/dkms"
conf=$tmp/dkms/usr/src/pmukit-$version/dkms.conf
check "dkms.conf: PACKAGE_VERSION from VERSION" grep -qx "PACKAGE_VERSION=\"$version\"" "$conf"
check "dkms.conf: AUTOINSTALL" grep -qx 'AUTOINSTALL="yes"' "$conf"
check "dkms.conf: BUILD_EXCLUSIVE_ARCH (arm and arm64 only)" grep -q '^BUILD_EXCLUSIVE_ARCH=".*aarch64.*armv7' "$conf"
# The library's symbols file ships, so that programs get the right dependency.
dpkg-deb -e "$(deb libpmukit0 "$arch")" "$tmp/lib-ctrl"
check "libpmukit0 ships its symbols file" cmp -s "$tmp/lib-ctrl/symbols" "$top/debian/libpmukit0.symbols"
tap_done
