# SPDX-License-Identifier: MIT
# shellcheck shell=bash disable=SC2034 # the variables are for the sourcing scripts
# Shared QEMU machine settings for the pmukit test bed. Sourced, not run:
#
#   . tools/qemu/common.sh
#   mapfile -t args < <(pmukit_qemu_machine_args arm cortex-a15 2)
#
# Everything that changes the device tree QEMU generates (machine, options,
# CPU, CPU count, memory) is defined here once, so that a DTB dumped by
# tools/qemu/dtb-virt or tools/qemu/aarch32-args describes exactly the machine
# that tools/qemu-run boots. Change a value here and every user follows.

# Guest RAM, in MiB, and where the virt machine maps it.
PMUKIT_QEMU_MEM_MIB=512
PMUKIT_QEMU_RAM_BASE=0x40000000

# Machine per target: arm64 and arm boot with -kernel; aarch32 starts at EL2
# (virtualization=on, no EL3) so that the AArch32 shim can own EL2; arm64_el2
# (qemu-run --el2) hands the arm64 kernel EL2: VHE on ARMv8.1+ cores.
PMUKIT_QEMU_MACHINE_arm64=virt
PMUKIT_QEMU_MACHINE_arm64_el2=virt,virtualization=on
PMUKIT_QEMU_MACHINE_arm=virt
PMUKIT_QEMU_MACHINE_aarch32=virt,virtualization=on

# The aarch32 target is always this core (a Raspberry Pi 3's).
PMUKIT_QEMU_AARCH32_CPU=cortex-a53

# The virt machine's interrupt controller is a GICv2: at most 8 CPUs.
PMUKIT_QEMU_MAX_SMP=8

# Board models (QEMU 7.2) booted with the Debian kernel of their architecture
# and the board's DTB from that kernel's package, so a user can try pmukit on a
# model of the board they own. One line a board:
#   NAME TARGET FLAVOUR QEMU-MACHINE CPU SMP MEM-MIB DTB "what it stands for"
# The Raspberry Pi models have exactly 4 CPUs and 1 GiB; console ttyAMA0 (PL011).
PMUKIT_QEMU_BOARDS='raspi2b arm armmp raspi2b cortex-a7 4 1024 bcm2836-rpi-2-b.dtb Raspberry Pi 2 Model B (4x Cortex-A7, 32-bit kernel)
raspi3b arm64 arm64 raspi3b cortex-a53 4 1024 broadcom/bcm2837-rpi-3-b.dtb Raspberry Pi 3 Model B (4x Cortex-A53, 64-bit kernel)
vexpress-a9 arm armmp vexpress-a9 cortex-a9 2 512 vexpress-v2p-ca9.dtb Arm Versatile Express with a Cortex-A9 tile (ARMv7 PMUv1)'

# The names of the board models, one a line.
pmukit_qemu_boards() {
	printf '%s\n' "$PMUKIT_QEMU_BOARDS" | awk '{ print $1 }'
}

# Print the fields of BOARD (see PMUKIT_QEMU_BOARDS); fails for an unknown one.
pmukit_qemu_board() {
	printf '%s\n' "$PMUKIT_QEMU_BOARDS" | awk -v b="$1" '$1 == b { print; found = 1 } END { exit !found }'
}

# Print the machine arguments for TARGET (arm64|arm|aarch32), CPU and SMP,
# one per line: -M MACHINE -cpu CPU -smp SMP -m MEM.
pmukit_qemu_machine_args() {
	local target=$1 cpu=$2 smp=$3 var
	var=PMUKIT_QEMU_MACHINE_$target
	[ -n "${!var:-}" ] || { echo "unknown target '$target'" >&2; return 1; }
	case $smp in
	'' | *[!0-9]* | 0) echo "bad CPU count '$smp'" >&2; return 1 ;;
	esac
	[ "$smp" -le "$PMUKIT_QEMU_MAX_SMP" ] ||
		{ echo "at most $PMUKIT_QEMU_MAX_SMP CPUs (GICv2)" >&2; return 1; }
	local machine=${!var}
	# QEMU's A64FX model (a core without AArch32 at EL0) advertises the GICv3
	# CPU interface (ID_AA64PFR0_EL1.GIC), which the kernel then uses: the
	# machine must have a GICv3 or the kernel takes an undefined instruction
	# at boot.
	case $cpu in a64fx*) machine+=",gic-version=3" ;; esac
	printf '%s\n' -M "$machine" -cpu "$cpu" -smp "$smp" -m "$PMUKIT_QEMU_MEM_MIB"
}

# The QEMU binary for a target.
pmukit_qemu_binary() {
	case $1 in
	arm) echo qemu-system-arm ;;
	arm64 | arm64_el2 | aarch32) echo qemu-system-aarch64 ;;
	*) echo "unknown target '$1'" >&2; return 1 ;;
	esac
}

# Dump the DTB QEMU generates for TARGET CPU SMP into OUT (binary). -nodefaults
# keeps QEMU from wanting option ROMs for a default NIC; the devices that
# appear in the tree (UART, virtio-mmio, PCIe host, RTC, GPIO) are built in
# to the virt machine and do not depend on it.
pmukit_qemu_dumpdtb() {
	local target=$1 cpu=$2 smp=$3 out=$4 bin
	local -a args
	bin=$(pmukit_qemu_binary "$target") || return 1
	mapfile -t args < <(pmukit_qemu_machine_args "$target" "$cpu" "$smp") || return 1
	[ ${#args[@]} -gt 0 ] || return 1
	args[1]+=",dumpdtb=$out"
	rm -f "$out"
	if ! "$bin" "${args[@]}" -nodefaults -display none >/dev/null 2>&1 || [ ! -s "$out" ]; then
		echo "$bin could not dump the device tree for ${args[*]}" >&2
		return 1
	fi
}

# The GIC interrupt-specifier flags of a PPI for SMP CPUs: level-high (4) and,
# as the GICv2 binding asks, the mask of CPUs the PPI is wired to in bits 15:8.
# The same value QEMU puts in its timer node.
pmukit_qemu_ppi_flags() {
	printf '0x%x\n' $(( (((1 << $1) - 1) << 8) | 4 ))
}
