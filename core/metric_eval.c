// SPDX-License-Identifier: MIT OR BSD-3-Clause
/*
 * Derived metrics as data, in sets: the generic set (set 0, here) and one
 * set per core of Arm's telemetry data (lib/metric_tables.c; a firmware
 * image has the one of its core). Each row names the metric, its units,
 * its formula for display, the events it reads and the formula compiled,
 * when the tables were generated, for a small stack machine (push an
 * event's count, push a constant, add, subtract, multiply, divide). The
 * machine works on fractions of 64-bit integers, so a zero divisor, a
 * count that was not taken or a result beyond 64 bits is an answer ("n/a"
 * and why), never a trap, an infinity or a NaN. Callers format the
 * fraction: the command as a double, the firmware in fixed point
 * (pmukit_metric_fixed()).
 *
 * Adding a metric is adding it to the data and regenerating
 * (tools/gen-metrics); core/metric_set.h says what a table looks like.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pmukit/analysis.h"
#include "pmukit/pmu_fields.h"	/* PMUKIT_EVT_CPU_CYCLES */
#include "compiler.h"
#include "core.h"
#include "metric_set.h"
#include "metric_eval.h"
#include "names.h"

#include "../metrics/generic.def"

static const struct pmukit_metric_set *const generic = &pmukit_mset_generic;

/**
 * pmukit_metric_count() - the number of the generic set's basic rates
 *
 * Metrics are numbered 0 to pmukit_metric_count() - 1; 0 is IPC. Two rows
 * may share a name where one metric has two event sets (the branch
 * misprediction rate of ARMv8.0 and of the *_RETIRED events). They are
 * the first rows of the generic set (pmukit_metric_set_for(NULL)).
 */
unsigned int pmukit_metric_count(void)
{
	return generic->nbasic;
}

/**
 * pmukit_metric_info() - a basic rate's name, unit, formula and events
 * @i: its number, below pmukit_metric_count()
 *
 * Return: the description, or NULL for a bad @i.
 */
const struct pmukit_metric_info *pmukit_metric_info(unsigned int i)
{
	return i < generic->nbasic ? &generic->row[i].info : NULL;
}

int pmukit_metric_find(const char *name)
{
	int x = pmukit_metric_set_find(generic, name);

	return x >= 0 && (unsigned int)x < generic->nbasic ? x : -1;
}

struct frac {
	int64_t num, den;	/* den > 0 */
	int event;		/* the event this is the count of, or -1 */
};

static bool mul(int64_t a, int64_t b, int64_t *r)
{
	return !__builtin_mul_overflow(a, b, r);
}

/* Greatest common divisor by shifts and subtractions (no divide needed). */
static uint64_t gcd(uint64_t a, uint64_t b)
{
	unsigned int k = 0;

	if (!a || !b)
		return a | b;
	while (!((a | b) & 1)) {
		a >>= 1;
		b >>= 1;
		k++;
	}
	while (!(a & 1))
		a >>= 1;
	do {
		while (!(b & 1))
			b >>= 1;
		if (a > b) {
			uint64_t t = a;

			a = b;
			b = t;
		}
		b -= a;
	} while (b);
	return a << k;
}

static uint64_t mag(int64_t v)
{
	return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* @f in lowest terms, so that later terms stay small. */
static void reduce(struct frac *f)
{
	uint64_t g = gcd(mag(f->num), (uint64_t)f->den);

	if (g > 1) {
		uint64_t n = pmukit_core_udiv64(mag(f->num), g, NULL);

		f->num = f->num < 0 ? -(int64_t)n : (int64_t)n;
		f->den = (int64_t)pmukit_core_udiv64((uint64_t)f->den, g, NULL);
	}
}

/* a / b op c / d for op +, -, *, / ; false when a term leaves 64 bits. */
static bool apply(uint8_t code, const struct frac *x, const struct frac *y, struct frac *r)
{
	int64_t p, q;
	bool ok;

	r->event = -1;
	switch (code) {
	case PMUKIT_OP_ADD:
	case PMUKIT_OP_SUB:
		if (x->den == y->den) {
			p = x->num;
			q = y->num;
			r->den = x->den;
		} else if (!mul(x->num, y->den, &p) || !mul(y->num, x->den, &q) ||
			   !mul(x->den, y->den, &r->den)) {
			return false;
		}
		if (code == PMUKIT_OP_ADD)
			ok = !__builtin_add_overflow(p, q, &r->num);
		else
			ok = !__builtin_sub_overflow(p, q, &r->num);
		break;
	case PMUKIT_OP_MUL:
		ok = mul(x->num, y->num, &r->num) && mul(x->den, y->den, &r->den);
		break;
	default:	/* PMUKIT_OP_DIV, y->num != 0 */
		if (!mul(x->num, y->den, &r->num) || !mul(x->den, y->num, &r->den))
			return false;
		if (r->den < 0) {
			if (r->den == INT64_MIN || r->num == INT64_MIN)
				return false;
			r->den = -r->den;
			r->num = -r->num;
		}
		ok = true;
		break;
	}
	if (ok)
		reduce(r);
	return ok;
}

/*
 * Beyond 64 bits, a term with a large divisor gives up its last bit: the
 * value moves by less than (1 + |value|) / den, den staying above
 * COARSEST. Counts of a long run (10^11 cycles and more) multiplied in
 * a formula need this; a value of small counts stays exact.
 */
#define COARSEST	((int64_t)1 << 24)

static bool coarsen(struct frac *x, struct frac *y)
{
	struct frac *f = x->den >= y->den ? x : y;

	if (f->den < COARSEST)
		return false;
	f->num /= 2;
	f->den /= 2;
	return true;
}

static int fail(struct pmukit_metric_value *out, enum pmukit_metric_status st, int event)
{
	out->status = st;
	out->event = event;
	out->num = 0;
	out->den = 1;
	return 0;
}

/* Runs @r's program over @count; 0 (@out says whether there is a value). */
static int run(const struct pmukit_metric_row *r, const uint64_t *count, unsigned int counted,
	       struct pmukit_metric_value *out)
{
	struct frac st[PMUKIT_METRIC_STACK_MAX], x;
	unsigned int sp = 0;
	const struct pmukit_metric_op *o;

	for (o = r->prog; o->code != PMUKIT_OP_END; o++) {
		switch (o->code) {
		case PMUKIT_OP_EVENT:
			if (o->arg >= r->info.nevents || !(counted & (1u << o->arg)))
				return fail(out, PMUKIT_METRIC_NOT_COUNTED, (int)o->arg);
			if (count[o->arg] > (uint64_t)INT64_MAX)
				return fail(out, PMUKIT_METRIC_RANGE, (int)o->arg);
			if (sp >= PMUKIT_METRIC_STACK_MAX)
				return fail(out, PMUKIT_METRIC_RANGE, -1);
			st[sp].num = (int64_t)count[o->arg];
			st[sp].den = 1;
			st[sp++].event = (int)o->arg;
			break;
		case PMUKIT_OP_CONST:
			if (sp >= PMUKIT_METRIC_STACK_MAX)
				return fail(out, PMUKIT_METRIC_RANGE, -1);
			st[sp].num = o->arg;
			st[sp].den = 1;
			st[sp++].event = -1;
			break;
		default:
			if (sp < 2)
				return fail(out, PMUKIT_METRIC_RANGE, -1);
			sp--;
			if (o->code == PMUKIT_OP_DIV && st[sp].num == 0)
				return fail(out, PMUKIT_METRIC_ZERO_DIVISOR, st[sp].event);
			while (!apply(o->code, &st[sp - 1], &st[sp], &x))
				if (!coarsen(&st[sp - 1], &st[sp]))
					return fail(out, PMUKIT_METRIC_RANGE, -1);
			st[sp - 1] = x;
			break;
		}
	}
	if (sp != 1)
		return fail(out, PMUKIT_METRIC_RANGE, -1);
	out->status = PMUKIT_METRIC_OK;
	out->event = -1;
	out->num = st[0].num;
	out->den = st[0].den;
	return 0;
}

/**
 * pmukit_metric_eval() - a basic rate's value from counts
 * @i:       the metric's number, below pmukit_metric_count()
 * @count:   the count of each of its events, in the order of
 *           pmukit_metric_info(@i)->event[]
 * @counted: bit k set when @count[k] was counted; an event whose bit is
 *           clear makes the metric n/a (PMUKIT_METRIC_NOT_COUNTED)
 * @out:     the value as a fraction num / den, or the status saying why
 *           there is none (a zero divisor, a missing count, 64 bits
 *           exceeded)
 *
 * Return: 0 (@out says whether there is a value), or -EINVAL for a bad
 * @i or a NULL pointer.
 */
int pmukit_metric_eval(unsigned int i, const uint64_t *count, unsigned int counted,
		       struct pmukit_metric_value *out)
{
	if (i >= generic->nbasic)
		return -PMUKIT_CORE_EINVAL;
	return pmukit_metric_set_eval(generic, i, count, counted, out);
}

/**
 * pmukit_metric_set_eval() - a metric's value from counts
 * @s:       the set
 * @i:       the metric's index in @s
 * @count:   the count of each of its events, in the order of
 *           pmukit_metric_set_metric(@s, @i)->event[]
 * @counted: bit k set when @count[k] was counted
 * @out:     the value, or why there is none, as for pmukit_metric_eval()
 *
 * Return: 0 (@out says whether there is a value), or -EINVAL for a bad
 * @i or a NULL pointer.
 */
int pmukit_metric_set_eval(const struct pmukit_metric_set *s, unsigned int i,
			   const uint64_t *count, unsigned int counted,
			   struct pmukit_metric_value *out)
{
	if (!s || i >= s->info.nmetrics || !count || !out)
		return -PMUKIT_CORE_EINVAL;
	return run(&s->row[i], count, counted, out);
}

/**
 * pmukit_metric_set_eval_codes() - a metric's value from counts by event number
 * @s:     the set
 * @i:     the metric's index in @s
 * @code:  event numbers that were counted, @n of them
 * @count: their counts
 * @n:     how many
 * @out:   the value; a metric event missing from @code makes it n/a
 *         (PMUKIT_METRIC_NOT_COUNTED, naming that event)
 *
 * Return: 0, or -EINVAL for a bad @i or a NULL pointer.
 */
int pmukit_metric_set_eval_codes(const struct pmukit_metric_set *s, unsigned int i,
				 const uint16_t *code, const uint64_t *count, unsigned int n,
				 struct pmukit_metric_value *out)
{
	uint64_t c[PMUKIT_METRIC_MAX_EVENTS];
	const struct pmukit_metric_info *mi;
	unsigned int k, j, counted = 0;

	if (!s || i >= s->info.nmetrics || (n && (!code || !count)) || !out)
		return -PMUKIT_CORE_EINVAL;
	mi = &s->row[i].info;
	for (k = 0; k < mi->nevents; k++) {
		c[k] = 0;
		for (j = 0; j < n; j++)
			if (code[j] == mi->event[k]) {
				c[k] = count[j];
				counted |= 1u << k;
				break;
			}
	}
	return run(&s->row[i], c, counted, out);
}

/**
 * pmukit_metric_fixed() - a metric's value in fixed point
 * @v:        a value from pmukit_metric_eval()
 * @decimals: digits after the point, at most 18
 * @out:      value * 10^@decimals, rounded to nearest (halves away from 0)
 *
 * Return: 0; -EINVAL when @v holds no value (its status is not
 * PMUKIT_METRIC_OK) or @decimals is above 18.
 */
int pmukit_metric_fixed(const struct pmukit_metric_value *v, unsigned int decimals,
			int64_t *out)
{
	uint64_t scale = 1, mag, r;
	unsigned int k;

	if (!v || !out || v->status != PMUKIT_METRIC_OK || v->den <= 0 || decimals > 18)
		return -PMUKIT_CORE_EINVAL;
	for (k = 0; k < decimals; k++)
		scale *= 10;
	mag = v->num < 0 ? (uint64_t)0 - (uint64_t)v->num : (uint64_t)v->num;
	r = pmukit_core_ratio(mag, (uint64_t)v->den, scale);
	if (r > (uint64_t)INT64_MAX)
		r = (uint64_t)INT64_MAX;
	*out = v->num < 0 ? -(int64_t)r : (int64_t)r;
	return 0;
}

/**
 * pmukit_metric_reason() - why a value is n/a, in a few words
 *
 * Return: "" for a value, else "not counted", "divided by 0" or "out of
 * range" (with pmukit_metric_value.event naming the event where there is one).
 */
const char *pmukit_metric_reason(const struct pmukit_metric_value *v)
{
	if (!v)
		return "";
	switch (v->status) {
	case PMUKIT_METRIC_OK:
		return "";
	case PMUKIT_METRIC_NOT_COUNTED:
		return "not counted";
	case PMUKIT_METRIC_ZERO_DIVISOR:
		return "divided by 0";
	default:
		return "out of range";
	}
}

/**
 * pmukit_metric_set_info() - a set's name, core and sizes
 *
 * Return: the description, or NULL for a NULL @s.
 */
const struct pmukit_metric_set_info *pmukit_metric_set_info(const struct pmukit_metric_set *s)
{
	return s ? &s->info : NULL;
}

/**
 * pmukit_metric_set_metric() - one metric of a set
 * @s: the set
 * @i: 0 to its nmetrics - 1
 *
 * Return: the metric's description, or NULL for a bad @i.
 */
const struct pmukit_metric_info *pmukit_metric_set_metric(const struct pmukit_metric_set *s,
							  unsigned int i)
{
	return s && i < s->info.nmetrics ? &s->row[i].info : NULL;
}

/**
 * pmukit_metric_set_find() - a metric of a set by name
 * @s:    the set
 * @name: its name or title, folded as event names are ("Backend stalled
 *        cycles" is backend_stalled_cycles)
 *
 * Return: its index (the first of two rows of one name), or -ENOENT.
 */
int pmukit_metric_set_find(const struct pmukit_metric_set *s, const char *name)
{
	unsigned int i;

	for (i = 0; s && name && i < s->info.nmetrics; i++)
		if (pmukit_name_eq(s->row[i].info.name, name) ||
		    pmukit_name_eq(s->row[i].info.title, name))
			return (int)i;
	return s && name ? -PMUKIT_CORE_ENOENT : -PMUKIT_CORE_EINVAL;
}

/**
 * pmukit_metric_set_find_group() - a group of a set by name
 * @s:    the set
 * @name: its name or title, folded ("cycle accounting")
 *
 * Return: its index, or -ENOENT.
 */
int pmukit_metric_set_find_group(const struct pmukit_metric_set *s, const char *name)
{
	unsigned int i;

	for (i = 0; s && name && i < s->info.ngroups; i++)
		if (pmukit_name_eq(s->group[i].name, name) ||
		    pmukit_name_eq(s->group[i].title, name))
			return (int)i;
	return s && name ? -PMUKIT_CORE_ENOENT : -PMUKIT_CORE_EINVAL;
}

/**
 * pmukit_metric_set_group() - one group of a set
 * @s: the set
 * @i: 0 to its ngroups - 1
 *
 * Return: the group (its metrics are indices in @s), or NULL for a bad @i.
 */
const struct pmukit_metric_group *pmukit_metric_set_group(const struct pmukit_metric_set *s,
							  unsigned int i)
{
	return s && i < s->info.ngroups ? &s->group[i] : NULL;
}

/**
 * pmukit_metric_set_suggest() - metric and group names of a set close to @name
 * @s:    the set
 * @name: what was typed
 * @out:  filled with names, best first (fewer edits first, then metrics
 *        before groups, in the set's order)
 * @max:  room in @out; at most PMUKIT_SUGGEST_MAX are returned
 *
 * Close is within a third of @name's length in edits (at least 2), or a
 * name that contains @name.
 *
 * Return: how many names were stored.
 */
size_t pmukit_metric_set_suggest(const struct pmukit_metric_set *s, const char *name,
				 const char **out, size_t max)
{
	unsigned int score[PMUKIT_SUGGEST_MAX], limit, i, n;
	struct pmukit_name_best best;

	if (!s || !name || !out)
		return 0;
	if (max > PMUKIT_SUGGEST_MAX)
		max = PMUKIT_SUGGEST_MAX;
	limit = pmukit_name_limit(name);
	pmukit_name_best_init(&best, out, score, max);
	n = s->info.nmetrics + s->info.ngroups;
	for (i = 0; i < n; i++) {
		const char *cand = i < s->info.nmetrics ? s->row[i].info.name :
				   s->group[i - s->info.nmetrics].name;
		unsigned int d = pmukit_name_distance(name, cand);

		if (d <= limit)
			pmukit_name_best_add(&best, cand, d);
		else if (pmukit_name_contains(cand, name))
			pmukit_name_best_add(&best, cand, limit + 1);
	}
	return best.n;
}

/**
 * pmukit_metric_set_topdown() - a set's topdown methodology
 *
 * Return: its stages and decision tree, or NULL for a set without one
 * (the generic set).
 */
const struct pmukit_topdown *pmukit_metric_set_topdown(const struct pmukit_metric_set *s)
{
	return s ? s->topdown : NULL;
}

/**
 * pmukit_topdown_node_of() - the decision tree's node of a metric
 * @t:      a set's tree
 * @metric: the metric's index in the set
 *
 * Return: the node's index in @t->node[], or -ENOENT when the metric is no
 * node of the tree.
 */
int pmukit_topdown_node_of(const struct pmukit_topdown *t, unsigned int metric)
{
	unsigned int i;

	for (i = 0; t && i < t->nnodes; i++)
		if (t->node[i].metric == metric)
			return (int)i;
	return t ? -PMUKIT_CORE_ENOENT : -PMUKIT_CORE_EINVAL;
}
