/* SPDX-License-Identifier: MIT */
/*
 * Which events this machine's PMU implements: the library's answer
 * (pmukit_implemented_load(), machine.h) for the CPU this runs on, and
 * the command's sentence for when PMCEID is not there to give it.
 */
#ifndef PMUKIT_CLI_SUPPORT_H
#define PMUKIT_CLI_SUPPORT_H

#include <stddef.h>

#include "pmukit/machine.h"	/* struct pmukit_implemented */

/* Every source, for the CPU this runs on (core types may differ); 1 when one answered. */
int support_load(struct pmukit_implemented *s);
/* Without PMCEID: one sentence on what a 0 means, into @buf. */
void support_caveat(const struct pmukit_implemented *s, int armv7, char *buf, size_t len);

#endif /* PMUKIT_CLI_SUPPORT_H */
