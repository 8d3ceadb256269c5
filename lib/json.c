// SPDX-License-Identifier: MIT
/* JSON text, as every JSON text of pmukit writes it (pmukit/json.h). */
#include <math.h>
#include <string.h>

#include "pmukit/json.h"

/*
 * The length of the well-formed UTF-8 sequence at @s (RFC 3629: no
 * overlong forms, no surrogates, nothing above U+10FFFF), 0 when there is
 * none. @s[0] is not ASCII.
 */
static int utf8_len(const unsigned char *s)
{
	unsigned char lo = 0x80, hi = 0xbf;
	int n, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* The second byte's range is what rules out the forbidden code points. */
	if (s[0] == 0xe0)
		lo = 0xa0;		/* overlong */
	else if (s[0] == 0xed)
		hi = 0x9f;		/* U+D800-U+DFFF, the surrogates */
	else if (s[0] == 0xf0)
		lo = 0x90;		/* overlong */
	else if (s[0] == 0xf4)
		hi = 0x8f;		/* above U+10FFFF */
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

void pmukit_json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', f);
	for (; *p; p++) {
		unsigned char c = *p;
		int n;

		if (c >= 0x80) {
			n = utf8_len(p);
			if (n) {
				fwrite(p, 1, (size_t)n, f);
				p += n - 1;
			} else {
				/* No valid sequence starts here: U+FFFD, the replacement character. */
				fputs("\xef\xbf\xbd", f);
			}
		} else if (c == '"' || c == '\\') {
			fprintf(f, "\\%c", c);
		} else if (c == '\n') {
			fputs("\\n", f);
		} else if (c == '\t') {
			fputs("\\t", f);
		} else if (c < 0x20) {
			fprintf(f, "\\u%04x", c);
		} else {
			fputc(c, f);
		}
	}
	fputc('"', f);
}

/* ---- the writer ---------------------------------------------------------- */

/* Two spaces for each level around that has one member a line. */
static void indent(const struct pmukit_json *j, int depth)
{
	int i, n = 0;

	for (i = 0; i < depth && i < PMUKIT_JSON_MAX_DEPTH; i++)
		n += !j->flow[i];
	fprintf(j->f, "%*s", 2 * n, "");
}

/* What goes before a member: its separator, line break and indentation, and its key. */
static void member(struct pmukit_json *j, const char *key)
{
	int d = j->depth - 1;

	if (d >= 0 && d < PMUKIT_JSON_MAX_DEPTH) {
		if (j->flow[d])
			fputs(j->members[d] ? ", " : j->flow[d] == 2 ? " " : "", j->f);
		else
			fputs(j->members[d] ? ",\n" : "\n", j->f);
		if (!j->flow[d])
			indent(j, j->depth);
		j->members[d]++;
	}
	if (key) {
		pmukit_json_string(j->f, key);
		fputs(": ", j->f);
	}
}

static void open_nest(struct pmukit_json *j, const char *key, char c, unsigned char flow)
{
	member(j, key);
	fputc(c, j->f);
	if (j->depth < PMUKIT_JSON_MAX_DEPTH) {
		j->members[j->depth] = 0;
		j->flow[j->depth] = flow;
	}
	j->depth++;
}

static void close_nest(struct pmukit_json *j, char c)
{
	int d = --j->depth;

	if (d < PMUKIT_JSON_MAX_DEPTH && j->flow[d] == 2) {
		fputc(' ', j->f);
	} else if (d < PMUKIT_JSON_MAX_DEPTH && !j->flow[d] && j->members[d]) {
		fputc('\n', j->f);
		indent(j, d);
	}
	fputc(c, j->f);
}

void pmukit_json_start(struct pmukit_json *j, FILE *f)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
}

void pmukit_json_finish(struct pmukit_json *j)
{
	fputc('\n', j->f);
}

void pmukit_json_obj(struct pmukit_json *j, const char *key)
{
	open_nest(j, key, '{', 0);
}

void pmukit_json_arr(struct pmukit_json *j, const char *key)
{
	open_nest(j, key, '[', 0);
}

void pmukit_json_obj_flow(struct pmukit_json *j, const char *key, int spaced)
{
	open_nest(j, key, '{', spaced ? 2 : 1);
}

void pmukit_json_obj_end(struct pmukit_json *j)
{
	close_nest(j, '}');
}

void pmukit_json_arr_end(struct pmukit_json *j)
{
	close_nest(j, ']');
}

void pmukit_json_str(struct pmukit_json *j, const char *key, const char *v)
{
	member(j, key);
	if (v)
		pmukit_json_string(j->f, v);
	else
		fputs("null", j->f);
}

void pmukit_json_u64(struct pmukit_json *j, const char *key, uint64_t v)
{
	member(j, key);
	fprintf(j->f, "%llu", (unsigned long long)v);
}

void pmukit_json_int(struct pmukit_json *j, const char *key, long long v)
{
	member(j, key);
	fprintf(j->f, "%lld", v);
}

void pmukit_json_real(struct pmukit_json *j, const char *key, double v, int prec)
{
	member(j, key);
	if (isfinite(v))
		fprintf(j->f, "%.*f", prec, v);
	else
		fputs("null", j->f);
}

void pmukit_json_bool(struct pmukit_json *j, const char *key, int v)
{
	member(j, key);
	fputs(v ? "true" : "false", j->f);
}

void pmukit_json_null(struct pmukit_json *j, const char *key)
{
	member(j, key);
	fputs("null", j->f);
}
