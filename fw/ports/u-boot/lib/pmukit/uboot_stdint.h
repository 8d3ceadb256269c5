/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Included before every file of lib/pmukit: U-Boot's own <stdint.h> is
 * empty (U-Boot takes its integer types from <linux/types.h>), so the types
 * come from there and the limits the library uses from the compiler.
 */
#ifndef PMUKIT_UBOOT_STDINT_H
#define PMUKIT_UBOOT_STDINT_H

#include <linux/types.h>
#include <linux/kernel.h>	/* with <limits.h>: some of the limits */

#ifndef INT32_MAX
#define INT32_MAX	__INT32_MAX__
#endif
#ifndef INT32_MIN
#define INT32_MIN	(-INT32_MAX - 1)
#endif
#ifndef UINT32_MAX
#define UINT32_MAX	__UINT32_MAX__
#endif
#ifndef INT64_MAX
#define INT64_MAX	__INT64_MAX__
#endif
#ifndef INT64_MIN
#define INT64_MIN	(-INT64_MAX - 1)
#endif
#ifndef UINT64_MAX
#define UINT64_MAX	__UINT64_MAX__
#endif
#ifndef SIZE_MAX
#define SIZE_MAX	__SIZE_MAX__
#endif

#endif /* PMUKIT_UBOOT_STDINT_H */
