/* SPDX-License-Identifier: MIT */
/*
 * Telling a disturbed measurement from a clean one in the guest tests: an
 * interrupt taken inside a window adds its kernel cycles where the cycle
 * counter counts every level (ARMv7 has no cycle-counter filter), adds the
 * handler's instructions to a :k count, and under QEMU can add one user
 * instruction on 32-bit guests (its accounting when the exception is taken
 * while the counters run). Interrupts only ever add. A window across which
 * /proc/stat's interrupt total moved is measured again, up to
 * GUEST_IRQ_TRIES times; one that no interrupt came into must be exact.
 */
#ifndef GUEST_IRQ_H
#define GUEST_IRQ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUEST_IRQ_TRIES	8

/* The interrupts Linux has taken so far on every CPU ("intr" total), or 0. */
static inline uint64_t guest_irq_total(void)
{
	char line[256];
	uint64_t n = 0;
	FILE *f = fopen("/proc/stat", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "intr ", 5)) {
			n = strtoull(line + 5, NULL, 10);
			break;
		}
	fclose(f);
	return n;
}

/*
 * Runs the statements @... (which set @ret) again while an interrupt came
 * in across them, at most GUEST_IRQ_TRIES times; stops at an error. @again
 * (an unsigned int) counts the runs measured again: GUEST_IRQ_TRIES when
 * every one was disturbed (the last one is kept).
 */
#define GUEST_IRQ_QUIET_N(ret, again, ...)					\
	do {									\
		for ((again) = 0; (again) < GUEST_IRQ_TRIES; (again)++) {	\
			uint64_t guest_before_ = guest_irq_total();		\
										\
			__VA_ARGS__;						\
			if ((ret) || guest_irq_total() == guest_before_)	\
				break;						\
		}								\
	} while (0)

/* GUEST_IRQ_QUIET_N() where the number of runs measured again is not needed. */
#define GUEST_IRQ_QUIET(ret, ...)						\
	do {									\
		unsigned int guest_again_;					\
										\
		GUEST_IRQ_QUIET_N(ret, guest_again_, __VA_ARGS__);		\
		(void)guest_again_;						\
	} while (0)

#endif /* GUEST_IRQ_H */
