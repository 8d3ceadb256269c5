/* SPDX-License-Identifier: MIT */
/*
 * Which events this machine's PMU implements: PMCEID0/1 (through the
 * module's sysfs, or read from user space), else the perf driver's list in
 * sysfs (it shows only the events PMCEID reports).
 */
#ifndef PMUKIT_CLI_SUPPORT_H
#define PMUKIT_CLI_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#define SUPPORT_MAX_PERF	512

struct ev_support {
	int have_ceid;
	uint32_t ceid[2];	/* PMCEID0: events 0x00-0x1f, PMCEID1: 0x20-0x3f */
	int have_perf;
	size_t nperf;
	unsigned int perf[SUPPORT_MAX_PERF];
	char source[448];	/* where the answer comes from, for the user */
};

/* Fills @s; returns 1 when some source answered, 0 when none did. */
int support_load(struct ev_support *s);
/* Without PMCEID: one sentence on what a 0 means, into @buf. */
void support_caveat(const struct ev_support *s, int armv7, char *buf, size_t len);
/* 1 implemented, 0 not, -1 unknown. */
int support_of(const struct ev_support *s, unsigned int code);

#endif /* PMUKIT_CLI_SUPPORT_H */
