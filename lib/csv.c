// SPDX-License-Identifier: MIT
/* CSV fields, as every CSV text of pmukit writes them (pmukit/csv.h). */
#include <string.h>

#include "pmukit/csv.h"

/*
 * Quoted: a field that holds SEP, a quote or a line end (a reader splits
 * records at either), and one whose end would make a longer SEP start
 * inside it ("xa" before SEP "aa").
 */
static int csv_quoted(const char *s, const char *sep)
{
	size_t n = strlen(s), k;

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
