# SPDX-License-Identifier: MIT
# shellcheck shell=sh disable=SC2034 # the variables are for the sourcing scripts
# Measurements no interrupt came into, for the guest suites (sourced):
# the shell's side of guest_irq.h. An interrupt inside a measurement adds
# its kernel work to a :k or every-level count and, under QEMU, can add one
# user instruction on 32-bit guests; interrupts only ever add.
#
#   irq_total        the interrupts Linux has taken so far (/proc/stat "intr")
#   quiet CMD...     runs CMD, its output in $out and status in $rc, again
#                    while the interrupt total moved across it, at most
#                    QUIET_TRIES times; $disturbed: the runs measured again
#                    (QUIET_TRIES when every one was: the last is kept)
QUIET_TRIES=8

irq_total() { awk '$1 == "intr" { print $2; exit }' /proc/stat; }

quiet() {
	disturbed=0
	while :; do
		quiet_before=$(irq_total)
		out=$("$@" 2>&1); rc=$?
		[ "$(irq_total)" != "$quiet_before" ] || return 0
		disturbed=$((disturbed + 1))
		[ $disturbed -lt $QUIET_TRIES ] || return 0
	done
}
