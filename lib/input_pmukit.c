// SPDX-License-Identifier: MIT
/*
 * pmukit's own recorded counts read back (input.h), the formats pmukit
 * metrics read before the other collectors', told apart by their first
 * lines:
 *
 *  - 'pmukit stat --json': the text starts with '{'; the "events" array
 *    (event, pass, value) and "pass_cycles" are read, the rest is skipped;
 *  - the firmware library's output: any line "PMU EVENT, PREVAL, POSTVAL,
 *    DELTA" starts a table, one a pass, rows NAME,PREVAL,POSTVAL,DELTA
 *    (DELTA may be OVERFLOW); "PMU EVENT, PASS, DELTA" starts the merged
 *    table of pmu_fw passes (rows NAME,PASS,DELTA, DELTA may be OVERFLOW or
 *    NOT RUN), which then stands for the per-pass tables. Text outside the
 *    tables (a boot log around them) is left alone;
 *  - 'pmukit stat -x SEP' of the layout before it followed perf's (input.c
 *    reads that one): every line VALUE,UNIT,EVENT,SD%,PASS,COUNTING%,
 *    METRIC VALUE,METRIC NAME[,COUNTED,WHY NOT]; a line with an empty VALUE
 *    is a metric's (recomputed, so skipped). COUNTED, when not empty ("did
 *    not count"), says the count is none, WHY NOT why.
 *
 * A count the input says did not count (stat's "did not count", JSON's
 * "counted": false) is marked so, with its reason. Anything else is an error
 * that names the line and what was expected.
 */
#define _GNU_SOURCE	/* memmem */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"

#define OWN_LINE_MAX	1024
#define OWN_MAX_FIELDS	16
#define OWN_JSON_NEST	32
#define OWN_MAX_PASSES	PMUKIT_INPUT_MAX_PASSES
#define OWN_WRAPPED	"<wrapped>"

static const char fw_table[] = "PMU EVENT, PREVAL, POSTVAL, DELTA";
static const char fw_merged[] = "PMU EVENT, PASS, DELTA";

/* What the readers fill: the counts, and the core their names are looked up in. */
struct own {
	struct pmukit_input *in;
	const struct pmukit_core_def *core;
};

/* The highest pass of the counts read so far. */
static unsigned int own_npasses(const struct own *o)
{
	unsigned int i, n = 0;

	for (i = 0; i < o->in->n; i++)
		if (o->in->count[i].pass > n)
			n = o->in->count[i].pass;
	return n;
}

/* A count (@v where @st is PMUKIT_INPUT_COUNTED), or the line and what was wrong with it. */
static int own_add(struct own *o, const char *name, uint64_t v, unsigned int pass,
		   enum pmukit_input_status st, unsigned int line, char *err, size_t errlen)
{
	struct pmukit_input_count *c;

	if (!pass || pass > OWN_MAX_PASSES)
		return input_fail(err, errlen, line, "a pass from 1 to %d, not %u", OWN_MAX_PASSES, pass);
	c = input_add(o->in, name, o->core, line);
	if (!c)
		return -ENOMEM;
	c->status = st;
	c->value = st == PMUKIT_INPUT_COUNTED ? v : 0;
	c->pass = pass;
	return 0;
}

/* The count added last did not count, as the input says (@why: "" when it gives none). */
static void own_not_counted(struct own *o, const char *why)
{
	struct pmukit_input_count *c;

	if (!o->in->n)
		return;
	c = &o->in->count[o->in->n - 1];
	c->status = PMUKIT_INPUT_NOT_COUNTED;
	c->value = 0;
	snprintf(c->why, sizeof(c->why), "%s", why ? why : "");
}

/* A decimal count: digits only (a sign, a point or blanks are errors). */
static int parse_u64(const char *s, uint64_t *out)
{
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	*out = strtoull(s, &end, 10);
	return *end || errno ? -1 : 0;
}

/* The next line of @text from *pos into @buf (no line end). Return: its length, -1 at the end. */
static int next_line(const char *text, size_t len, size_t *pos, char *buf, size_t cap,
		     int *too_long)
{
	size_t start = *pos, n;

	if (start >= len)
		return -1;
	n = strcspn(text + start, "\n");
	if (start + n > len)
		n = len - start;
	*pos = start + n + 1;
	if (n && text[start + n - 1] == '\r')
		n--;
	*too_long = n >= cap;
	if (*too_long)
		n = cap - 1;
	memcpy(buf, text + start, n);
	buf[n] = '\0';
	return (int)n;
}

/*
 * Splits @line at @sep into at most OWN_MAX_FIELDS fields, in place; a
 * field in double quotes may hold the separator ("" is a quote). Return:
 * the number of fields, or -1 for a quote left open or too many fields.
 */
static int split(char *line, const char *sep, char **field)
{
	size_t sl = strlen(sep);
	char *p = line;
	int n = 0;

	for (;;) {
		char *out = p;

		if (n == OWN_MAX_FIELDS)
			return -1;
		field[n++] = p;
		if (*p == '"') {
			char *in = p + 1;

			for (;;) {
				if (!*in)
					return -1;
				if (*in == '"' && in[1] == '"') {
					*out++ = '"';
					in += 2;
				} else if (*in == '"') {
					in++;
					break;
				} else {
					*out++ = *in++;
				}
			}
			if (*in && strncmp(in, sep, sl))
				return -1;
			*out = '\0';
			if (!*in)
				return n;
			p = in + sl;
			continue;
		}
		p = strstr(p, sep);
		if (!p)
			return n;
		*p = '\0';
		p += sl;
	}
}

/* ---- pmukit stat -x ------------------------------------------------------ */

static const char stat_csv_expected[] =
	"a 'pmukit stat -x' line, VALUE,UNIT,EVENT,SD%,PASS,COUNTING%,METRIC VALUE,METRIC NAME[,COUNTED,WHY NOT] "
	"(or a firmware 'PMU EVENT, PREVAL, POSTVAL, DELTA' table, or 'pmukit stat --json' output)";

/*
 * The separator, from the first line, a count's: its value, then the unit,
 * which is empty, so the separator is the text that comes twice right
 * after the value and is then followed by the event's name, not by itself.
 */
static int find_sep(const char *line, char *sep, size_t cap)
{
	size_t wrapped = strlen(OWN_WRAPPED), n, max;
	const char *rest = line + (strncmp(line, OWN_WRAPPED, wrapped) ? strspn(line, "0123456789") :
				   wrapped);

	max = strlen(rest) / 2;

	if (rest == line)
		return -1;
	for (n = 1; n <= max && n < cap; n++)
		if (!strncmp(rest, rest + n, n) && strncmp(rest + 2 * n, rest, n) &&
		    !isalnum((unsigned char)rest[0])) {
			memcpy(sep, rest, n);
			sep[n] = '\0';
			return 0;
		}
	return -1;
}

static int parse_stat_csv(const char *text, size_t len, const char *sep_arg,
			  struct own *o, char *err, size_t errlen)
{
	char buf[OWN_LINE_MAX], sep[17], *f[OWN_MAX_FIELDS];
	unsigned int line = 0;
	size_t pos = 0;
	int n, too_long;

	o->in->format = "pmukit stat -x";
	sep[0] = '\0';
	if (sep_arg)
		snprintf(sep, sizeof(sep), "%s", sep_arg);
	while ((n = next_line(text, len, &pos, buf, sizeof(buf), &too_long)) >= 0) {
		uint64_t v, pass;
		enum pmukit_input_status st;
		int nf;

		line++;
		if (too_long)
			return input_fail(err, errlen, line, "at most %d characters", OWN_LINE_MAX - 1);
		if (!n)
			continue;
		if (!sep[0] && find_sep(buf, sep, sizeof(sep)))
			return input_fail(err, errlen, line, "%s", stat_csv_expected);
		nf = split(buf, sep, f);
		if (nf < 8)
			return input_fail(err, errlen, line, "%s", stat_csv_expected);
		if (!f[0][0] && !f[2][0])
			continue;	/* a metric's line */
		/* "<wrapped>": a count pmukit stat could not know, like the firmware's OVERFLOW. */
		st = strcmp(f[0], OWN_WRAPPED) ? PMUKIT_INPUT_COUNTED : PMUKIT_INPUT_WRAPPED;
		v = 0;
		if ((nf != 8 && nf != 10) || (st == PMUKIT_INPUT_COUNTED && parse_u64(f[0], &v)) || !f[2][0] ||
		    parse_u64(f[4], &pass) || !pass)
			return input_fail(err, errlen, line, "%s", stat_csv_expected);
		if (own_add(o, f[2], v, (unsigned int)pass, st, line, err, errlen))
			return -EINVAL;
		if (nf == 10 && f[8][0])
			own_not_counted(o, f[9][0] ? f[9] : f[8]);
	}
	if (!o->in->n)
		return input_fail(err, errlen, line ? line : 1, "%s", stat_csv_expected);
	return 0;
}

/* ---- the firmware's tables ------------------------------------------------ */

/* Where a firmware table ends: a rule, a message, the metrics, a blank line. */
static int table_end(const char *s)
{
	return !s[0] || !strncmp(s, "----", 4) || !strncmp(s, "pmukit:", 7) ||
	       !strncmp(s, "METRIC, VALUE", 13) || !strncmp(s, "CYCLES spread:", 14) ||
	       !strcmp(s, fw_table) || !strcmp(s, fw_merged);
}

static int fw_row(struct own *o, char *buf, int merged, unsigned int pass,
		  unsigned int line, char *err, size_t errlen)
{
	static const char *const expected[2] = {
		"NAME,PREVAL,POSTVAL,DELTA: counts in decimal, DELTA = POSTVAL - PREVAL or OVERFLOW",
		"NAME,PASS,DELTA: PASS from 1, DELTA in decimal, OVERFLOW or NOT RUN",
	};
	enum pmukit_input_status st = PMUKIT_INPUT_COUNTED;
	uint64_t a = 0, b = 0, d = 0;
	char *f[OWN_MAX_FIELDS];
	int nf = split(buf, ",", f);

	if (nf != (merged ? 3 : 4) || !f[0][0])
		return input_fail(err, errlen, line, "%s", expected[merged]);
	if (!strcmp(f[nf - 1], "OVERFLOW"))
		st = PMUKIT_INPUT_WRAPPED;
	else if (merged && !strcmp(f[nf - 1], "NOT RUN"))
		st = PMUKIT_INPUT_NOT_RUN;
	else if (parse_u64(f[nf - 1], &d))
		return input_fail(err, errlen, line, "%s", expected[merged]);
	if (parse_u64(f[1], &a) || (!merged && parse_u64(f[2], &b)))
		return input_fail(err, errlen, line, "%s", expected[merged]);
	if (merged) {
		if (!a || a > OWN_MAX_PASSES)
			return input_fail(err, errlen, line, "%s", expected[merged]);
		pass += (unsigned int)a;	/* after the passes of earlier tables */
	} else if (st == PMUKIT_INPUT_COUNTED && (b < a || d != b - a)) {
		return input_fail(err, errlen, line, "%s (%s - %s is not %s)", expected[0], f[2], f[1],
			    f[3]);
	}
	return own_add(o, f[0], st == PMUKIT_INPUT_COUNTED ? d : 0, pass, st, line, err, errlen);
}

/*
 * The firmware's tables: the merged ones (@merged_only, when there are
 * any) or the per-pass ones; the passes of a later table follow those of
 * the earlier.
 */
static int parse_fw(const char *text, size_t len, int merged_only, struct own *o,
		    char *err, size_t errlen)
{
	char buf[OWN_LINE_MAX];
	unsigned int line = 0, base = 0, pass = 0;
	int n, too_long, in = -1;	/* -1: outside, 0: a pass's table, 1: merged */
	size_t pos = 0;

	o->in->format = "firmware CSV";
	while ((n = next_line(text, len, &pos, buf, sizeof(buf), &too_long)) >= 0) {
		line++;
		if (too_long && in >= 0)
			return input_fail(err, errlen, line, "at most %d characters", OWN_LINE_MAX - 1);
		if (in >= 0 && table_end(buf))
			in = -1;
		if (in < 0) {
			if (!strcmp(buf, fw_table) && !merged_only) {
				in = 0;
				pass = ++base;
			} else if (!strcmp(buf, fw_merged) && merged_only) {
				in = 1;
				base = own_npasses(o);
			}
			continue;
		}
		if (fw_row(o, buf, in, in ? base : pass, line, err, errlen))
			return -EINVAL;
	}
	if (!o->in->n)
		return input_fail(err, errlen, line, "rows after the '%s' line",
			    merged_only ? fw_merged : fw_table);
	return 0;
}

/* ---- pmukit stat --json ---------------------------------------------------- */

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
	return jskip(j);
}

static int jevents_elem(struct jp *j, unsigned int i, void *ctx)
{
	struct own *o = ctx;
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
	if (own_add(o, e.name, e.value, (unsigned int)e.pass,
		      e.wrapped ? PMUKIT_INPUT_WRAPPED : PMUKIT_INPUT_COUNTED, line, j->err, j->errlen))
		return -EINVAL;
	if (e.not_counted)
		own_not_counted(o, e.why);
	return 0;
}

static int jcycles_elem(struct jp *j, unsigned int i, void *ctx)
{
	struct own *o = ctx;
	uint64_t v;
	enum jnum kind;		/* a fraction is rounded: stat writes means */

	if (jnumber(j, &v, &kind))
		return -EINVAL;
	if (kind == JNUM_HUGE)
		return input_fail(j->err, j->errlen, j->line,
			    "cycles of at most 18446744073709551615 in \"pass_cycles\"");
	if (i >= OWN_MAX_PASSES)
		return input_fail(j->err, j->errlen, j->line, "at most %d passes in \"pass_cycles\"",
			    OWN_MAX_PASSES);
	o->in->pass_cycles[i] = v;
	o->in->have_pass_cycles[i] = 1;
	return 0;
}

static int jtop_member(struct jp *j, const char *key, void *ctx)
{
	struct own *o = ctx;

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

static int parse_json(const char *text, size_t len, struct own *o, char *err, size_t errlen)
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

int input_own_format(const char *text, size_t len, const char *sep)
{
	char buf[OWN_LINE_MAX], s[17], *f[OWN_MAX_FIELDS];
	const char *p = text;
	size_t pos = 0;
	int n, too_long, nf;

	while (p < text + len && isspace((unsigned char)*p))
		p++;
	if (p < text + len && *p == '{')
		return memmem(text, len, "\"counter-value\"", 15) || memmem(text, len, "\"metric-value\"", 14) ?
		       0 : INPUT_OWN_JSON;
	if (memmem(text, len, fw_merged, sizeof(fw_merged) - 1) ||
	    memmem(text, len, fw_table, sizeof(fw_table) - 1))
		return INPUT_OWN_FIRMWARE;
	while ((n = next_line(text, len, &pos, buf, sizeof(buf), &too_long)) >= 0) {
		if (!n || buf[0] == '#')
			continue;
		if (too_long)
			return 0;
		if (sep)
			snprintf(s, sizeof(s), "%s", sep);
		else if (find_sep(buf, s, sizeof(s)))
			return 0;
		nf = split(buf, s, f);
		/* SD% ("0.00", empty for a count that wrapped), then the pass; their number is checked later. */
		return nf >= 5 && (!f[3][0] || strchr(f[3], '.')) && !strchr(f[3], '%') && f[4][0] &&
		       strspn(f[4], "0123456789") == strlen(f[4]) ? INPUT_OWN_CSV : 0;
	}
	return 0;
}

int input_read_own_csv(const char *text, size_t len, const char *sep,
		       const struct pmukit_core_def *core, struct pmukit_input *in,
		       char *err, size_t errlen)
{
	struct own o = { .in = in, .core = core };

	in->by_pmukit = 1;
	return parse_stat_csv(text, len, sep, &o, err, errlen);
}

int input_read_own_json(const char *text, size_t len, const struct pmukit_core_def *core,
			struct pmukit_input *in, char *err, size_t errlen)
{
	struct own o = { .in = in, .core = core };

	in->by_pmukit = 1;
	return parse_json(text, len, &o, err, errlen);
}

int input_read_firmware(const char *text, size_t len, const struct pmukit_core_def *core,
			struct pmukit_input *in, char *err, size_t errlen)
{
	struct own o = { .in = in, .core = core };

	in->by_pmukit = 1;
	/* The merged table stands for the tables of its passes. */
	return parse_fw(text, len, !!memmem(text, len, fw_merged, sizeof(fw_merged) - 1), &o, err,
			errlen);
}
