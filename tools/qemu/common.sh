# SPDX-License-Identifier: MIT
# shellcheck shell=bash disable=SC2034 # the variables are for the sourcing scripts
# Shared QEMU machine settings for the pmukit test bed. Sourced, not run:
#
#   . tools/qemu/common.sh
#   mapfile -t args < <(pmukit_qemu_machine_args arm cortex-a15 2)
#
# Everything that changes the device tree QEMU generates (machine, options,
# CPU, CPU count, memory) is defined here once, so that a DTB dumped by
# tools/qemu/dtb-arm or tools/qemu/aarch32-args describes exactly the machine
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
	printf '%s\n' -M "${!var}" -cpu "$cpu" -smp "$smp" -m "$PMUKIT_QEMU_MEM_MIB"
}

# The QEMU binary for a target.
pmukit_qemu_binary() {
	case $1 in
	arm) echo qemu-system-arm ;;
	arm64 | aarch32) echo qemu-system-aarch64 ;;
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
