// SPDX-License-Identifier: MIT
/*
 * Recorded counts for the metrics (recorded.h): what the library read
 * (pmukit_input_read(): pmukit's own output, the firmware's tables, perf's,
 * topdown-tool's, LIKWID's), one interval and CPU at a time, with the
 * library's rule of a recorded 0 that did not count applied to each.
 */
#define _GNU_SOURCE	/* memmem */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cycles.h"
#include "recorded.h"
#include "report.h"



__attribute__((format(printf, 4, 5)))
static int fail(char *err, size_t errlen, unsigned int line, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(err, errlen, "line %u: expected ", line);

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < errlen)
		vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

int recorded_add(struct recorded *r, const char *name, uint64_t value, unsigned int pass,
		 enum rec_status status, unsigned int line)
{
	struct rec_event *e;

	if (r->nev == REC_MAX_EVENTS)
		return -E2BIG;
	if (pass > REC_MAX_PASSES)
		return -EINVAL;
	e = &r->ev[r->nev++];
	snprintf(e->name, sizeof(e->name), "%s", name);
	e->value = value;
	e->pass = pass ? pass : 1;
	e->status = status;
	e->line = line;
	e->why[0] = '\0';
	e->code = -1;
	e->percent = 100.0;
	if (status == REC_OK) {
		struct pmukit_count c = { .value = value, .raw = value };

		if (pmukit_count_verdict_named(name, r->path, &c, e->why, sizeof(e->why)) >
		    PMUKIT_COUNTED)
			e->status = REC_NOT_COUNTED;
	}
	if (e->pass > r->npasses)
		r->npasses = e->pass;
	/* The first cycles of a pass are its cycles. */
	if (e->status == REC_OK && spec_is_cycles(name) && !r->have_cycles[e->pass - 1]) {
		r->pass_cycles[e->pass - 1] = value;
		r->have_cycles[e->pass - 1] = 1;
	}
	return 0;
}

void recorded_not_counted(struct recorded *r, const char *why)
{
	struct rec_event *e;

	if (!r->nev)
		return;
	e = &r->ev[r->nev - 1];
	/* Cycles that are none are not the pass's cycles, unless others came first. */
	if (e->status == REC_OK && spec_is_cycles(e->name)) {
		unsigned int i;

		for (i = 0; i + 1 < r->nev; i++)
			if (r->ev[i].pass == e->pass && r->ev[i].status == REC_OK &&
			    spec_is_cycles(r->ev[i].name))
				break;
		if (i + 1 == r->nev)
			r->have_cycles[e->pass - 1] = 0;
	}
	e->status = REC_NOT_COUNTED;
	snprintf(e->why, sizeof(e->why), "%s", why ? why : "");
}

/* An event row, or the line and what was wrong with it. */
static int add_count(struct recorded *r, const char *name, uint64_t v, unsigned int pass,
		     enum rec_status st, unsigned int line, char *err, size_t errlen)
{
	int ret = recorded_add(r, name, v, pass, st, line);

	if (ret == -EINVAL)
		return fail(err, errlen, line, "a pass from 1 to %d, not %u", REC_MAX_PASSES, pass);
	if (ret)
		return fail(err, errlen, line, "at most %d counts in all", REC_MAX_EVENTS);
	return 0;
}

int recorded_from_input(const struct pmukit_input *in, const unsigned int *idx, unsigned int n,
			struct recorded *r, char *err, size_t errlen)
{
	unsigned int k, i;

	memset(r, 0, sizeof(*r));
	r->format = in->format;
	snprintf(r->path, sizeof(r->path), "%s", in->path[0] || strncmp(in->format, "perf", 4) ? in->path : "perf");
	for (k = 0; k < (idx ? n : in->n); k++) {
		const struct pmukit_input_count *c = &in->count[idx ? idx[k] : k];
		enum rec_status st = REC_OK;
		struct rec_event *e;

		if (c->status == PMUKIT_INPUT_WRAPPED)
			st = REC_OVERFLOW;
		else if (c->status == PMUKIT_INPUT_NOT_SUPPORTED)
			st = REC_NOT_SUPPORTED;
		else if (c->status == PMUKIT_INPUT_NOT_RUN)
			st = REC_NOT_RUN;
		if (add_count(r, c->name, c->status == PMUKIT_INPUT_COUNTED ? c->value : 0, c->pass,
			      st, c->line, err, errlen))
			return -EINVAL;
		e = &r->ev[r->nev - 1];
		e->code = c->code >= 0 ? c->code : -1;
		e->percent = c->percent;
		if (c->status == PMUKIT_INPUT_NOT_COUNTED)
			recorded_not_counted(r, c->why[0] || in->by_pmukit ? c->why :
					     "the collector wrote <not counted>");
		/* The first cycles of a pass, by number where the name is perf's ("cycles"). */
		if (e->status == REC_OK && e->code == PMUKIT_EVT_CPU_CYCLES &&
		    !r->have_cycles[e->pass - 1]) {
			r->pass_cycles[e->pass - 1] = e->value;
			r->have_cycles[e->pass - 1] = 1;
		}
	}
	/* pmukit stat --json's cycles of each pass stand for its counts'. */
	for (i = 0; i < REC_MAX_PASSES && i < PMUKIT_INPUT_MAX_PASSES; i++)
		if (in->have_pass_cycles[i]) {
			r->pass_cycles[i] = in->pass_cycles[i];
			r->have_cycles[i] = 1;
		}
	return 0;
}

static const char none_of_them[] =
	"; the input is none of the formats: nor 'pmukit stat -x' lines of the layout "
	"VALUE,UNIT,EVENT,SD%,PASS,COUNTING%,METRIC VALUE,METRIC NAME[,COUNTED,WHY NOT], "
	"'pmukit stat --json' or 'perf stat -j' output, a firmware 'PMU EVENT, PREVAL, POSTVAL, DELTA' "
	"table, topdown-tool's events CSV or likwid-perfctr -O output";

/* Whether @err ("line N: ...") names the first line of @text with text on it (perf's '#' lines skipped). */
static int failed_at_first(const char *text, size_t len, const char *err)
{
	unsigned int at, line = 1;
	size_t i;

	if (sscanf(err, "line %u:", &at) != 1)
		return 0;
	for (i = 0; i < len && (isspace((unsigned char)text[i]) || text[i] == '#'); i++) {
		if (text[i] == '#')
			while (i + 1 < len && text[i + 1] != '\n')
				i++;
		line += text[i] == '\n';
	}
	return at == line;
}

int recorded_read_input(const char *text, size_t len, const char *format, const char *sep,
			const struct pmukit_core_def *core, struct pmukit_input *in, char *err,
			size_t errlen)
{
	int ret = pmukit_input_read(text, len, format, sep, core, in, err, errlen);

	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s", strerror(ENOMEM));
	else if (ret && !format && failed_at_first(text, len, err) && strlen(err) < errlen)
		snprintf(err + strlen(err), errlen - strlen(err), "%s", none_of_them);
	return ret ? -EINVAL : 0;
}

int recorded_parse(const char *text, size_t len, const char *sep, struct recorded *r,
		   char *err, size_t errlen)
{
	static struct pmukit_input in;
	unsigned int i;
	int ret;

	memset(r, 0, sizeof(*r));
	ret = recorded_read_input(text, len, NULL, sep, NULL, &in, err, errlen);
	if (ret)
		return ret;
	for (i = 1; i < in.n; i++)
		if (in.count[i].interval != in.count[0].interval || in.count[i].cpu != in.count[0].cpu) {
			ret = fail(err, errlen, in.count[i].line,
				   "the counts of one interval and CPU (pmukit metrics reads more)");
			break;
		}
	if (!ret)
		ret = recorded_from_input(&in, NULL, 0, r, err, errlen);
	pmukit_input_free(&in);
	return ret;
}
