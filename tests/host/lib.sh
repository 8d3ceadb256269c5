# SPDX-License-Identifier: MIT
# shellcheck shell=sh disable=SC2034 # the variables are for the sourcing scripts
# The preamble of the host's shell tests (tests/host/*.t), sourced first:
#   . "$(dirname "$0")/lib.sh"
# It sets top (the repository) and arch (this machine's ARCH=, so that
# build/$arch is its build) and sources tests/tap.sh, which prints the TAP
# header. Then:
#   tmp_dir NAME          tmp: a new directory, removed on exit (Bail out! if none)
#   need_writable_tree    skip_all unless this user may write build/ (make install)
#   c_example FILE NAME   prints the ```c block of FILE whose first line names NAME
#   tree_make ARGS...     make in this tree, one test at a time
top=$(cd "$(dirname "$0")/../.." && pwd)
# A test's own make runs on its own: under 'make -j2 check-host' prove
# inherits the parent's MAKEFLAGS, whose jobserver descriptors it does not
# have, and a nested make then warns "jobserver unavailable" on stderr,
# before the output a test compares.
unset MAKEFLAGS MFLAGS MAKELEVEL
# shellcheck source=tests/tap.sh
. "$top/tests/tap.sh"
# As mk/config.mk decides it: from the native compiler, not the kernel.
case $(${NATIVE_CC:-gcc} -dumpmachine 2>/dev/null) in
x86_64-*) arch=x86_64 ;;
aarch64-*) arch=arm64 ;;
arm*-*) arch=arm ;;
*) arch=$(uname -m) ;;
esac

tmp_dir() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmukit-$1.XXXXXX") || {
		echo "Bail out! cannot create a directory in ${TMPDIR:-/tmp} (TMPDIR)"
		exit 1
	}
	trap 'rm -rf "$tmp"' EXIT
}

need_writable_tree() {
	if [ ! -w "$top" ] || { [ -e "$top/build" ] && [ ! -w "$top/build" ]; }; then
		skip_all "$top is not writable by this user: make install writes build/"
	fi
}

c_example() {
	awk -v name="$2" '
		/^```c$/ { inblock = 1; first = 1; next }
		/^```$/ { if (keep) exit; inblock = 0; next }
		inblock && first { first = 0; keep = index($0, name ":") > 0 }
		inblock && keep { print }' "$1"
}

# prove runs the tests two at a time: two makes in this tree that find the
# same files out of date (the library after a change, make install's
# pmukit.pc) would write them at once. The tests' makes take turns.
tree_make() {
	mkdir -p "$top/build"
	flock "$top/build/.tests-make.lock" make "$@"
}
