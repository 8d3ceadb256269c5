/* SPDX-License-Identifier: MIT */
/*
 * The exception level the kernel runs at, as pmukit.ko reports it: user
 * space cannot read CurrentEL. The filter rule is in pmukit/pmu_levels.h.
 */
#ifndef PMUKIT_KERNEL_EL_H
#define PMUKIT_KERNEL_EL_H

/* 1 (EL1), 2 (EL2, VHE), or 0: unknown (pmukit.ko not loaded, or too old). */
unsigned int pmukit_kernel_el(void);

/* Where the kernel runs and what :k counts, for messages. */
const char *pmukit_kernel_el_note(unsigned int kernel_el);

#endif /* PMUKIT_KERNEL_EL_H */
