# SPDX-License-Identifier: MIT
# Shared by tests/fw/boot-*.t (bash, run by prove from the repository root):
# the real firmware of tools/firmware-build (TF-A's BL31 profiling
# enable_mmu_el3, U-Boot profiling its crc32 command in passes) booted by
# tools/firmware-run, and the pieces of its console. csv_check and the TAP
# helpers come from tests/fw/lib.sh. FW_ARCH (arm64, or arm: the 32-bit
# U-Boot in HYP, without TF-A) is set before need_firmware.
. tests/fw/lib.sh
FW_ARCH=${FW_ARCH:-arm64}

# The buffer the tests profile: 128 KiB of a fixed word, so that its CRC is
# known (zlib's) and the same on every boot. (At 0x40000000 QEMU puts the
# device tree, whose rng-seed changes on every boot.)
BOOT_FILL="mw.l 0x50000000 0x12345678 0x8000"
BOOT_CRC64K="crc32 0x50000000 0x10000"
BOOT_CRC128K="crc32 0x50000000 0x20000"
CRC64K=7bbe7183		# zlib.crc32(bytes.fromhex('78563412') * 0x4000)
CRC128K=6d838789	# the same over 0x8000 words

# Builds the firmware (cached); skips the whole script when its sources
# cannot be fetched, naming the package, or when QEMU is missing.
need_firmware() {
	local err rc=0 q=qemu-system-aarch64
	[ "$FW_ARCH" = arm64 ] || q=qemu-system-arm
	command -v $q >/dev/null || skip_all "$q is not installed"
	err=$(tools/firmware-build --arch "$FW_ARCH" 2>&1 >/dev/null) || rc=$?
	if [ "$rc" = 3 ]; then
		skip_all "$(printf '%s\n' "$err" | grep -m1 'cannot fetch the source package')"
	elif [ "$rc" != 0 ]; then
		echo "Bail out! tools/firmware-build failed: $(printf '%s\n' "$err" | tail -n 5)"
		exit 1
	fi
	crc_loop
}

# boot [firmware-run options] [--] COMMAND...: the console in $out (stdout and
# stderr), the exit status in $rc.
boot() {
	rc=0
	out=$(tools/firmware-run --no-build --arch "$FW_ARCH" "$@" 2>&1) || rc=$?
}

# after CMD [N]: the console after the N-th (default 1st) prompt line
# "=> CMD", up to the next prompt.
after() {
	printf '%s\n' "$out" | awk -v p="=> $1" -v nth="${2:-1}" '
		$0 == p && ++n == nth { on = 1; next }
		on && /^=> / { exit }
		on { print }'
}

# delta TEXT NAME [N]: DELTA of NAME in the N-th (default 1st) "PMU EVENT,
# PREVAL, POSTVAL, DELTA" table of TEXT.
delta() {
	printf '%s\n' "$1" | awk -v name="$2" -v t="${3:-1}" '
		$0 == "PMU EVENT, PREVAL, POSTVAL, DELTA" { n++; next }
		n == t && index($0, name ",") == 1 { split($0, f, ","); print f[4]; exit }'
}

# bl31_block: the BL31 enable_mmu_el3 profile (before U-Boot's banner).
bl31_block() {
	printf '%s\n' "$out" | awk '/^pmukit: BL31 enable_mmu_el3 /, /^NOTICE:  BL31:/'
}

# check_crc_profile LEVEL: the two passes and the merged result of one
# "crc32 0x50000000 0x10000" (in $out, at U-Boot's LEVEL), under icount.
check_crc_profile() {
	local lvl=$1 c i1 c1 c2 merged
	c=$(after "$BOOT_CRC64K")
	check "$lvl: crc32 pass 1 and pass 2 headed '| $lvl | PMCR.N 6'" \
		bash -c 'grep -qx "pmukit: pass 1 | $2 | PMCR.N 6" <<<"$1" && grep -qx "pmukit: pass 2 | $2 | PMCR.N 6" <<<"$1"' _ "$c" "$lvl"
	expect_eq "$lvl: 2 well-formed tables 'PMU EVENT, PREVAL, POSTVAL, DELTA'" "$(csv_check "$c")" 2
	expect_eq "$lvl: the CRC printed once a pass, as zlib computes it" \
		"$(grep -c "^crc32 for 50000000 ... 5000ffff ==> $CRC64K\$" <<<"$c")" 2
	i1=$(delta "$c" INST_RETIRED 1) c1=$(delta "$c" CYCLES 1) c2=$(delta "$c" CYCLES 2)
	expect_eq "$lvl: pass 1 = the cache selection and INST_RETIRED" \
		"$(printf '%s\n' "$c" | awk '$0 == "PMU EVENT, PREVAL, POSTVAL, DELTA" { n++; next } n == 1 && /^[A-Z]/ && !/^-/ { split($0, f, ","); printf "%s ", f[1] } /^-+$/ && n == 1 { exit }')" \
		"L1D_TLB_REFILL L1D_CACHE_REFILL L1D_CACHE L2D_CACHE_REFILL L2D_CACHE INST_RETIRED CYCLES "
	check "$lvl: INST_RETIRED of 64 KiB counted ($i1), more than the loop's $CRC_LOOP x $((65536 / CRC_STEP))" \
		test "${i1:-0}" -gt $((CRC_LOOP * 65536 / CRC_STEP))
	expect_eq "$lvl: CYCLES = INST_RETIRED under icount" "$c1" "$i1"
	expect_eq "$lvl: CYCLES identical in both passes" "$c2" "$c1"
	merged=$(printf '%s\n' "$c" | sed -n "/^pmukit: merged result of 2 of 2 passes | $lvl\$/,\$p")
	expect_eq "$lvl: merged table: 11 events and the CYCLES of each pass" \
		"$(grep -cE '^[A-Z0-9_]+,[12],[0-9]+$' <<<"$merged")" 13
	check "$lvl: CYCLES spread 0 across the passes" grep -qx \
		"CYCLES spread: min $c1, max $c1, spread 0 (0.00% of min) over 2 passes" <<<"$merged"
	check "$lvl: metrics: IPC 1.000 and the L1D/L2D refill rates" \
		bash -c 'grep -qx "IPC,1.000,INST_RETIRED / CYCLES" <<<"$1" && grep -q "^L1D refill rate," <<<"$1" && grep -q "^L2D refill rate," <<<"$1"' _ "$merged"
}

# check_boot LEVEL: one boot's checks (U-Boot at LEVEL: EL1 or EL2).
check_boot() {
	local lvl=$1 before after_ d64 d128
	expect_eq "$lvl: the boot ran every command and powered off (exit 0)" "$rc" 0
	check "$lvl: U-Boot's prompt reached" grep -qx "=> $BOOT_FILL" <<<"$out"
	if [ "$FW_ARCH" = arm64 ]; then
		check "$lvl: BL31: the enable_mmu_el3 profile at EL3, then BL31 goes on" \
			bash -c 'grep -qx "pmukit: BL31 enable_mmu_el3 | EL3 (Secure) | PMCR.N 6" <<<"$1" && grep -q "^NOTICE:  BL31: v" <<<"$1"' _ "$(bl31_block)"
		expect_eq "$lvl: BL31: one well-formed table" "$(csv_check "$(bl31_block)")" 1
	fi
	check_crc_profile "$lvl"
	check "$lvl: no counter overflowed" bash -c '! grep -q OVERFLOW <<<"$1"' _ "$out"
	d64=$(delta "$(after "$BOOT_CRC64K")" INST_RETIRED)
	d128=$(delta "$(after "$BOOT_CRC128K")" INST_RETIRED)
	# The two commands differ only in the length (same digits to parse and print).
	expect_eq "$lvl: 64 KiB more cost exactly $CRC_LOOP x $((65536 / CRC_STEP)) more instructions ($CRC_LOOP_WHY)" \
		"$((d128 - d64))" $((CRC_LOOP * 65536 / CRC_STEP))
	expect_eq "$lvl: crc32 of 128 KiB as zlib computes it" \
		"$(after "$BOOT_CRC128K" | grep -c "==> $CRC128K\$")" 2
	before=$(after pmukit 1)
	after_=$(after pmukit 2)
	check "$lvl: the pmukit command prints the level and the registers" \
		bash -c 'grep -qx "pmukit: $2, PMCR.N 6" <<<"$1" && grep -q "^PMCR  *0x" <<<"$1" && grep -q "^PMEVCNTR5  *0x" <<<"$1"' _ "$before" "$lvl"
	expect_eq "$lvl: every register the library changed is back as it was after stop" "$after_" "$before"
}

# crc_loop: the instructions of one turn of the main loop of U-Boot's
# crc32_no_comp(), counted in the disassembly of the built U-Boot from the
# loop's head (the target of the branch back) to that branch, taking the
# conditional branches forward that stay in the loop. AArch64 (with
# CONFIG_ARM64_CRC32): cmp, b.ne, ldrb, add, crc32b, b, a byte a turn.
# 32-bit: cmp, bne and 15 of table lookups, a word a turn. Sets CRC_LOOP
# (instructions a turn), CRC_STEP (bytes a turn) and CRC_LOOP_WHY.
crc_loop() {
	local objdump elf=build/firmware/current/u-boot.elf
	CRC_STEP=1
	if [ "$FW_ARCH" = arm ]; then
		elf=build/firmware/current-arm/u-boot.elf CRC_STEP=4
	fi
	objdump=$(cross_tool "$FW_ARCH" objdump)
	eval "$("$objdump" -d --no-show-raw-insn "$elf" |
		awk '/^[0-9a-f]+ <crc32_no_comp>:$/ { on = 1; next }
			on && /^$/ { exit }
			on && /^ *[0-9a-f]+:\t/ {
				a = $1; sub(/:$/, "", a); addr[n] = a
				insn = $0; sub(/^ *[0-9a-f]+:\t/, "", insn); sub(/ *(\/\/|@).*$/, "", insn)
				sub(/ +<.*$/, "", insn); gsub(/\t/, " ", insn); text[n++] = insn
			}
			END {
				for (i = n - 1; i >= 0; i--) if (text[i] ~ /^b [0-9a-f]+$/) break
				if (i < 0) { print "CRC_LOOP=0 CRC_LOOP_WHY=\"no branch back in crc32_no_comp\""; exit }
				split(text[i], t, " ")
				for (j = 0; j < i && addr[j] != t[2]; j++);
				# one turn: a conditional branch forward inside the loop
				# is taken (its fall-through leaves the loop)
				w = ""; c = 0
				for (k = j; k <= i; ) {
					w = w (c++ ? ", " : "") text[k]
					nx = k + 1
					if (text[k] ~ /^b(\.[a-z]+|eq|ne|cs|cc|hs|lo|mi|pl|hi|ls|ge|lt|gt|le) [0-9a-f]+$/) {
						split(text[k], t, " ")
						for (m = k + 1; m <= i; m++) if (addr[m] == t[2]) nx = m
					}
					k = nx
				}
				printf "CRC_LOOP=%d CRC_LOOP_WHY=\"%s\"\n", c, w
			}')"
}

# The commands of a profiled boot.
boot_cmds=(pmukit "$BOOT_FILL" "$BOOT_CRC64K" "$BOOT_CRC128K" pmukit)

# tables: every CSV row of $out, for comparing boots.
tables() {
	printf '%s\n' "$out" | grep -E '^[A-Z0-9_]+,[0-9]+,[0-9]+(,[0-9]+)?$|^CYCLES spread'
}

# check_linux LEVEL: after a profiled crc32, U-Boot boots Debian's kernel
# (firmware-run --linux), which finds the PMU as firmware left it: all 6
# event counters and the cycle counter (at EL2: MDCR_EL2.HPMN back at 6).
check_linux() {
	local lvl=$1
	shift
	boot --linux "$@" -- "$BOOT_FILL" "$BOOT_CRC64K"
	if [ "$rc" = 1 ] && grep -q "cannot get Debian's arm64 kernel" <<<"$out"; then
		skip "Debian's arm64 kernel cannot be fetched" "$lvl: Linux boots after U-Boot"
		skip "Debian's arm64 kernel cannot be fetched" "$lvl: Linux's PMU driver"
		return
	fi
	check "$lvl: Linux boots after U-Boot's profiled crc32, and powers off (exit $rc)" \
		bash -c '[ "$2" = 0 ] && grep -q "^pmukit: Linux .* booted after U-Boot$" <<<"$1"' _ "$out" "$rc"
	check "$lvl: Linux's PMU driver finds 7 counters (6 event counters and the cycle counter)" \
		grep -q "hw perfevents: enabled with armv8_pmuv3 PMU driver, 7 counters available" <<<"$out"
}
