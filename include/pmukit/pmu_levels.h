/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * Which exception levels a Linux count covers: the one rule for the kernel
 * module (events=, the cycle counter) and the library's direct path.
 *
 * Linux runs its kernel at EL1, or at EL2 when the CPU was booted at EL2 and
 * has VHE (ARMv8.1 and later: Raspberry Pi 5, Ampere, Grace). PMEVTYPER and
 * PMCCFILTR filter EL1 with P and EL0 with U; EL2 is counted only with NSH.
 * So "the kernel" is a different filter bit depending on where it runs:
 *
 *   kernel at   :u           :k                 no level (all)
 *   EL1         EL0          EL1                EL0, EL1
 *   EL2 (VHE)   EL0          EL2, EL1           EL0, EL2, EL1
 *
 * Under VHE EL1 runs only KVM guests' kernels; they are counted with the
 * kernel, as Linux's own perf driver counts them unless an event excludes
 * guests. With the kernel at EL1 (ARMv8.0 cores booted at EL2, and every
 * 32-bit kernel), EL2 holds only the hypervisor's code (KVM's world switch
 * or the boot hyp stub): it is not the kernel and is never counted, so these
 * counts stay what they are on a machine booted at EL1 (perf differs only in
 * counting EL2 there unless the event excludes the hypervisor).
 *
 * When the level is unknown (user space without pmukit.ko's kernel_el on a
 * PMUv3 core) kernel counts include EL2 too: the kernel is then counted
 * wherever it runs, at the price of the hypervisor's EL2 work (usually none)
 * when the kernel is at EL1 (on a core without EL2, NSH has no effect; Linux's
 * perf driver sets it there too for events that do not exclude the
 * hypervisor). An ARMv7 PMU (PMUv1/v2) means a kernel at PL1.
 */
#ifndef PMUKIT_PMU_LEVELS_H
#define PMUKIT_PMU_LEVELS_H

#include "pmu_fields.h"

/* PMEVTYPER/PMCCFILTR filter bits for a count; @kernel_el: 1, 2, 0 unknown. */
static inline unsigned long pmukit_level_filter(int excl_user, int excl_kernel,
						unsigned int kernel_el)
{
	unsigned long f = 0;

	if (excl_user)
		f |= PMUKIT_PMEVTYPER_U_BIT;		/* not at EL0 */
	if (excl_kernel)
		f |= PMUKIT_PMEVTYPER_P_BIT;		/* not at EL1 (NSH clear: not at EL2) */
	else if (kernel_el != 1)
		f |= PMUKIT_PMEVTYPER_NSH_BIT;		/* the kernel runs (or may run) at EL2 */
	return f;
}

/* The kernel's level in words, for messages: "EL2 (VHE)", "EL1", "?". */
static inline const char *pmukit_kernel_el_name(unsigned int kernel_el)
{
	return kernel_el == 2 ? "EL2 (VHE)" : kernel_el == 1 ? "EL1" : "?";
}

#endif /* PMUKIT_PMU_LEVELS_H */
