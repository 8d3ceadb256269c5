/* SPDX-License-Identifier: MIT */
/*
 * Inside the region markers: what regions.c (the markers), regions_setup.c
 * (the settings), regions_calibrate.c (the markers' own cost) and
 * regions_exit.c (the report at exit) share. The
 * markers' own hot state (this thread's pointer, what a close takes off)
 * stays in regions.c.
 */
#ifndef PMUKIT_LIB_REGIONS_STATE_H
#define PMUKIT_LIB_REGIONS_STATE_H

#include <pthread.h>
#include <stdint.h>

#include "pmukit/pmukit.h"
#include "regions.h"

#define REG_MAX_DEPTH	64
#define REG_MAX_REGIONS	256	/* distinct names per thread */
#define REG_HASH	512	/* name addresses per thread; a power of two */
#define REG_CALIBRATE_RUNS 64

struct reg_rec {
	const char *name;
	int hidden;			/* the calibration's own */
	unsigned int open;		/* frames of this region on the stack */
	uint64_t calls;
	uint64_t total[REG_MAX_EVENTS];
	uint64_t self[REG_MAX_EVENTS];
};

struct reg_frame {
	struct reg_rec *rec;
	int valid;				/* the opening read succeeded */
	uint64_t start[REG_MAX_EVENTS];		/* the count less the thread's skip */
	uint64_t children[REG_MAX_EVENTS];	/* corrected totals of direct children */
};

struct reg_thread {
	struct reg_thread *next;		/* all threads, for the report */
	struct pmukit_session *s;
	/* One event: read by pmukit_sample(), widened to 64 bits here. */
	int one;
	uint64_t one_last, one_acc, one_mask;
	unsigned int depth, too_deep, nrecs;
	int odd;				/* too deep, calibrating, or not one event */
	unsigned long unmatched, unclosed, failed, lost;
	uint64_t *calib_out;			/* set while calibrating */
	/*
	 * Counts no region should see: the work of adding a new name, and
	 * (unless raw) the cost of every marker pair closed so far, so that
	 * a region's count less what the skip grew by inside it is corrected
	 * for the pairs nested in it at any depth.
	 */
	uint64_t skip[REG_MAX_EVENTS];
	/* From 1; stack[0] stands below the first frame, for no region. */
	struct reg_frame stack[REG_MAX_DEPTH + 1];
	struct reg_rec recs[REG_MAX_REGIONS];
	struct {
		const char *key;
		struct reg_rec *rec;
	} hash[REG_HASH];
};

/* The settings (regions_setup.c). */
struct reg_cfg {
	int enabled;
	unsigned int nevents;
	char *spec[REG_MAX_EVENTS];
	enum reg_format format;
	const char *output;
	int raw;
};

extern struct reg_cfg reg_cfg;
extern pthread_mutex_t reg_lock;	/* reg_threads, the calibration, the report */
extern pthread_key_t reg_key;		/* each thread's regions, for reg_thread_gone() */
extern struct reg_thread *reg_threads;	/* every thread that counted */

/* Filled by the first thread that could open a session (regions.c). */
extern int reg_calibrated;
extern char reg_ev_name[REG_MAX_EVENTS][REG_NAME_LEN];
extern char reg_path_name[16];
extern uint64_t reg_in_cost[REG_MAX_EVENTS];	/* an empty region */
extern uint64_t reg_pair_cost[REG_MAX_EVENTS];	/* a begin/end pair inside a region */
extern int reg_verdict[REG_MAX_EVENTS];
extern char reg_verdict_why[REG_MAX_EVENTS][PMUKIT_VERDICT_WHY_LEN];

/* The calibration's own regions (regions_calibrate.c): never reported. */
extern const char reg_calib_outer[], reg_calib_inner[];
/* Never in its first slot: its begin always goes the long way. */
extern const char reg_calib_slow[];

/*
 * The markers' cost (regions_calibrate.c), measured by this thread, which
 * counts: reg_in_cost[], reg_pair_cost[], and into @read_cost two reads
 * back to back, into @slow_cost what a begin's long way costs a region
 * beyond its bracketed work.
 */
void reg_calibrate(uint64_t *read_cost, uint64_t *slow_cost);

/* For the calibration, from regions.c: this thread's counts, 0 or -1. */
int reg_read_counts(uint64_t *v);
/* The next close of this thread writes its raw count to @out (no total), until reg_calib_off(). */
void reg_calib_on(uint64_t *out);
void reg_calib_off(void);
/* The calibration's names added to this thread's table, reg_calib_slow out of its first slot. */
void reg_calib_names(void);

/* "pmukit regions: WHAT A B" on stderr. */
void reg_warn(const char *what, const char *a, const char *b);

/* The settings from the environment (pthread_once()); at exit, reg_report(). */
void reg_global_init(void);

/* A thread ends: its session goes; its totals stay for the report (regions.c). */
void reg_thread_gone(void *arg);

/* The regions this thread left open end now, at exit (regions.c). */
void reg_close_open(void);

/* The report of every thread's regions (regions_exit.c, at exit). */
void reg_report(void);

#endif /* PMUKIT_LIB_REGIONS_STATE_H */
