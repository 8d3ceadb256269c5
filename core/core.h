/* SPDX-License-Identifier: MIT OR BSD-3-Clause */
/*
 * What the freestanding core (the files of core/) shares: error numbers and 64-bit
 * integer division. The core is built into libpmukit and into the firmware
 * library, so it uses no C library: only <stddef.h>, <stdint.h>,
 * <stdbool.h>, and no state of its own.
 */
#ifndef PMUKIT_CORE_CORE_H
#define PMUKIT_CORE_CORE_H

#ifdef __KERNEL__
#include <linux/types.h>	/* the module compiles core/spec.c: no <stdint.h> there */
#else
#include <stdint.h>
#endif

/* Linux's errno numbers: the core returns them negated, like the library. */
#define PMUKIT_CORE_ENOENT	2
#define PMUKIT_CORE_E2BIG	7
#define PMUKIT_CORE_EINVAL	22
#define PMUKIT_CORE_ERANGE	34

/*
 * n / d and n % d (into *rem, if not NULL) by shift and subtract: 32-bit
 * ARM has no divide instruction everywhere and firmware links no libgcc.
 * Division by 0 gives 0 and a remainder of 0.
 */
uint64_t pmukit_core_udiv64(uint64_t n, uint64_t d, uint64_t *rem);

/* n * scale / d rounded to nearest; 0 when d is 0 (see core/arith.c). */
uint64_t pmukit_core_ratio(uint64_t n, uint64_t d, uint64_t scale);

#endif /* PMUKIT_CORE_CORE_H */
