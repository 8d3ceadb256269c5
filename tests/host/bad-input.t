#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Hand-written bad inputs to the pmukit command (TAP): each row of
# tests/host/bad-input.tsv is one test, its command line run with the host
# build, its exit status and messages checked as the table says (its
# header tells the columns). A row waiting for a fix is a TAP TODO.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch, tmp_dir; TAP 13: ok, nok, diag
P=$top/build/$arch/bin/pmukit
table=$top/tests/host/bad-input.tsv
tmp_dir bad-input

if [ ! -x "$P" ]; then
	skip_all "$P is not built (make cli)"
fi
if [ "$arch" != x86_64 ]; then
	skip_all "the table's messages are those of an x86-64 host (this is $arch)"
fi

# The command under test, for the table's command lines.
pmukit() { "$P" "$@"; }

# check CHECK: one of the row's checks on $tmp/out and $tmp/err; 0 when it holds.
check_one() {
	case $1 in
	=*) [ "$(cat "$tmp/err")" = "$(printf '%b' "${1#=}")" ] ;;
	!*) ! grep -qF -- "${1#!}" "$tmp/out" "$tmp/err" ;;
	@utf8) cat "$tmp/out" "$tmp/err" | iconv -f UTF-8 -t UTF-8 >/dev/null 2>&1 ;;
	*) grep -qF -- "$1" "$tmp/err" ;;
	esac
}

while IFS=$'\t' read -r status todo expect cmd; do
	case $status in '' | '#'*) continue ;; esac
	(eval "$cmd") >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	why=
	case ",$status," in *",$rc,"*) ;; *) why="exit $rc, want $status" ;; esac
	rest=$expect
	while [ -n "$rest" ]; do
		one=${rest%% ;; *}
		if [ "$one" = "$rest" ]; then rest=; else rest=${rest#* ;; }; fi
		check_one "$one" || why="${why:+$why; }check failed: $one"
	done
	desc=$(printf '%s' "$cmd" | cut -c 1-100)
	if [ "$todo" != - ]; then
		tap_n=$((tap_n + 1))
		echo "${why:+not }ok $tap_n - $desc # TODO $todo"
	elif [ -z "$why" ]; then
		ok "$desc"
	else
		nok "$desc"
	fi
	if [ -n "$why" ]; then
		diag "$why" "stderr:" "$(head -c 2000 "$tmp/err")"
	fi
done <"$table"
tap_done
