/* SPDX-License-Identifier: MIT */
/*
 * 'pmukit selftest': the loops and what they must count (cmd_selftest.c),
 * and their measurement on one access path (selftest_measure.c).
 */
#ifndef PMUKIT_CLI_SELFTEST_H
#define PMUKIT_CLI_SELFTEST_H

#include <stdint.h>

#include "pmukit/pmukit.h"
#include "selftest_loops.h"

#define ST_MAX_EVENTS		6

enum expect { EXP_NONE, EXP_EXACT, EXP_ATLEAST };

/* Room for a spec: an event's name and its levels ("L1D_CACHE_REFILL:uk"). */
#define ST_SPEC_LEN		40

struct st_event {
	const char *event;	/* its name in the tables, without levels */
	enum expect kind;
	unsigned int per_iter;	/* expected per iteration; 0: the body's instructions */
	char spec[ST_SPEC_LEN];	/* as counted: the name and the levels (st_levels()) */
};

struct st_loop {
	const char *title;
	const struct loop_shape *shape;
	void (*fn)(unsigned long, void *);
	unsigned long iters;
	void *arg;
	unsigned int nev;
	struct st_event ev[ST_MAX_EVENTS];
	int pmu_write;		/* the loop writes a PMU register: may trap */
};

struct st_result {
	int ok;			/* measured */
	int err;		/* when not: the error */
	char why[1024];		/* when not: pmukit_last_error(), whole */
	char name[64];		/* as the session calls it */
	int code;		/* the Arm event number its plan parsed; -1: none */
	uint64_t value, raw, empty;
	/* pmukit_count_verdict() of the loop's count (raw): did it count? */
	int verdict;
	char vwhy[PMUKIT_VERDICT_WHY_LEN];
};

/*
 * Counts every event of @l on @path: each the smallest of a few runs, less
 * the smallest count of the loop run with no iterations (unless @raw), in
 * groups that fit the counters; an event a group cannot take is tried alone.
 */
void selftest_measure(enum pmukit_path path, const struct st_loop *l, struct st_result *res,
		      int raw);

#endif /* PMUKIT_CLI_SELFTEST_H */
