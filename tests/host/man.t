#!/bin/sh
# SPDX-License-Identifier: MIT
# The manual pages (TAP): tools/gen-man writes pmukit(1), one pmukit-COMMAND(1)
# per command 'pmukit --help' lists, with every option of that command's
# --help, and a section 3 page per kernel-doc comment of pmukit.h, the
# session calls among them; groff renders each without a warning, and so
# does man -l; make install puts them under MANDIR and the bash completion
# under BASHCOMPDIR.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch, tmp_dir, need_writable_tree, tree_make; TAP 13
P=$top/build/$arch/bin/pmukit
[ -x "$P" ] || skip_all "$P is not built (make)"
command -v python3 >/dev/null || skip_all "no python3 (tools/gen-man)"
command -v groff >/dev/null || skip_all "no groff (groff-base)"
tmp_dir man

check "gen-man cli" "$top/tools/gen-man" cli "$P" "$tmp/man1"
check "gen-man lib" "$top/tools/gen-man" lib "$top/include/pmukit/pmukit.h" "$tmp/man3"

commands=$("$P" --help | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
want=$(printf 'pmukit.1\n'; for c in $commands; do printf 'pmukit-%s.1\n' "$c"; done)
expect_eq "a section 1 page for pmukit and each command" \
	"$(find "$tmp/man1" -type f -exec basename {} \; | sort)" "$(printf '%s\n' "$want" | sort)"

# Every option of a command's --help is an entry of its page's OPTIONS.
missing=
for c in $commands; do
	for o in $("$P" "$c" --help | sed -n 's/^  \(-[^ ].*\)$/\1/p' | sed 's/  .*//' | tr ',' '\n' |
		sed -n 's/^ *\(--*[A-Za-z][A-Za-z0-9-]*\).*/\1/p'); do
		roff=$(printf '%s\n' "$o" | sed 's/-/\\\\-/g')
		grep -q "^\.B .*$roff" "$tmp/man1/pmukit-$c.1" || missing="$missing $c:$o"
	done
done
expect_eq "each command's options are in its page" "$missing" ""

# The session calls' pages, from their kernel-doc comments.
for f in pmukit_open pmukit_start pmukit_stop pmukit_read pmukit_reset pmukit_close; do
	if [ -f "$tmp/man3/$f.3" ] && grep -q "^\.BI .*$f(" "$tmp/man3/$f.3"; then ok "$f(3) with its declaration"
	else nok "$f(3) with its declaration"; fi
done
# Functions with a kernel-doc comment ("/** pmukit_x() - ..." or the line
# after "/**" naming one) that the library exports (PMUKIT_API).
# pmukit.h and the headers it includes as its parts ("Part of pmukit.h").
h=$tmp/pmukit-all.h
cat "$top/include/pmukit/pmukit.h" >"$h"
for inc in $(sed -n 's/^#include "\([a-z_]*\.h\)".*/\1/p' "$top/include/pmukit/pmukit.h"); do
	if grep -q "Part of pmukit.h," "$top/include/pmukit/$inc"; then cat "$top/include/pmukit/$inc" >>"$h"; fi
done
documented=0
for f in $(awk '/^\/\*\*/ { d = 1 } d && match($0, /pmukit_[a-z0-9_]*\(\) - /) {
		print substr($0, RSTART, RLENGTH - 5) } /^\/\*\*/ && !/\*\// { next } { d = 0 }' "$h"); do
	tr '\n' ' ' <"$h" | grep -Eq "PMUKIT_API[^;(]*[^a-z0-9_]$f *\(" && documented=$((documented + 1))
done
expect_eq "a section 3 page per documented function of pmukit.h" \
	"$(find "$tmp/man3" -name '*.3' | wc -l)" "$documented"

# groff: -ww every warning, -z no output; anything on stderr is a defect.
for f in "$tmp"/man1/*.1 "$tmp"/man3/*.3; do
	out=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$f" 2>&1)
	if [ -z "$out" ]; then ok "groff renders $(basename "$f") without warnings"
	else nok "groff renders $(basename "$f") without warnings"; diag "$out"; fi
done
if command -v man >/dev/null; then
	for f in "$tmp/man1/pmukit.1" "$tmp/man1/pmukit-stat.1" "$tmp/man3/pmukit_open.3"; do
		err=$(MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$f" 2>&1 >"$tmp/out")
		if [ -z "$err" ] && grep -q "^NAME" "$tmp/out"; then ok "man -l $(basename "$f")"
		else nok "man -l $(basename "$f")"; diag "$err"; fi
	done
else
	skip "no man (man-db)" "man -l renders the pages"
fi

# make install: the pages and the completion, where MANDIR and BASHCOMPDIR say.
need_writable_tree
root=$tmp/root
if out=$(tree_make -s -C "$top" install PREFIX=/usr DESTDIR="$root" PC_FILE="$tmp/pmukit.pc" 2>&1); then
	check "make install: pmukit-stat(1) under MANDIR" test -f "$root/usr/share/man/man1/pmukit-stat.1"
	check "make install: pmukit_open(3) under MANDIR" test -f "$root/usr/share/man/man3/pmukit_open.3"
	check "make install: the bash completion under BASHCOMPDIR" \
		test -f "$root/usr/share/bash-completion/completions/pmukit"
else
	nok "make install PREFIX=/usr DESTDIR=..."; diag "$out"
fi
tap_done
