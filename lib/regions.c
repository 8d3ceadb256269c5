// SPDX-License-Identifier: MIT
/*
 * Region markers: pmukit_region_begin()/pmukit_region_end() count the events
 * of $PMUKIT_REGIONS_EVENTS between two calls and add them up per region
 * name; the totals are written once, at exit.
 *
 * Each thread has its own session, started once and left running: a marker
 * only reads the counters, so nested regions share them. The cost of the
 * markers themselves is measured once per process (the smallest of many
 * empty regions, and of regions holding one empty region) and taken off
 * every region, along with that of the markers nested inside it, unless
 * $PMUKIT_REGIONS_RAW is set. For that to be right, a marker must always
 * cost the same: everything it does between the counter reads is a fixed
 * amount of work on this thread's own data (a region is found by the
 * address of its name, in a small hash table; no lock, no string compare).
 * The first time a name is seen it is added to the table, which costs more:
 * that work is bracketed by two reads and left out of every open region.
 * Threads' totals are added up by name at exit.
 *
 * Totals are inclusive: a region's total holds the regions nested in it;
 * "self" leaves them out. A region entered again while it is open
 * (recursion) adds to the calls and to self, but only its outermost call
 * adds to the total, so nothing is counted twice.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	uint64_t start[REG_MAX_EVENTS];
	uint64_t skip0[REG_MAX_EVENTS];		/* the thread's skip at the start */
	uint64_t children[REG_MAX_EVENTS];	/* corrected totals of direct children */
	uint64_t nested;			/* marker pairs inside, at any depth */
};

struct reg_thread {
	struct reg_thread *next;		/* all threads, for the report */
	struct pmukit_session *s;
	unsigned int depth, too_deep, nrecs;
	unsigned long unmatched, unclosed, failed, lost;
	uint64_t *calib_out;			/* set while calibrating */
	uint64_t skip[REG_MAX_EVENTS];		/* counts no region should see */
	struct reg_frame stack[REG_MAX_DEPTH];
	struct reg_rec recs[REG_MAX_REGIONS];
	struct {
		const char *key;
		struct reg_rec *rec;
	} hash[REG_HASH];
};

static __thread struct reg_thread *me;
static __thread int me_state;		/* 0 not set up, 1 counting, -1 off */

static pthread_once_t reg_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t reg_key;
static struct reg_thread *threads;

static struct {
	int enabled;
	unsigned int nevents;
	char *spec[REG_MAX_EVENTS];
	enum reg_format format;
	const char *output;
	int raw;
} cfg;

/* Filled by the first thread that could open a session. */
static int calibrated;
static char ev_name[REG_MAX_EVENTS][REG_NAME_LEN];
static char path_name[16];
static uint64_t in_cost[REG_MAX_EVENTS];	/* an empty region */
static uint64_t pair_cost[REG_MAX_EVENTS];	/* a begin/end pair inside a region */
static uint64_t read_cost[REG_MAX_EVENTS];	/* two reads back to back */

/* The calibration's own regions: never reported. */
static const char calib_outer[] = "pmukit calibration";
static const char calib_inner[] = "pmukit calibration, nested";

static void warn(const char *what, const char *a, const char *b)
{
	fprintf(stderr, "pmukit regions: %s%s%s\n", what, a ? a : "", b ? b : "");
}

static void parse_events(const char *list)
{
	char *copy = strdup(list), *save = NULL, *tok;

	if (!copy)
		return;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (cfg.nevents == REG_MAX_EVENTS) {
			warn("PMUKIT_REGIONS_EVENTS has more than 8 events; left out from ", tok, NULL);
			break;
		}
		cfg.spec[cfg.nevents] = strdup(tok);
		if (cfg.spec[cfg.nevents])
			cfg.nevents++;
	}
	free(copy);
}

static void report(void);

/* A thread ends: its session goes; its totals stay for the report. */
static void thread_gone(void *arg)
{
	struct reg_thread *t = arg;

	pmukit_close(t->s);
	t->s = NULL;
}

static void global_init(void)
{
	const char *ev = getenv("PMUKIT_REGIONS_EVENTS");
	const char *fmt = getenv("PMUKIT_REGIONS_FORMAT");
	const char *raw = getenv("PMUKIT_REGIONS_RAW");

	parse_events(ev && *ev ? ev : "CPU_CYCLES");
	if (!fmt || !*fmt || !strcmp(fmt, "table"))
		cfg.format = REG_TABLE;
	else if (!strcmp(fmt, "csv"))
		cfg.format = REG_CSV;
	else if (!strcmp(fmt, "json"))
		cfg.format = REG_JSON;
	else
		warn("PMUKIT_REGIONS_FORMAT is not table, csv or json, but ", fmt,
		     ": writing a table");
	cfg.output = getenv("PMUKIT_REGIONS_OUTPUT");
	cfg.raw = raw && *raw && strcmp(raw, "0");
	if (pthread_key_create(&reg_key, thread_gone) != 0)
		return;
	cfg.enabled = cfg.nevents > 0;
	if (cfg.enabled)
		atexit(report);
}

static uint64_t sub0(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

static int read_counts(uint64_t *v)
{
	struct pmukit_count c[REG_MAX_EVENTS];
	unsigned int i;

	if (pmukit_read(me->s, c) < 0)
		return -1;
	for (i = 0; i < cfg.nevents; i++)
		v[i] = c[i].value;
	return 0;
}

static unsigned int slot_of(const char *name, unsigned int k)
{
	uintptr_t h = ((uintptr_t)name >> 3) * 2654435761u;

	return (unsigned int)(h + k) & (REG_HASH - 1);
}

/* The record of @name in this thread, by the name's address; NULL if new. */
static struct reg_rec *rec_find(const char *name)
{
	unsigned int k, i;

	for (k = 0; k < REG_HASH; k++) {
		i = slot_of(name, k);
		if (me->hash[i].key == name)
			return me->hash[i].rec;
		if (!me->hash[i].key)
			return NULL;
	}
	return NULL;
}

/*
 * Adds the address @name; a name already known under another address (a
 * copy of the string) shares its record. NULL when the table is full.
 */
static struct reg_rec *rec_add(const char *name)
{
	struct reg_rec *r = NULL;
	unsigned int k, i;

	for (k = 0; k < REG_HASH; k++) {
		i = slot_of(name, k);
		if (!me->hash[i].key)
			break;
	}
	if (k == REG_HASH)
		return NULL;
	for (k = 0; k < me->nrecs && !r; k++)
		if (!strcmp(me->recs[k].name, name))
			r = &me->recs[k];
	if (!r) {
		if (me->nrecs == REG_MAX_REGIONS)
			return NULL;
		r = &me->recs[me->nrecs++];
		r->name = name;
		r->hidden = name == calib_outer || name == calib_inner;
	}
	me->hash[i].key = name;
	me->hash[i].rec = r;
	return r;
}

/* A new name: added between two reads, and what that cost is skipped. */
static struct reg_rec *rec_new(const char *name)
{
	uint64_t t0[REG_MAX_EVENTS], t1[REG_MAX_EVENTS];
	int ok = read_counts(t0) == 0;
	struct reg_rec *r = rec_add(name);
	unsigned int i;

	if (ok && read_counts(t1) == 0)
		for (i = 0; i < cfg.nevents; i++)
			me->skip[i] += sub0(t1[i], t0[i]) + read_cost[i];
	return r;
}

/* Smallest raw cost of an empty region and of a region holding one. */
static void calibrate(void)
{
	uint64_t empty[REG_MAX_EVENTS], outer[REG_MAX_EVENTS];
	uint64_t best_empty[REG_MAX_EVENTS], best_outer[REG_MAX_EVENTS];
	uint64_t a[REG_MAX_EVENTS], b[REG_MAX_EVENTS];
	unsigned int i, k;

	for (i = 0; i < cfg.nevents; i++)
		best_empty[i] = best_outer[i] = read_cost[i] = UINT64_MAX;
	for (k = 0; k < REG_CALIBRATE_RUNS; k++) {
		if (read_counts(a) || read_counts(b))
			continue;
		for (i = 0; i < cfg.nevents; i++)
			if (sub0(b[i], a[i]) < read_cost[i])
				read_cost[i] = sub0(b[i], a[i]);
	}
	for (i = 0; i < cfg.nevents; i++)
		if (read_cost[i] == UINT64_MAX)
			read_cost[i] = 0;
	/* Both names first, so that none of the measured calls adds one. */
	rec_add(calib_outer);
	rec_add(calib_inner);
	for (k = 0; k < REG_CALIBRATE_RUNS; k++) {
		memset(empty, 0xff, sizeof(empty));
		me->calib_out = empty;
		pmukit_region_begin(calib_outer);
		pmukit_region_end(calib_outer);

		memset(outer, 0xff, sizeof(outer));
		me->calib_out = NULL;
		pmukit_region_begin(calib_outer);
		pmukit_region_begin(calib_inner);
		pmukit_region_end(calib_inner);
		me->calib_out = outer;
		pmukit_region_end(calib_outer);
		me->calib_out = NULL;

		for (i = 0; i < cfg.nevents; i++) {
			if (empty[i] < best_empty[i])
				best_empty[i] = empty[i];
			if (outer[i] < best_outer[i])
				best_outer[i] = outer[i];
		}
	}
	for (i = 0; i < cfg.nevents; i++) {
		in_cost[i] = best_empty[i] == UINT64_MAX ? 0 : best_empty[i];
		pair_cost[i] = best_outer[i] == UINT64_MAX || best_outer[i] < in_cost[i] ?
			       0 : best_outer[i] - in_cost[i];
	}
}

static int thread_ready(void)
{
	struct reg_thread *t;
	unsigned int i;
	int ret;

	if (me_state)
		return me_state > 0;
	me_state = -1;
	pthread_once(&reg_once, global_init);
	if (!cfg.enabled)
		return 0;
	t = calloc(1, sizeof(*t));
	if (!t)
		return 0;
	ret = pmukit_open(&t->s, (const char *const *)cfg.spec, cfg.nevents, NULL);
	if (ret == 0)
		ret = pmukit_start(t->s);
	if (ret < 0) {
		warn("cannot count: ", pmukit_last_error(), NULL);
		pmukit_close(t->s);
		free(t);
		return 0;
	}
	me = t;
	me_state = 1;
	pthread_setspecific(reg_key, t);

	pthread_mutex_lock(&reg_lock);
	t->next = threads;
	threads = t;
	/* The first thread measures the markers, for all (same code, same cost). */
	if (!calibrated) {
		for (i = 0; i < cfg.nevents; i++)
			snprintf(ev_name[i], sizeof(ev_name[i]), "%s", pmukit_event_name(t->s, i));
		snprintf(path_name, sizeof(path_name), "%s",
			 pmukit_path_name(pmukit_session_path(t->s)));
		calibrate();
		calibrated = 1;
	}
	pthread_mutex_unlock(&reg_lock);
	return 1;
}

/**
 * pmukit_region_begin() - open the region @name in this thread.
 * @name: the region; regions of the same name add up, whatever the thread
 */
void pmukit_region_begin(const char *name)
{
	struct reg_frame *f;
	struct reg_rec *r;

	if (!name || !thread_ready())
		return;
	r = rec_find(name);
	if (!r)
		r = rec_new(name);
	if (!r || me->depth == REG_MAX_DEPTH) {
		me->too_deep++;
		return;
	}
	f = &me->stack[me->depth++];
	f->rec = r;
	r->open++;
	f->nested = 0;
	memset(f->children, 0, sizeof(f->children));
	memcpy(f->skip0, me->skip, sizeof(f->skip0));
	/* Last, so that none of the marker's own work falls inside the region. */
	f->valid = read_counts(f->start) == 0;
}

/* Ends the frame on top of the stack with the counts @now (NULL: lost). */
static void close_top(const uint64_t *now)
{
	struct reg_frame *f = &me->stack[--me->depth];
	struct reg_frame *parent = me->depth ? &me->stack[me->depth - 1] : NULL;
	struct reg_rec *r = f->rec;
	unsigned int i;

	r->open--;
	if (parent)
		parent->nested += 1 + f->nested;
	if (!f->valid || !now) {
		me->failed++;
		return;
	}
	r->calls++;
	for (i = 0; i < cfg.nevents; i++) {
		uint64_t d = sub0(sub0(now[i], f->start[i]), me->skip[i] - f->skip0[i]);

		if (me->calib_out) {
			me->calib_out[i] = d;
			continue;
		}
		if (!cfg.raw)
			d = sub0(d, in_cost[i] + f->nested * pair_cost[i]);
		if (!r->open)
			r->total[i] += d;	/* the outermost of a recursion only */
		r->self[i] += sub0(d, f->children[i]);
		if (parent)
			parent->children[i] += d;
	}
}

/**
 * pmukit_region_end() - close the innermost open region @name in this thread.
 * @name: as given to pmukit_region_begin()
 *
 * Regions opened after it and still open are closed with it (and counted
 * as not closed); an end without its begin is ignored (and counted).
 */
void pmukit_region_end(const char *name)
{
	uint64_t now[REG_MAX_EVENTS];
	unsigned int d;
	int ok;

	if (!name || me_state <= 0)
		return;
	/* First, before any bookkeeping of the marker can be counted. */
	ok = read_counts(now) == 0;
	if (me->too_deep) {
		me->too_deep--;
		me->lost++;
		return;
	}
	for (d = me->depth; d > 0; d--)
		if (me->stack[d - 1].rec->name == name ||
		    !strcmp(me->stack[d - 1].rec->name, name))
			break;
	if (d == 0) {
		me->unmatched++;
		return;
	}
	while (me->depth > d) {
		me->unclosed++;
		close_top(ok ? now : NULL);
	}
	close_top(ok ? now : NULL);
}

/* Every thread's regions, added up by name, in the order first seen. */
static size_t sum_threads(struct reg_sum *out, size_t max, unsigned long *w)
{
	const struct reg_thread *t;
	size_t n = 0, k;
	unsigned int i, j;

	for (t = threads; t; t = t->next) {
		w[0] += t->unmatched;
		w[1] += t->unclosed;
		w[2] += t->failed;
		w[3] += t->lost;
		for (i = 0; i < t->nrecs; i++) {
			const struct reg_rec *r = &t->recs[i];

			if (r->hidden || !r->calls)
				continue;
			for (k = 0; k < n && strcmp(out[k].name, r->name); k++)
				;
			if (k == n) {
				if (n == max)
					continue;
				memset(&out[n], 0, sizeof(out[n]));
				out[n++].name = r->name;
			}
			out[k].calls += r->calls;
			for (j = 0; j < cfg.nevents; j++) {
				out[k].total[j] += r->total[j];
				out[k].self[j] += r->self[j];
			}
		}
	}
	return n;
}

static void report(void)
{
	static struct reg_sum sums[REG_MAX_REGIONS];
	unsigned long w[4] = { 0 };
	struct reg_report rep;
	FILE *f = stderr;
	int own = 0;

	/* Regions this (main) thread left open end here, at exit. */
	if (me_state > 0 && me->depth) {
		uint64_t now[REG_MAX_EVENTS];
		int ok = read_counts(now) == 0;

		while (me->depth) {
			me->unclosed++;
			close_top(ok ? now : NULL);
		}
	}
	pthread_mutex_lock(&reg_lock);
	if (!calibrated)
		goto out;	/* no thread could count: the reason was given */
	memset(&rep, 0, sizeof(rep));
	rep.n = sum_threads(sums, REG_MAX_REGIONS, w);
	rep.sum = sums;
	rep.format = cfg.format;
	rep.raw = cfg.raw;
	rep.path = path_name;
	rep.nevents = cfg.nevents;
	rep.event = (const char (*)[REG_NAME_LEN])ev_name;
	rep.in_cost = in_cost;
	rep.pair_cost = pair_cost;
	rep.unmatched = w[0];
	rep.unclosed = w[1];
	rep.failed = w[2];
	rep.lost = w[3];
	rep.max_depth = REG_MAX_DEPTH;
	rep.max_regions = REG_MAX_REGIONS;
	if (cfg.output && !strcmp(cfg.output, "-")) {
		f = stdout;
	} else if (cfg.output && *cfg.output) {
		f = fopen(cfg.output, "w");
		if (f)
			own = 1;
		else
			warn("cannot write ", cfg.output, ": writing to stderr");
		if (!f)
			f = stderr;
	}
	pmukit_regions_write(f, &rep);
	if (own)
		fclose(f);
	else
		fflush(f);
out:
	pthread_mutex_unlock(&reg_lock);
}
