// SPDX-License-Identifier: MIT OR BSD-3-Clause
/*
 * Derived metrics as data. Each row names the metric, its unit, its formula
 * for display, the events it reads and the formula compiled for a small
 * stack machine (push an event's count, push a constant, add, subtract,
 * multiply, divide). The machine works on fractions of 64-bit integers, so
 * a zero divisor, a count that was not taken or a result beyond 64 bits is
 * an answer ("n/a" and why), never a trap, an infinity or a NaN. Callers
 * format the fraction: the command as a double, the firmware in fixed point
 * (pmukit_metric_fixed()).
 *
 * Adding a metric is adding a row. Event numbers are the architectural ones
 * (Arm ARM, common events).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pmukit/analysis.h"
#include "pmukit/pmu_fields.h"
#include "compiler.h"
#include "core.h"
#include "metrics.h"
#include "names.h"

enum op_code { OP_END, OP_EVENT, OP_CONST, OP_ADD, OP_SUB, OP_MUL, OP_DIV };

struct op {
	uint8_t code;
	uint32_t arg;		/* OP_EVENT: index into event[]; OP_CONST: the value */
};

#define PROG_MAX	12
#define STACK_MAX	6

struct metric {
	struct pmukit_metric_info info;
	struct op prog[PROG_MAX];
};

#define EV(k)		{ OP_EVENT, (k) }
#define K(v)		{ OP_CONST, (v) }
#define ADD		{ OP_ADD, 0 }
#define SUB		{ OP_SUB, 0 }
#define MUL		{ OP_MUL, 0 }
#define DIV		{ OP_DIV, 0 }

/* A ratio of two events, times 100 for a percentage. */
#define RATE(nm, a, b)							\
	{ { nm, "%", #a " / " #b, 2, 2,					\
	    { PMUKIT_EVT_##a, PMUKIT_EVT_##b }, { #a, #b } },		\
	  { EV(0), EV(1), DIV, K(100), MUL } }

static const struct metric metrics[] = {
	{ { "IPC", "", "INST_RETIRED / CPU_CYCLES", 3, 2,
	    { PMUKIT_EVT_INST_RETIRED, PMUKIT_EVT_CPU_CYCLES }, { "INST_RETIRED", "CPU_CYCLES" } },
	  { EV(0), EV(1), DIV } },
	RATE("L1D refill rate", L1D_CACHE_REFILL, L1D_CACHE),
	RATE("L2D refill rate", L2D_CACHE_REFILL, L2D_CACHE),
	RATE("branch mispredict rate", BR_MIS_PRED, BR_PRED),
	RATE("branch mispredict rate", BR_MIS_PRED_RETIRED, BR_RETIRED),
};

#define NMETRICS	ARRAY_SIZE(metrics)

/**
 * pmukit_metric_count() - the number of metrics in the table
 *
 * Metrics are numbered 0 to pmukit_metric_count() - 1; 0 is IPC. Two rows
 * may share a name where one metric has two event sets (the branch
 * misprediction rate of ARMv8.0 and of the *_RETIRED events).
 */
unsigned int pmukit_metric_count(void)
{
	return (unsigned int)NMETRICS;
}

/**
 * pmukit_metric_info() - a metric's name, unit, formula and events
 * @i: its number, below pmukit_metric_count()
 *
 * Return: the description, or NULL for a bad @i.
 */
const struct pmukit_metric_info *pmukit_metric_info(unsigned int i)
{
	return i < NMETRICS ? &metrics[i].info : NULL;
}

int pmukit_metric_find(const char *name)
{
	unsigned int i;

	for (i = 0; name && i < NMETRICS; i++)
		if (pmukit_name_eq(metrics[i].info.name, name))
			return (int)i;
	return -1;
}

struct frac {
	int64_t num, den;	/* den > 0 */
	int event;		/* the event this is the count of, or -1 */
};

static bool mul(int64_t a, int64_t b, int64_t *r)
{
	return !__builtin_mul_overflow(a, b, r);
}

/* a / b op c / d for op +, -, *, / ; false when a term leaves 64 bits. */
static bool apply(uint8_t code, const struct frac *x, const struct frac *y, struct frac *r)
{
	int64_t p, q;

	r->event = -1;
	switch (code) {
	case OP_ADD:
	case OP_SUB:
		if (!mul(x->num, y->den, &p) || !mul(y->num, x->den, &q) ||
		    !mul(x->den, y->den, &r->den))
			return false;
		if (code == OP_ADD)
			return !__builtin_add_overflow(p, q, &r->num);
		return !__builtin_sub_overflow(p, q, &r->num);
	case OP_MUL:
		return mul(x->num, y->num, &r->num) && mul(x->den, y->den, &r->den);
	default:	/* OP_DIV, y->num != 0 */
		if (!mul(x->num, y->den, &r->num) || !mul(x->den, y->num, &r->den))
			return false;
		if (r->den < 0) {
			if (r->den == INT64_MIN || r->num == INT64_MIN)
				return false;
			r->den = -r->den;
			r->num = -r->num;
		}
		return true;
	}
}

static int fail(struct pmukit_metric_value *out, enum pmukit_metric_status st, int event)
{
	out->status = st;
	out->event = event;
	out->num = 0;
	out->den = 1;
	return 0;
}

/**
 * pmukit_metric_eval() - a metric's value from counts
 * @i:       the metric's number
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
	struct frac st[STACK_MAX], r;
	unsigned int sp = 0, pc;
	const struct metric *m;

	if (i >= NMETRICS || !count || !out)
		return -PMUKIT_CORE_EINVAL;
	m = &metrics[i];
	for (pc = 0; pc < PROG_MAX && m->prog[pc].code != OP_END; pc++) {
		const struct op *o = &m->prog[pc];

		switch (o->code) {
		case OP_EVENT:
			if (!(counted & (1u << o->arg)))
				return fail(out, PMUKIT_METRIC_NOT_COUNTED, (int)o->arg);
			if (count[o->arg] > (uint64_t)INT64_MAX)
				return fail(out, PMUKIT_METRIC_RANGE, (int)o->arg);
			st[sp].num = (int64_t)count[o->arg];
			st[sp].den = 1;
			st[sp++].event = (int)o->arg;
			break;
		case OP_CONST:
			st[sp].num = o->arg;
			st[sp].den = 1;
			st[sp++].event = -1;
			break;
		default:
			sp--;
			if (o->code == OP_DIV && st[sp].num == 0)
				return fail(out, PMUKIT_METRIC_ZERO_DIVISOR, st[sp].event);
			if (!apply(o->code, &st[sp - 1], &st[sp], &r))
				return fail(out, PMUKIT_METRIC_RANGE, -1);
			st[sp - 1] = r;
			break;
		}
	}
	out->status = PMUKIT_METRIC_OK;
	out->event = -1;
	out->num = st[0].num;
	out->den = st[0].den;
	return 0;
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
