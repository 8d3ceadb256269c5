// SPDX-License-Identifier: MIT
/*
 * Counts other collectors wrote, read back (pmukit.h: pmukit_input_read();
 * pmukit's own formats are input_pmukit.c's):
 *
 *  - 'perf stat -x SEP': [TIME SEP] [CPUn SEP] VALUE SEP UNIT SEP EVENT SEP
 *    [VARIANCE% SEP] RUN TIME SEP PERCENT SEP METRIC VALUE SEP METRIC UNIT,
 *    TIME with -I, CPUn with -A, VARIANCE with -r; pmukit stat -x adds
 *    SEP PASS SEP VERDICT SEP WHY. VALUE may be "<not counted>",
 *    "<not supported>" (or pmukit's "<wrapped>"); a line without VALUE and
 *    EVENT is a metric's and is skipped, as are perf's "#" lines;
 *  - 'perf stat -j': one object a line, "counter-value" (a string: the
 *    number, or "<not counted>" ...), "unit", "event", "event-runtime",
 *    "pcnt-running", "metric-value", "metric-unit", and "interval" (-I) and
 *    "cpu" (-A) where perf writes them; an object without "event" is a
 *    metric's;
 *  - Arm topdown-tool's events CSV: the header "run,time,event,value", a
 *    blank time without -I and a blank value for a count perf did not take;
 *  - 'likwid-perfctr -O': its "STRUCT,Info" block (the CPU's name) and its
 *    "TABLE,Group N Raw,..." tables, "Event,Counter,HWThread 0,..." then a
 *    row per event (the runtime's row TSC skipped); group N is pass N.
 *
 * Nothing that is no number becomes one: a count perf could not take keeps
 * its status, a blank stays not counted.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pmukit/pmukit.h"
#include "pmukit/events_api.h"
#include "core/compiler.h"
#include "input.h"

#define IN_LINE_MAX	4096
#define IN_MAX_FIELDS	64
#define IN_MAX_COUNTS	(1u << 20)

static const char *const formats[] = {
	"perf-csv", "perf-json", "topdown-tool", "likwid", "pmukit-csv", "pmukit-json", "firmware",
};
static const char *const format_title[] = {
	"perf stat -x", "perf stat -j", "topdown-tool CSV", "likwid-perfctr CSV",
	"pmukit stat -x", "pmukit stat --json", "firmware CSV",
};
enum { F_PERF_CSV, F_PERF_JSON, F_TOPDOWN, F_LIKWID, F_OWN_CSV, F_OWN_JSON, F_FIRMWARE };

PMUKIT_API const char *pmukit_input_format_at(unsigned int i)
{
	return i < ARRAY_SIZE(formats) ? formats[i] : NULL;
}

int input_fail(char *err, size_t errlen, unsigned int line, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!err || !errlen)
		return -EINVAL;
	n = snprintf(err, errlen, "line %u: expected ", line);
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < errlen)
		vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* ---- event names ------------------------------------------------------------ */

/*
 * perf's generic hardware events as the kernel's arm_pmuv3 driver maps them
 * on every ARMv8 core (armv8_pmuv3_perf_map). "branches" is left out: it is
 * PC_WRITE_RETIRED or BR_RETIRED by kernel version and core, so no count
 * of it says which was counted.
 */
static const struct {
	const char *name;
	uint16_t code;
} perf_hw[] = {
	{ "cycles", 0x11 }, { "cpu-cycles", 0x11 },
	{ "instructions", 0x08 },
	{ "cache-references", 0x04 }, { "cache-misses", 0x03 },
	{ "branch-misses", 0x10 },
	{ "bus-cycles", 0x1d },
	{ "stalled-cycles-frontend", 0x23 }, { "idle-cycles-frontend", 0x23 },
	{ "stalled-cycles-backend", 0x24 }, { "idle-cycles-backend", 0x24 },
};

/* perf's software and tool events: counted by no PMU. */
static const char *const perf_sw[] = {
	"task-clock", "cpu-clock", "page-faults", "faults", "minor-faults", "major-faults",
	"context-switches", "cs", "cpu-migrations", "migrations", "alignment-faults",
	"emulation-faults", "dummy", "bpf-output", "duration_time", "user_time", "system_time",
};

/* perf's modifier letters; of them only u and k say which levels counted. */
static int is_modifiers(const char *s)
{
	return *s && strspn(s, "ukhHGpPSDIWe") == strlen(s);
}

static void set_levels(const char *mods, struct pmukit_event_spec *es)
{
	int u = strchr(mods, 'u') != NULL, k = strchr(mods, 'k') != NULL;

	es->excl_user = k && !u;
	es->excl_kernel = u && !k;
}

/* A hex number ("11", "0x11" after the prefix is taken off) of at most 16 bits. */
static int parse_hex16(const char *s, uint16_t *out)
{
	char *end;
	unsigned long v;

	if (!isxdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoul(s, &end, 16);
	if (*end || errno || v > 0xffff)
		return -1;
	*out = (uint16_t)v;
	return 0;
}

/* A name without modifiers: a raw number, perf's names, a table's, LIKWID's. */
static int base_event(const char *base, const struct pmukit_core_def *core,
		      struct pmukit_event_spec *es)
{
	struct pmukit_event_spec t;
	char alt[PMUKIT_INPUT_NAME_LEN];
	size_t i, n = strlen(base);

	if ((base[0] == 'r' || base[0] == 'R') && !parse_hex16(base + 1, &es->code)) {
		es->raw = 1;
		return 0;
	}
	if (!strncasecmp(base, "0x", 2) && !parse_hex16(base + 2, &es->code)) {
		es->raw = 1;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(perf_hw); i++)
		if (!strcmp(base, perf_hw[i].name)) {
			es->code = perf_hw[i].code;
			return 0;
		}
	for (i = 0; i < ARRAY_SIZE(perf_sw); i++)
		if (!strcmp(base, perf_sw[i]))
			return 1;
	if (strpbrk(base, ":/=,") || !n)
		return -ENOENT;
	if (!pmukit_event_parse(base, core, &t)) {
		es->code = t.code;
		return 0;
	}
	/* LIKWID names Arm's *_RD and *_WR events *_LD and *_ST. */
	if (n > 3 && n < sizeof(alt) && (!strcasecmp(base + n - 3, "_LD") ||
					  !strcasecmp(base + n - 3, "_ST"))) {
		memcpy(alt, base, n + 1);
		memcpy(alt + n - 2, toupper((unsigned char)base[n - 2]) == 'L' ? "RD" : "WR", 2);
		if (!pmukit_event_parse(alt, core, &t)) {
			es->code = t.code;
			return 0;
		}
	}
	return -ENOENT;
}

/* The term between a PMU's slashes: a name, rNN, event=NN or config=NN. */
static int pmu_term(const char *term, const struct pmukit_core_def *core,
		    struct pmukit_event_spec *es)
{
	const char *v = NULL;
	char *end;
	unsigned long x;

	if (!strncmp(term, "event=", 6))
		v = term + 6;
	else if (!strncmp(term, "config=", 7))
		v = term + 7;
	if (!v)
		return base_event(term, core, es) == 0 ? 0 : -ENOENT;
	errno = 0;
	x = strtoul(v, &end, 0);
	if (!*v || *end || errno || x > 0xffff)
		return -ENOENT;
	es->code = (uint16_t)x;
	es->raw = 1;
	return 0;
}

PMUKIT_API int pmukit_input_event(const char *name, const struct pmukit_core_def *core,
				  struct pmukit_event_spec *out)
{
	struct pmukit_event_spec es;
	char buf[PMUKIT_INPUT_NAME_LEN], *mods = NULL, *slash;
	int ret;

	if (!name || strlen(name) >= sizeof(buf))
		return -ENOENT;
	memset(&es, 0, sizeof(es));
	snprintf(buf, sizeof(buf), "%s", name);
	slash = strchr(buf, '/');
	if (slash) {
		/* PMU/TERM/MODS: a CPU PMU of Arm's (armv8_pmuv3_0, armv8_cortex_a76). */
		char *last = strrchr(buf, '/');

		if (last == slash || strncmp(buf, "armv", 4))
			return -ENOENT;
		*slash = *last = '\0';
		mods = last + 1;
		if (*mods == ':')
			mods++;
		if (*mods && !is_modifiers(mods))
			return -ENOENT;
		ret = pmu_term(slash + 1, core, &es);
	} else {
		char *colon = strrchr(buf, ':');

		if (colon && is_modifiers(colon + 1)) {
			*colon = '\0';
			mods = colon + 1;
		}
		ret = base_event(buf, core, &es);
	}
	if (ret)
		return ret;
	if (mods)
		set_levels(mods, &es);
	snprintf(es.name, sizeof(es.name), "%s", name);
	*out = es;
	return 0;
}

/* ---- the counts --------------------------------------------------------------- */

struct pmukit_input_count *input_add(struct pmukit_input *in, const char *name,
				     const struct pmukit_core_def *core, unsigned int line)
{
	struct pmukit_input_count *c;
	struct pmukit_event_spec es;
	int ret;

	if (in->n == in->cap) {
		unsigned int cap = in->cap ? in->cap * 2 : 64;
		struct pmukit_input_count *nc;

		if (cap > IN_MAX_COUNTS)
			return NULL;
		nc = realloc(in->count, cap * sizeof(*nc));
		if (!nc)
			return NULL;
		in->count = nc;
		in->cap = cap;
	}
	c = &in->count[in->n++];
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	ret = pmukit_input_event(name, core, &es);
	c->code = ret == 0 ? es.code : ret == 1 ? PMUKIT_INPUT_NOT_PMU : PMUKIT_INPUT_UNKNOWN;
	if (ret == 0) {
		c->excl_user = es.excl_user;
		c->excl_kernel = es.excl_kernel;
	}
	c->percent = 100.0;
	c->interval = -1.0;
	c->cpu = -1;
	c->pass = 1;
	c->line = line;
	return c;
}

/*
 * A count as the tools print it: digits, perhaps a fraction (a mean of -r
 * runs), with @exp an exponent too (LIKWID's "%e"), rounded to the nearest
 * whole count. Return: 0, or -1 for anything else (a sign, a unit, a
 * thousands separator).
 */
static int parse_count(const char *s, int exp, uint64_t *out)
{
	size_t digits = strspn(s, "0123456789");
	char *end;
	double d;

	if (!digits)
		return -1;
	if (!exp && s[digits] && (s[digits] != '.' ||
				  strspn(s + digits + 1, "0123456789") != strlen(s + digits + 1)))
		return -1;
	if (strspn(s, "0123456789") == strlen(s)) {
		errno = 0;
		*out = strtoull(s, &end, 10);
		return errno ? -1 : 0;
	}
	d = strtod(s, &end);
	if (*end || !isfinite(d) || d < 0 || d >= 18446744073709551616.0)
		return -1;
	*out = (uint64_t)(d + 0.5);
	return 0;
}

/* A number >= 0 (a percentage, seconds). */
static int parse_real(const char *s, double *out)
{
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	*out = strtod(s, &end);
	return *end || !isfinite(*out) ? -1 : 0;
}

/* "CPU12" (perf -A), "12": the CPU. */
static int parse_cpu(const char *s, int *out)
{
	char *end;
	long v;

	if (!strncmp(s, "CPU", 3))
		s += 3;
	if (!isdigit((unsigned char)*s))
		return -1;
	v = strtol(s, &end, 10);
	if (*end || v > 1 << 20)
		return -1;
	*out = (int)v;
	return 0;
}

/* The status a value the tool wrote instead of a count stands for; -1 for a count. */
static int value_status(const char *s)
{
	if (!strcmp(s, "<not counted>"))
		return PMUKIT_INPUT_NOT_COUNTED;
	if (!strcmp(s, "<not supported>"))
		return PMUKIT_INPUT_NOT_SUPPORTED;
	if (!strcmp(s, "<wrapped>"))
		return PMUKIT_INPUT_WRAPPED;
	return -1;
}

/* ---- lines and fields ---------------------------------------------------------- */

struct lines {
	const char *text;
	size_t len, pos;
	unsigned int no;
	char buf[IN_LINE_MAX];
};

/* The next line into l->buf (no line end). Return: 1, 0 at the end, -1 too long. */
static int next_line(struct lines *l)
{
	size_t start = l->pos, n;
	const char *nl;

	if (start >= l->len)
		return 0;
	nl = memchr(l->text + start, '\n', l->len - start);
	n = nl ? (size_t)(nl - (l->text + start)) : l->len - start;
	l->pos = start + n + 1;
	l->no++;
	if (n && l->text[start + n - 1] == '\r')
		n--;
	if (n >= sizeof(l->buf))
		return -1;
	memcpy(l->buf, l->text + start, n);
	l->buf[n] = '\0';
	if (memchr(l->buf, '\0', n))
		return -1;
	return 1;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/*
 * Splits @line at @sep in place, fields trimmed; with @quotes a field in
 * double quotes may hold the separator ("" is a quote), as Python's and
 * LIKWID's CSV write. Return: the number of fields, -1 for too many or a
 * quote left open.
 */
static int split(char *line, const char *sep, int quotes, char **f)
{
	size_t sl = strlen(sep);
	char *p = line;
	int n = 0;

	for (;;) {
		char *q;

		if (n == IN_MAX_FIELDS)
			return -1;
		while (quotes && *p == ' ')
			p++;
		if (quotes && *p == '"') {
			char *in = p + 1, *out = p;

			for (;;) {
				if (!*in)
					return -1;
				if (in[0] == '"' && in[1] == '"') {
					*out++ = '"';
					in += 2;
				} else if (*in == '"') {
					in++;
					break;
				} else {
					*out++ = *in++;
				}
			}
			while (*in == ' ')
				in++;
			if (*in && strncmp(in, sep, sl))
				return -1;
			f[n++] = p;
			*out = '\0';
			if (!*in)
				return n;
			p = in + sl;
			continue;
		}
		q = strstr(p, sep);
		if (q)
			*q = '\0';
		f[n++] = trim(p);
		if (!q)
			return n;
		p = q + sl;
	}
}

/* ---- perf stat -x -------------------------------------------------------------- */

static const char perf_csv_expected[] =
	"a 'perf stat -x SEP' line: [TIME SEP] [CPUn SEP] VALUE SEP UNIT SEP EVENT SEP "
	"[VARIANCE% SEP] RUN TIME SEP PERCENT COUNTED [SEP METRIC VALUE SEP METRIC UNIT] "
	"[SEP PASS SEP VERDICT SEP WHY, as pmukit stat -x writes]";

static int is_number_text(const char *s)
{
	double d;

	return !parse_real(s, &d);
}

struct perf_line {
	int time, cpu;		/* fields before VALUE */
	int var;		/* a VARIANCE% field */
	int extra;		/* pmukit's PASS, VERDICT, WHY */
};

/* The layout of a line split into @nf fields @f; -1 when it is none of perf's. */
static int perf_layout(char **f, int nf, struct perf_line *pl)
{
	int k = 0, rest;

	memset(pl, 0, sizeof(*pl));
	/* TIME: a number followed by a value or a CPU, never by a unit. */
	if (nf > 1 && is_number_text(f[0]) && strchr(f[0], '.') &&
	    (is_number_text(f[1]) || value_status(f[1]) >= 0 || !strncmp(f[1], "CPU", 3) ||
	     (!f[1][0] && nf > 3 && !f[3][0]))) {
		pl->time = 1;
		k++;
	}
	if (k < nf && !strncmp(f[k], "CPU", 3) && isdigit((unsigned char)f[k][3])) {
		pl->cpu = 1;
		k++;
	}
	k += 3;		/* VALUE, UNIT, EVENT */
	if (k < nf && f[k][0] && f[k][strlen(f[k]) - 1] == '%') {
		pl->var = 1;
		k++;
	}
	rest = nf - k;
	/* RUN TIME, PERCENT; the metric's two; pmukit's three. */
	if (rest == 7)
		pl->extra = 1;
	else if (rest != 2 && rest != 4)
		return -1;
	return k;
}

/*
 * Are quoted fields read as one? perf never quotes, pmukit stat -x quotes a
 * field that holds the separator (a reason with a ';'); not with a blank
 * separator, where the spaces before a quote would be taken away.
 */
static int sep_quotes(const char *sep)
{
	return !strpbrk(sep, " \t");
}

/*
 * The separator, from a count's line: after the first field (a time, a CPU
 * or the value) comes the separator, perhaps twice (an empty unit); of the
 * run of characters there, the shortest prefix that splits the line into
 * one of perf's layouts.
 */
static int find_sep(const char *line, char *sep, size_t cap)
{
	const char *p = line, *run;
	size_t n, len;

	while (*p == ' ')
		p++;
	if (*p == '<')
		p = strchr(p, '>') ? strchr(p, '>') + 1 : p + strlen(p);
	else if (!strncmp(p, "CPU", 3))
		p += 3 + strspn(p + 3, "0123456789");
	else
		p += strspn(p, "0123456789.");
	run = p;
	len = strspn(run, ",;:|!#$%&*+/\\~^@?'\"\t -_=");
	for (n = 1; n <= len && n < cap; n++) {
		char tmp[IN_LINE_MAX], *f[IN_MAX_FIELDS];
		struct perf_line pl;
		int nf;

		memcpy(sep, run, n);
		sep[n] = '\0';
		snprintf(tmp, sizeof(tmp), "%s", line);
		nf = split(tmp, sep, sep_quotes(sep), f);
		if (nf > 0 && perf_layout(f, nf, &pl) >= 0)
			return 0;
	}
	return -1;
}

/* A metric's line: no value and no event after the time and CPU, whatever else it has. */
static int metric_line(char **f, int nf)
{
	int i = 0;

	if (nf > 0 && is_number_text(f[0]) && strchr(f[0], '.'))
		i++;
	if (i < nf && !strncmp(f[i], "CPU", 3))
		i++;
	return nf > i + 2 && !f[i][0] && !f[i + 2][0];
}

static int read_perf_csv(const char *text, size_t len, const char *sep_arg,
			 const struct pmukit_core_def *core, struct pmukit_input *in,
			 char *err, size_t errlen)
{
	static struct lines l;
	char *f[IN_MAX_FIELDS];
	int r;

	memset(&l, 0, sizeof(l));
	l.text = text;
	l.len = len;
	in->format = format_title[F_PERF_CSV];
	if (sep_arg)
		snprintf(in->sep, sizeof(in->sep), "%s", sep_arg);
	while ((r = next_line(&l)) != 0) {
		struct pmukit_input_count *c;
		struct perf_line pl;
		char *line;
		int nf, k, st;

		if (r < 0)
			return input_fail(err, errlen, l.no, "a line of at most %d characters", IN_LINE_MAX - 1);
		/* Not trimmed at the end: a tab or a space may be the separator there. */
		line = l.buf + strspn(l.buf, " ");
		if (!line[strspn(line, " \t")] || *line == '#')
			continue;
		if (!in->sep[0] && find_sep(line, in->sep, sizeof(in->sep)))
			return input_fail(err, errlen, l.no, "%s", perf_csv_expected);
		nf = split(line, in->sep, sep_quotes(in->sep), f);
		if (metric_line(f, nf))
			continue;
		k = nf > 0 ? perf_layout(f, nf, &pl) : -1;
		if (k < 0)
			return input_fail(err, errlen, l.no, "%s", perf_csv_expected);
		k -= 3 + pl.var;	/* VALUE */
		if (!f[k][0] && !f[k + 2][0])
			continue;	/* a metric's line */
		if (!f[k + 2][0])
			return input_fail(err, errlen, l.no, "an event's name in field %d", k + 3);
		c = input_add(in, f[k + 2], core, l.no);
		if (!c)
			return -ENOMEM;
		if (pl.time && parse_real(f[0], &c->interval))
			return input_fail(err, errlen, l.no, "the interval's time in seconds, not '%s'", f[0]);
		if (pl.cpu && parse_cpu(f[pl.time], &c->cpu))
			return input_fail(err, errlen, l.no, "CPUn, not '%s'", f[pl.time]);
		in->has_interval |= pl.time;
		in->has_cpu |= pl.cpu;
		st = value_status(f[k]);
		if (st >= 0)
			c->status = (enum pmukit_input_status)st;
		else if (parse_count(f[k], 0, &c->value))
			return input_fail(err, errlen, l.no, "a count (digits, perhaps a fraction), "
				    "<not counted> or <not supported> in field %d, not '%s'", k + 1, f[k]);
		k += 3 + pl.var;	/* RUN TIME */
		if (f[k + 1][0] && parse_real(f[k + 1], &c->percent))
			return input_fail(err, errlen, l.no, "the percentage of the time counted in field %d, not '%s'",
				    k + 2, f[k + 1]);
		if (c->percent > 100.0 || (c->status == PMUKIT_INPUT_COUNTED && c->percent <= 0.0 &&
					   f[k + 1][0]))
			return input_fail(err, errlen, l.no, "a percentage counted above 0 and at most 100 in field %d, not '%s'",
				    k + 2, f[k + 1]);
		if (!f[k + 1][0])
			c->percent = 100.0;
		if (pl.extra) {
			unsigned long pass;
			char *end;

			errno = 0;
			pass = strtoul(f[k + 4], &end, 10);
			if (!isdigit((unsigned char)f[k + 4][0]) || *end || errno || !pass || pass > 64)
				return input_fail(err, errlen, l.no, "pmukit's pass (1 to 64) in field %d, not '%s'",
					    k + 5, f[k + 4]);
			c->pass = (unsigned int)pass;
			in->has_pass = 1;
			in->by_pmukit = 1;
			in->format = "pmukit stat -x";
			if (f[k + 5][0] && c->status == PMUKIT_INPUT_COUNTED) {
				/* pmukit stat's verdict: the number it printed is no count. */
				c->status = PMUKIT_INPUT_NOT_COUNTED;
				c->value = 0;
			}
			/* Its reason, else the verdict itself, as the earlier layout was read. */
			if (c->status == PMUKIT_INPUT_NOT_COUNTED)
				snprintf(c->why, sizeof(c->why), "%s", f[k + 6][0] ? f[k + 6] : f[k + 5]);
		}
	}
	if (!in->n)
		return input_fail(err, errlen, l.no ? l.no : 1, "%s", perf_csv_expected);
	return 0;
}

/* ---- perf stat -j ---------------------------------------------------------------- */

static const char perf_json_expected[] =
	"a 'perf stat -j' object, {\"counter-value\" : \"N\", \"unit\" : \"\", \"event\" : \"NAME\", "
	"\"event-runtime\" : N, \"pcnt-running\" : P, ...} on one line";

struct jmember {
	char key[32];
	char str[PMUKIT_INPUT_NAME_LEN + 32];
	int is_str;	/* a string, else a number, true, false or null (in str) */
};

/* One "key" : value of a flat object from *p; 1 at the closing '}', -1 for bad text. */
static int jmember(const char **pp, struct jmember *m)
{
	const char *p = *pp;
	size_t n = 0;
	int which;

	for (which = 0; which < 2; which++) {
		while (isspace((unsigned char)*p) || (which == 0 && *p == ','))
			p++;
		if (which == 0 && *p == '}') {
			*pp = p + 1;
			return 1;
		}
		if (which == 1) {
			if (*p != ':')
				return -1;
			p++;
			while (isspace((unsigned char)*p))
				p++;
		}
		if (*p == '"') {
			char *out = which ? m->str : m->key;
			size_t cap = which ? sizeof(m->str) : sizeof(m->key);

			n = 0;
			for (p++; *p && *p != '"'; p++) {
				char c = *p;

				if (c == '\\') {
					if (!*++p)
						return -1;
					c = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p;
				}
				if (n + 1 >= cap)
					return -1;
				out[n++] = c;
			}
			if (*p != '"')
				return -1;
			out[n] = '\0';
			p++;
			if (which)
				m->is_str = 1;
		} else if (which == 1) {
			n = strspn(p, "-+0123456789.eEtruefalsn");
			if (!n || n >= sizeof(m->str))
				return -1;
			memcpy(m->str, p, n);
			m->str[n] = '\0';
			m->is_str = 0;
			p += n;
		} else {
			return -1;
		}
	}
	*pp = p;
	return 0;
}

static int read_perf_json(const char *text, size_t len, const struct pmukit_core_def *core,
			  struct pmukit_input *in, char *err, size_t errlen)
{
	static struct lines l;
	int r;

	memset(&l, 0, sizeof(l));
	l.text = text;
	l.len = len;
	in->format = format_title[F_PERF_JSON];
	while ((r = next_line(&l)) != 0) {
		struct pmukit_input_count c, *pc;
		struct jmember m;
		const char *p;
		char value[sizeof(m.str)] = "";
		int have_event = 0, have_value = 0, ret, have_time = 0, have_cpu = 0;

		if (r < 0)
			return input_fail(err, errlen, l.no, "a line of at most %d characters", IN_LINE_MAX - 1);
		p = trim(l.buf);
		if (!*p || *p == '#')
			continue;	/* -o FILE begins with "# started on ..." */
		if (*p != '{')
			return input_fail(err, errlen, l.no, "%s", perf_json_expected);
		p++;
		memset(&c, 0, sizeof(c));
		c.percent = 100.0;
		c.interval = -1.0;
		c.cpu = -1;
		while ((ret = jmember(&p, &m)) == 0) {
			if (!strcmp(m.key, "event") && m.is_str) {
				if (strlen(m.str) >= sizeof(c.name))
					return input_fail(err, errlen, l.no, "an event's name of at most %zu characters",
						    sizeof(c.name) - 1);
				memcpy(c.name, m.str, strlen(m.str) + 1);
				have_event = 1;
			} else if (!strcmp(m.key, "counter-value")) {
				snprintf(value, sizeof(value), "%s", m.str);
				have_value = 1;
			} else if (!strcmp(m.key, "pcnt-running")) {
				if (parse_real(m.str, &c.percent) || c.percent > 100.0)
					return input_fail(err, errlen, l.no, "\"pcnt-running\" : a percentage from 0 to 100, not '%s'",
						    m.str);
			} else if (!strcmp(m.key, "interval")) {
				if (parse_real(m.str, &c.interval))
					return input_fail(err, errlen, l.no, "\"interval\" : seconds, not '%s'", m.str);
				have_time = 1;
			} else if (!strcmp(m.key, "cpu")) {
				if (parse_cpu(m.str, &c.cpu))
					return input_fail(err, errlen, l.no, "\"cpu\" : a CPU's number, not '%s'", m.str);
				have_cpu = 1;
			} else if (!strcmp(m.key, "core") || !strcmp(m.key, "socket") ||
				   !strcmp(m.key, "die") || !strcmp(m.key, "node") ||
				   !strcmp(m.key, "thread") || !strcmp(m.key, "cluster") ||
				   !strcmp(m.key, "cache")) {
				return input_fail(err, errlen, l.no, "counts of a CPU or of all CPUs (perf stat -A or "
					    "without --per-%s), not \"%s\" : \"%s\"", m.key, m.key, m.str);
			}
		}
		while (ret == 1 && isspace((unsigned char)*p))
			p++;
		if (ret < 0 || *p)
			return input_fail(err, errlen, l.no, "%s", perf_json_expected);
		if (!have_event && !have_value)
			continue;	/* a metric's object */
		if (!have_event || !have_value || !c.name[0])
			return input_fail(err, errlen, l.no, "both \"counter-value\" and \"event\" in %s",
				    perf_json_expected);
		pc = input_add(in, c.name, core, l.no);
		if (!pc)
			return -ENOMEM;
		pc->percent = c.percent;
		pc->interval = c.interval;
		pc->cpu = c.cpu;
		in->has_interval |= have_time;
		in->has_cpu |= have_cpu;
		ret = value_status(value);
		if (ret >= 0)
			pc->status = (enum pmukit_input_status)ret;
		else if (parse_count(value, 0, &pc->value))
			return input_fail(err, errlen, l.no, "\"counter-value\" : a count, \"<not counted>\" or "
				    "\"<not supported>\", not '%s'", value);
		if (pc->status == PMUKIT_INPUT_COUNTED && pc->percent <= 0.0)
			return input_fail(err, errlen, l.no, "\"pcnt-running\" above 0 for a count");
	}
	if (!in->n)
		return input_fail(err, errlen, l.no ? l.no : 1, "%s", perf_json_expected);
	return 0;
}

/* ---- topdown-tool ---------------------------------------------------------------- */

static const char topdown_header[] = "run,time,event,value";

static int read_topdown(const char *text, size_t len, const struct pmukit_core_def *core,
			struct pmukit_input *in, char *err, size_t errlen)
{
	static const char expected[] =
		"a topdown-tool events CSV row RUN,TIME,EVENT,VALUE: RUN from 1, TIME blank or "
		"seconds, VALUE a count or blank (not counted)";
	static struct lines l;
	char *f[IN_MAX_FIELDS];
	int r, header = 0;

	memset(&l, 0, sizeof(l));
	l.text = text;
	l.len = len;
	in->format = format_title[F_TOPDOWN];
	while ((r = next_line(&l)) != 0) {
		struct pmukit_input_count *c;
		unsigned long run;
		char *end;
		int nf;

		if (r < 0)
			return input_fail(err, errlen, l.no, "a line of at most %d characters", IN_LINE_MAX - 1);
		if (!*trim(l.buf))
			continue;
		if (!header) {
			if (strcmp(trim(l.buf), topdown_header))
				return input_fail(err, errlen, l.no, "topdown-tool's header '%s'", topdown_header);
			header = 1;
			continue;
		}
		nf = split(l.buf, ",", 1, f);
		if (nf != 4 || !f[2][0])
			return input_fail(err, errlen, l.no, "%s", expected);
		errno = 0;
		run = strtoul(f[0], &end, 10);
		if (!isdigit((unsigned char)f[0][0]) || *end || errno || !run || run > 64)
			return input_fail(err, errlen, l.no, "%s (RUN is '%s')", expected, f[0]);
		c = input_add(in, f[2], core, l.no);
		if (!c)
			return -ENOMEM;
		c->pass = (unsigned int)run;
		in->has_pass |= run > 1;
		if (f[1][0]) {
			if (parse_real(f[1], &c->interval))
				return input_fail(err, errlen, l.no, "%s (TIME is '%s')", expected, f[1]);
			in->has_interval = 1;
		}
		if (!f[3][0]) {
			c->status = PMUKIT_INPUT_NOT_COUNTED;
			snprintf(c->why, sizeof(c->why), "topdown-tool left its value blank");
		} else if (parse_count(f[3], 0, &c->value)) {
			return input_fail(err, errlen, l.no, "%s (VALUE is '%s')", expected, f[3]);
		}
	}
	if (!in->n)
		return input_fail(err, errlen, l.no ? l.no : 1, "rows after topdown-tool's header '%s'",
			    topdown_header);
	return 0;
}

/* ---- likwid-perfctr -O ------------------------------------------------------------ */

/* LIKWID pads its rows with empty fields to the widest table's. */
static int drop_empty_tail(char **f, int nf)
{
	while (nf > 0 && !f[nf - 1][0])
		nf--;
	return nf;
}

/* "Group 3 Raw" (not "Group 3 Raw STAT"): its number, else 0. */
static unsigned int raw_group(const char *s)
{
	unsigned long g;
	char *end;

	if (strncmp(s, "Group ", 6) || !isdigit((unsigned char)s[6]))
		return 0;
	g = strtoul(s + 6, &end, 10);
	return strcmp(end, " Raw") || !g || g > 64 ? 0 : (unsigned int)g;
}

static int read_likwid(const char *text, size_t len, const struct pmukit_core_def *core,
		       struct pmukit_input *in, char *err, size_t errlen)
{
	static struct lines l;
	char *f[IN_MAX_FIELDS];
	int cpu[IN_MAX_FIELDS], r, ncols = 0;
	unsigned int group = 0;		/* in a raw table: its group */
	int header = 0, regions = 0;

	memset(&l, 0, sizeof(l));
	l.text = text;
	l.len = len;
	in->format = format_title[F_LIKWID];
	while ((r = next_line(&l)) != 0) {
		int nf, k;

		if (r < 0)
			return input_fail(err, errlen, l.no, "a line of at most %d characters", IN_LINE_MAX - 1);
		nf = split(l.buf, ",", 1, f);
		if (nf < 0)
			return input_fail(err, errlen, l.no, "a likwid-perfctr -O CSV line (fields separated by ',')");
		nf = drop_empty_tail(f, nf);
		if (!nf)
			continue;
		if (!strcmp(f[0], "TABLE") || !strcmp(f[0], "STRUCT")) {
			group = !strcmp(f[0], "TABLE") && nf > 1 ? raw_group(f[1]) : 0;
			regions |= !strcmp(f[0], "TABLE") && nf > 1 && !strncmp(f[1], "Region ", 7);
			header = 0;
			continue;
		}
		if ((!strcmp(f[0], "CPU type:") || !strcmp(f[0], "CPU name:")) && nf > 1 &&
		    (!in->core_name[0] || !strcmp(f[0], "CPU type:")))
			snprintf(in->core_name, sizeof(in->core_name), "%s", f[1]);
		if (!group)
			continue;
		if (!header) {
			if (nf < 3 || strcmp(f[0], "Event") || strcmp(f[1], "Counter"))
				return input_fail(err, errlen, l.no, "the header Event,Counter,HWThread N,... of a likwid-perfctr raw table");
			for (k = 2; k < nf; k++) {
				if (strncmp(f[k], "HWThread ", 9) || parse_cpu(f[k] + 9, &cpu[k]))
					return input_fail(err, errlen, l.no, "'HWThread N' for column %d, not '%s'",
						    k + 1, f[k]);
			}
			ncols = nf;
			header = 1;
			in->has_cpu = 1;
			continue;
		}
		if (nf != ncols)
			return input_fail(err, errlen, l.no, "%d fields, EVENT,COUNTER and a value for each HWThread, not %d",
				    ncols, nf);
		if (!strcmp(f[1], "TSC") || !strncmp(f[0], "Runtime", 7))
			continue;	/* the time, not an event */
		for (k = 2; k < nf; k++) {
			struct pmukit_input_count *c = input_add(in, f[0], core, l.no);

			if (!c)
				return -ENOMEM;
			c->cpu = cpu[k];
			c->pass = group;
			in->has_pass |= group > 1;
			if (!f[k][0] || !strcmp(f[k], "-") || !strcasecmp(f[k], "nan")) {
				c->status = PMUKIT_INPUT_NOT_COUNTED;
				snprintf(c->why, sizeof(c->why), "likwid-perfctr wrote '%s'", f[k]);
			} else if (parse_count(f[k], 1, &c->value)) {
				return input_fail(err, errlen, l.no, "a count for HWThread %d in column %d, not '%s'",
					    cpu[k], k + 1, f[k]);
			}
		}
	}
	if (!in->n)
		return input_fail(err, errlen, l.no ? l.no : 1,
			    "a 'TABLE,Group N Raw,...' table of likwid-perfctr -O with rows%s",
			    regions ? " (the marker API's 'TABLE,Region ...' tables, of -m, are not read)" : "");
	return 0;
}

/* ---- which ---------------------------------------------------------------------------- */

/* The format of @text: pmukit's own, else its first line that is not blank (nor perf's '#' lines). */
static int detect(const char *text, size_t len, const char *sep)
{
	struct lines *l;
	int r, f = F_PERF_CSV;

	switch (input_own_format(text, len, sep)) {
	case INPUT_OWN_CSV:
		return F_OWN_CSV;
	case INPUT_OWN_JSON:
		return F_OWN_JSON;
	case INPUT_OWN_FIRMWARE:
		return F_FIRMWARE;
	}
	l = calloc(1, sizeof(*l));
	if (!l)
		return F_PERF_CSV;
	l->text = text;
	l->len = len;
	while ((r = next_line(l)) > 0) {
		const char *s = trim(l->buf);

		if (!*s || *s == '#')
			continue;
		if (*s == '{')
			f = F_PERF_JSON;
		else if (!strcmp(s, topdown_header))
			f = F_TOPDOWN;
		else if (!strncmp(s, "STRUCT,", 7) || !strncmp(s, "TABLE,", 6))
			f = F_LIKWID;
		break;
	}
	free(l);
	return f;
}

PMUKIT_API int pmukit_input_read(const char *text, size_t len, const char *format,
				 const char *sep, const struct pmukit_core_def *core,
				 struct pmukit_input *in, char *err, size_t errlen)
{
	int f, ret;

	if (!text || !in)
		return -EINVAL;
	memset(in, 0, sizeof(*in));
	if (err && errlen)
		err[0] = '\0';
	if (format) {
		for (f = 0; f < (int)ARRAY_SIZE(formats) && strcmp(formats[f], format); f++)
			;
		if (f == (int)ARRAY_SIZE(formats))
			return -EINVAL;
	} else {
		f = detect(text, len, sep);
	}
	if (sep && (!*sep || strlen(sep) >= sizeof(in->sep)))
		return -EINVAL;
	switch (f) {
	case F_PERF_JSON:
		ret = read_perf_json(text, len, core, in, err, errlen);
		break;
	case F_TOPDOWN:
		ret = read_topdown(text, len, core, in, err, errlen);
		break;
	case F_LIKWID:
		ret = read_likwid(text, len, core, in, err, errlen);
		break;
	case F_OWN_CSV:
		ret = input_read_own_csv(text, len, sep, core, in, err, errlen);
		in->format = format_title[F_OWN_CSV];
		break;
	case F_OWN_JSON:
		ret = input_read_own_json(text, len, core, in, err, errlen);
		in->format = format_title[F_OWN_JSON];
		break;
	case F_FIRMWARE:
		ret = input_read_firmware(text, len, core, in, err, errlen);
		in->format = format_title[F_FIRMWARE];
		break;
	default:
		ret = read_perf_csv(text, len, sep, core, in, err, errlen);
		break;
	}
	if (ret)
		pmukit_input_free(in);
	return ret;
}

PMUKIT_API void pmukit_input_free(struct pmukit_input *in)
{
	if (!in)
		return;
	free(in->count);
	in->count = NULL;
	in->n = in->cap = 0;
}
