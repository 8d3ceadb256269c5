#!/bin/sh
# SPDX-License-Identifier: MIT
# tools/lib/userns-root, which tools/debian-system runs debootstrap's second
# stage under: the command is root of a new user namespace whose ids are
# this machine's own (a file it gives to user 42 is user 42's here too), its
# exit status is the tool's, and a binfmt_misc mounted in it is its own.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, tmp_dir; TAP 13 (tests/tap.sh)
tmp_dir userns-root
u="$top/tools/lib/userns-root"

[ "$(id -u)" = 0 ] || skip_all "not root: only root may map every id of a user namespace"
command -v python3 >/dev/null || skip_all "python3 is missing (tools/deps installs it)"
if ! err=$("$u" true 2>&1); then
	skip_all "no user namespace can be made here: $err"
fi

expect_eq "the command runs as root of the namespace" "$("$u" id -u)" 0
expect_eq "every id maps to itself" "$("$u" cat /proc/self/uid_map | tr -s ' ' | sed 's/^ //')" "0 0 4294967295"
expect_eq "a new user namespace, not this one" \
	"$("$u" readlink /proc/self/ns/user | grep -cx "$(readlink /proc/self/ns/user)")" 0
touch "$tmp/f"
"$u" chown 42:43 "$tmp/f"
expect_eq "a file given to 42:43 in it is 42:43 here" "$(stat -c %u:%g "$tmp/f")" 42:43
"$u" sh -c 'exit 7'
expect_eq "its exit status is the command's" "$?" 7
"$u" sh -c 'kill -TERM $$'
expect_eq "a command ended by SIGTERM: 128 + 15" "$?" 143
"$u" /nonexistent/cmd 2>"$tmp/err"
expect_eq "a command that cannot be run: 127" "$?" 127

# binfmt_misc of its own: Linux 6.7 and later (a SKIP before).
bm=/proc/sys/fs/binfmt_misc
host_entries=$(ls "$bm" 2>/dev/null | sort | tr '\n' ' ')
ns="unshare --mount --pid --fork --mount-proc --propagation private"
# shellcheck disable=SC2016 # expanded in the namespace
if out=$("$u" $ns sh -c 'mount -t binfmt_misc binfmt_misc '"$bm"' 2>&1 || exit 3
	printf "%s" ":pmukit-test:E::pmukittest::/bin/true:" > '"$bm"'/register || exit 4
	ls '"$bm"'' 2>&1); then
	if printf '%s\n' "$out" | grep -qx pmukit-test; then ok "an entry registered in its binfmt_misc is there"
	else nok "an entry registered in its binfmt_misc is there"; diag "$out"; fi
	expect_eq "this machine's binfmt_misc is as it was" "$(ls "$bm" 2>/dev/null | sort | tr '\n' ' ')" "$host_entries"
elif [ "$?" = 3 ]; then
	skip "no binfmt_misc of its own in a user namespace (Linux before 6.7): $out" "an entry registered in its binfmt_misc is there"
	skip "no binfmt_misc of its own" "this machine's binfmt_misc is as it was"
else
	nok "an entry registered in its binfmt_misc is there"
	diag "$out"
	nok "this machine's binfmt_misc is as it was"
fi
tap_done
