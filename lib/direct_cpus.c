// SPDX-License-Identifier: MIT
/*
 * The direct path's whole CPUs (perf stat -a, -C, -A): each CPU's counters
 * as pmukit.ko in mode=read keeps them, read on that CPU.
 */
#include <errno.h>

#include "backend.h"

int pmukit_direct_scope_check(void)
{
	return pmukit_err(-EOPNOTSUPP, "the direct path does not count whole CPUs (-a, -C) yet; the perf path can (--path perf)");
}
