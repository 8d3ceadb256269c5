/* SPDX-License-Identifier: MIT */
/*
 * What the host tests of the firmware's report (test_fw_*.c) share: the
 * report captured into out[], pmu_fw.c's event delta in place of the one
 * the host does not link (pmu_fw.c reads the PMU), and an event entry of
 * a finished run. Included after pmukit_fw.h (and pmukit_fw_metrics.h).
 */
#ifndef PMUKIT_TESTS_FW_HOST_H
#define PMUKIT_TESTS_FW_HOST_H

#include <string.h>

static char out[8192];
static size_t len;

static void put(const char *s)
{
	size_t n = strlen(s);

	if (len + n < sizeof(out)) {
		memcpy(out + len, s, n + 1);
		len += n;
	}
}

int pmukit_fw_event_delta(const struct pmukit_fw_event *e, pmukit_fw_u64 *delta);
int pmukit_fw_event_delta(const struct pmukit_fw_event *e, pmukit_fw_u64 *delta)
{
	*delta = e->postval - e->preval;
	return e->flags & PMUKIT_FW_OVERFLOW ? PMUKIT_FW_EOVERFLOW : 0;
}

#define EV(n, num, delta)	{ .name = (n), .number = (num), .flags = PMUKIT_FW_VALID, \
				  .preval = 100, .postval = 100 + (delta) }

#endif /* PMUKIT_TESTS_FW_HOST_H */
