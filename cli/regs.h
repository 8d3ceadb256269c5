/* SPDX-License-Identifier: MIT */
/*
 * The registers 'pmukit regs' shows, per ISA (regs_<arch>.c, chosen by the
 * build), and the decoding of their fields (regs_decode.c).
 */
#ifndef PMUKIT_CLI_REGS_H
#define PMUKIT_CLI_REGS_H

#include <stddef.h>
#include <stdint.h>

enum reg_kind {
	REG_PMCR,
	REG_CNTEN,	/* a counter bit mask: PMCNTENSET/CLR */
	REG_OVS,	/* overflow flags */
	REG_PMUSERENR,
	REG_FILTER,	/* PMCCFILTR */
	REG_SELR,
	REG_CEID0,
	REG_CEID1,
	REG_FREQ,
	REG_COUNT,	/* a counter value */
};

/* What user space needs for the read not to trap. */
enum reg_need {
	NEED_NOTHING,
	NEED_PMU_EN,	/* PMUSERENR.EN */
	NEED_PMU_CR,	/* PMUSERENR.EN or .CR: the cycle counter */
	NEED_TIMER,	/* the kernel's CNTKCTL.EL0VCTEN */
};

struct arch_reg {
	const char *name;	/* as the Arm ARM names it for this ISA */
	const char *sysfs;	/* the module's cpuN/ file of the same register, or NULL */
	enum reg_kind kind;
	enum reg_need need;
	void (*read)(void *out);	/* stores a uint64_t at out */
};

extern const struct arch_reg arch_regs[];
extern const unsigned int arch_nregs;
extern const char arch_isa[];

/* Reads from user space; 0, or nonzero when the access traps (or there is none). */
int arch_pmuserenr(uint64_t *v);
int arch_pmcr(uint64_t *v);

void reg_decode(enum reg_kind kind, uint64_t v, char *buf, size_t len);
void reg_unreadable_why(enum reg_need need, char *buf, size_t len);

#endif /* PMUKIT_CLI_REGS_H */
