// SPDX-License-Identifier: MIT
/*
 * What the readers of other collectors' output share: lines one at a time,
 * fields split at a separator (quotes as CSV writes them), and the fields'
 * numbers, CPUs and the words a tool writes instead of a count.
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

void input_lines_init(struct input_lines *l, const char *text, size_t len)
{
	memset(l, 0, sizeof(*l));
	l->text = text;
	l->len = len;
}

/*
 * The next line into l->buf (no line end). Return: 1, 0 at the end, -1 too
 * long (l->buf holds its start) or holding a NUL byte.
 */
int input_next_line(struct input_lines *l)
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
	/* Too long: its start, for a reader that passes over such lines. */
	if (n >= sizeof(l->buf)) {
		memcpy(l->buf, l->text + start, sizeof(l->buf) - 1);
		l->buf[sizeof(l->buf) - 1] = '\0';
		return -1;
	}
	memcpy(l->buf, l->text + start, n);
	l->buf[n] = '\0';
	if (memchr(l->buf, '\0', n))
		return -1;
	return 1;
}

char *input_trim(char *s)
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
 * Splits @line at @sep in place, fields trimmed unless IN_SPLIT_ASIS; with
 * IN_SPLIT_QUOTES a field in double quotes may hold the separator ("" is a
 * quote), as Python's, LIKWID's and pmukit's CSV write. Return: the number
 * of fields, -1 for too many or a quote left open.
 */
int input_split(char *line, const char *sep, unsigned int how, char **f)
{
	int quotes = !!(how & IN_SPLIT_QUOTES), trim = !(how & IN_SPLIT_ASIS);
	size_t sl = strlen(sep);
	char *p = line;
	int n = 0;

	for (;;) {
		char *q;

		if (n == IN_MAX_FIELDS)
			return -1;
		while (quotes && trim && *p == ' ')
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
			while (trim && *in == ' ')
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
		f[n++] = trim ? input_trim(p) : p;
		if (!q)
			return n;
		p = q + sl;
	}
}


/*
 * A count as the tools print it: digits, perhaps a fraction (a mean of -r
 * runs), with @exp an exponent too (LIKWID's "%e"), rounded to the nearest
 * whole count. Return: 0, or -1 for anything else (a sign, a unit, a
 * thousands separator).
 */
int input_parse_count(const char *s, int exp, uint64_t *out)
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
int input_parse_real(const char *s, double *out)
{
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	*out = strtod(s, &end);
	return *end || !isfinite(*out) ? -1 : 0;
}

/* "CPU12" (perf -A), "12": the CPU. */
int input_parse_cpu(const char *s, int *out)
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
int input_value_status(const char *s)
{
	if (!strcmp(s, "<not counted>"))
		return PMUKIT_INPUT_NOT_COUNTED;
	if (!strcmp(s, "<not supported>"))
		return PMUKIT_INPUT_NOT_SUPPORTED;
	if (!strcmp(s, "<wrapped>"))
		return PMUKIT_INPUT_WRAPPED;
	return -1;
}
