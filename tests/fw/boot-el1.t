#!/bin/bash
# SPDX-License-Identifier: MIT
# TF-A and U-Boot with pmukit (tools/firmware-build) on -M virt,secure=on:
# BL31 profiles enable_mmu_el3 at EL3, U-Boot runs at EL1 and profiles its
# crc32 command in two passes. Under icount the counts are exact and the
# same on a second boot; the CRC equals the one of U-Boot without pmukit;
# the registers read back as before; an unknown command and a hang end
# cleanly; Debian's kernel boots after U-Boot and finds the whole PMU.
. tests/fw/boot.sh
need_firmware

boot --icount -- "${boot_cmds[@]}"
first=$(tables)
check_boot EL1
bl31=$(bl31_block)
i=$(delta "$bl31" INST_RETIRED)
check "EL1 machine: BL31 counts events at EL3 (INST_RETIRED $i)" test "${i:-0}" -gt 0
expect_eq "EL1 machine: BL31 CYCLES = INST_RETIRED under icount" "$(delta "$bl31" CYCLES)" "$i"

boot --icount -- "${boot_cmds[@]}"
expect_eq "EL1: a second boot counts exactly the same (every table row)" "$(tables)" "$first"

# U-Boot without pmukit: the same CRC; its U-Boot does not know `pmukit`.
boot --plain -- "$BOOT_FILL" "$BOOT_CRC64K" pmukit
expect_eq "plain U-Boot: exit 1, a command failed" "$rc" 1
expect_eq "plain U-Boot: the same CRC as with pmukit" \
	"$(after "$BOOT_CRC64K" | grep -c "^crc32 for 50000000 ... 5000ffff ==> $CRC64K\$")" 1
check "plain U-Boot: nothing of pmukit after U-Boot's banner" \
	bash -c '! sed -n "/^U-Boot 20/,\$p" <<<"$1" | grep -q "^pmukit:"' _ "$out"
check "unknown command: U-Boot's own error" grep -qx "Unknown command 'pmukit' - try 'help'" <<<"$out"
check "unknown command: the run still powers off" grep -qx "poweroff ..." <<<"$out"
check "unknown command: firmware-run names it" grep -q "U-Boot command 'pmukit' failed" <<<"$out"

# A command that does not come back: killed at the timeout, last lines shown.
# The timeout is a step's (the boot to the prompt has 20 s of its own, some
# 3 s on two cores with two other QEMUs running), so a slow machine still
# reaches the command.
boot --timeout 20 -- "sleep 600"
expect_eq "hang: killed, exit 125" "$rc" 125
check "hang: says so and shows the last console lines" \
	bash -c 'grep -q "^firmware-run: no prompt after .sleep 600. within 20 s: killed; last console lines:" <<<"$1" && grep -q "^  | => sleep 600" <<<"$1"' _ "$out"
# Sources that cannot be fetched: the boot tests skip, naming the package.
skipped=$(FW_UBOOT_VERSION=0~none bash tests/fw/boot-el2.t 2>/dev/null)
check "a U-Boot version that cannot be fetched: the tests SKIP, naming u-boot=0~none" \
	grep -qE '^1\.\.0 # SKIP .*cannot fetch the source package u-boot=0~none' <<<"$skipped"
check_linux EL1
tap_done
