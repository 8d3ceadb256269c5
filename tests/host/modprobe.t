#!/bin/sh
# SPDX-License-Identifier: MIT
# kmod/pmukit.modprobe.conf, the example for loading the module on a shared
# machine (TAP): modprobe reads it, every option it sets is a parameter of
# the module, it chooses mode=read, each option is explained in a comment,
# and the pmukit-dkms package ships it.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top; TAP 13 (tests/tap.sh)
conf=$top/kmod/pmukit.modprobe.conf
opts=$(sed -n 's/^options pmukit //p' "$conf")
expect_eq "one 'options pmukit' line" "$(grep -c '^options pmukit ' "$conf")" 1
modprobe=$(command -v modprobe || echo /sbin/modprobe)
if [ -x "$modprobe" ]; then
	expect_eq "modprobe reads it as pmukit's options" \
		"$("$modprobe" --showconfig -C "$conf" 2>/dev/null | grep '^options pmukit ')" "options pmukit $opts"
else
	skip "no modprobe (kmod)" "modprobe reads it as pmukit's options"
fi
for kv in $opts; do
	k=${kv%%=*}
	if grep -q "^module_param[_a-z]*($k," "$top"/kmod/*.c; then ok "$k is a parameter of pmukit.ko"
	else nok "$k is a parameter of pmukit.ko"; fi
	if grep -q "^# $kv:\\|^# $kv (" "$conf"; then ok "a comment explains $kv"
	else nok "a comment explains $kv"; fi
done
case " $opts " in
*" mode=read "*) ok "a shared machine's mode: mode=read" ;;
*) nok "a shared machine's mode: mode=read"; diag "options: $opts" ;;
esac
check "debian/pmukit-dkms.examples ships it" grep -q -x kmod/pmukit.modprobe.conf "$top/debian/pmukit-dkms.examples"
tap_done
