#!/bin/bash
# SPDX-License-Identifier: MIT
# The 32-bit U-Boot with pmukit (tools/firmware-build --arch arm:
# qemu_arm_defconfig, no TF-A) in HYP on a Cortex-A15
# (qemu-system-arm -M virt,virtualization=on): the crc32 profile in two
# passes with the Cortex-A15's workload events, exact under icount and the
# same on a second boot; the CRC of U-Boot without pmukit; PMSELR and HDCR
# back as they were after stop.
FW_ARCH=arm
. tests/fw/boot.sh
need_firmware

boot --icount -- "${boot_cmds[@]}"
first=$(tables)
check_boot HYP
check "HYP: the pmukit command shows HDCR" grep -q '^HDCR  *0x' <<<"$out"
expect_eq "HYP: the Cortex-A15's workload events in pass 2" \
	"$(after "$BOOT_CRC64K" | awk '$0 == "PMU EVENT, PREVAL, POSTVAL, DELTA" { n++; next } n == 2 && /^[A-Z]/ { split($0, f, ","); printf "%s ", f[1] } /^-+$/ && n == 2 { exit }')" \
	"MEM_ACCESS_RD MEM_ACCESS_WR MEM_ACCESS BR_PRED BR_MIS_PRED CYCLES "

boot --icount -- "${boot_cmds[@]}"
expect_eq "HYP: a second boot counts exactly the same (every table row)" "$(tables)" "$first"

boot --plain -- "$BOOT_FILL" "$BOOT_CRC64K"
expect_eq "HYP, plain U-Boot: exit 0" "$rc" 0
expect_eq "HYP, plain U-Boot: the same CRC as with pmukit" \
	"$(after "$BOOT_CRC64K" | grep -c "^crc32 for 50000000 ... 5000ffff ==> $CRC64K\$")" 1
check "HYP, plain U-Boot: nothing of pmukit" bash -c '! grep -q "^pmukit:" <<<"$1"' _ "$out"
tap_done
