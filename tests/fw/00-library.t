#!/bin/bash
# SPDX-License-Identifier: MIT
# The firmware library as built by `make fw`: one archive per ISA, freestanding
# (every symbol it uses it defines: no libc, no libgcc, no memset), no FP/SIMD
# register anywhere (-mgeneral-regs-only, as TF-A and U-Boot build), and public
# headers that compile on their own with the firmware flags.
. tests/fw/lib.sh

for isa in arm64 arm; do
	if [ $isa = arm64 ]; then
		cc=$(cross_tool arm64 gcc) nm=$(cross_tool arm64 nm) objdump=$(cross_tool arm64 objdump)
		flags="-march=armv8-a -mgeneral-regs-only -mstrict-align"
		fpregs='[[:space:],\[]([qdsvb][0-9]+|v[0-9]+\.[0-9]*[bhsd])([,.[:space:]]|$)'
	else
		cc=$(cross_tool arm gcc) nm=$(cross_tool arm nm) objdump=$(cross_tool arm objdump)
		flags="-march=armv7-a -marm -mfloat-abi=soft -mgeneral-regs-only"
		fpregs='[[:space:],{]([sdq][0-9]+)([,}[:space:]]|$)'
	fi
	lib=build/$isa/fw/libpmukit-fw.a
	if [ ! -f "$lib" ]; then
		echo "Bail out! $lib is missing: run make fw first"
		exit 1
	fi
	check "$isa: libpmukit-fw.a exists" test -s "$lib"

	defined=$("$nm" -g --defined-only "$lib" | awk 'NF == 3 { print $3 }' | sort -u)
	undefined=$("$nm" -u "$lib" | awk 'NF == 2 { print $2 }' | sort -u)
	missing=$(comm -23 <(printf '%s\n' "$undefined") <(printf '%s\n' "$defined") | grep . || true)
	expect_eq "$isa: freestanding: every symbol the library uses it defines" "$missing" ""

	# Operands of every instruction but branches and adr/adrp (their operands
	# are addresses), comments and symbolic targets removed.
	fp=$("$objdump" -d --no-show-raw-insn "$lib" | awk -F'\t' '
		/^ *[0-9a-f]+:\t/ && $2 !~ /^(b|bl|bx|blx|b\..*|b[a-z][a-z]|bl[a-z][a-z]|cbn?z|tbn?z|adrp?)$/ {
			ops = $3
			sub(/[[:space:]]*(\/\/|@|;).*$/, "", ops)
			gsub(/<[^>]*>/, "", ops)
			print $2 " " ops
		}' | grep -E "$fpregs" | head -3)
	expect_eq "$isa: no FP/SIMD register in the library code" "$fp" ""

	tmp=$(mktemp -d)
	printf '#include "pmukit_fw.h"\n#include "pmukit_fw_pmuv3.h"\nstruct pmukit_fw_event ev[] = { PMUKIT_FW_EV("X", 1), PMUKIT_FW_EV_CYCLES, PMUKIT_FW_EV_END };\n' > "$tmp/h.c"
	check "$isa: public headers compile alone (-ffreestanding -Wall -Wextra -Werror -pedantic)" \
		"$cc" -std=c11 -pedantic -Wall -Wextra -Werror -ffreestanding $flags \
		-Ifw/include -c "$tmp/h.c" -o "$tmp/h.o"
	rm -rf "$tmp"
done
tap_done
