// SPDX-License-Identifier: MIT
/*
 * Region markers: pmukit_region_begin()/pmukit_region_end() count the events
 * of $PMUKIT_REGIONS_EVENTS between two calls and add them up per region
 * name; the totals are written once, at exit.
 *
 * Each thread has its own session, started once and left running: a marker
 * only reads the counters, so nested regions share them. The cost of the
 * markers themselves is measured once per process (the smallest of many
 * empty regions) and taken off every region, along with the cost of the
 * markers nested inside it, unless $PMUKIT_REGIONS_RAW is set.
 *
 * Totals are inclusive: a region's total holds the regions nested in it;
 * "self" leaves them out. A region entered again while it is open
 * (recursion) adds to the calls and to self, but only its outermost call
 * adds to the total, so nothing is counted twice.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmukit/pmukit.h"

#define REG_MAX_EVENTS	8
#define REG_MAX_DEPTH	64
#define REG_CALIBRATE_RUNS 64
#define REG_NAME_LEN	64

enum reg_format { REG_TABLE, REG_CSV, REG_JSON };

struct reg_total {
	char *name;
	uint64_t calls;
	uint64_t total[REG_MAX_EVENTS];
	uint64_t self[REG_MAX_EVENTS];
};

struct reg_frame {
	const char *name;
	int valid;				/* the opening read succeeded */
	uint64_t start[REG_MAX_EVENTS];
	uint64_t children[REG_MAX_EVENTS];	/* corrected totals of direct children */
	uint64_t nested;			/* marker pairs inside, at any depth */
};

struct reg_thread {
	int state;				/* 0 not set up, 1 counting, -1 off */
	struct pmukit_session *s;
	unsigned int depth;
	unsigned int too_deep;			/* begins past REG_MAX_DEPTH, ignored */
	struct reg_frame stack[REG_MAX_DEPTH];
	uint64_t *calib_out;			/* set while calibrating */
};

static __thread struct reg_thread rt;

static pthread_once_t reg_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t reg_calib_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t reg_key;

static struct {
	int enabled;
	unsigned int nevents;
	char *spec[REG_MAX_EVENTS];
	enum reg_format format;
	const char *output;
	int raw;
} cfg;

/* Filled by the first thread that could open a session. */
static char ev_name[REG_MAX_EVENTS][REG_NAME_LEN];
static char path_name[16];
static int calibrated;
static uint64_t in_cost[REG_MAX_EVENTS];	/* an empty region */
static uint64_t pair_cost[REG_MAX_EVENTS];	/* a begin/end pair inside a region */

static struct reg_total *totals;
static size_t ntotals, cap_totals;
static unsigned long unmatched, unclosed, read_failed, too_deep_total;

/* The calibration's own region: never reported. */
static const char calib_name[] = "pmukit calibration";

static void warn(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "pmukit regions: ");
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
}

static void parse_events(const char *list)
{
	char *copy = strdup(list), *save = NULL, *tok;

	if (!copy)
		return;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (cfg.nevents == REG_MAX_EVENTS) {
			warn("more than %s events in PMUKIT_REGIONS_EVENTS; '%s' and later ones left out",
			     "8", tok);
			break;
		}
		cfg.spec[cfg.nevents] = strdup(tok);
		if (cfg.spec[cfg.nevents])
			cfg.nevents++;
	}
	free(copy);
}

static void report(void);

static void thread_gone(void *arg)
{
	struct reg_thread *t = arg;

	if (t->s)
		pmukit_close(t->s);
	t->s = NULL;
	t->state = -1;
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
		warn("PMUKIT_REGIONS_FORMAT='%s' is not table, csv or json: %s", fmt,
		     "writing a table");
	cfg.output = getenv("PMUKIT_REGIONS_OUTPUT");
	cfg.raw = raw && *raw && strcmp(raw, "0");
	if (pthread_key_create(&reg_key, thread_gone) != 0)
		return;
	cfg.enabled = cfg.nevents > 0;
	if (cfg.enabled)
		atexit(report);
}

static int read_counts(uint64_t *v)
{
	struct pmukit_count c[REG_MAX_EVENTS];
	unsigned int i;

	if (pmukit_read(rt.s, c) < 0)
		return -1;
	for (i = 0; i < cfg.nevents; i++)
		v[i] = c[i].value;
	return 0;
}

/* Smallest raw cost of an empty region and of a pair nested in a region. */
static void calibrate(void)
{
	uint64_t empty[REG_MAX_EVENTS], outer[REG_MAX_EVENTS];
	uint64_t best_empty[REG_MAX_EVENTS], best_outer[REG_MAX_EVENTS];
	unsigned int i, k;

	for (i = 0; i < cfg.nevents; i++)
		best_empty[i] = best_outer[i] = UINT64_MAX;
	for (k = 0; k < REG_CALIBRATE_RUNS; k++) {
		memset(empty, 0xff, sizeof(empty));
		rt.calib_out = empty;
		pmukit_region_begin(calib_name);
		pmukit_region_end(calib_name);

		memset(outer, 0xff, sizeof(outer));
		rt.calib_out = NULL;
		pmukit_region_begin(calib_name);
		pmukit_region_begin(calib_name);
		pmukit_region_end(calib_name);
		rt.calib_out = outer;
		pmukit_region_end(calib_name);
		rt.calib_out = NULL;

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
	unsigned int i;
	int ret;

	if (rt.state)
		return rt.state > 0;
	rt.state = -1;
	pthread_once(&reg_once, global_init);
	if (!cfg.enabled)
		return 0;
	ret = pmukit_open(&rt.s, (const char *const *)cfg.spec, cfg.nevents, NULL);
	if (ret == 0)
		ret = pmukit_start(rt.s);
	if (ret < 0) {
		warn("cannot count: %s (%s)", pmukit_strerror(ret), pmukit_last_error());
		if (rt.s)
			pmukit_close(rt.s);
		rt.s = NULL;
		return 0;
	}
	pthread_setspecific(reg_key, &rt);

	pthread_mutex_lock(&reg_calib_lock);
	if (!calibrated) {
		for (i = 0; i < cfg.nevents; i++)
			snprintf(ev_name[i], sizeof(ev_name[i]), "%s", pmukit_event_name(rt.s, i));
		snprintf(path_name, sizeof(path_name), "%s",
			 pmukit_path_name(pmukit_session_path(rt.s)));
		rt.state = 1;
		if (!cfg.raw)
			calibrate();
		calibrated = 1;
	}
	pthread_mutex_unlock(&reg_calib_lock);
	rt.state = 1;
	return 1;
}

/* The totals of @name, added on first use; NULL when out of memory. Locked. */
static struct reg_total *total_of(const char *name)
{
	size_t i;

	for (i = 0; i < ntotals; i++)
		if (!strcmp(totals[i].name, name))
			return &totals[i];
	if (ntotals == cap_totals) {
		size_t cap = cap_totals ? 2 * cap_totals : 16;
		struct reg_total *t = realloc(totals, cap * sizeof(*t));

		if (!t)
			return NULL;
		totals = t;
		cap_totals = cap;
	}
	memset(&totals[ntotals], 0, sizeof(totals[ntotals]));
	totals[ntotals].name = strdup(name);
	if (!totals[ntotals].name)
		return NULL;
	return &totals[ntotals++];
}

/**
 * pmukit_region_begin() - open the region @name in this thread.
 * @name: the region; regions of the same name add up, whatever the thread
 */
void pmukit_region_begin(const char *name)
{
	struct reg_frame *f;

	if (!name || !thread_ready())
		return;
	if (rt.depth == REG_MAX_DEPTH) {
		rt.too_deep++;
		return;
	}
	f = &rt.stack[rt.depth++];
	f->name = name;
	f->nested = 0;
	memset(f->children, 0, sizeof(f->children));
	/* Last, so that none of the marker's own work falls inside the region. */
	f->valid = read_counts(f->start) == 0;
}

static uint64_t sub0(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

/* Ends the frame on top of the stack with the counts @now. */
static void close_top(const uint64_t *now)
{
	struct reg_frame *f = &rt.stack[--rt.depth];
	struct reg_frame *parent = rt.depth ? &rt.stack[rt.depth - 1] : NULL;
	uint64_t incl[REG_MAX_EVENTS] = { 0 }, self[REG_MAX_EVENTS] = { 0 };
	struct reg_total *t;
	int recursive = 0;
	unsigned int i;

	if (parent)
		parent->nested += 1 + f->nested;
	if (!f->valid || !now) {
		__atomic_add_fetch(&read_failed, 1, __ATOMIC_RELAXED);
		return;
	}
	for (i = 0; i < cfg.nevents; i++) {
		uint64_t d = sub0(now[i], f->start[i]);

		if (rt.calib_out) {
			rt.calib_out[i] = d;
			continue;
		}
		if (!cfg.raw)
			d = sub0(d, in_cost[i] + f->nested * pair_cost[i]);
		incl[i] = d;
		self[i] = sub0(d, f->children[i]);
		if (parent)
			parent->children[i] += d;
	}
	if (rt.calib_out || f->name == calib_name)
		return;
	for (i = 0; i < rt.depth; i++)
		if (!strcmp(rt.stack[i].name, f->name))
			recursive = 1;

	pthread_mutex_lock(&reg_lock);
	t = total_of(f->name);
	if (t) {
		t->calls++;
		for (i = 0; i < cfg.nevents; i++) {
			if (!recursive)
				t->total[i] += incl[i];
			t->self[i] += self[i];
		}
	}
	pthread_mutex_unlock(&reg_lock);
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
	int ok;
	unsigned int d;

	if (!name || rt.state <= 0)
		return;
	/* First, before any bookkeeping of the marker can be counted. */
	ok = read_counts(now) == 0;
	if (rt.too_deep) {
		rt.too_deep--;
		__atomic_add_fetch(&too_deep_total, 1, __ATOMIC_RELAXED);
		return;
	}
	for (d = rt.depth; d > 0; d--)
		if (rt.stack[d - 1].name == name || !strcmp(rt.stack[d - 1].name, name))
			break;
	if (d == 0) {
		__atomic_add_fetch(&unmatched, 1, __ATOMIC_RELAXED);
		return;
	}
	while (rt.depth > d) {
		__atomic_add_fetch(&unclosed, 1, __ATOMIC_RELAXED);
		close_top(ok ? now : NULL);
	}
	close_top(ok ? now : NULL);
}

/* ---- the report at exit ------------------------------------------------ */

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void csv_string(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void report_table(FILE *f)
{
	int w = 6;
	unsigned int i;
	size_t r;

	for (r = 0; r < ntotals; r++)
		if ((int)strlen(totals[r].name) > w)
			w = (int)strlen(totals[r].name);
	fprintf(f, "pmukit regions (path %s; ", path_name);
	if (cfg.raw) {
		fprintf(f, "raw: marker overhead not subtracted)\n");
	} else {
		fprintf(f, "overhead subtracted per region:");
		for (i = 0; i < cfg.nevents; i++)
			fprintf(f, " %s %llu (+%llu per nested region)", ev_name[i],
				(unsigned long long)in_cost[i], (unsigned long long)pair_cost[i]);
		fprintf(f, ")\n");
	}
	fprintf(f, "%-*s  %-20s %10s %16s %16s %16s\n", w, "region", "event", "calls",
		"total", "per call", "self");
	for (r = 0; r < ntotals; r++)
		for (i = 0; i < cfg.nevents; i++)
			fprintf(f, "%-*s  %-20s %10llu %16llu %16.1f %16llu\n", w,
				totals[r].name, ev_name[i],
				(unsigned long long)totals[r].calls,
				(unsigned long long)totals[r].total[i],
				(double)totals[r].total[i] / (double)totals[r].calls,
				(unsigned long long)totals[r].self[i]);
}

static void report_csv(FILE *f)
{
	unsigned int i;
	size_t r;

	fprintf(f, "region,event,calls,total,per_call,self\n");
	for (r = 0; r < ntotals; r++)
		for (i = 0; i < cfg.nevents; i++) {
			csv_string(f, totals[r].name);
			fputc(',', f);
			csv_string(f, ev_name[i]);
			fprintf(f, ",%llu,%llu,%.1f,%llu\n",
				(unsigned long long)totals[r].calls,
				(unsigned long long)totals[r].total[i],
				(double)totals[r].total[i] / (double)totals[r].calls,
				(unsigned long long)totals[r].self[i]);
		}
}

static void report_json(FILE *f)
{
	unsigned int i;
	size_t r;

	fprintf(f, "{\n  \"path\": ");
	json_string(f, path_name);
	fprintf(f, ",\n  \"raw\": %s,\n  \"overhead\": {", cfg.raw ? "true" : "false");
	for (i = 0; i < cfg.nevents; i++) {
		fprintf(f, "%s\n    ", i ? "," : "");
		json_string(f, ev_name[i]);
		fprintf(f, ": { \"region\": %llu, \"nested_region\": %llu }",
			(unsigned long long)(cfg.raw ? 0 : in_cost[i]),
			(unsigned long long)(cfg.raw ? 0 : pair_cost[i]));
	}
	fprintf(f, "\n  },\n  \"regions\": [");
	for (r = 0; r < ntotals; r++) {
		fprintf(f, "%s\n    { \"name\": ", r ? "," : "");
		json_string(f, totals[r].name);
		fprintf(f, ", \"calls\": %llu, \"events\": {",
			(unsigned long long)totals[r].calls);
		for (i = 0; i < cfg.nevents; i++) {
			fprintf(f, "%s ", i ? "," : "");
			json_string(f, ev_name[i]);
			fprintf(f, ": { \"total\": %llu, \"self\": %llu }",
				(unsigned long long)totals[r].total[i],
				(unsigned long long)totals[r].self[i]);
		}
		fprintf(f, " } }");
	}
	fprintf(f, "\n  ],\n  \"unmatched_ends\": %lu,\n  \"not_closed\": %lu,\n"
		"  \"failed_reads\": %lu,\n  \"too_deep\": %lu\n}\n",
		unmatched, unclosed, read_failed, too_deep_total);
}

static void report(void)
{
	FILE *f = stderr;
	int own = 0;

	/* Regions this (main) thread left open end here, at exit. */
	if (rt.state > 0 && rt.depth) {
		uint64_t now[REG_MAX_EVENTS];
		int ok = read_counts(now) == 0;

		while (rt.depth) {
			unclosed++;
			close_top(ok ? now : NULL);
		}
	}
	pthread_mutex_lock(&reg_lock);
	if (!calibrated)
		goto out;	/* no thread could count: the reason was given */
	if (cfg.output && *cfg.output && strcmp(cfg.output, "-")) {
		f = fopen(cfg.output, "w");
		if (!f) {
			warn("cannot write %s: %s; writing to stderr", cfg.output, strerror(errno));
			f = stderr;
		} else {
			own = 1;
		}
	} else if (cfg.output && !strcmp(cfg.output, "-")) {
		f = stdout;
	}
	switch (cfg.format) {
	case REG_CSV:
		report_csv(f);
		break;
	case REG_JSON:
		report_json(f);
		break;
	default:
		report_table(f);
		if (unmatched || unclosed || read_failed || too_deep_total)
			fprintf(f, "warning: %lu ends without a begin, %lu regions not closed, "
				"%lu failed reads, %lu regions nested deeper than %d\n",
				unmatched, unclosed, read_failed, too_deep_total, REG_MAX_DEPTH);
		break;
	}
	if (own)
		fclose(f);
	else
		fflush(f);
out:
	pthread_mutex_unlock(&reg_lock);
}
