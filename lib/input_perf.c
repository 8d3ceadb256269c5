// SPDX-License-Identifier: MIT
/*
 * perf stat's output read back (pmukit_input_read()):
 *
 *  - 'perf stat -x SEP': [TIME SEP] [CPUn SEP] VALUE SEP UNIT SEP EVENT SEP
 *    [VARIANCE% SEP] RUN TIME SEP PERCENT SEP METRIC VALUE SEP METRIC UNIT,
 *    TIME with -I, CPUn with -A, VARIANCE with -r; pmukit stat -x adds
 *    SEP PASS SEP VERDICT SEP WHY, and with -I on several core types the
 *    type's core before VALUE. On a hybrid machine the EVENT names its type
 *    (perf's "cpu_core/instructions/", "armv8_cortex_a53/inst_retired/",
 *    pmukit's "cortex-a53/INST_RETIRED:u/": pmukit_input_name()). VALUE may be "<not counted>",
 *    "<not supported>" (or pmukit's "<wrapped>"); a line without VALUE and
 *    EVENT is a metric's and is skipped, as are perf's "#" lines;
 *  - 'perf stat -j': one object a line, "counter-value" (a string: the
 *    number, or "<not counted>" ...), "unit", "event", "event-runtime",
 *    "pcnt-running", "metric-value", "metric-unit", and "interval" (-I) and
 *    "cpu" (-A) where perf writes them; an object without "event" is a
 *    metric's.
 *
 * Nothing that is no number becomes one: a count perf could not take keeps
 * its status.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pmukit/pmukit.h"
#include "pmukit/events_api.h"
#include "core/compiler.h"
#include "input.h"

/* ---- perf stat -x -------------------------------------------------------------- */

static const char perf_csv_expected[] =
	"a 'perf stat -x SEP' line: [TIME SEP] [CPUn SEP] VALUE SEP UNIT SEP EVENT SEP "
	"[VARIANCE% SEP] RUN TIME SEP PERCENT COUNTED [SEP METRIC VALUE SEP METRIC UNIT] "
	"[SEP PASS SEP VERDICT SEP WHY, as pmukit stat -x writes]";

static int is_number_text(const char *s)
{
	double d;

	return !input_parse_real(s, &d);
}

struct perf_line {
	int time, cpu;		/* fields before VALUE */
	int core;		/* pmukit stat -I on several core types: the type's core, after them */
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
	    (is_number_text(f[1]) || input_value_status(f[1]) >= 0 || !strncmp(f[1], "CPU", 3) ||
	     input_is_core(f[1]) || (!f[1][0] && nf > 3 && !f[3][0]))) {
		pl->time = 1;
		k++;
	}
	if (k < nf && !strncmp(f[k], "CPU", 3) && isdigit((unsigned char)f[k][3])) {
		pl->cpu = 1;
		k++;
	}
	if (k + 1 < nf && input_is_core(f[k]) &&
	    (is_number_text(f[k + 1]) || input_value_status(f[k + 1]) >= 0)) {
		pl->core = 1;
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
static unsigned int sep_quotes(const char *sep)
{
	return strpbrk(sep, " \t") ? 0 : IN_SPLIT_QUOTES;
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
		nf = input_split(tmp, sep, sep_quotes(sep), f);
		if (nf > 0 && perf_layout(f, nf, &pl) >= 0)
			return 0;
	}
	return -1;
}

/*
 * A metric's line: no value and no event after the time, CPU and core type,
 * whatever else it has (pmukit stat -M on several core types writes the
 * type's core in the event field).
 */
static int metric_line(char **f, int nf)
{
	int i = 0;

	if (nf > 0 && is_number_text(f[0]) && strchr(f[0], '.'))
		i++;
	if (i < nf && !strncmp(f[i], "CPU", 3))
		i++;
	if (i < nf && input_is_core(f[i]))
		i++;
	return nf > i + 2 && !f[i][0] && (!f[i + 2][0] || (!f[i + 1][0] && input_is_core(f[i + 2])));
}

int input_read_perf_csv(const char *text, size_t len, const char *sep_arg,
			 const struct pmukit_core_def *core, struct pmukit_input *in,
			 char *err, size_t errlen)
{
	static struct input_lines l;
	char *f[IN_MAX_FIELDS];
	int r;

	input_lines_init(&l, text, len);
	in->format = INPUT_TITLE_PERF_CSV;
	if (sep_arg)
		snprintf(in->sep, sizeof(in->sep), "%s", sep_arg);
	while ((r = input_next_line(&l)) != 0) {
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
		nf = input_split(line, in->sep, sep_quotes(in->sep), f);
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
		if (pl.time && input_parse_real(f[0], &c->interval))
			return input_fail(err, errlen, l.no, "the interval's time in seconds, not '%s'", f[0]);
		if (pl.cpu && input_parse_cpu(f[pl.time], &c->cpu))
			return input_fail(err, errlen, l.no, "CPUn, not '%s'", f[pl.time]);
		if (pl.core)
			input_set_core(in, c, f[pl.time + pl.cpu]);
		in->has_interval |= pl.time;
		in->has_cpu |= pl.cpu;
		st = input_value_status(f[k]);
		if (st >= 0)
			c->status = (enum pmukit_input_status)st;
		else if (input_parse_count(f[k], 0, &c->value))
			return input_fail(err, errlen, l.no, "a count (digits, perhaps a fraction), "
				    "<not counted> or <not supported> in field %d, not '%s'", k + 1, f[k]);
		k += 3 + pl.var;	/* RUN TIME */
		if (f[k + 1][0] && input_parse_real(f[k + 1], &c->percent))
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

int input_read_perf_json(const char *text, size_t len, const struct pmukit_core_def *core,
			  struct pmukit_input *in, char *err, size_t errlen)
{
	static struct input_lines l;
	int r;

	input_lines_init(&l, text, len);
	in->format = INPUT_TITLE_PERF_JSON;
	while ((r = input_next_line(&l)) != 0) {
		struct pmukit_input_count c, *pc;
		struct jmember m;
		const char *p;
		char value[sizeof(m.str)] = "";
		int have_event = 0, have_value = 0, ret, have_time = 0, have_cpu = 0;

		if (r < 0)
			return input_fail(err, errlen, l.no, "a line of at most %d characters", IN_LINE_MAX - 1);
		p = input_trim(l.buf);
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
				if (input_parse_real(m.str, &c.percent) || c.percent > 100.0)
					return input_fail(err, errlen, l.no, "\"pcnt-running\" : a percentage from 0 to 100, not '%s'",
						    m.str);
			} else if (!strcmp(m.key, "interval")) {
				if (input_parse_real(m.str, &c.interval))
					return input_fail(err, errlen, l.no, "\"interval\" : seconds, not '%s'", m.str);
				have_time = 1;
			} else if (!strcmp(m.key, "cpu")) {
				if (input_parse_cpu(m.str, &c.cpu))
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
		ret = input_value_status(value);
		if (ret >= 0)
			pc->status = (enum pmukit_input_status)ret;
		else if (input_parse_count(value, 0, &pc->value))
			return input_fail(err, errlen, l.no, "\"counter-value\" : a count, \"<not counted>\" or "
				    "\"<not supported>\", not '%s'", value);
		if (pc->status == PMUKIT_INPUT_COUNTED && pc->percent <= 0.0)
			return input_fail(err, errlen, l.no, "\"pcnt-running\" above 0 for a count");
	}
	if (!in->n)
		return input_fail(err, errlen, l.no ? l.no : 1, "%s", perf_json_expected);
	return 0;
}
