#!/bin/sh
# SPDX-License-Identifier: MIT
# The bash completion (completion/pmukit.bash, TAP): _pmukit called as bash
# calls it, with COMP_WORDS and COMP_CWORD, on the command built here, offers
# stat after 'pmukit st', the command's options, the core's events after -e
# (also after a comma), its metrics after -M, another core's after --cpu
# NAME, the access paths after --path, and nothing of its own after stat's
# command (bash completes that command's words).
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch; TAP 13 (tests/tap.sh)
P=$top/build/$arch/bin/pmukit
[ -x "$P" ] || skip_all "$P is not built (make)"
command -v bash >/dev/null || skip_all "no bash"

# offered WORD...: the words offered for the last WORD, one a line, sorted.
offered() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
		_pmukit; printf "%s\n" "${COMPREPLY[@]}"' \
		sh "$top/completion/pmukit.bash" "$P" "$@" 2>&1 | sort
}
has() {	# has DESC WORD WORDS
	if printf '%s\n' "$3" | grep -qxF -- "$2"; then ok "$1"; else nok "$1"; diag "offered: $3"; fi
}

expect_eq "pmukit st -> stat" "$(offered st)" stat
all=$(offered "")
expect_eq "pmukit <tab>: the commands of pmukit --help, --help and --version" \
	"$all" "$( (printf -- '--help\n--version\n'
		"$P" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p') | sort)"
expect_eq "pmukit stat --to -> --topdown" "$(offered stat --to)" --topdown
expect_eq "pmukit calibrate --hi -> --histogram" "$(offered calibrate --hi)" --histogram
has "pmukit stat -e CPU_CY offers CPU_CYCLES" CPU_CYCLES "$(offered stat -e CPU_CY)"
has "pmukit stat -e CPU_CYCLES,INST_RET offers CPU_CYCLES,INST_RETIRED" \
	CPU_CYCLES,INST_RETIRED "$(offered stat -e CPU_CYCLES,INST_RET)"
# The events offered are those 'pmukit list --all' names.
first=$("$P" list --all 2>/dev/null | awk '$1 ~ /^0x/ { print $2; exit }')
has "pmukit stat -e offers 'pmukit list''s first event ($first)" "$first" "$(offered stat -e "")"
has "pmukit stat --cpu neoverse-n1 -M l1d_cache_m offers l1d_cache_mpki" \
	l1d_cache_mpki "$(offered stat --cpu neoverse-n1 -M l1d_cache_m)"
has "pmukit stat -M offers the metric group General" General "$(offered stat -M Gen)"
has "pmukit list --cpu neoverse-n offers neoverse-n1" neoverse-n1 "$(offered list --cpu neoverse-n)"
expect_eq "pmukit stat --path perf -> perf perf-mmap" "$(offered stat --path perf)" "perf
perf-mmap"
expect_eq "pmukit metrics --input-format perf -> perf-csv perf-json" \
	"$(offered metrics --input-format perf)" "perf-csv
perf-json"
expect_eq "pmukit metrics --input-f -> --input-format" "$(offered metrics --input-f)" --input-format
# The values of stat's scope options are not its command.
expect_eq "pmukit stat -a -I 100 --to -> --topdown" "$(offered stat -a -I 100 --to)" --topdown
expect_eq "pmukit stat -C 0-1 -I 100 --interval-c -> --interval-count" \
	"$(offered stat -C 0-1 -I 100 --interval-c)" --interval-count
expect_eq "pmukit stat -p 1 --duration 2 --to -> --topdown" "$(offered stat -p 1 --duration 2 --to)" --topdown
# After stat's COMMAND the words are that command's: nothing of pmukit's.
expect_eq "pmukit stat -e CPU_CYCLES -- sh --to: no pmukit option" \
	"$(offered stat -e CPU_CYCLES -- sh --to)" ""
tap_done
