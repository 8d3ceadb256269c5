/* SPDX-License-Identifier: MIT */
/*
 * The exception level the kernel runs at, as pmukit.ko reports it: user
 * space cannot read CurrentEL. The filter rule is in pmukit/pmu_levels.h.
 */
#ifndef PMUKIT_KERNEL_EL_H
#define PMUKIT_KERNEL_EL_H

/* pmukit_kernel_el() and pmukit_kernel_el_note() are public. */
#include "pmukit/machine.h"

#endif /* PMUKIT_KERNEL_EL_H */
