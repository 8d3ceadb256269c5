# SPDX-License-Identifier: MIT
# Shared by tests/fw/*.t (bash, run by prove from the repository root after
# `make fw`): TAP 13 output (tests/tap.sh), running the firmware images under QEMU with
# -icount shift=0, reading their "T <scenario> key=value" lines, and deriving
# the exact instruction count of the measured window from the disassembly.

FW_RUN=fw/examples/qemu-virt/run

# cross_tool ISA TOOL: the binutils tool for that ISA (FW_CROSS_<isa> as in
# mk/fw.mk, else the Debian cross prefix, else the native tool).
cross_tool() {
	local prefix
	if [ "$1" = arm64 ]; then prefix=${FW_CROSS_arm64-aarch64-linux-gnu-}; else prefix=${FW_CROSS_arm-arm-linux-gnueabihf-}; fi
	if command -v "$prefix$2" >/dev/null; then echo "$prefix$2"; else echo "$2"; fi
}
# TAP: ok, nok, diag, check, expect_eq, skip_all, tap_done (tests/tap.sh).
. tests/tap.sh

# The modes the test images run in, and the image and ISA of each.
FW_MODES="el3 el2 el1 hyp svc"
mode_isa() {
	case $1 in el3*|el2|el1) echo arm64 ;; *) echo arm ;; esac
}
mode_image() {
	case $1 in
	el3-nospme) echo build/arm64/fw/test/test-el3-nospme.elf ;;
	el3|el2|el1) echo "build/arm64/fw/test/test-$1.elf" ;;
	ssvc) echo build/arm/fw/test/test-svc.elf ;;
	*) echo "build/arm/fw/test/test-$1.elf" ;;
	esac
}

# Stops the script (Bail out!) when an image is missing, skips it when QEMU is.
need_images() {
	local m img
	for m in "$@"; do
		img=$(mode_image "$m")
		if [ ! -f "$img" ]; then
			echo "Bail out! $img is missing: run make fw first"
			exit 1
		fi
	done
	for q in qemu-system-aarch64 qemu-system-arm; do
		if ! command -v $q >/dev/null; then
			skip_all "$q is not installed"
		fi
	done
}

# run_mode MODE: runs that test image; output in $out, exit status in $rc.
run_mode() {
	local img
	img=$(mode_image "$1")
	rc=0
	if [ "$1" = ssvc ]; then
		out=$("$FW_RUN" --mode ssvc "$img" 2>&1) || rc=$?
	else
		out=$("$FW_RUN" "$img" 2>&1) || rc=$?
	fi
}

# tval "SCENARIO" KEY [OUTPUT]: the value of KEY on the "T SCENARIO ..." line.
tval() {
	printf '%s\n' "${3-$out}" | awk -v pre="T $1 " -v key="$2" '
		index($0 " ", pre) == 1 {
			n = split($0, a, " ")
			for (i = 3; i <= n; i++) {
				eqs = index(a[i], "=")
				if (eqs && substr(a[i], 1, eqs - 1) == key) {
					print substr(a[i], eqs + 1)
					exit
				}
			}
		}'
}

# tline "SCENARIO": the "T SCENARIO ..." line without its name.
tline() {
	printf '%s\n' "$out" | awk -v pre="T $1 " 'index($0, pre) == 1 { print substr($0, length(pre) + 1); exit }'
}

# csv_check [TEXT]: every row of every "PMU EVENT, PREVAL, POSTVAL, DELTA"
# table of TEXT (default: $out) is NAME,PRE,POST,DELTA with DELTA = POST - PRE
# (or OVERFLOW); prints the number of tables, or "bad: LINE".
csv_check() {
	printf '%s\n' "${1-$out}" | awk '
		$0 == "PMU EVENT, PREVAL, POSTVAL, DELTA" { tables++; in_t = 1; next }
		in_t && /^-+$/ { in_t = 0; next }
		in_t && /^pmukit: WARNING/ { next }
		in_t {
			if ($0 !~ /^[A-Z0-9_]+,[0-9]+,[0-9]+,([0-9]+|OVERFLOW)$/) { print "bad: " $0; exit }
			split($0, f, ",")
			if (f[4] != "OVERFLOW" && f[3] - f[2] != f[4]) { print "bad delta: " $0; exit }
		}
		END { print tables + 0 }'
}

has() {		# has TEXT: the output contains that line fragment
	printf '%s\n' "$out" | grep -qF -- "$1"
}

# derive_k ISA [IMAGE]: the instructions counted on top of the loop's 2n, from the
# disassembly of the test image. Sets K and K_WHY.
#
# INST_RETIRED counts the instructions between the PMCNTENSET write at the
# end of pmukit_fw_start() and the PMCNTENCLR write at the start of
# pmukit_fw_stop(). In that window run:
#   tail   pmukit_fw_start after its PMCNTENSET write, to its return;
#   caller region_caller_begin..region_caller_end of region_*.S, less the
#          two loop instructions (they run n times: the 2n);
#   head   pmukit_fw_stop before its PMCNTENCLR write;
#   +1     QEMU counts the disabling write itself and not the enabling one
#          (with icount the count read by a PMU register write includes
#          that instruction, so the enabling write is in the start value).
# With this toolchain at -O2: AArch64 tail 3 (isb, ldp, ret), caller 4
# (cbnz, mov, mov, bl), head 2 (adrp, ldr), +1: K = 10;
# AArch32 tail 2 (isb, pop), caller 5 (cmp, bne, mov, mov, bl), head 3
# (movw, movt, ldr), +1: K = 11.
derive_k() {
	local isa=$1 img=${2-} objdump enable disable ret
	if [ "$isa" = arm64 ]; then
		img=${img:-build/arm64/fw/test/test-el1.elf}
		objdump=$(cross_tool arm64 objdump)
		enable='msr[[:space:]]+pmcntenset_el0,'
		disable='msr[[:space:]]+pmcntenclr_el0,'
		ret='^ret$'
	else
		img=${img:-build/arm/fw/test/test-svc.elf}
		objdump=$(cross_tool arm objdump)
		enable='mcr[[:space:]]+15, 0, r[0-9]+, cr9, cr12, \{1\}'
		disable='mcr[[:space:]]+15, 0, r[0-9]+, cr9, cr12, \{2\}'
		ret='^(pop[[:space:]].*pc\}|bx[[:space:]]+lr)$'
	fi
	K= K_WHY= K_BAD=
	# One instruction per line: "<function>" or "addr:<TAB>mnemonic operands".
	eval "$("$objdump" -d --no-show-raw-insn "$img" | awk -v enable="$enable" -v disable="$disable" -v ret="$ret" '
		/^[0-9a-f]+ <[^>]+>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
		/^ *[0-9a-f]+:\t/ {
			insn = $0
			sub(/^ *[0-9a-f]+:\t/, "", insn)
			gsub(/\t/, " ", insn)
			sub(/ *(\/\/|@|;).*$/, "", insn)
			sub(/ +<.*$/, "", insn)
			if (fn == "pmukit_fw_start") {
				if (insn ~ enable) { in_tail = 1; tail = 0; tail_txt = ""; next }
				if (in_tail) {
					tail++; tail_txt = tail_txt insn "; "
					if (insn ~ ret) in_tail = 0
					else if (insn ~ /^(b|bl|br|blr|cbz|cbnz|tbz|tbnz|b\.[a-z]+|b[a-z][a-z])( |$)/) bad = bad "branch in start tail: " insn "; "
				}
			}
			if (fn == "pmukit_fw_stop" && !stop_done) {
				if (insn ~ disable) stop_done = 1
				else { head++; head_txt = head_txt insn "; " }
			}
			if (fn == "region_caller_begin") {
				caller++; caller_txt = caller_txt insn "; "
				# the loop: "subs" and the conditional branch back right after it
				if (insn ~ /^subs /) loop++
				else if (prev ~ /^subs / && insn ~ /^(b\.ne|bne) /) loop++
				prev = insn
			}
		}
		END {
			if (loop != 2) bad = bad "loop of " loop " instructions, want 2; "
			if (!stop_done) bad = bad "no PMCNTENCLR write in pmukit_fw_stop; "
			printf "K=%d\n", tail + (caller - loop) + head + 1
			printf "K_WHY=\"tail %d (%s) + caller %d besides the loop (%s) + head %d (%s) + 1 (the disabling write)\"\n", \
				tail, tail_txt, caller - loop, caller_txt, head, head_txt
			if (bad != "") printf "K_BAD=\"%s\"\n", bad
		}')"
}
