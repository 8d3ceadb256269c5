// SPDX-License-Identifier: MIT
/* The kernel's exception level from /sys/kernel/pmukit/kernel_el. */
#include <stdint.h>

#include "kernel_el.h"
#include "pmu_info.h"
#include "sysfile.h"

unsigned int pmukit_kernel_el(void)
{
	uint64_t el;

	if (pmukit_sysfile_u64(PMUKIT_SYSFS "/kernel_el", &el) || (el != 1 && el != 2))
		return 0;
	return (unsigned int)el;
}

const char *pmukit_kernel_el_note(unsigned int kernel_el)
{
	if (kernel_el == 2)
		return "kernel at EL2 (VHE): :k counts EL2 (PMEVTYPER.NSH) and EL1 (KVM guests' kernels)";
	if (kernel_el == 1)
		return "kernel at EL1: :k counts EL1";
	return "kernel level unknown without pmukit.ko (" PMUKIT_SYSFS "/kernel_el): :k counts EL1 and, on PMUv3, EL2 (PMEVTYPER.NSH), where a kernel with VHE runs";
}
