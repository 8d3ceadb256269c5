# SPDX-License-Identifier: MIT
# Sourced by the guest suites: one real run of more than 2^32 user
# instructions on the direct path (needs pmukit, stat_loop and tap.sh).
#
# big_count_test WANT: pmukit stat --path direct -e INST_RETIRED:u of
# stat_loop BIG_N (2 * BIG_N > 2^32) must give the exact 64-bit count or
# say "wrapped", never the count modulo 2^32. WANT: "exact" (64-bit event
# counters: PMCR.LP) or "either" (32-bit ones: an exact count needs the
# 64 bits, which they do not have; "wrapped" is the honest answer).
# The exact count is the run of stat_loop 0000000001 (the same number of
# digits, so the same startup) plus 2 * (BIG_N - 1). Under -icount QEMU runs
# the 4.3e9 instructions in about 16 s on one host core.
#
# QEMU 7.2's INST_RETIRED:u under -icount loses one user instruction in a
# run of a second or more, the same on the direct path whether the counter
# is 64 bits or not (max, 6.1: stat_loop 0500000000 exact, 1000000000 and
# 2100000000, which stays below 2^32, one short; so does 2150000000): a
# count within BIG_SLACK of the exact one is the 64-bit count. The low 32
# bits of it are 4.29e9 away.
BIG_N=2150000000
BIG_SLACK=8

# big_value CSV: the INST_RETIRED:u value of pmukit stat -x, output
big_value() { echo "$1" | sed -n 's/^\([^,]*\),,INST_RETIRED:u,.*/\1/p' | head -n 1; }

big_count_test() {
	want=$1
	small=$(pmukit stat --path direct -x, -e INST_RETIRED:u -- stat_loop 0000000001 2>&1)
	small_v=$(big_value "$small")
	big=$(pmukit stat --path direct -x, -e INST_RETIRED:u -- stat_loop $BIG_N 2>&1); rc=$?
	v=$(big_value "$big")
	exact=$((small_v + 2 * (BIG_N - 1)))
	diag "stat_loop $BIG_N: INST_RETIRED:u $v (exit $rc); exact would be $exact," \
		"modulo 2^32 $((exact % 4294967296))"
	case "$v" in
	"<wrapped>")
		if [ "$want" = either ] && [ $rc -eq 1 ] && echo "$big" | grep -q 'count(s) wrapped and are not known'; then
			ok "2^32+ instructions on 32-bit counters: 'wrapped' in words, exit status 1, never the low 32 bits"
		else
			nok "2^32+ instructions: the exact count ($want), not 'wrapped'"; diag "$big"
		fi ;;
	*[!0-9]*|"")
		nok "2^32+ instructions: a count or 'wrapped'"; diag "$small"; diag "$big" ;;
	*)
		d=$((v - exact))
		if [ $d -le $BIG_SLACK ] && [ $d -ge -$BIG_SLACK ] && [ $rc -eq 0 ]; then
			ok "2^32+ instructions: the 64-bit count $v ($d from $exact: QEMU's long-run slack)"
		else
			nok "2^32+ instructions: the 64-bit count $exact (+- $BIG_SLACK), or 'wrapped' (got $v, exit $rc)"
			diag "$big"
		fi ;;
	esac
}
