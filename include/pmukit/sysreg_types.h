/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/* Integer types for the register accessors: kernel, user space or freestanding. */
#ifndef PMUKIT_SYSREG_TYPES_H
#define PMUKIT_SYSREG_TYPES_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdint.h>	/* provided by the compiler even with -ffreestanding */
#endif

/* A system register as the ISA moves it: 64 bits on AArch64, 32 on AArch32. */
typedef unsigned long pmukit_ureg_t;

#endif
