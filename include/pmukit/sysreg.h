/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * PMU register accessors for the ISA being compiled for
 * (PMUKIT_HAVE_SYSREG: 1 where there is an Arm PMU). On x86-64 the field
 * constants and the time-stamp and performance counters' reads.
 */
#ifndef PMUKIT_SYSREG_H
#define PMUKIT_SYSREG_H

#include "pmu_fields.h"

#if defined(__aarch64__)
#include "sysreg_aarch64.h"
#define PMUKIT_HAVE_SYSREG 1
#elif defined(__arm__)
#include "sysreg_aarch32.h"
#define PMUKIT_HAVE_SYSREG 1
#elif defined(__x86_64__)
#include "sysreg_x86_64.h"
#define PMUKIT_HAVE_SYSREG 0
#else
#define PMUKIT_HAVE_SYSREG 0
#endif

#endif
