# SPDX-License-Identifier: MIT
# shellcheck shell=sh
# Sourced by kmod-tests.sh (it has KO, SYS, field, unload, no_access, pmuv3
# and the TAP helpers): /dev/pmukit, full PMU access for the process that
# opens it, only while it runs; every other process keeps mode=read's access
# (reads on PMUv3, nothing on ARMv7).
#
#   dev_tests exact|smp   run as an unprivileged user (asuser: uid 1000), with
#                         and without the group the device is given (900); exact:
#                         one CPU under -icount, counts compared exactly
DEV=/dev/pmukit
DEV_UID=1000 DEV_GID=1000 DEV_GRP=900
KEEP_V=0x5a5a5

# as_user [GROUP] CMD...: CMD as the unprivileged user, its group GROUP.
as_user() { asuser $DEV_UID "$@"; }

dev_tests() {
	exact=0
	[ "$1" = exact ] && exact=1
	dmesg -c >/dev/null
	# No parameter: least privilege, read only for every process but the device's.
	check "device: insmod pmukit.ko (no parameter)" insmod $KO
	expect_eq "device: the default mode is read" "$(cat $SYS/mode)" read
	log=$(dmesg)
	if [ "$pmuv3" = 1 ]; then
		words="mode=read: user space may read the module's counters (and any event counter) but not program them; a process that opens $DEV may program the counters perf and the module do not hold, only while it runs"
	else
		words="mode=read: user space has no access (this PMU has no read-only user access); a process that opens $DEV may program the counters perf does not hold, only while it runs"
	fi
	if echo "$log" | grep -qF "pmukit: $words"; then
		ok "device: the load message says what mode=read allows and what $DEV gives"
	else nok "device: the load message says what mode=read allows and what $DEV gives"; diag "$log"; fi
	if [ -c $DEV ]; then
		expect_eq "device: $DEV is 0660 root:root (the administrator gives it a group)" \
			"$(stat -c '%a %u:%g' $DEV)" "660 0:0"
	else nok "device: $DEV is a character device"; fi

	# Without the opt-in an unprivileged process cannot program the PMU.
	out=$(as_user $DEV_GID pmutest write-pmcr); rc=$?
	expect_eq "device: without $DEV an unprivileged write to PMCR faults" $rc 3
	if [ "$pmuv3" = 0 ]; then
		out=$(as_user $DEV_GID pmutest probe); rc=$?
		expect_eq "device: ARMv7, mode=read: an unprivileged read of the cycle counter faults (no read-only access)" $rc 3
	fi
	out=$(as_user $DEV_GID pmutest write-pmcr -d); rc=$?
	if [ $rc = 4 ] && echo "$out" | grep -q "Permission denied"; then
		ok "device: a user outside the device's group cannot open $DEV (EACCES)"
	else nok "device: a user outside the device's group cannot open $DEV"; diag "rc=$rc $out"; fi

	chgrp $DEV_GRP $DEV
	out=$(as_user $DEV_GRP pmutest write-pmcr -d); rc=$?
	expect_eq "device: in the device's group, the process holding $DEV writes PMCR" $rc 0
	out=$(as_user $DEV_GRP pmutest swinc 1000 -d); rc=$?
	expect_eq "device: the process holding $DEV programs counter 0: 1000 SW_INCR count 1000" \
		"$rc $(field "$out" count)" "0 1000"
	out=$(as_user $DEV_GID pmutest write-pmcr); rc=$?
	expect_eq "device: after it closed $DEV, another process's write to PMCR faults" $rc 3

	# pmukit stat through the device: the command is adopted (PMUKIT_IOC_ADOPT),
	# counted with the process holding it, and so are the children it starts.
	# Same addresses in every run: two runs then differ by the loop only.
	aslr=$(cat /proc/sys/kernel/randomize_va_space)
	echo 0 > /proc/sys/kernel/randomize_va_space
	# QEMU counts instructions only under -icount; without it, cycles.
	ev=INST_RETIRED:u
	[ "$exact" = 1 ] || ev=CPU_CYCLES:u
	for form in command child; do
		for n in 1000 2000; do
			# The smallest of 5 runs: an interrupt can add a user instruction
			# on 32-bit guests (quiet.sh), and interrupts only ever add.
			if [ $form = command ]; then
				out=$(as_user $DEV_GRP pmukit stat --path direct --json -r 5 -e $ev -- stat_loop $n 2>&1)
			else
				out=$(as_user $DEV_GRP pmukit stat --path direct --json -r 5 -e $ev -- forkrun stat_loop $n 2>&1)
			fi
			rc=$?
			v=$(printf '%s\n' "$out" | sed -n 's/^ *"min": \([0-9]*\),$/\1/p' | head -n 1)
			eval "rc_$n=\$rc v_$n=\$v"
		done
		what="pmukit stat --path direct -e $ev as the device's group: stat_loop as the $form"
		# (forkrun: a parent whose own instructions are the same every run, as a shell's are not)
		[ $form = child ] && what="$what of the command (forkrun)"
		if [ "$exact" = 1 ]; then
			# stat_loop: two instructions an iteration; the rest of both runs alike.
			if [ "$rc_1000 $rc_2000" = "0 0" ] && [ -n "$v_1000" ] && [ -n "$v_2000" ] &&
			   [ $((v_2000 - v_1000)) = 2000 ]; then
				ok "device: $what: 1000 iterations more count exactly 2000 more ($v_1000, $v_2000)"
			else nok "device: $what: 1000 iterations more, 2000 more"; diag "exit $rc_1000 $rc_2000, '$v_1000' '$v_2000'" "$out"; fi
		elif [ "$rc_1000 $rc_2000" = "0 0" ] && [ "${v_1000:-0}" -gt 2000 ] && [ "${v_2000:-0}" -gt 4000 ]; then
			ok "device: $what: counted ($v_1000, $v_2000)"
		else nok "device: $what: counted"; diag "exit $rc_1000 $rc_2000, '$v_1000' '$v_2000'" "$out"; fi
	done
	echo "$aslr" > /proc/sys/kernel/randomize_va_space
	# What the device's holder does leaves another task's perf events as they were.
	if [ "$exact" = 1 ] && perfpeer none >/dev/null 2>&1; then
		peer_eq "device: an unprivileged pmukit stat --path direct (another process) leaves a task's perf counts unchanged" \
			exec:true "exec:asuser $DEV_UID $DEV_GRP pmukit stat --path direct -e INST_RETIRED:u,CPU_CYCLES:u -- stat_loop 1000"
	elif [ "$exact" = 1 ]; then
		skip "perf has no PMU events here" "device: pmukit stat through $DEV beside perf"
	fi

	# The holder's counter 0 survives its task switches (sleeps); another
	# process on the same CPU meanwhile reads it as 0 (PMUv3) or faults (ARMv7).
	as_user $DEV_GRP pmutest keep $KEEP_V 3000 -d >/tmp/keep.out 2>&1 &
	kp=$!
	sleep 1
	other=$(as_user $DEV_GID pmutest getctr 0 -c 0); orc=$?
	wpmcr=$(as_user $DEV_GID pmutest write-pmcr); wrc=$?
	wait $kp; krc=$?
	keep=$(cat /tmp/keep.out)
	diag "holder: $keep (rc $krc); another process on cpu0 meanwhile: $other (rc $orc)"
	expect_eq "device: the holder's counter 0 keeps its value across its task switches" \
		"$krc $(field "$keep" kept)" "0 yes"
	if [ "$pmuv3" = 1 ]; then
		expect_eq "device: meanwhile another process on the same CPU reads counter 0 as 0 (scrubbed), not the holder's $KEEP_V" \
			"$orc $(field "$other" value)" "0 0x0"
	else
		expect_eq "device: meanwhile another process on the same CPU faults reading counter 0" $orc 3
	fi
	expect_eq "device: meanwhile another process's write to PMCR faults" $wrc 3

	# The same, many times over, each round a first open and a last close,
	# with CPU 1 switching tasks all the while (two CPUs; the arm64 cells
	# only, for the time it takes on the 32-bit ones).
	if [ "$exact" = 0 ] && [ "$(uname -m)" = aarch64 ]; then
		t0=$(date +%s)
		expect 0 '^holder_stress: rounds=500 bad=0$' \
			"device: 500 rounds of open, counter 0 set, switch to another process, close: it never read the holder's counter nor had full access" \
			-- as_user $DEV_GRP holder_stress 500
		diag "holder_stress 500: $(( $(date +%s) - t0 )) s: $(printf '%s\n' "$out" | tail -n 1)"
	fi

	out=$(as_user $DEV_GRP pmutest counters -d); diag "$out"
	ctrs=$(field "$out" counters)
	n=$(( $(cat $SYS/cpu0/pmcr) >> 11 & 31 ))
	if [ "$pmuv3" = 1 ]; then
		# The cycle counter is the module's in mode=read: never the holder's.
		expect_eq "device: PMUKIT_IOC_COUNTERS: every event counter, not the module's cycle counter" \
			"$ctrs" "$(printf '0x%08x' $(( (1 << n) - 1 )))"
	else
		expect_eq "device: PMUKIT_IOC_COUNTERS: every event counter and the cycle counter (ARMv7: the module holds none)" \
			"$ctrs" "$(printf '0x%08x' $(( (1 << n) - 1 | 0x80000000 )))"
	fi

	check "device: root opens $DEV and writes PMCR" pmutest write-pmcr -d
	pmutest keep 1 2000 -d >/dev/null &
	kp=$!
	sleep 1
	if rmmod pmukit 2>/dev/null; then nok "device: rmmod refused while a process holds $DEV"
	else ok "device: rmmod refused while a process holds $DEV"; fi
	wait $kp
	check "device: rmmod once nobody holds $DEV" rmmod pmukit
	check "device: no Oops, WARNING or BUG in the kernel log" kernel_clean
	unload
}
