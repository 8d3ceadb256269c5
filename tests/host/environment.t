#!/bin/sh
# SPDX-License-Identifier: MIT
# The PMUKIT_* environment variables (TAP): a set-user-ID program may link
# the library, so every one is read with secure_getenv(), which gives NULL
# there, never with getenv(); and the library's file named by one of them
# (the region report's) is opened without following a symbolic link.
set -u
# shellcheck source=tests/host/lib.sh
. "$(dirname "$0")/lib.sh"	# top, arch; TAP 13 (tests/tap.sh)
cd "$top" || exit 1

# Every C source and header of the tree, tests included (a test copies what it sees).
sources=$(find lib cli core fw include kmod tests tools -name '*.[ch]' | sort)

# getenv( of a PMUKIT_ name, with spaces or a line break before the name.
plain=$(printf '%s\n' "$sources" | xargs grep -nE '(^|[^_[:alnum:]])getenv[[:space:]]*\([[:space:]]*"PMUKIT_' || true)
if [ -z "$plain" ]; then ok "no getenv(\"PMUKIT_...\"): secure_getenv for every one"
else nok "no getenv(\"PMUKIT_...\"): secure_getenv for every one"; diag "$plain"; fi

# The variables the library documents, each read somewhere, each securely.
for v in PMUKIT_PATH PMUKIT_SYSFS_ROOT PMUKIT_REGIONS_EVENTS PMUKIT_REGIONS_FORMAT \
	PMUKIT_REGIONS_RAW PMUKIT_REGIONS_OUTPUT; do
	n=$(grep -c "secure_getenv(\"$v\")" lib/*.c | awk -F: '{ s += $2 } END { print s + 0 }')
	if [ "$n" -ge 1 ]; then ok "lib/ reads \$$v with secure_getenv"
	else nok "lib/ reads \$$v with secure_getenv"; fi
done

# The region report's file: no symbolic link followed, not inherited by an exec.
if grep -Eq 'open\(name, [^)]*O_NOFOLLOW' lib/regions_exit.c && grep -Eq 'open\(name, [^)]*O_CLOEXEC' lib/regions_exit.c &&
   ! grep -Eq 'fopen\((reg_)?cfg\.output' lib/regions_exit.c; then
	ok "lib/regions_exit.c opens \$PMUKIT_REGIONS_OUTPUT with O_NOFOLLOW and O_CLOEXEC"
else nok "lib/regions_exit.c opens \$PMUKIT_REGIONS_OUTPUT with O_NOFOLLOW and O_CLOEXEC"; fi

tap_done
