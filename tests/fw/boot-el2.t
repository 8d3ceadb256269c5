#!/bin/bash
# SPDX-License-Identifier: MIT
# TF-A and U-Boot with pmukit on -M virt,secure=on,virtualization=on: U-Boot
# runs at EL2, where the library also sets MDCR_EL2 for the region and the
# `pmukit` command shows it back as it was. On this machine QEMU counts no
# events at EL3 (its effective MDCR_EL2.HPME is 0 in Secure state): BL31
# says so and its CYCLES still count. Debian's kernel boots after U-Boot.
. tests/fw/boot.sh
need_firmware

boot --el2 --icount -- "${boot_cmds[@]}"
check_boot EL2
check "EL2: the pmukit command shows MDCR_EL2" grep -q '^MDCR_EL2  *0x' <<<"$out"
bl31=$(bl31_block)
check "EL2 machine: BL31 warns that event counters do not count at EL3" \
	grep -q '^pmukit: WARNING: event counting is prohibited at this level' <<<"$bl31"
expect_eq "EL2 machine: BL31 INST_RETIRED reads 0" "$(delta "$bl31" INST_RETIRED)" 0
check "EL2 machine: BL31 CYCLES counts" test "$(delta "$bl31" CYCLES)" -gt 0
check_linux EL2 --el2
tap_done
