#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# pmukit's Debian packages in a real Debian 12 arm64 system (TAP): the image
# of tools/debian-system booted in QEMU with Debian's kernel and initramfs,
# the packages of 'make deb ARCH=arm64' installed with apt as a user would:
#   boot 1 (6.1, two CPUs): apt install builds the module with DKMS, modprobe
#     loads it, the library's first example (docs/library.md) compiles with
#     pkg-config and runs, man and bash completion work; the 6.12 kernel of
#     bookworm-backports installed with apt gets the module built by DKMS;
#   boot 2 (6.12, its vmlinuz and initramfs taken out of the system, one CPU
#     under -icount shift=0): modprobe, pmukit selftest with its exact counts,
#     then apt purge leaves no module in any kernel and no file behind.
# Every boot runs on an overlay of the cached image, which stays pristine.
# A mirror or package that cannot be had is a SKIP that names it.
#   tests/qemu/debian-system.sh [--no-build]   (--no-build: use build/deb/arm64 as it is)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"
build=1
[ "${1:-}" != --no-build ] || build=0
arch=arm64
version=$(cat "$top/VERSION")
t0=$(date +%s)
elapsed() { echo "$(( $(date +%s) - t0 )) s"; }

for c in qemu-system-aarch64 qemu-img debootstrap debugfs mkfs.ext4; do
	command -v "$c" >/dev/null || skip_all "$c is not installed (tools/deps installs it)"
done

# --- the system and the packages -------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/pmukit-debsys.XXXXXX") || { echo "Bail out! mktemp"; exit 1; }
trap 'rm -rf "$work"' EXIT
if ! sys=$("$top/tools/debian-system" --arch "$arch" 2>"$work/build.err"); then
	cat "$work/build.err" | sed 's/^/# /'
	why=$(grep -m1 -E 'error: (no |cannot download|.* is missing)' "$work/build.err")
	[ -z "$why" ] || skip_all "the Debian system cannot be built: ${why#*error: }"
	echo "Bail out! tools/debian-system failed (above)"
	exit 1
fi
diag "Debian system: ${sys#"$top/"}, kernel $(cat "$sys/boot/version")"
debs="$top/build/deb/$arch"
if [ "$build" = 1 ]; then
	if ! make -s -C "$top" deb ARCH=arm64 >"$work/deb.log" 2>&1; then
		tail -n 20 "$work/deb.log" | sed 's/^/# /'
		echo "Bail out! make deb ARCH=arm64 failed"
		exit 1
	fi
fi
pay="$work/payload"
mkdir -p "$pay/debs" "$pay/kernel"
for p in pmukit-dkms_"$version"_all pmukit_"$version"_$arch libpmukit0_"$version"_$arch libpmukit-dev_"$version"_$arch; do
	[ -f "$debs/$p.deb" ] || { echo "Bail out! $debs/$p.deb is missing (make deb ARCH=arm64)"; exit 1; }
	cp "$debs/$p.deb" "$pay/debs/"
done
cp "$sys"/debs/*.deb "$pay/kernel/"
# The library's first example, as docs/library.md shows it.
awk '/^```c$/ { on = 1; next } on && /^```$/ { exit } on' "$top/docs/library.md" >"$pay/prog.c"
[ -s "$pay/prog.c" ] || { echo "Bail out! no C example in docs/library.md"; exit 1; }

# The guest's side: each step's output in /payload/out/NAME.log and one
# line "STEP NAME STATUS SECONDS" on the console (seconds of the guest's
# clock: under -icount, of its instructions).
cat >"$pay/steps.sh" <<'STEPS'
export DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8
mkdir -p /payload/out
step() {
	name=$1; shift
	t=$(date +%s)
	"$@" >"/payload/out/$name.log" 2>&1
	echo "STEP $name $? $(( $(date +%s) - t ))"
}
STEPS
cat >"$pay/boot1.sh" <<'BOOT1'
. /payload/steps.sh
set -o pipefail
kv=$(uname -r)
ver=$(cat /payload/version)
install_pkgs() {
	# (apt 2.6 wants the .debs' paths absolute once it has sorted them.)
	apt-get install -y /payload/debs/pmukit-dkms_*.deb /payload/debs/pmukit_*.deb \
		/payload/debs/libpmukit0_*.deb /payload/debs/libpmukit-dev_*.deb
}
built_here() {	# KVER: DKMS says installed, the module's vermagic is that kernel's, its make.log is there
	dkms status pmukit
	dkms status -k "$1" pmukit | grep -q ": installed" || { echo "dkms: not installed for $1"; return 1; }
	m=$(modinfo -k "$1" -n pmukit) || return 1
	echo "module: $m"
	modinfo -k "$1" -F vermagic pmukit | grep -q "^$1 " || { echo "vermagic is not $1's"; return 1; }
	modinfo -k "$1" -F version pmukit | grep -qx "$ver" || { echo "version is not $ver"; return 1; }
	# The compiler's lines of DKMS's log, where this dkms keeps it.
	for l in /var/lib/dkms/pmukit/"$ver"/"$1"/*/log/make.log /var/lib/dkms/pmukit/"$ver"/build/make.log; do
		[ ! -f "$l" ] || { echo "$l:"; grep -E 'CC \[M\]|LD \[M\]' "$l"; break; }
	done
	return 0
}
load() {
	modprobe pmukit && lsmod | grep '^pmukit ' && test -c /dev/pmukit && pmukit info
}
example() {
	cd /root && cc prog.c $(pkg-config --cflags --libs pmukit) -o prog || return 1
	o=$(./prog) || { echo "$o"; return 1; }
	echo "$o"
	# (INST_RETIRED is counted by QEMU under -icount only: then the example counts cycles alone.)
	echo "$o" | grep -Eq '^CPU_CYCLES(:[uk]+)? +[0-9]+ +\(path direct\)$'
}
manpage() {
	o=$(MANPAGER=cat COLUMNS=80 man pmukit-stat) || return 1
	echo "$o"
	echo "$o" | grep -qx NAME && echo "$o" | grep -Eq '^ +pmukit-stat +- '
}
completion() {
	bash -c '. /usr/share/bash-completion/bash_completion
		_completion_loader pmukit
		f=$(complete -p pmukit | sed -n "s/.*-F \([^ ]*\) .*/\1/p")
		[ -n "$f" ] || { echo "no completion function for pmukit"; exit 1; }
		COMP_WORDS=(pmukit st); COMP_CWORD=1; COMP_LINE="pmukit st"; COMP_POINT=${#COMP_LINE}
		"$f" pmukit st pmukit
		printf "%s\n" "${COMPREPLY[@]}"' >/root/words
	cat /root/words
	grep -qx stat /root/words
}
second_kernel() {
	apt-get install -y /payload/kernel/*.deb
}
take_kernel() {	# the second kernel's vmlinuz and Debian initramfs, for the next boot
	k=$(ls /lib/modules | grep -v "^$kv\$" | sort -V | tail -n 1)
	echo "$k" > /payload/out/kver
	cp "/boot/vmlinuz-$k" /payload/out/vmlinuz && cp "/boot/initrd.img-$k" /payload/out/initrd.img && ls -l /payload/out
}
cp /payload/prog.c /root/prog.c
echo "KVER $kv"
step install install_pkgs
step dkms-6.1 built_here "$kv"
step modprobe-6.1 load
step example example
step man manpage
step completion completion
step second-kernel second_kernel
k=$(ls /lib/modules | grep -v "^$kv\$" | sort -V | tail -n 1)
step dkms-second built_here "$k"
step take-kernel take_kernel
BOOT1
cat >"$pay/boot2.sh" <<'BOOT2'
. /payload/steps.sh
set -o pipefail
ver=$(cat /payload/version)
echo "KVER $(uname -r)"
load() {
	modprobe pmukit && lsmod | grep '^pmukit ' && test -c /dev/pmukit
}
selftest() {
	echo 2 > /proc/sys/kernel/perf_event_paranoid
	pmukit selftest
}
# Every file the packages installed, the DKMS tree, the modules: before purge.
inventory() {
	for p in pmukit pmukit-dkms libpmukit0 libpmukit-dev; do dpkg -L "$p"; done |
		sort -u | while read -r f; do [ -d "$f" ] || echo "$f"; done > /root/files
	find /lib/modules -name 'pmukit.ko*' >> /root/files
	echo "/var/lib/dkms/pmukit" >> /root/files
	echo "$(wc -l < /root/files) files, of which modules:"
	grep 'pmukit\.ko' /root/files
	[ "$(grep -c 'pmukit\.ko' /root/files)" -ge 2 ] || { echo "not one module for each of the two kernels"; return 1; }
}
purge() {
	modprobe -r pmukit
	apt-get purge -y pmukit-dkms pmukit libpmukit0 libpmukit-dev
}
nothing_left() {
	left=0
	while read -r f; do
		if [ -e "$f" ] || [ -L "$f" ]; then echo "left: $f"; left=1; fi
	done < /root/files
	m=$(find /lib/modules /var/lib/dkms /usr/src -name '*pmukit*' 2>/dev/null)
	[ -z "$m" ] || { echo "left: $m"; left=1; }
	s=$(dpkg -l 'pmukit*' 'libpmukit*' 2>/dev/null | awk '/^[a-z][a-z] / && $1 != "un" { print $1, $2 }')
	[ -z "$s" ] || { echo "dpkg still knows: $s"; left=1; }
	[ "$left" = 0 ] && echo "$(wc -l < /root/files) files checked: none left"
}
step load-second load
step selftest selftest
step inventory inventory
step purge purge
step purged nothing_left
BOOT2
echo "$version" >"$pay/version"

ov="$work/overlay.qcow2"
# boot PAYLOAD-SCRIPT LOG [tools/debian-system --boot options]: STEP lines into LOG
boot() {
	local script=$1 log=$2
	shift 2
	"$top/tools/debian-system" --arch "$arch" --boot --overlay "$ov" --payload "$pay" \
		--out "$work/out" "$@" -- "bash /payload/$script" >"$log" 2>"$log.err" || true
}
# result NAME DESC LOG: the step's status line in LOG; its output as diag on failure
result() {
	local name=$1 desc=$2 log=$3 st
	st=$(awk -v n="$name" '$1 == "STEP" && $2 == n { print $3 }' "$log")
	if [ "$st" = 0 ]; then
		ok "$desc"
		return 0
	fi
	nok "$desc"
	if [ -z "$st" ]; then
		diag "step $name not reached; the guest's last lines:"
		diag "$(tail -n 30 "$log")"
		[ ! -s "$log.err" ] || diag "$(tail -n 40 "$log.err")"
	else
		diag "exit $st; its output (last lines):"
		diag "$(tail -n 40 "$work/out/$name.log" 2>/dev/null)"
	fi
	return 1
}

# step_times LOG: where a boot's time went, as one diag line
step_times() {
	diag "steps, guest seconds: $(awk '$1 == "STEP" && $4 != "" { printf "%s%s %s", sep, $2, $4; sep = ", " }' "$1")"
}

# --- boot 1 -------------------------------------------------------------------
diag "boot 1: Debian's $(cat "$sys/boot/version") kernel, 2 CPUs ($(elapsed) so far)"
boot boot1.sh "$work/boot1" --timeout 3600
diag "boot 1 done ($(elapsed) so far)"
step_times "$work/boot1"
result install "apt install ./pmukit-dkms ./pmukit ./libpmukit0 ./libpmukit-dev: exit 0" "$work/boot1"
result dkms-6.1 "DKMS built pmukit.ko $version in the guest for its kernel ($(cat "$sys/boot/version"))" "$work/boot1"
if [ -f "$work/out/dkms-6.1.log" ]; then diag "$(grep -E 'pmukit/|module:' "$work/out/dkms-6.1.log")"; fi
result modprobe-6.1 "modprobe pmukit loads it, /dev/pmukit is there, pmukit info runs" "$work/boot1"
result example "docs/library.md's first example: cc prog.c \$(pkg-config --cflags --libs pmukit) builds, runs, counts on the direct path" "$work/boot1"
if [ -f "$work/out/example.log" ]; then diag "$(grep -E '^[A-Z_]+(:[uk]+)? ' "$work/out/example.log")"; fi
result man "man pmukit-stat shows its page (NAME: pmukit-stat - ...)" "$work/boot1"
result completion "bash completion offers stat after 'pmukit st'" "$work/boot1"
result second-kernel "apt install of the 6.12 kernel of bookworm-backports (image, headers): exit 0" "$work/boot1"
kv2=$(cat "$work/out/kver" 2>/dev/null)
result dkms-second "DKMS built pmukit.ko for the second kernel ${kv2:-(none)} on its own (the kernel's hooks)" "$work/boot1"
if result take-kernel "the second kernel's vmlinuz and Debian initramfs taken out of the system" "$work/boot1" &&
   [ -s "$work/out/vmlinuz" ] && [ -s "$work/out/initrd.img" ]; then
	mv "$work/out/vmlinuz" "$work/out/initrd.img" "$work/"
	# --- boot 2 ---------------------------------------------------------------
	diag "boot 2: the $kv2 kernel, one CPU under -icount shift=0 ($(elapsed) so far)"
	boot boot2.sh "$work/boot2" --vmlinuz "$work/vmlinuz" --initrd "$work/initrd.img" --icount --timeout 3600
	diag "boot 2 done ($(elapsed) so far)"
	step_times "$work/boot2"
	k=$(awk '$1 == "KVER" { print $2 }' "$work/boot2")
	expect_eq "the system booted the second kernel" "$k" "$kv2"
	result load-second "modprobe pmukit on $kv2" "$work/boot2"
	if result selftest "pmukit selftest passes under -icount shift=0" "$work/boot2"; then
		out=$(cat "$work/out/selftest.log")
		if printf '%s\n' "$out" | grep -Eq '^selftest: ok: [1-9][0-9]* exact counts right, 0 wrong'; then
			ok "selftest: its exact counts right, none wrong"
		else nok "selftest: exact counts"; diag "$out"; fi
		if printf '%s\n' "$out" | grep -Eq '^  direct +INST_RETIRED:u +3,000 +3,000 .*ok, exact$'; then
			ok "selftest: INST_RETIRED of the counting loop exact on the direct path (3,000)"
		else nok "selftest: INST_RETIRED exact on the direct path"; diag "$out"; fi
		if printf '%s\n' "$out" | grep -Eq '^  direct +SW_INCR:u +1,000 +1,000 .*ok, exact$'; then
			ok "selftest: 1000 PMSWINC writes count 1000 on the direct path"
		else nok "selftest: SW_INCR exact on the direct path"; diag "$out"; fi
	else
		for d in "selftest: exact counts" "selftest: INST_RETIRED exact" "selftest: SW_INCR exact"; do nok "$d"; done
	fi
	result inventory "before purge: the packages' files and a module in each of the two kernels" "$work/boot2"
	result purge "apt purge pmukit-dkms pmukit libpmukit0 libpmukit-dev: exit 0" "$work/boot2"
	result purged "after purge: no module in any kernel, no DKMS tree, no file of the packages left" "$work/boot2"
else
	for d in "the system booted the second kernel" "modprobe pmukit on the second kernel" \
		"pmukit selftest under -icount" "selftest: exact counts" "selftest: INST_RETIRED exact" \
		"selftest: SW_INCR exact" "before purge" "apt purge" "after purge"; do
		nok "$d (boot 2 not run: no second kernel)"
	done
fi
diag "the Debian system test took $(elapsed)"
tap_done
