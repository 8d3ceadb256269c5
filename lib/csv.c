// SPDX-License-Identifier: MIT
/* CSV fields, as every CSV text of pmukit writes them (pmukit/csv.h). */
#include <string.h>

#include "pmukit/csv.h"

/* Does @c make a field quoted after the one-character separator @sep? */
static int quotes_after(char c, char sep)
{
	return c == sep || c == '"' || c == '\n' || c == '\r';
}

/*
 * Quoted: a field that holds SEP, a quote or a line end (a reader splits
 * records at either), and one whose end would make a longer SEP start
 * inside it ("xa" before SEP "aa").
 */
static int csv_quoted(const char *s, const char *sep)
{
	size_t n, k;
	const char *p;

	/* One character (-x ,): one pass, no longer separator to start inside. */
	if (sep[0] && !sep[1]) {
		for (p = s; *p; p++)
			if (quotes_after(*p, sep[0]))
				return 1;
		return 0;
	}
	n = strlen(s);
	if (strstr(s, sep) || strpbrk(s, "\"\n\r"))
		return 1;
	for (k = 1; sep[k] && k <= n; k++)
		if (!strncmp(s + n - k, sep, k))
			return 1;
	return 0;
}

void pmukit_csv_field(FILE *f, const char *sep, int first, const char *s)
{
	const char *p;

	if (!first)
		fputs(sep, f);
	if (!csv_quoted(s, sep)) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (p = s; *p; p++) {
		if (*p == '"')
			fputc('"', f);
		fputc(*p, f);
	}
	fputc('"', f);
}

/*
 * A field after a one-character separator that needs no quotes, copied as
 * it is looked at (one pass: an interval's rows are made of such fields);
 * its length, or 0 with nothing said for one that needs quotes or does
 * not fit (the general way then).
 */
static size_t plain_put(char *buf, size_t len, char sep, int first, const char *s)
{
	char *d = buf, *lim = buf + len - 1;

	if (!first)
		*d++ = sep;
	for (; *s; s++) {
		if (d == lim || quotes_after(*s, sep))
			return 0;
		*d++ = *s;
	}
	*d = '\0';
	return (size_t)(d - buf);
}

size_t pmukit_csv_field_put(char *buf, size_t len, const char *sep, int first, const char *s)
{
	size_t n = 0;
	const char *p;
	int q;

	if (sep[0] && !sep[1] && len > 2 && (n = plain_put(buf, len, sep[0], first, s)))
		return n;
	n = 0;
	q = csv_quoted(s, sep);
	/* Most fields (numbers, names) need no quotes: copied whole when they fit. */
	if (!q) {
		size_t ls = first ? 0 : strlen(sep), lf = strlen(s);

		if (ls + lf < len) {
			memcpy(buf, sep, ls);
			memcpy(buf + ls, s, lf);
			buf[ls + lf] = '\0';
			return ls + lf;
		}
	}

/* Each character counted; stored while there is room for it and the NUL. */
#define PUT(c) do { if (n + 1 < len) buf[n] = (c); n++; } while (0)
	if (!first)
		for (p = sep; *p; p++)
			PUT(*p);
	if (q)
		PUT('"');
	for (p = s; *p; p++) {
		if (q && *p == '"')
			PUT('"');
		PUT(*p);
	}
	if (q)
		PUT('"');
#undef PUT
	if (len)
		buf[n < len ? n : len - 1] = '\0';
	return n;
}
