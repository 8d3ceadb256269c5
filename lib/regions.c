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
 * amount of work on this thread's own data, no lock, no string compare,
 * no call but the read. A region is found by the address of its name in
 * the first slot of a small hash table; the frame it opens holds the
 * record, the count at its start and its children's totals. With one event
 * (the default, CPU_CYCLES) a marker reads it by the session's single read
 * (pmukit_sample()'s) and widens it to 64 bits itself when the counter is
 * narrower. The nested pairs' cost is not counted per frame: each closed
 * pair adds it to the thread's skip, the counts no region should see, and
 * a region takes off what the skip grew by while it was open.
 *
 * The first time a name is seen it is added to the table, which costs more;
 * so does a name whose first slot another holds. That work is bracketed by
 * two reads and goes to the skip too, with what the long way costs beyond
 * it (the call to it and back, measured with the markers' cost): a name's
 * first marker costs every open region what any other does.
 * Threads' totals are added up by name at exit.
 *
 * Totals are inclusive: a region's total holds the regions nested in it;
 * "self" leaves them out. A region entered again while it is open
 * (recursion) adds to the calls and to self, but only its outermost call
 * adds to the total, so nothing is counted twice.
 *
 * The settings are read from the environment by regions_setup.c; the
 * markers' cost is measured by regions_calibrate.c; the threads' totals
 * are added up and written at exit by regions_exit.c (through
 * regions_report.c's writer).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pmukit/pmukit.h"
#include "regions.h"
#include "regions_state.h"
#include "session.h"


/*
 * This thread's regions: set once it counts (a marker's one test); the
 * initial-exec model makes it one load beside the thread pointer, also in
 * the shared library (a few bytes of the static TLS block glibc keeps).
 */
static __thread struct reg_thread *me __attribute__((tls_model("initial-exec")));
static __thread int me_state;		/* 0 not set up, 1 counting, -1 off */

static pthread_once_t reg_once = PTHREAD_ONCE_INIT;
pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_key_t reg_key;
struct reg_thread *reg_threads;

struct reg_cfg reg_cfg;

/* Filled by the first thread that could open a session. */
int reg_calibrated;
char reg_ev_name[REG_MAX_EVENTS][REG_NAME_LEN];
char reg_path_name[16];
uint64_t reg_in_cost[REG_MAX_EVENTS];	/* an empty region */
uint64_t reg_pair_cost[REG_MAX_EVENTS];	/* a begin/end pair inside a region */
static uint64_t read_cost[REG_MAX_EVENTS];	/* two reads back to back */
/* Did each event count over the calibration? pmukit_count_verdict(), and why not. */
int reg_verdict[REG_MAX_EVENTS];
char reg_verdict_why[REG_MAX_EVENTS][PMUKIT_VERDICT_WHY_LEN];
/* What a close takes off its region, and adds to the skip: 0 until calibrated, or raw. */
static uint64_t in_sub[REG_MAX_EVENTS], pair_add[REG_MAX_EVENTS];

/* The record of stack[0]: no region, no name a marker gives. */
static const char none_name[] = "";
static struct reg_rec none_rec = { .name = none_name, .hidden = 1 };
/* What the long way costs a region beyond its bracketed work: added to the skip. */
static uint64_t slow_cost[REG_MAX_EVENTS];

/* A thread ends: its session goes; its totals stay for the report. */
void reg_thread_gone(void *arg)
{
	struct reg_thread *t = arg;

	if (me == t) {		/* markers in later destructors: not counted */
		me = NULL;
		me_state = -1;
	}
	pmukit_close(t->s);
	t->s = NULL;
}

static uint64_t sub0(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

/* Whether an end must go the long way for anything but its name. */
static void odd_set(struct reg_thread *t)
{
	t->odd = t->too_deep || t->calib_out || !t->one;
}

/*
 * One event: the path's single read (the session's own, as pmukit_sample()
 * calls it), widened to 64 bits here; no copy of the session's counts.
 */
static inline int read_one(struct reg_thread *t, uint64_t *v)
{
	uint64_t x;

	if (__builtin_expect(t->s->sample1(t->s, &x) < 0, 0))
		return -1;
	if (t->one_mask != UINT64_MAX) {
		t->one_acc += (x - t->one_last) & t->one_mask;
		t->one_last = x;
		x = t->one_acc;
	}
	*v = x;
	return 0;
}

/*
 * A count that wrapped (pmukit_read()'s -EOVERFLOW) is not known from there
 * on: the regions open on this thread fail, and the counts start from 0
 * again, with the counts no region should see, for the regions after.
 */
static void restart_counts(struct reg_thread *t)
{
	unsigned int i;

	for (i = 1; i <= t->depth && i <= REG_MAX_DEPTH; i++)
		t->stack[i].valid = 0;
	memset(t->skip, 0, sizeof(t->skip));
	pmukit_reset(t->s);
}

static int read_counts(uint64_t *v)
{
	struct pmukit_count c[REG_MAX_EVENTS];
	unsigned int i;
	int ret;

	if (me->one)
		return read_one(me, v);
	ret = pmukit_read(me->s, c);
	if (ret == -EOVERFLOW)
		restart_counts(me);
	if (ret < 0)
		return -1;
	for (i = 0; i < reg_cfg.nevents; i++)
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
		r->hidden = name == reg_calib_outer || name == reg_calib_inner ||
			    name == reg_calib_slow;
	}
	me->hash[i].key = name;
	me->hash[i].rec = r;
	return r;
}

/*
 * The next close writes its raw count to @out instead of adding it up: set
 * inside a calibration region, the same few instructions every time, what
 * they cost measured and taken off; reg_calib_off() ends it.
 */
__attribute__((noinline)) void reg_calib_on(uint64_t *out)
{
	me->calib_out = out;
	me->odd = 1;
}

void reg_calib_off(void)
{
	me->calib_out = NULL;
	odd_set(me);
}

int reg_read_counts(uint64_t *v)
{
	return read_counts(v);
}

void reg_calib_names(void)
{
	unsigned int k;

	rec_add(reg_calib_outer);
	rec_add(reg_calib_inner);
	/* A key no name has (an address inside it) in its first slot: it lands in another. */
	k = slot_of(reg_calib_slow, 0);
	if (!me->hash[k].key)
		me->hash[k].key = reg_calib_slow + 1;
	rec_add(reg_calib_slow);
}

static int thread_ready(void)
{
	struct reg_thread *t;
	unsigned int i;
	int ret;

	if (me_state)
		return me_state > 0;
	me_state = -1;
	pthread_once(&reg_once, reg_global_init);
	if (!reg_cfg.enabled)
		return 0;
	t = calloc(1, sizeof(*t));
	if (!t)
		return 0;
	ret = pmukit_open(&t->s, (const char *const *)reg_cfg.spec, reg_cfg.nevents, NULL);
	if (ret == 0)
		ret = pmukit_start(t->s);
	if (ret < 0) {
		reg_warn("cannot count: ", pmukit_last_error(), NULL);
		pmukit_close(t->s);
		free(t);
		return 0;
	}
	me = t;
	t->one_mask = pmukit_sample_width(t->s) >= 64 ? UINT64_MAX :
		      (UINT64_C(1) << pmukit_sample_width(t->s)) - 1;
	t->one = reg_cfg.nevents == 1 && pmukit_sample(t->s, &t->one_last) == 0;
	t->stack[0].rec = &none_rec;
	odd_set(t);
	me_state = 1;
	pthread_setspecific(reg_key, t);

	pthread_mutex_lock(&reg_lock);
	t->next = reg_threads;
	reg_threads = t;
	/*
	 * The first thread measures the markers, for all (same code, same
	 * cost). The calibration is code that ran, a few thousand markers: a
	 * counter that read 0 across it did not count in any region either
	 * (a region's own total, less the markers' cost, may be 0).
	 */
	if (!reg_calibrated) {
		uint64_t a[REG_MAX_EVENTS], b[REG_MAX_EVENTS];
		int ok;

		for (i = 0; i < reg_cfg.nevents; i++)
			snprintf(reg_ev_name[i], sizeof(reg_ev_name[i]), "%s", pmukit_event_name(t->s, i));
		snprintf(reg_path_name, sizeof(reg_path_name), "%s",
			 pmukit_path_name(pmukit_session_path(t->s)));
		ok = read_counts(a) == 0;
		reg_calibrate(read_cost, slow_cost);
		for (i = 0; i < reg_cfg.nevents; i++) {
			in_sub[i] = reg_cfg.raw ? 0 : reg_in_cost[i];
			pair_add[i] = reg_cfg.raw ? 0 : reg_pair_cost[i];
		}
		if (ok && read_counts(b) == 0) {
			struct pmukit_count c[REG_MAX_EVENTS];

			for (i = 0; i < reg_cfg.nevents; i++)
				c[i] = (struct pmukit_count){ .value = b[i] - a[i], .raw = b[i] - a[i] };
			for (i = 0; i < reg_cfg.nevents; i++)
				reg_verdict[i] = pmukit_count_verdict(t->s, i, c, reg_verdict_why[i],
								  sizeof(reg_verdict_why[i]));
		}
		reg_calibrated = 1;
	}
	pthread_mutex_unlock(&reg_lock);
	return 1;
}

/*
 * The long way of a begin: the thread's first marker, a name not in the
 * first slot of its hash (new, or a collision). NULL: not counted. In a
 * thread already counting, all of this is between two reads, and what it
 * cost goes to the skip with slow_cost, the rest of the long way: a name's
 * first marker, or a collision, costs an enclosing region what any other
 * does.
 */
static __attribute__((noinline)) struct reg_rec *begin_slow(const char *name)
{
	uint64_t t0[REG_MAX_EVENTS], t1[REG_MAX_EVENTS];
	struct reg_rec *r;
	unsigned int i;
	int ok;

	if (!name)
		return NULL;
	if (!me) {
		/* The first marker of this thread: no region is open in it yet. */
		if (!thread_ready())
			return NULL;
		r = rec_find(name);
		return r ? r : rec_add(name);
	}
	ok = read_counts(t0) == 0;
	r = rec_find(name);
	if (!r)
		r = rec_add(name);
	if (ok && read_counts(t1) == 0)
		for (i = 0; i < reg_cfg.nevents; i++)
			me->skip[i] += sub0(t1[i], t0[i]) + read_cost[i] + slow_cost[i];
	return r;
}

/* A begin's frame and read with more than one event. */
static __attribute__((noinline)) void begin_many(struct reg_thread *t, struct reg_frame *f)
{
	unsigned int i;

	memset(f->children, 0, sizeof(f->children));
	f->valid = read_counts(f->start) == 0;
	for (i = 0; i < reg_cfg.nevents; i++)
		f->start[i] -= t->skip[i];
}

/**
 * pmukit_region_begin() - open the region @name in this thread.
 * @name: the region; regions of the same name add up, whatever the thread
 *
 * The common case, a name seen before in the first slot of its hash, costs
 * the test of this thread's state, one probe, the frame's few stores and
 * the read; anything else (the first marker of a thread, a new name, a
 * collision, too deep) goes the long way, out of line.
 */
void pmukit_region_begin(const char *name)
{
	struct reg_thread *t = me;
	struct reg_rec *r = NULL;
	struct reg_frame *f;
	unsigned int i;

	if (__builtin_expect(t != NULL, 1)) {
		i = slot_of(name, 0);
		if (t->hash[i].key == name)
			r = t->hash[i].rec;	/* NULL for an empty slot */
	}
	if (__builtin_expect(!r, 0)) {
		r = begin_slow(name);
		t = me;
		if (!t)
			return;
	}
	if (__builtin_expect(!r || t->depth == REG_MAX_DEPTH, 0)) {
		t->too_deep++;
		t->odd = 1;
		return;
	}
	f = &t->stack[++t->depth];
	f->rec = r;
	r->open++;
	if (__builtin_expect(!t->one, 0)) {
		begin_many(t, f);
		return;
	}
	f->children[0] = 0;
	/* The read last: of the marker's work only the skip's subtraction follows. */
	f->valid = read_one(t, f->start) == 0;
	f->start[0] -= t->skip[0];
}

/*
 * close_top() of one event, @now its count, for the end's common case
 * (inline there): the frame's read and this one worked, no calibration.
 */
static inline void close_top_one(struct reg_thread *t, uint64_t now)
{
	struct reg_frame *f = &t->stack[t->depth--];
	struct reg_rec *r = f->rec;
	uint64_t d = now - t->skip[0] - f->start[0] - in_sub[0];

	t->skip[0] += pair_add[0];
	if ((int64_t)d < 0)
		d = 0;
	r->calls++;
	if (!--r->open)
		r->total[0] += d;	/* the outermost of a recursion only */
	r->self[0] += sub0(d, f->children[0]);
	f[-1].children[0] += d;		/* stack[0]'s, for no region, unused */
}

/* Ends the frame on top of @t's stack with the counts @now (NULL: lost). */
static void close_top(struct reg_thread *t, const uint64_t *now)
{
	struct reg_frame *f = &t->stack[t->depth--];
	struct reg_frame *parent = t->depth ? f - 1 : NULL;
	struct reg_rec *r = f->rec;
	unsigned int i;

	r->open--;
	if (!f->valid || !now) {
		for (i = 0; i < reg_cfg.nevents; i++)
			t->skip[i] += pair_add[i];	/* a pair all the same */
		t->failed++;
		return;
	}
	r->calls++;
	for (i = 0; i < reg_cfg.nevents; i++) {
		uint64_t d = now[i] - t->skip[i] - f->start[i];

		t->skip[i] += pair_add[i];
		if ((int64_t)d < 0)
			d = 0;
		if (t->calib_out) {
			t->calib_out[i] = d;
			continue;
		}
		d = sub0(d, in_sub[i]);
		if (!r->open)
			r->total[i] += d;	/* the outermost of a recursion only */
		r->self[i] += sub0(d, f->children[i]);
		if (parent)
			parent->children[i] += d;
	}
}

/*
 * The long way of an end: not the innermost region (an unclosed one inside
 * it, or no such region open), or a marker lost to too deep a nesting.
 */
static __attribute__((noinline)) void end_slow(struct reg_thread *t, const char *name,
					       const uint64_t *now)
{
	unsigned int d;

	if (!name)
		return;
	if (t->too_deep) {
		t->too_deep--;
		t->lost++;
		odd_set(t);
		return;
	}
	for (d = t->depth; d > 0; d--)
		if (t->stack[d].rec->name == name || !strcmp(t->stack[d].rec->name, name))
			break;
	if (d == 0) {
		t->unmatched++;
		return;
	}
	while (t->depth > d) {
		t->unclosed++;
		close_top(t, now);
	}
	close_top(t, now);
}

/**
 * pmukit_region_end() - close the innermost open region @name in this thread.
 * @name: as given to pmukit_region_begin()
 *
 * Regions opened after it and still open are closed with it (and counted
 * as not closed); an end without its begin is ignored (and counted). The
 * common case, @name the innermost region, costs the read, the test of the
 * top frame's name (its address) and the frame's sums.
 */
void pmukit_region_end(const char *name)
{
	struct reg_thread *t = me;
	uint64_t now[REG_MAX_EVENTS];
	struct reg_frame *f;
	int ok;

	if (__builtin_expect(!t, 0))
		return;
	/* First, before any bookkeeping of the marker can be counted. */
	ok = (__builtin_expect(t->one, 1) ? read_one(t, now) : read_counts(now)) == 0;
	/* Not in stack[0]: no region has its name (NULL goes the long way too). */
	f = &t->stack[t->depth];
	if (__builtin_expect(f->rec->name == name && !t->odd && ok && f->valid, 1))
		close_top_one(t, now[0]);
	else if (f->rec->name == name && name && !t->too_deep)
		close_top(t, ok ? now : NULL);
	else
		end_slow(t, name, ok ? now : NULL);
}

void reg_close_open(void)
{
	if (me_state > 0 && me->depth) {
		uint64_t now[REG_MAX_EVENTS];
		int ok = read_counts(now) == 0;

		while (me->depth) {
			me->unclosed++;
			close_top(me, ok ? now : NULL);
		}
	}
}
