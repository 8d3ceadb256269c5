/* SPDX-License-Identifier: MIT */
/*
 * The decoding of the registers 'pmukit regs' and 'pmukit info' show
 * (regs_decode.c): the library reads them (pmukit/regs.h), the command
 * says what their fields mean and why a read trapped.
 */
#ifndef PMUKIT_CLI_REGS_H
#define PMUKIT_CLI_REGS_H

#include <stddef.h>
#include <stdint.h>

#include "pmukit/regs.h"

/* The library's kinds, by the command's short names. */
enum reg_kind {
	REG_PMCR = PMUKIT_REG_PMCR,
	REG_CNTEN = PMUKIT_REG_CNTEN,
	REG_OVS = PMUKIT_REG_OVS,
	REG_PMUSERENR = PMUKIT_REG_PMUSERENR,
	REG_FILTER = PMUKIT_REG_FILTER,
	REG_SELR = PMUKIT_REG_SELR,
	REG_CEID0 = PMUKIT_REG_CEID0,
	REG_CEID1 = PMUKIT_REG_CEID1,
	REG_FREQ = PMUKIT_REG_FREQ,
	REG_COUNT = PMUKIT_REG_COUNT,
};

/* The first register of @kind read here: 0, or a negative errno (it trapped, or none). */
int reg_read_kind(enum pmukit_reg_kind kind, uint64_t *v);

void reg_decode(enum reg_kind kind, uint64_t v, char *buf, size_t len);
void reg_unreadable_why(enum pmukit_reg_need need, char *buf, size_t len);

#endif /* PMUKIT_CLI_REGS_H */
