/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Included before every file of lib/pmukit: U-Boot's own <stdint.h> is
 * empty (U-Boot takes its integer types from <linux/types.h> and some
 * limits from <limits.h>), so the types come from there, and the limits
 * U-Boot does not define from the compiler.
 */
#ifndef PMUKIT_UBOOT_STDINT_H
#define PMUKIT_UBOOT_STDINT_H

#include <linux/types.h>
#include <limits.h>

#ifndef INT64_MAX
#define INT64_MAX	__INT64_MAX__
#endif
#ifndef INT64_MIN
#define INT64_MIN	(-INT64_MAX - 1)
#endif

#endif /* PMUKIT_UBOOT_STDINT_H */
