/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * PMU register accessors for the ISA being compiled for. On other
 * architectures (x86-64) only the field constants are available.
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
#else
#define PMUKIT_HAVE_SYSREG 0
#endif

#endif
