#!/bin/sh
# SPDX-License-Identifier: MIT
# pmukit doctor against real conditions in a QEMU guest, run by
# tests/qemu/doctor.sh. Each condition is made, the finding is asserted, the
# fix is taken from doctor's own output (--json's fix field) and carried out
# here, then doctor must no longer report it and the path it named must count
# (pmukit stat --path P -e INST_RETIRED:u -- stat_loop 1000: exit 0, a count
# above 0; perf-mmap reads the calling thread's counters only, so there it is
# pmukit selftest --path perf-mmap: exit 0, INST_RETIRED:u measured above 0).
# Prints TAP 13.
#
#   doctor-tests.sh access      arm64 virt machine, QEMU's device tree:
#                               perf_event_paranoid 3 and 2, perf_user_access 0,
#                               the watchdog, the module absent and in each mode,
#                               then a machine where everything works
#   doctor-tests.sh nopmu-before   booted with a tree without /pmu: the finding,
#                               and its fix printed as "# fix no-pmu-node: TEXT"
#                               for the host to apply (tests/qemu/doctor.sh)
#   doctor-tests.sh nopmu-after    booted with that tree and doctor's overlay
#   doctor-tests.sh arm         ARMv7 (Cortex-A15, PMUv2): mode=read and a user
#                               who may not open /dev/pmukit
#   doctor-tests.sh el2         kernel at EL2 (VHE): the note, no fix
#   doctor-tests.sh a9          QEMU's Cortex-A9, whose counters never count
#
# How a printed fix is carried out (apply_fix): the command starts at the
# fix's start when that is "sudo " or "echo ", else at its first "sudo " (after
# a lead-in such as "build it for this kernel: "), and ends before " ("
# (what follows is an explanation); its
# steps are split at " && " and run as root without sudo, except that the
# guest has no /lib/modules tree of its own kernel, no source tree and no DKMS:
#   modprobe pmukit ARGS   ->  insmod /lib/modules/pmukit.ko ARGS
#   make ... / dkms ...    ->  skipped (the host built pmukit.ko for this kernel)
# Any other step (sysctl -w, rmmod, echo | tee) runs as printed.
set -u
KO=/lib/modules/pmukit.ko
mode=${1:?usage: doctor-tests.sh access|nopmu-before|nopmu-after|arm|el2|a9}

. "$(dirname "$0")/tap.sh"	# TAP 13: ok, nok, skip, diag, check, expect_eq, expect

# doctor [asuser UID GID]: pmukit doctor --json as root or as that user:
# sets json and drc (its exit status)
doctor() {
	json=$("$@" pmukit doctor --json 2>&1)
	drc=$?
}
# field NAME KEY: KEY of the finding NAME in $json, its JSON string unescaped
# ("" when there is no such finding)
field() {
	printf '%s\n' "$json" | awk -v name="$1" -v key="$2" '
		index($0, "{\"name\": \"" name "\",") {
			k = "\"" key "\": "
			i = index($0, k)
			if (!i) exit
			s = substr($0, i + length(k))
			if (substr(s, 1, 1) != "\"") { sub(/[,}].*/, "", s); print s; exit }
			v = ""
			for (j = 2; j <= length(s); j++) {
				c = substr(s, j, 1)
				if (c == "\\") {
					j++
					c = substr(s, j, 1)
					if (c == "n") c = "\n"
					else if (c == "t") c = "\t"
				} else if (c == "\"")
					break
				v = v c
			}
			print v
			exit
		}'
}
has_finding() { printf '%s\n' "$json" | grep -q "{\"name\": \"$1\","; }
# finding NAME DESC: ok when doctor reports NAME with a fix
finding() {
	if has_finding "$1" && [ "$(field "$1" fix_needed)" = true ] && [ -n "$(field "$1" fix)" ]; then
		ok "$2"
	else nok "$2"; diag "doctor --json (exit $drc):" "$json"; fi
}
# gone NAME DESC: ok when doctor no longer reports NAME
gone() {
	if ! has_finding "$1"; then ok "$2"; else nok "$2"; diag "doctor --json (exit $drc):" "$json"; fi
}
# works_has REGEX DESC: every finding's "works now" matches REGEX; with no
# finding, the verdict must say every path works
works_has() {
	w=$(printf '%s\n' "$json" | sed -n 's/.*"works": "\([^"]*\)"}.*/\1/p')
	if [ -n "$w" ] && ! printf '%s\n' "$w" | grep -Evq -- "$1"; then ok "$2"
	elif [ -z "$w" ] && printf '%s\n' "$json" | grep -q '"fixes": 0, "verdict": "nothing to fix: every access path works here"'; then
		ok "$2 (no finding: every path works)"
	else nok "$2"; diag "works now: ${w:-none}" "$json"; fi
}

# apply_fix NAME: carry out the fix doctor printed for NAME (rules above)
apply_fix() {
	fix=$(field "$1" fix)
	diag "doctor's fix for $1: $fix"
	case $fix in
	"sudo "* | "echo "*) cmd=$fix ;;
	*"sudo "*) cmd="sudo ${fix#*sudo }" ;;
	*) nok "the fix for $1 is a command"; return 1 ;;
	esac
	cmd=${cmd%% (*}
	printf '%s\n' "$cmd" | awk '{ n = split($0, s, / && /); for (i = 1; i <= n; i++) print s[i] }' >/tmp/steps
	fixrc=0
	while IFS= read -r step; do
		step=$(printf '%s\n' "$step" | sed 's/^sudo //; s/| sudo /| /')
		case $step in
		"modprobe pmukit"*)
			step="insmod $KO${step#modprobe pmukit}" ;;
		make\ * | dkms\ *)
			diag "skipped: $step (pmukit.ko is built for this kernel: $KO)"
			continue ;;
		esac
		diag "run: $step"
		if ! sh -c "$step" >/tmp/step.out 2>&1; then
			fixrc=1
			diag "failed: $(cat /tmp/step.out)"
		fi
	done </tmp/steps
	if [ "$fixrc" = 0 ]; then ok "$1: doctor's fix runs: $cmd"
	else nok "$1: doctor's fix runs: $cmd"; fi
}

# counts PATH EVENT [asuser UID GID]: pmukit stat on PATH counts EVENT above 0
# (perf-mmap: pmukit selftest's count of its loop, in its own thread)
counts() {
	p=$1 e=$2
	shift 2
	if [ "$p" = perf-mmap ]; then
		cout=$("$@" pmukit selftest --path perf-mmap 2>&1)
		crc=$?
		cn=$(printf '%s\n' "$cout" | awk -v e="$e" '$1 == "perf-mmap" && $2 == e { print $4; exit }')
		case $cn in '' | *[!0-9]*) return 1 ;; esac
		[ "$crc" = 0 ] && [ "$cn" -gt 0 ]
		return
	fi
	cout=$("$@" pmukit stat --path "$p" -e "$e" -x, -- stat_loop 1000 2>&1)
	crc=$?
	cn=$(printf '%s\n' "$cout" | awk -F, -v e="$e" 'index($3, e) == 1 { print $1; exit }')
	case $cn in '' | *[!0-9]*) return 1 ;; esac
	[ "$crc" = 0 ] && [ "$cn" -gt 0 ]
}
# counted DESC PATH EVENT [asuser UID GID]: ok when it counts
counted() {
	d=$1
	shift
	if counts "$@"; then ok "$d ($cn)"; else nok "$d"; diag "exit $crc:" "$cout"; fi
}
# refused DESC PATH EVENT [asuser UID GID]: ok when it does not count
refused() {
	d=$1
	shift
	if counts "$@"; then nok "$d"; diag "counted $cn:" "$cout"; else ok "$d"; fi
}

diag "$(uname -r) $(uname -m), $(grep -c '^processor' /proc/cpuinfo) CPU(s), mode $mode"
echo 0 > /proc/sys/kernel/randomize_va_space
# The kernel's config, where the runner added it (--add): doctor reads it to
# tell perf's hard-lockup detector from the buddy one.
for c in /extra/config-*; do
	[ -f "$c" ] || continue
	mkdir -p /boot && cp "$c" /boot/
done

case $mode in
access)
	# ---- perf_event_paranoid 3: hardware events for root only -----------
	echo 3 > /proc/sys/kernel/perf_event_paranoid
	refused "paranoid 3: a user's perf count is refused" perf INST_RETIRED:u asuser 1000 1000
	doctor
	finding perf-event-paranoid "paranoid 3: doctor's finding, with a fix"
	apply_fix perf-event-paranoid
	doctor
	gone perf-event-paranoid "paranoid 3 fixed: no finding"
	works_has 'perf \(armv8_' "paranoid 3 fixed: doctor says perf works"
	counted "paranoid 3 fixed: a user counts on perf" perf INST_RETIRED:u asuser 1000 1000
	counted "paranoid 3 fixed (to 1): a user counts the kernel on perf" perf INST_RETIRED:k asuser 1000 1000

	# ---- perf_event_paranoid 2: no :k for a user ------------------------
	echo 2 > /proc/sys/kernel/perf_event_paranoid
	refused "paranoid 2: a user's :k count on perf is refused" perf INST_RETIRED:k asuser 1000 1000
	doctor asuser 1000 1000
	finding perf-event-paranoid "paranoid 2, doctor as a user: the :k finding, with a fix"
	if printf '%s\n' "$(field perf-event-paranoid what)" | grep -q ':k events are refused'; then
		ok "paranoid 2: the finding says :k is refused"
	else nok "paranoid 2: the finding says :k is refused"; diag "$json"; fi
	apply_fix perf-event-paranoid
	doctor asuser 1000 1000
	gone perf-event-paranoid "paranoid 2 fixed: no finding for the user"
	counted "paranoid 2 fixed: a user counts the kernel on perf" perf INST_RETIRED:k asuser 1000 1000

	# ---- perf_user_access 0: no perf-mmap -------------------------------
	if [ -f /proc/sys/kernel/perf_user_access ]; then
		echo 0 > /proc/sys/kernel/perf_user_access
		refused "perf_user_access 0: perf-mmap does not count" perf-mmap INST_RETIRED:u
		doctor
		finding perf-user-access "perf_user_access 0: doctor's finding, with a fix"
		apply_fix perf-user-access
		doctor
		gone perf-user-access "perf_user_access fixed: no finding"
		works_has 'perf-mmap, perf \(' "perf_user_access fixed: doctor says perf-mmap works"
		counted "perf_user_access fixed: perf-mmap counts" perf-mmap INST_RETIRED:u
	else
		skip "this kernel has no kernel.perf_user_access (Linux 5.17 and later)" "perf_user_access 0"
	fi

	# ---- the hard-lockup watchdog ---------------------------------------
	wd=/proc/sys/kernel/nmi_watchdog
	config=/boot/config-$(uname -r)
	if [ ! -f "$wd" ]; then
		skip "this kernel has no kernel.nmi_watchdog" "the watchdog"
	elif ! grep -q '^CONFIG_HARDLOCKUP_DETECTOR=y' "$config" 2>/dev/null; then
		# Debian's arm64 6.1: a soft-lockup detector only; nmi_watchdog is
		# there, read-only 0, and cannot be turned on.
		sysctl -w kernel.nmi_watchdog=1 >/dev/null 2>&1
		skip "no hard-lockup detector in $(uname -r) (${config}: CONFIG_HARDLOCKUP_DETECTOR not set; nmi_watchdog reads $(cat $wd) and stays so): it cannot be turned on here" \
			"the watchdog on: doctor's finding and its fix"
		doctor
		gone watchdog "nmi_watchdog $(cat $wd): no watchdog finding"
	else
		sysctl -w kernel.nmi_watchdog=1 >/dev/null 2>&1
		doctor
		if grep -q '^CONFIG_HARDLOCKUP_DETECTOR_PERF=y' "$config"; then
			finding watchdog "the watchdog on (perf's detector): doctor's finding, with a fix"
			apply_fix watchdog
			doctor
			gone watchdog "the watchdog fixed: no finding"
		else
			# Debian's 6.12: the buddy detector, which holds no PMU counter.
			gone watchdog "the watchdog on, the buddy detector ($config): no finding, it holds no counter"
			skip "$(uname -r)'s hard-lockup detector is the buddy one (CONFIG_HARDLOCKUP_DETECTOR_PERF not set): no counter to free" \
				"the watchdog's fix"
			mv "$config" /tmp/config
			doctor
			if has_finding watchdog && [ "$(field watchdog fix_needed)" = false ]; then
				ok "the watchdog on, no kernel config to tell the detector: a note"
			else nok "the watchdog on, no kernel config: a note"; diag "$json"; fi
			mv /tmp/config "$config"
		fi
	fi

	# ---- the module: absent, then loaded as doctor says -----------------
	doctor
	finding module "no module: doctor's finding, with a fix"
	if printf '%s\n' "$(field module fix)" | grep -q 'dkms install pmukit/.* && sudo modprobe pmukit$'; then
		ok "no module, none installed for $(uname -r): the DKMS build, then modprobe"
	else nok "no module, none installed: the DKMS build"; diag "$(field module fix)"; fi
	refused "no module: the direct path does not count" direct INST_RETIRED:u
	# Installed where modprobe finds it: doctor then says modprobe alone.
	mkdir -p "/lib/modules/$(uname -r)/extra"
	cp $KO "/lib/modules/$(uname -r)/extra/pmukit.ko"
	doctor
	if printf '%s\n' "$(field module fix)" | grep -q '^sudo modprobe pmukit '; then
		ok "no module, one installed: modprobe"
	else nok "no module, one installed: modprobe"; diag "$(field module fix)"; fi
	apply_fix module
	doctor
	gone module "module loaded as doctor said: no finding"
	expect_eq "module loaded as doctor said: mode=read" "$(cat /sys/kernel/pmukit/mode 2>&1)" read
	works_has '^direct \(pmukit.ko, mode=read\), ' "mode=read: doctor says the direct path works"
	gone module-mode "mode=read on PMUv3: no mode finding (user space reads)"
	counted "mode=read: the direct path counts (root)" direct INST_RETIRED:u
	# A user who may not open /dev/pmukit reads the module's counts only.
	refused "mode=read: a user without /dev/pmukit does not count INST_RETIRED on direct" direct INST_RETIRED:u asuser 1000 1000
	doctor asuser 1000 1000
	finding module-mode "mode=read, doctor as that user: the mode finding, with a fix"
	works_has "direct \\(pmukit.ko, mode=read: the module's counts only\\)" \
		"mode=read, doctor as that user: direct gives the module's counts only"
	apply_fix module-mode
	expect_eq "the mode fix: global_full_access=1" "$(cat /sys/kernel/pmukit/mode 2>&1)" full
	doctor asuser 1000 1000
	gone module-mode "the mode fixed: no finding for the user"
	counted "the mode fixed: the user counts on direct" direct INST_RETIRED:u asuser 1000 1000

	# ---- a machine where everything works -------------------------------
	sysctl -w kernel.perf_event_paranoid=1 >/dev/null
	[ ! -f /proc/sys/kernel/perf_user_access ] || sysctl -w kernel.perf_user_access=1 >/dev/null
	run pmukit doctor
	if [ "$rc" = 0 ] && ! printf '%s\n' "$out" | grep -q '^fix ' &&
	   printf '%s\n' "$out" | grep -q '^verdict: nothing to fix: every access path works here$'; then
		ok "everything works (global_full_access=1, paranoid 1, perf_user_access 1): no fix, exit 0"
	else nok "everything works: no fix, exit 0"; diag "exit $rc" "$out"; fi
	diag "$out"
	doctor
	expect_eq "everything works, --json: exit 0" "$drc" 0
	if printf '%s\n' "$json" | grep -q '"fixes": 0, "verdict": "nothing to fix'; then ok "everything works, --json: 0 fixes"
	else nok "everything works, --json: 0 fixes"; diag "$json"; fi
	# direct first: a perf session switches the module's user access off (below)
	counted "everything works: direct counts" direct INST_RETIRED:u
	counted "everything works: a user counts on direct" direct INST_RETIRED:u asuser 1000 1000
	counted "everything works: perf-mmap counts" perf-mmap INST_RETIRED:u
	counted "everything works: perf counts" perf INST_RETIRED:u

	# ---- a perf session switched the module's user access off ----------
	counted "a perf session (root)" perf INST_RETIRED:u
	sleep 1
	doctor asuser 1000 1000
	if [ "$(cat /sys/kernel/pmukit/cpu0/user_access)" = off ]; then
		refused "user access off: the user's direct count fails" direct INST_RETIRED:u asuser 1000 1000
		finding user-access-off "user access off: doctor's finding, with a fix"
		apply_fix user-access-off
		# The module shows a user other than root a reading at most 200 ms old.
		sleep 1
		doctor asuser 1000 1000
		gone user-access-off "user access back: no finding"
		works_has '^direct \(pmukit.ko, global_full_access=1\), ' "user access back: doctor says direct works"
		counted "user access back: the user counts on direct" direct INST_RETIRED:u asuser 1000 1000
	else
		skip "the perf session left user access on (cpu0/user_access is $(cat /sys/kernel/pmukit/cpu0/user_access))" \
			"user access switched off by perf: doctor's finding and fix"
		gone user-access-off "user access on: no finding"
	fi
	rmmod pmukit
	;;

nopmu-before)
	set -- /sys/bus/event_source/devices/armv*
	if [ -e "$1" ]; then
		nok "booted without /pmu: perf has no CPU PMU"; diag "$*"
	else ok "booted without /pmu: perf has no CPU PMU"; fi
	refused "no PMU node: perf does not count" perf INST_RETIRED:u
	doctor
	finding no-pmu-node "no PMU node: doctor's finding, with a fix"
	fix=$(field no-pmu-node fix)
	case $fix in
	"save as pmu.dts: /dts-v1/; /plugin/;"*" then: dtc -@ "*fdtoverlay*)
		ok "no PMU node: the fix is an overlay, compiled with dtc -@ and applied with fdtoverlay" ;;
	*) nok "no PMU node: the fix is an overlay and fdtoverlay"; diag "$fix" ;;
	esac
	# For the host, which applies it to the tree and boots again.
	echo "# fix no-pmu-node: $fix"
	;;

nopmu-after)
	doctor
	gone no-pmu-node "booted with doctor's overlay: no PMU-node finding"
	works_has 'perf \(armv8_' "booted with doctor's overlay: doctor says perf works"
	counted "booted with doctor's overlay: perf counts" perf INST_RETIRED:u
	# The overlay has no interrupts, as its fix said: counting, no sampling.
	finding no-pmu-irq "the overlay has no interrupts: doctor says sampling needs them"
	;;

arm)
	# ARMv7 without PMUv3 (the Cortex-A15's PMUv2): mode=read gives a user
	# who may not open /dev/pmukit nothing at all; root opens it.
	insmod $KO
	doctor
	gone module-mode "ARMv7, mode=read, doctor as root: no mode finding (root opens /dev/pmukit)"
	counted "ARMv7, mode=read: root counts on direct (through /dev/pmukit)" direct INST_RETIRED:u
	refused "ARMv7, mode=read: a user without /dev/pmukit does not count on direct" direct INST_RETIRED:u asuser 1000 1000
	doctor asuser 1000 1000
	finding module-mode "ARMv7, mode=read, doctor as that user: the mode finding, with a fix"
	if printf '%s\n' "$(field module-mode evidence)" | grep -q 'id_dfr0 is 0x[0-9a-f]* (PerfMon [12])'; then
		ok "ARMv7, mode=read: the finding reads PerfMon from id_dfr0"
	else nok "ARMv7, mode=read: the finding reads PerfMon from id_dfr0"; diag "$json"; fi
	apply_fix module-mode
	expect_eq "the mode fix: global_full_access=1" "$(cat /sys/kernel/pmukit/mode 2>&1)" full
	doctor asuser 1000 1000
	gone module-mode "the mode fixed: no finding for the user"
	counted "the mode fixed: the user counts on direct" direct INST_RETIRED:u asuser 1000 1000
	rmmod pmukit
	;;

el2)
	insmod $KO global_full_access=1
	sysctl -w kernel.perf_event_paranoid=1 >/dev/null
	[ ! -f /proc/sys/kernel/perf_user_access ] || sysctl -w kernel.perf_user_access=1 >/dev/null
	doctor
	expect_eq "kernel at EL2: /sys/kernel/pmukit/kernel_el" "$(cat /sys/kernel/pmukit/kernel_el)" 2
	if has_finding kernel-el2 && [ "$(field kernel-el2 fix_needed)" = false ] &&
	   [ -z "$(field kernel-el2 fix)" ] &&
	   printf '%s\n' "$(field kernel-el2 what)" | grep -q ':k counts EL2 and EL1 .*that is right'; then
		ok "kernel at EL2: the note says :k is right, no fix"
	else nok "kernel at EL2: the note"; diag "$json"; fi
	expect_eq "kernel at EL2, nothing else to fix: exit 0" "$drc" 0
	counted "kernel at EL2: :k counts on direct" direct INST_RETIRED:k
	counted "kernel at EL2: :k counts on perf" perf INST_RETIRED:k
	rmmod pmukit
	;;

a9)
	# QEMU's Cortex-A9 has the registers, but its counters never count.
	doctor
	if has_finding not-counting && [ "$drc" = 1 ] &&
	   printf '%s\n' "$(field not-counting what)" | grep -q '^the perf path.s CPU_CYCLES did not count a loop'; then
		ok "Cortex-A9, no module: doctor says perf's CPU_CYCLES did not count"
	else nok "Cortex-A9, no module: not-counting on perf"; diag "exit $drc" "$json"; fi
	insmod $KO global_full_access=1
	doctor
	w=$(field not-counting what)
	f=$(field not-counting fix)
	if [ "$drc" = 1 ] && printf '%s\n' "$w" | grep -q '^the direct path.s CPU_CYCLES did not count a loop of [0-9]* iterations$' &&
	   printf '%s\n' "$(field not-counting evidence)" | grep -q '^count 0: '; then
		ok "Cortex-A9, global_full_access=1: the direct path's CPU_CYCLES counted 0, and doctor says so"
	else nok "Cortex-A9: not-counting on direct"; diag "exit $drc" "$json"; fi
	# No fix can be carried out in QEMU: what to check on a board.
	if printf '%s\n' "$f" | grep -q '^check with pmukit regs that PMCR.E is 1 and the counter.s PMCNTENSET bit is set' &&
	   printf '%s\n' "$f" | grep -q 'debug power domain or the debug authentication signals (NIDEN)'; then
		ok "Cortex-A9: the fix names the registers to check, then the board's debug power and NIDEN"
	else nok "Cortex-A9: the fix's wording"; diag "$f"; fi
	# The first check it names holds here: PMCR.E is 1, so the board is left.
	run pmukit regs
	if printf '%s\n' "$out" | grep -Eq '^PMCR.* E=1'; then ok "Cortex-A9: pmukit regs shows PMCR.E=1, as the fix asks to check"
	else nok "Cortex-A9: pmukit regs shows PMCR.E=1"; diag "$out"; fi
	rmmod pmukit
	;;
*)
	nok "unknown mode $mode"
	;;
esac
check "the kernel logged no oops or warning" kernel_clean
tap_done
