// SPDX-License-Identifier: MIT
/*
 * The generated tables (events.h) as libpmukit.so exports them: through
 * functions, so that the arrays' size and place are no part of the ABI.
 */
#include "event_lookup.h"

/**
 * pmukit_core_count() - how many cores the tables describe
 *
 * Return: the number of entries of pmukit_cores[].
 */
unsigned int pmukit_core_count(void)
{
	return pmukit_ncores;
}

/**
 * pmukit_core_at() - one core's table, in the order of the tables
 * @i: 0 to pmukit_core_count() - 1
 *
 * Return: &pmukit_cores[@i], or NULL when @i is out of range.
 */
const struct pmukit_core_def *pmukit_core_at(unsigned int i)
{
	return i < pmukit_ncores ? &pmukit_cores[i] : NULL;
}

/**
 * pmukit_common_table() - the common architectural events of an architecture
 * @arch_major: 7, 8 or 9
 *
 * Return: pmukit_common_armv7, _armv8 or _armv9, or NULL for another number.
 */
const struct pmukit_core_def *pmukit_common_table(unsigned int arch_major)
{
	switch (arch_major) {
	case 7:
		return &pmukit_common_armv7;
	case 8:
		return &pmukit_common_armv8;
	case 9:
		return &pmukit_common_armv9;
	default:
		return NULL;
	}
}
