# SPDX-License-Identifier: MIT
# shellcheck shell=sh
# Sourced by scope-tests.sh (it has run, row, N, M, pinned, intervals,
# offline, count_of, agree and the TAP helpers): whole CPUs on the direct
# path, through pmukit.ko. A thread pinned to each CPU programs and reads
# that CPU's counters, which the module keeps counting across every task
# switch (PMUKIT_IOC_CPUWIDE): loaded without events=, so that the direct
# path programs its own counters.
KO=/lib/modules/pmukit.ko

direct_tests() {
	if ! insmod $KO 2>/dev/null; then
		nok "direct: insmod pmukit.ko"
		return
	fi
	pinned "direct: " --path direct
	intervals "direct: " --path direct
	offline "direct: " --path direct

	# -a -- CMD: the command on either path, with each path's own work.
	count_of INST_RETIRED:u pmukit stat --path direct -a -x, -e INST_RETIRED:u -- stat_loop $M; dk=$cnt
	count_of INST_RETIRED:u pmukit stat --path perf -a -x, -e INST_RETIRED:u -- stat_loop $M
	agree "direct: -a -- CMD agrees with the perf path's -a" "$dk" "$cnt"

	# :u and :k are the counters' own filters: the loop (user space) is in
	# CPU2's :u count exactly, and not in its :k count.
	run taskset 1 pmukit stat --path direct -C 2 -A -x, -e INST_RETIRED:u,INST_RETIRED:k -- taskset 4 stat_loop $N
	u1=$(row CPU2 INST_RETIRED:u) k1=$(row CPU2 INST_RETIRED:k)
	run taskset 1 pmukit stat --path direct -C 2 -A -x, -e INST_RETIRED:u,INST_RETIRED:k -- taskset 4 stat_loop $((4 * N))
	u2=$(row CPU2 INST_RETIRED:u) k2=$(row CPU2 INST_RETIRED:k)
	if [ -n "$u1" ] && [ -n "$u2" ] && [ -n "$k1" ] && [ -n "$k2" ] &&
		[ $((u2 - u1)) -ge $((6 * N)) ] && [ $((k2 > k1 ? k2 - k1 : k1 - k2)) -lt $((N / 2)) ]; then
		ok "direct: -C 2 :u counts the user loop, :k does not ($u1/$k1, 4N: $u2/$k2)"
	else nok "direct: -C 2 :u and :k filter the levels"; diag "$u1/$k1, 4N: $u2/$k2: $out"; fi

	# The right perf stat -a needs: pmukit.ko asks for CAP_PERFMON.
	chgrp 1000 /dev/pmukit
	expect 1 "counting whole CPUs \(-a, -C\) on the direct path needs CAP_PERFMON or root" \
		"direct: -a as a user who may open /dev/pmukit, without CAP_PERFMON: exit 1, says why" \
		-- asuser 1000 1000 pmukit stat --path direct -a -e INST_RETIRED:u --duration 0.1
	chgrp 0 /dev/pmukit

	# One process at a time counts a CPU whole: a second is refused.
	pmukit stat --path direct -C 2 -e INST_RETIRED:u --duration 2 >/dev/null 2>&1 &
	first=$!
	sleep 0.5
	expect 1 "cpu 2 is counted whole by another process through /dev/pmukit" \
		"direct: -C 2 while another pmukit counts CPU 2: exit 1, says why" \
		-- pmukit stat --path direct -C 2 -e INST_RETIRED:u --duration 0.1
	wait "$first"

	# -p stays the perf path's: a task moves between CPUs.
	expect 1 "the direct path cannot count a process or thread \(-p, -t\)" \
		"direct: -p is refused, naming the perf path" \
		-- pmukit stat --path direct -p 1 -e INST_RETIRED:u -- true
	rmmod pmukit
	check "direct: no kernel warning" kernel_clean
}
