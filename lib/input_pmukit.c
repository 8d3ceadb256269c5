// SPDX-License-Identifier: MIT
/*
 * pmukit's own recorded counts read back (input.h), the formats pmukit
 * metrics read before the other collectors', told apart by their first
 * lines:
 *
 *  - 'pmukit stat --json': the text starts with '{' (input_pmukit_json.c
 *    reads it);
 *  - 'pmukit stat''s table: its first line " Performance counter stats for
 *    ... (path P):" (input_pmukit_table.c);
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
#define OWN_WRAPPED	"<wrapped>"

static const char fw_table[] = "PMU EVENT, PREVAL, POSTVAL, DELTA";
static const char fw_merged[] = "PMU EVENT, PASS, DELTA";

/* The highest pass of the counts read so far. */
static unsigned int own_npasses(const struct input_own *o)
{
	unsigned int i, n = 0;

	for (i = 0; i < o->in->n; i++)
		if (o->in->count[i].pass > n)
			n = o->in->count[i].pass;
	return n;
}

/* A count (@v where @st is PMUKIT_INPUT_COUNTED), or the line and what was wrong with it. */
int input_own_add(struct input_own *o, const char *name, uint64_t v, unsigned int pass,
		  enum pmukit_input_status st, unsigned int line, char *err, size_t errlen)
{
	struct pmukit_input_count *c;

	if (!pass || pass > PMUKIT_INPUT_MAX_PASSES)
		return input_fail(err, errlen, line, "a pass from 1 to %d, not %u", PMUKIT_INPUT_MAX_PASSES, pass);
	c = input_add(o->in, name, o->core, line);
	if (!c)
		return -ENOMEM;
	c->status = st;
	c->value = st == PMUKIT_INPUT_COUNTED ? v : 0;
	c->pass = pass;
	return 0;
}

/* The count added last did not count, as the input says (@why: "" when it gives none). */
void input_own_not_counted(struct input_own *o, const char *why)
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

/*
 * The next line, read as the other formats' (input_next_line()), held to
 * OWN_LINE_MAX - 1 characters: *too_long is set for a longer one (its
 * start left in l->buf) and for one holding a NUL byte. Return: its
 * length, -1 at the end.
 */
static int own_line(struct input_lines *l, int *too_long)
{
	int r = input_next_line(l);
	size_t n;

	if (!r)
		return -1;
	n = strlen(l->buf);
	*too_long = r < 0 || n >= OWN_LINE_MAX;
	if (n >= OWN_LINE_MAX) {
		n = OWN_LINE_MAX - 1;
		l->buf[n] = '\0';
	}
	return (int)n;
}

/*
 * Splits @line at @sep into at most OWN_MAX_FIELDS fields, in place, as
 * written (not trimmed); a field in double quotes may hold the separator.
 * Return: the number of fields, or -1 for a quote left open or too many.
 */
static int split(char *line, const char *sep, char **field)
{
	int n = input_split(line, sep, IN_SPLIT_QUOTES | IN_SPLIT_ASIS, field);

	return n > OWN_MAX_FIELDS ? -1 : n;
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
			  struct input_own *o, char *err, size_t errlen)
{
	char sep[17], *f[IN_MAX_FIELDS], *buf;
	struct input_lines l;
	int n, too_long;

	input_lines_init(&l, text, len);
	buf = l.buf;
	o->in->format = "pmukit stat -x";
	sep[0] = '\0';
	if (sep_arg)
		snprintf(sep, sizeof(sep), "%s", sep_arg);
	while ((n = own_line(&l, &too_long)) >= 0) {
		unsigned int line = l.no;
		uint64_t v, pass;
		enum pmukit_input_status st;
		int nf;

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
		if (input_own_add(o, f[2], v, (unsigned int)pass, st, line, err, errlen))
			return -EINVAL;
		if (nf == 10 && f[8][0])
			input_own_not_counted(o, f[9][0] ? f[9] : f[8]);
	}
	if (!o->in->n)
		return input_fail(err, errlen, l.no ? l.no : 1, "%s", stat_csv_expected);
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

static int fw_row(struct input_own *o, char *buf, int merged, unsigned int pass,
		  unsigned int line, char *err, size_t errlen)
{
	static const char *const expected[2] = {
		"NAME,PREVAL,POSTVAL,DELTA: counts in decimal, DELTA = POSTVAL - PREVAL or OVERFLOW",
		"NAME,PASS,DELTA: PASS from 1, DELTA in decimal, OVERFLOW or NOT RUN",
	};
	enum pmukit_input_status st = PMUKIT_INPUT_COUNTED;
	uint64_t a = 0, b = 0, d = 0;
	char *f[IN_MAX_FIELDS];
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
		if (!a || a > PMUKIT_INPUT_MAX_PASSES)
			return input_fail(err, errlen, line, "%s", expected[merged]);
		pass += (unsigned int)a;	/* after the passes of earlier tables */
	} else if (st == PMUKIT_INPUT_COUNTED && (b < a || d != b - a)) {
		return input_fail(err, errlen, line, "%s (%s - %s is not %s)", expected[0], f[2], f[1],
			    f[3]);
	}
	return input_own_add(o, f[0], st == PMUKIT_INPUT_COUNTED ? d : 0, pass, st, line, err, errlen);
}

/*
 * The firmware's tables: the merged ones (@merged_only, when there are
 * any) or the per-pass ones; the passes of a later table follow those of
 * the earlier.
 */
static int parse_fw(const char *text, size_t len, int merged_only, struct input_own *o,
		    char *err, size_t errlen)
{
	unsigned int base = 0, pass = 0;
	int too_long, in = -1;	/* -1: outside, 0: a pass's table, 1: merged */
	struct input_lines l;
	char *buf = l.buf;

	input_lines_init(&l, text, len);
	o->in->format = "firmware CSV";
	while (own_line(&l, &too_long) >= 0) {
		unsigned int line = l.no;

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
		return input_fail(err, errlen, l.no, "rows after the '%s' line",
			    merged_only ? fw_merged : fw_table);
	return 0;
}

int input_own_format(const char *text, size_t len, const char *sep)
{
	char s[17], *f[IN_MAX_FIELDS], *buf;
	const char *p = text;
	struct input_lines l;
	int n, too_long, nf;

	while (p < text + len && isspace((unsigned char)*p))
		p++;
	if (p < text + len && *p == '{')
		return memmem(text, len, "\"counter-value\"", 15) || memmem(text, len, "\"metric-value\"", 14) ?
		       0 : INPUT_OWN_JSON;
	if (input_table_head(text, len))
		return INPUT_OWN_TABLE;
	if (memmem(text, len, fw_merged, sizeof(fw_merged) - 1) ||
	    memmem(text, len, fw_table, sizeof(fw_table) - 1))
		return INPUT_OWN_FIRMWARE;
	input_lines_init(&l, text, len);
	buf = l.buf;
	while ((n = own_line(&l, &too_long)) >= 0) {
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
	struct input_own o = { .in = in, .core = core };

	in->by_pmukit = 1;
	return parse_stat_csv(text, len, sep, &o, err, errlen);
}


int input_read_firmware(const char *text, size_t len, const struct pmukit_core_def *core,
			struct pmukit_input *in, char *err, size_t errlen)
{
	struct input_own o = { .in = in, .core = core };

	in->by_pmukit = 1;
	/* The merged table stands for the tables of its passes. */
	return parse_fw(text, len, !!memmem(text, len, fw_merged, sizeof(fw_merged) - 1), &o, err,
			errlen);
}
