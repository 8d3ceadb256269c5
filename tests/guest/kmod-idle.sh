# SPDX-License-Identifier: MIT
# shellcheck shell=sh
# The module's CPU PM notifier: idle states that lose the CPU's context.
# Sourced by kmod-tests.sh (uses its KO, SYS, unload and the TAP helpers of
# tap.sh); idle_tests runs at the end of its exact and smp suites.
#
# tools/qemu-run --idle-states gives the virt machine a PSCI core power-down
# state, which the kernel's cpuidle-psci driver shows as state1 and enters
# between cpu_pm_enter() and cpu_pm_exit(). QEMU 7.2 implements PSCI
# CPU_SUSPEND as a WFI that returns, which the kernel counts as a failed
# entry ('rejected', not 'usage'); the CPU PM calls around it happen either
# way, so the tests count an entry as usage + rejected.
#
# On every CPU PM exit the kernel's PMU driver resets the PMU as after a
# power-up (drivers/perf/arm_pmu.c, cpu_pm_pmu_notify -> armv8pmu_reset):
# PMCR.E and the counter enables cleared, every counter zeroed. The module's
# notifier, registered after it, turns the PMU back on. Counter values do
# not survive: the suite's reset=0 test, which carries a value across an
# unload and a reload, fails whenever a CPU enters state1 in between. So the
# state is disabled on every CPU while the other tests run (as if the tree
# had none) and enabled for idle_tests only.
CPUS=/sys/devices/system/cpu

# Why the CPUs have no idle state to lose context in; empty when they have.
idle_missing() {
	[ ! -d $CPUS/cpu0/cpuidle/state1 ] || return 0
	drv=$(cat $CPUS/cpuidle/current_driver 2>/dev/null)
	if [ ! -d $CPUS/cpuidle ]; then
		echo "this kernel has no cpuidle (CONFIG_CPU_IDLE is off): no idle state calls the CPU PM notifiers"
	elif [ ! -d /sys/firmware/devicetree/base/cpus/idle-states ]; then
		echo "the device tree has no idle states (QEMU's virt machine has none; tools/qemu-run --idle-states adds one); cpuidle driver '$drv'"
	else
		echo "the device tree has PSCI idle states but no cpuidle driver uses them (driver '$drv': this kernel lacks CONFIG_ARM_PSCI_CPUIDLE)"
	fi
}

# Entries into state1, one count a CPU: usage (entered and left) + rejected
# (the firmware returned at once); `rejected` exists since Linux 5.6.
idle_entries() {
	for s in $CPUS/cpu[0-9]*/cpuidle/state1; do
		printf '%d ' $(($(cat $s/usage) + $(cat $s/rejected 2>/dev/null || echo 0)))
	done
}
# How many counts in the list are above 0.
idle_positive() { echo "$1" | awk '{ for (i = 1; i <= NF; i++) g += $i > 0; print g + 0 }'; }

# idle_hold 1|0: disable (1) or enable (0) state1 on every CPU.
idle_hold() {
	for d in $CPUS/cpu[0-9]*/cpuidle/state1/disable; do
		[ ! -e "$d" ] || echo "$1" > "$d"
	done
}
idle_hold 1
IDLE_HELD=$(idle_entries 2>/dev/null)

# PMCR.E and the cycle counter's enable (PMCNTENSET bit 31), "E/C" a CPU,
# as the module reads them on each CPU.
idle_pmu_on() {
	for c in $SYS/cpu[0-9]*; do
		printf '%d/%d ' $(($(cat $c/pmcr) & 1)) $(($(cat $c/pmcntenset) >> 31 & 1))
	done
}

# Suspend-to-idle entries into state1, one count a CPU; '-' when the state
# has no s2idle entry of its own.
idle_s2idle_entries() {
	[ -d $CPUS/cpu0/cpuidle/state1/s2idle ] || { echo -; return; }
	cat $CPUS/cpu[0-9]*/cpuidle/state1/s2idle/usage | tr '\n' ' '
}

# idle_grew "A..." "B...": how many of the counts in B exceed those in A.
idle_grew() {
	echo "$1" "$2" | awk '{ h = NF / 2; for (i = 1; i <= h; i++) g += $(h + i) > $i; print g + 0 }'
}

idle_counts() {
	for s in $CPUS/cpu[0-9]*/cpuidle/state1; do
		c=${s#$CPUS/}; c=${c%%/*}
		printf '%s usage %s rejected %s; ' $c "$(cat $s/usage)" "$(cat $s/rejected 2>/dev/null)"
	done
}

# idle_window: sleep 1 s (every CPU idles); sets win_entries (per CPU) and
# win_exits to what grew meanwhile.
idle_window() {
	e0=$(idle_entries) x0=$(cat $SYS/idle_exits)
	sleep 1
	e1=$(idle_entries) x1=$(cat $SYS/idle_exits)
	win_entries=$(echo "$e0" "$e1" | awk '{ h = NF / 2; for (i = 1; i <= h; i++) printf "%d ", $(h + i) - $i }')
	win_exits=$((x1 - x0))
}

idle_tests() {
	unload
	why=$(idle_missing)
	if [ -n "$why" ]; then
		skip "$why" "CPU PM notifier: idle_exits counts exits from a power-down idle state"
		return
	fi
	s1=$CPUS/cpu0/cpuidle/state1
	diag "cpuidle driver $(cat $CPUS/cpuidle/current_driver), state1 '$(cat $s1/name)', $(idle_counts)"
	expect_eq "idle: while disabled for the other tests, no CPU entered state1" "$(idle_entries)" "$IDLE_HELD"
	idle_hold 0
	ncpu=$(echo $IDLE_HELD | wc -w)
	all_on=$(i=0; while [ $i -lt "$ncpu" ]; do printf '1/1 '; i=$((i + 1)); done)

	check "idle: insmod pmukit.ko (CPU PM notifier registered)" insmod $KO global_full_access=1
	idle_window
	diag "1 s idle: state1 entries per CPU $win_entries, idle_exits +$win_exits; $(idle_counts)"
	expect_eq "idle: every CPU entered the power-down state1" "$(idle_positive "$win_entries")" "$ncpu"
	if [ "$win_exits" -gt 0 ]; then ok "idle: the CPU PM notifier re-applied the setup on exit (idle_exits +$win_exits)"
	else nok "idle: the CPU PM notifier re-applied the setup on exit (idle_exits grew)"; fi
	expect_eq "idle: PMCR.E and the cycle counter enabled on every CPU after idling (E/C a CPU)" \
		"$(idle_pmu_on)" "$all_on"
	check "idle: user access on every CPU after idling" pmutest percpu
	# EL0's counts run on across idle: values planted in cpu0's cycle counter
	# and event counter 0 are still there after 1 s of idling, although the
	# kernel's PMU driver zeroes every counter on each idle exit.
	pmutest setcc 0xf0000000 >/dev/null
	pmutest setctr 0 0x40000000 >/dev/null
	idle_window
	cc=$(pmutest probe -c 0 | sed -n 's/.*cycle counter 0x\([0-9a-f]*\)).*/\1/p')
	ev=$(field "$(pmutest getctr 0)" value)
	diag "after 1 s idle (idle_exits +$win_exits): cycle counter 0x$cc, counter 0 $ev"
	if [ "$win_exits" -gt 0 ] && [ $((0x${cc:-0} >= 0xf0000000)) = 1 ] && [ $((${ev:-0} >= 0x40000000)) = 1 ]; then
		ok "idle: EL0's cycle counter and event counter keep their counts across idle exits (the module puts back what perf's reset zeroed)"
	else nok "idle: EL0's counters keep their counts across idle exits"; fi

	idle_s2idle
	expect_eq "s2idle: PMCR.E and the cycle counter enabled on every CPU after resume" "$(idle_pmu_on)" "$all_on"

	check "idle: rmmod" rmmod pmukit
	idle_read_scrub
	# Negative control: without the notifier nothing counts the exits and
	# the PMU stays as the kernel's driver left it: stopped.
	insmod $KO global_full_access=1 hotplug=0
	idle_window
	diag "hotplug=0, 1 s idle: state1 entries per CPU $win_entries"
	expect_eq "idle control (hotplug=0, no notifier): idle_exits stays 0 while every CPU entered state1" \
		"$(cat $SYS/idle_exits) $(idle_positive "$win_entries")" "0 $ncpu"
	expect_eq "idle control (hotplug=0): the PMU driver's reset left PMCR.E and the cycle counter off on every CPU" \
		"$(idle_pmu_on)" "$(echo "$all_on" | tr 1 0)"
	unload
	idle_hold 1
	check "idle: no Oops, WARNING or BUG in the kernel log" kernel_clean
}

# mode=read across idle exits: the counts a perf session left in counters it
# gave up are zeroed before the notifier opens EL0 reads again, and never
# written back over the perf driver's reset (unowned_nonzero: kmod-tests.sh).
# shellcheck disable=SC2154 # unowned, nonzero: set by unowned_nonzero (kmod-tests.sh)
idle_read_scrub() {
	if ! insmod $KO mode=read events=0x08:u 2>/dev/null; then
		skip "mode=read needs PMUv3 (refused here)" "idle (mode=read): after a perf session and idle exits, every counter nobody owns reads 0"
		return
	fi
	out=$(perfpeer -a -n 1000 none 2>&1); rc=$?
	if [ $rc = 3 ]; then
		skip "perf has no hardware PMU in this guest: $out" "idle (mode=read): after a perf session and idle exits, every counter nobody owns reads 0"
		rmmod pmukit
		return
	fi
	idle_window
	unowned_nonzero
	diag "mode=read, a CPU-wide perf session ($out), then 1 s idle (idle_exits +$win_exits): $unowned counters the module does not own, not 0: ${nonzero:-none}"
	if [ "$win_exits" -gt 0 ] && [ "$unowned" -gt 0 ] && [ -z "$nonzero" ]; then
		ok "idle (mode=read): after a perf session and idle exits, every counter nobody owns reads 0 (nothing written back over perf's reset)"
	else nok "idle (mode=read): after a perf session and idle exits, every counter nobody owns reads 0"; fi
	rmmod pmukit
}

# Suspend-to-idle, woken by the RTC alarm: every CPU waits in its deepest
# idle state (state1) until the alarm's interrupt, and resumes through the
# CPU PM notifiers.
idle_s2idle() {
	rtc=/sys/class/rtc/rtc0
	if ! grep -qw freeze /sys/power/state || [ ! -w $rtc/wakealarm ]; then
		skip "no suspend-to-idle ('$(cat /sys/power/state 2>/dev/null)' in /sys/power/state) or no RTC alarm to wake up" \
			"s2idle: idle_exits grows across a suspend-to-idle"
		return
	fi
	ok0=$(cat /sys/power/suspend_stats/success) x0=$(cat $SYS/idle_exits) s0=$(idle_s2idle_entries)
	echo 0 > $rtc/wakealarm
	# RTC alarms have 1 s resolution: +2 fires 1 to 2 s later, long after
	# the ~30 ms the kernel takes to freeze the tasks.
	echo +2 > $rtc/wakealarm
	err=$(echo freeze 2>&1 > /sys/power/state); rc=$?
	x1=$(cat $SYS/idle_exits) s1=$(idle_s2idle_entries)
	irq=$(cat /sys/power/pm_wakeup_irq 2>/dev/null)
	diag "s2idle: rc $rc $err, suspend_stats/success $ok0 -> $(cat /sys/power/suspend_stats/success), wake-up IRQ '$irq', idle_exits $x0 -> $x1, state1 s2idle usage per CPU $s0-> $s1"
	expect_eq "s2idle: echo freeze > /sys/power/state succeeds, one more successful suspend" \
		"$rc $(cat /sys/power/suspend_stats/success)" "0 $((ok0 + 1))"
	if [ -n "$irq" ] && grep -q "^ *$irq:.*rtc" /proc/interrupts && [ -z "$(cat $rtc/wakealarm)" ]; then
		ok "s2idle: the RTC alarm (IRQ $irq) woke the system"
	else nok "s2idle: the RTC alarm woke the system"; diag "$(grep rtc /proc/interrupts)"; fi
	if [ "$x1" -gt "$x0" ]; then ok "s2idle: the CPU PM notifier ran across the suspend (idle_exits +$((x1 - x0)))"
	else nok "s2idle: the CPU PM notifier ran across the suspend (idle_exits grew)"; fi
	if [ "$s0" = - ]; then
		skip "state1 has no s2idle entry (no s2idle/ in sysfs): the CPUs suspend through its ordinary entry" \
			"s2idle: every CPU suspended in state1"
	else
		ncpu=$(echo $s0 | wc -w)
		expect_eq "s2idle: every CPU suspended in state1 (its s2idle usage grew on all $ncpu)" \
			"$(idle_grew "$s0" "$s1")" "$ncpu"
	fi
	check "s2idle: user access on every CPU after resume" pmutest percpu
}
