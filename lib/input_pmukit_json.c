// SPDX-License-Identifier: MIT
/*
 * 'pmukit stat --json' read back (input_pmukit.c tells it from the other
 * formats): a small JSON reader of its own (no library), which reads the
 * "events" array (event, pass, value, "counted": false with its reason,
 * the "core" of a core type's count on a machine of several)
 * and "pass_cycles", and skips the rest. An error names the line and what
 * was expected.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"

#define OWN_JSON_NEST	32

struct jp {
	const char *p, *end;
	unsigned int line;
	char *err;
	size_t errlen;
	int depth;
};

static void ws(struct jp *j)
{
	while (j->p < j->end && isspace((unsigned char)*j->p)) {
		if (*j->p == '\n')
			j->line++;
		j->p++;
	}
}

static int jexpect(struct jp *j, const char *what)
{
	return input_fail(j->err, j->errlen, j->line, "%s ('pmukit stat --json' output)", what);
}

/* A string into @out (cut at @cap; escapes other than \" \\ \/ \n \t kept as '?'). */
static int jstring(struct jp *j, char *out, size_t cap)
{
	size_t n = 0;

	ws(j);
	if (j->p >= j->end || *j->p != '"')
		return jexpect(j, "a string");
	j->p++;
	while (j->p < j->end && *j->p != '"') {
		char c = *j->p++;

		if ((unsigned char)c < 0x20)
			return jexpect(j, "a string without control characters");
		if (c == '\\') {
			if (j->p >= j->end)
				break;
			c = *j->p++;
			switch (c) {
			case '"': case '\\': case '/':
				break;
			case 'n':
				c = '\n';
				break;
			case 't':
				c = '\t';
				break;
			case 'u':
				if (j->end - j->p < 4)
					return jexpect(j, "four hex digits after \\u");
				j->p += 4;
				c = '?';
				break;
			default:
				c = '?';
				break;
			}
		}
		if (n + 1 < cap)
			out[n++] = c;
	}
	if (j->p >= j->end)
		return jexpect(j, "the end of a string ('\"')");
	j->p++;
	if (cap)
		out[n] = '\0';
	return 0;
}

static int jlit(struct jp *j, const char *lit)
{
	size_t n = strlen(lit);

	if ((size_t)(j->end - j->p) < n || strncmp(j->p, lit, n))
		return -1;
	j->p += n;
	return 0;
}

/* What jnumber() read. */
enum jnum {
	JNUM_COUNT,	/* a whole number >= 0 of 64 bits: *u */
	JNUM_OTHER,	/* a fraction, or < 0: *u rounded, 0 below 0 */
	JNUM_HUGE,	/* 2^64 or more: *u is UINT64_MAX */
};

/* 2^64, the first value a count cannot hold. */
#define JNUM_2_64	18446744073709551616.0

/* A number, *kind telling what it is (enum jnum) and *u its value as a count. */
static int jnumber(struct jp *j, uint64_t *u, enum jnum *kind)
{
	const char *s = j->p;
	double d;
	char tmp[64], *end;
	size_t n;

	ws(j);
	s = j->p;
	n = strspn(s, "-+0123456789.eE");
	if (!n || n >= sizeof(tmp) || s + n > j->end)
		return jexpect(j, "a number");
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	d = strtod(tmp, &end);
	if (*end)
		return jexpect(j, "a number");
	j->p += n;
	if (strspn(tmp, "0123456789") == n) {
		errno = 0;
		*u = strtoull(tmp, NULL, 10);
		*kind = errno == ERANGE ? JNUM_HUGE : JNUM_COUNT;
	} else if (d > 0 && !(d + 0.5 < JNUM_2_64)) {	/* inf too */
		*u = UINT64_MAX;
		*kind = JNUM_HUGE;
	} else {
		*u = d > 0 ? (uint64_t)(d + 0.5) : 0;
		*kind = JNUM_OTHER;
	}
	return 0;
}

static int jskip(struct jp *j);

/*
 * The opening @c ('{' or '[') of an object or array. Return: 0, 1 when it
 * is empty (closed at once), or -EINVAL with @what expected.
 */
static int jopen(struct jp *j, char c, const char *what)
{
	ws(j);
	if (j->p >= j->end || *j->p != c)
		return jexpect(j, what);
	if (++j->depth > OWN_JSON_NEST)
		return jexpect(j, "at most 32 nested objects and arrays");
	j->p++;
	ws(j);
	if (j->p < j->end && *j->p == c + 2) {	/* '}' and ']' follow '{' and '[' by 2 */
		j->p++;
		j->depth--;
		return 1;
	}
	return 0;
}

/* After a member or an element: 0 when another follows, 1 at the closing @c. */
static int jafter(struct jp *j, char c)
{
	ws(j);
	if (j->p < j->end && *j->p == ',') {
		j->p++;
		return 0;
	}
	if (j->p < j->end && *j->p == c) {
		j->p++;
		j->depth--;
		return 1;
	}
	return jexpect(j, c == '}' ? "',' or '}'" : "',' or ']'");
}

/* Calls @member for each "key": value of an object (the value not yet read). */
static int jobject(struct jp *j, int (*member)(struct jp *j, const char *key, void *ctx),
		   void *ctx)
{
	char key[64];
	int ret = jopen(j, '{', "an object ('{')");

	while (ret == 0) {
		if (jstring(j, key, sizeof(key)))
			return -EINVAL;
		ws(j);
		if (j->p >= j->end || *j->p != ':')
			return jexpect(j, "':' after a key");
		j->p++;
		if ((member ? member(j, key, ctx) : jskip(j)))
			return -EINVAL;
		ret = jafter(j, '}');
	}
	return ret < 0 ? ret : 0;
}

/* Calls @elem for each element of an array (not yet read). */
static int jarray(struct jp *j, int (*elem)(struct jp *j, unsigned int i, void *ctx), void *ctx)
{
	unsigned int i = 0;
	int ret = jopen(j, '[', "an array ('[')");

	while (ret == 0) {
		if ((elem ? elem(j, i++, ctx) : jskip(j)))
			return -EINVAL;
		ret = jafter(j, ']');
	}
	return ret < 0 ? ret : 0;
}

static int jskip_elem(struct jp *j, unsigned int i, void *ctx)
{
	(void)i;
	(void)ctx;
	return jskip(j);
}

static int jskip(struct jp *j)
{
	uint64_t u;
	enum jnum kind;		/* any number: not kept */

	ws(j);
	if (j->p >= j->end)
		return jexpect(j, "a value");
	switch (*j->p) {
	case '{':
		return jobject(j, NULL, NULL);
	case '[':
		return jarray(j, jskip_elem, NULL);
	case '"':
		return jstring(j, NULL, 0);
	default:
		if (!jlit(j, "true") || !jlit(j, "false") || !jlit(j, "null"))
			return 0;
		return jnumber(j, &u, &kind);
	}
}

struct jevent {
	char name[64];
	char core[PMUKIT_INPUT_CORE_LEN];	/* "core": the type that counted it, "all" for a sum */
	uint64_t value, pass;
	unsigned int seen;	/* 1 event, 2 value, 4 pass */
	int not_counted;	/* "counted": false */
	char why[PMUKIT_VERDICT_WHY_LEN];	/* its "reason" */
	int wrapped;		/* "value": null, a count pmukit stat could not know */
};

static int jcount(struct jp *j, const char *key, uint64_t *out)
{
	enum jnum kind;

	if (jnumber(j, out, &kind))
		return -EINVAL;
	if (kind == JNUM_HUGE)
		return input_fail(j->err, j->errlen, j->line,
			    "a count of at most 18446744073709551615 for \"%s\"", key);
	if (kind != JNUM_COUNT)
		return input_fail(j->err, j->errlen, j->line, "a whole count >= 0 for \"%s\"", key);
	return 0;
}

static int jevent_member(struct jp *j, const char *key, void *ctx)
{
	struct jevent *e = ctx;

	if (!strcmp(key, "event")) {
		e->seen |= 1;
		return jstring(j, e->name, sizeof(e->name));
	}
	if (!strcmp(key, "value")) {
		e->seen |= 2;
		ws(j);
		if (!jlit(j, "null")) {
			e->wrapped = 1;
			return 0;
		}
		return jcount(j, key, &e->value);
	}
	if (!strcmp(key, "pass")) {
		e->seen |= 4;
		return jcount(j, key, &e->pass);
	}
	if (!strcmp(key, "counted")) {
		ws(j);
		if (!jlit(j, "true"))
			return 0;
		if (!jlit(j, "false")) {
			e->not_counted = 1;
			return 0;
		}
		return jexpect(j, "true or false for \"counted\"");
	}
	if (!strcmp(key, "reason"))
		return jstring(j, e->why, sizeof(e->why));
	if (!strcmp(key, "core"))
		return jstring(j, e->core, sizeof(e->core));
	return jskip(j);
}

static int jevents_elem(struct jp *j, unsigned int i, void *ctx)
{
	struct input_own *o = ctx;
	struct jevent e;
	unsigned int line;

	(void)i;
	ws(j);		/* the line the object starts on */
	line = j->line;
	memset(&e, 0, sizeof(e));
	if (jobject(j, jevent_member, &e))
		return -EINVAL;
	if (e.seen != 7 || !e.name[0] || !e.pass)
		return input_fail(j->err, j->errlen, line,
			    "an event object with \"event\", \"pass\" (from 1) and \"value\"");
	if (input_own_add(o, e.name, e.value, (unsigned int)e.pass,
		      e.wrapped ? PMUKIT_INPUT_WRAPPED : PMUKIT_INPUT_COUNTED, line, j->err, j->errlen))
		return -EINVAL;
	input_set_core(o->in, &o->in->count[o->in->n - 1], e.core);
	if (e.not_counted)
		input_own_not_counted(o, e.why);
	return 0;
}

static int jcycles_elem(struct jp *j, unsigned int i, void *ctx)
{
	struct input_own *o = ctx;
	uint64_t v;
	enum jnum kind;		/* a fraction is rounded: stat writes means */

	if (jnumber(j, &v, &kind))
		return -EINVAL;
	if (kind == JNUM_HUGE)
		return input_fail(j->err, j->errlen, j->line,
			    "cycles of at most 18446744073709551615 in \"pass_cycles\"");
	if (i >= PMUKIT_INPUT_MAX_PASSES)
		return input_fail(j->err, j->errlen, j->line, "at most %d passes in \"pass_cycles\"",
			    PMUKIT_INPUT_MAX_PASSES);
	o->in->pass_cycles[i] = v;
	o->in->have_pass_cycles[i] = 1;
	return 0;
}

static int jtop_member(struct jp *j, const char *key, void *ctx)
{
	struct input_own *o = ctx;

	ws(j);
	if (!strcmp(key, "path") && j->p < j->end && *j->p == '"')
		return jstring(j, o->in->path, sizeof(o->in->path));
	if (!strcmp(key, "events"))
		return jarray(j, jevents_elem, ctx);
	if (!strcmp(key, "pass_cycles"))
		return jarray(j, jcycles_elem, ctx);
	/* The core the metrics were for: the core the counts come from (not the generic set). */
	if (!strcmp(key, "metric_set") && j->p < j->end && *j->p == '"') {
		char set[sizeof(o->in->core_name)];

		if (jstring(j, set, sizeof(set)))
			return -EINVAL;
		if (strcmp(set, "generic"))
			memcpy(o->in->core_name, set, sizeof(set));
		return 0;
	}
	if (!strcmp(key, "midr") && j->p < j->end && *j->p == '"') {
		char midr[24], *end;
		unsigned long v;

		if (jstring(j, midr, sizeof(midr)))
			return -EINVAL;
		v = strtoul(midr, &end, 16);
		if (*end || !midr[0] || v > 0xffffffffUL)
			return jexpect(j, "\"midr\": a MIDR in hex, \"0x410fd0c0\"");
		o->in->midr = (uint32_t)v;
		return 0;
	}
	return jskip(j);
}

static int parse_json(const char *text, size_t len, struct input_own *o, char *err, size_t errlen)
{
	struct jp j = { .p = text, .end = text + len, .line = 1, .err = err, .errlen = errlen };

	o->in->format = "pmukit stat --json";
	if (jobject(&j, jtop_member, o))
		return -EINVAL;
	ws(&j);
	if (j.p < j.end)
		return jexpect(&j, "nothing after the object");
	if (!o->in->n)
		return jexpect(&j, "an \"events\" array with at least one event");
	return 0;
}

int input_read_own_json(const char *text, size_t len, const struct pmukit_core_def *core,
			struct pmukit_input *in, char *err, size_t errlen)
{
	struct input_own o = { .in = in, .core = core };

	in->by_pmukit = 1;
	return parse_json(text, len, &o, err, errlen);
}
