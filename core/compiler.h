/* SPDX-License-Identifier: MIT OR BSD-3-Clause */
/*
 * Small compiler helpers shared by the library, the command, the firmware
 * library and the tests (freestanding: no header needed).
 */
#ifndef PMUKIT_CORE_COMPILER_H
#define PMUKIT_CORE_COMPILER_H

/* 0, or a compile error when @e is true (a constant expression). */
#define PMUKIT_BUILD_BUG_ON_ZERO(e)	(sizeof(char[1 - 2 * !!(e)]) - 1)

/* 0, or a compile error when @a is a pointer rather than an array. */
#define PMUKIT_MUST_BE_ARRAY(a) \
	PMUKIT_BUILD_BUG_ON_ZERO(__builtin_types_compatible_p(__typeof__(a), __typeof__(&(a)[0])))

/* The number of elements of the array @a (a constant expression). */
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]) + PMUKIT_MUST_BE_ARRAY(a))

#endif
