# SPDX-License-Identifier: MIT
# shellcheck shell=sh
# The module's CPU PM notifier: idle states that lose the CPU's context.
# Sourced by kmod-tests.sh (uses its KO, SYS, unload, no_access and the TAP
# helpers of tap.sh); idle_tests runs at the end of its exact and smp suites.
#
# tools/qemu-run --idle-states gives the virt machine a PSCI core power-down
# state, which the kernel's cpuidle-psci driver shows as state1 and enters
# between cpu_pm_enter() and cpu_pm_exit(). QEMU 7.2 implements PSCI
# CPU_SUSPEND as a WFI that returns, which the kernel counts as a failed
# entry ('rejected', not 'usage'); the CPU PM calls around it happen either
# way, so the tests count an entry as usage + rejected.
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

# Entries into state1 on every CPU: usage (entered and left) + rejected
# (the firmware returned at once); `rejected` exists since Linux 5.6.
idle_entries() {
	t=0
	for s in $CPUS/cpu[0-9]*/cpuidle/state1; do
		t=$((t + $(cat $s/usage) + $(cat $s/rejected 2>/dev/null || echo 0)))
	done
	echo $t
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

# idle_window VAR: sleep 1 s (every CPU idles), set VAR to "entries exits"
# grown meanwhile.
idle_window() {
	e0=$(idle_entries) x0=$(cat $SYS/idle_exits)
	sleep 1
	e1=$(idle_entries) x1=$(cat $SYS/idle_exits)
	eval "$1=\"$((e1 - e0)) $((x1 - x0))\""
}

idle_tests() {
	unload
	why=$(idle_missing)
	if [ -n "$why" ]; then
		skip "$why" "CPU PM notifier: idle_exits counts exits from a power-down idle state"
		return
	fi
	s1=$CPUS/cpu0/cpuidle/state1
	diag "cpuidle driver $(cat $CPUS/cpuidle/current_driver), state1 '$(cat $s1/name)' ($(cat $s1/desc)), $(idle_counts)"

	check "idle: insmod pmukit.ko (CPU PM notifier registered)" insmod $KO
	idle_window w
	set -- $w
	diag "1 s idle: $1 state1 entries, idle_exits +$2; $(idle_counts)"
	if [ "$1" -gt 0 ]; then ok "idle: the CPUs entered the power-down state1 ($1 times in 1 s)"
	else nok "idle: the CPUs entered the power-down state1"; fi
	if [ "$2" -gt 0 ]; then ok "idle: the CPU PM notifier re-applied the setup on exit (idle_exits +$2)"
	else nok "idle: the CPU PM notifier re-applied the setup on exit (idle_exits grew)"; fi
	check "idle: user access on every CPU after idling" pmutest percpu

	idle_s2idle

	check "idle: rmmod" rmmod pmukit
	# Negative control: no notifier, no count, though the CPUs idle as before.
	insmod $KO hotplug=0
	idle_window w
	set -- $w
	expect_eq "idle control (hotplug=0, no notifier): idle_exits stays 0 over $1 state1 entries (> 0)" \
		"$(cat $SYS/idle_exits)/$(( $1 > 0 ))" "0/1"
	unload
	check "idle: no Oops, WARNING or BUG in the kernel log" kernel_clean
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
