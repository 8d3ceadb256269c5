#!/bin/sh
# SPDX-License-Identifier: MIT
# pmukit list as perf list: a description under each event, --no-desc for
# the names alone (then the output is the table without descriptions), a
# name filter (a part of the name or a glob, any case) and a message with
# exit 1 when nothing matches (TAP).
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch; TAP 13 (tests/tap.sh)
pmukit=$top/build/$arch/bin/pmukit
[ -x "$pmukit" ] || { echo "Bail out! $pmukit is not built (make)"; exit 1; }

out=$("$pmukit" list --cpu cortex-a53 2>&1); rc=$?
expect_eq "list --cpu cortex-a53 succeeds" "$rc" 0
expect_eq "each event's description follows it, in brackets under its name" \
	"$(printf '%s\n' "$out" | grep -A1 ' L1D_CACHE_REFILL ' | tail -n 1)" "        [L1 Data cache refill]"
long=$(printf '%s\n' "$out" | awk 'length > 80' | grep -c '^ *\[')
expect_eq "descriptions wrapped at 80 columns" "$long" 0
nodesc=$("$pmukit" list --cpu cortex-a53 --no-desc)
expect_eq "--no-desc: the same without the description lines" \
	"$nodesc" "$(printf '%s\n' "$out" | awk '!/^        /')"
expect_eq "--no-desc: no bracketed line" "$(printf '%s\n' "$nodesc" | grep -c '\[')" 0

names() { awk '$1 ~ /^0x[0-9a-f]+$/ { print $2 }'; }
expect_eq "a part of the name, in any case: l1d" \
	"$("$pmukit" list --cpu cortex-a53 l1d | names | tr '\n' ' ')" \
	"L1D_CACHE_REFILL L1D_CACHE L1D_TLB_REFILL L1D_CACHE_WB "
expect_eq "a glob: 'l1?_cache_refill'" \
	"$("$pmukit" list --cpu cortex-a53 'l1?_cache_refill' | names | tr '\n' ' ')" \
	"L1I_CACHE_REFILL L1D_CACHE_REFILL "
expect_eq "a glob matches the whole name: 'l1d_cache*' leaves out L1D_TLB_REFILL" \
	"$("$pmukit" list --cpu cortex-a53 'l1d_cache*' --no-desc | names | tr '\n' ' ')" \
	"L1D_CACHE_REFILL L1D_CACHE L1D_CACHE_WB "
expect_eq "several patterns: an event matching any" \
	"$("$pmukit" list --cpu cortex-a53 inst_retired cpu_cycles | names | tr '\n' ' ')" \
	"INST_RETIRED CPU_CYCLES "
expect_eq "the heading counts the matches" \
	"$("$pmukit" list --cpu cortex-a53 l1d | head -n 1)" "cortex-a53 (armv8-a, MIDR 0x4100d030): 4 of 34 events match"
expect_eq "--all filters the common events too" \
	"$("$pmukit" list --cpu cortex-a53 --all 'sve_inst_spe[c]' --no-desc | names)" "SVE_INST_SPEC"

err=$("$pmukit" list --cpu cortex-a53 nosuchthing 2>&1 >/dev/null); rc=$?
expect_eq "nothing matching: exit 1" "$rc" 1
expect_eq "and one line saying so" "$err" \
	"pmukit list: no event matches 'nosuchthing' in cortex-a53's table (--all adds the common ones); a PATTERN is a part of a name, or a glob with * ? [...], in any case"
expect_eq "and nothing on stdout" "$("$pmukit" list --cpu cortex-a53 nosuchthing 2>/dev/null)" ""
"$pmukit" list --metrics l1d >/dev/null 2>&1; rc=$?
expect_eq "a PATTERN with --metrics: a usage error (2)" "$rc" 2

# The generic events (this machine's list where the PMU is not an Arm one).
if [ "$arch" = x86_64 ]; then
	out=$("$pmukit" list clock 2>&1); rc=$?
	expect_eq "x86-64: list clock succeeds" "$rc" 0
	expect_eq "x86-64: the generic events filtered, with descriptions" \
		"$(printf '%s\n' "$out" | awk '/^  [a-z]/ && $1 != "event" { print $1 }' | tr '\n' ' ')" "task-clock cpu-clock clock "
	check "x86-64: task-clock's description" sh -c "printf '%s\n' \"\$1\" | grep -q '^ *\[Time the task ran on a CPU, in nanoseconds\]'" - "$out"
	expect_eq "x86-64: an alias matches (cs)" \
		"$("$pmukit" list cs --no-desc | awk '/^  [a-z]/ && $1 != "event" { print $1 }')" "context-switches"
	"$pmukit" list l1d >/dev/null 2>&1; rc=$?
	expect_eq "x86-64: no generic event matches l1d: exit 1" "$rc" 1
else
	skip "the generic list is this machine's on x86-64 only" "x86-64: the generic events filtered"
fi
tap_done
