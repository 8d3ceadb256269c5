// SPDX-License-Identifier: MIT
/*
 * Counts other collectors and pmukit wrote, read back (pmukit.h:
 * pmukit_input_read()): which format a text is, and the reader for it.
 * Each reader is a file of its own: input_perf.c (perf stat -x and -j),
 * input_topdown.c (Arm's topdown-tool), input_likwid.c (likwid-perfctr),
 * input_pmukit.c (pmukit stat's and the firmware's); they share the line
 * reader (input_lines.c) and the counts (input_count.c).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmukit/pmukit.h"
#include "core/compiler.h"
#include "input.h"

static const char *const formats[] = {
	"perf-csv", "perf-json", "topdown-tool", "likwid", "pmukit-csv", "pmukit-json", "firmware",
	"pmukit-table",
};
static const char *const format_title[] = {
	INPUT_TITLE_PERF_CSV, INPUT_TITLE_PERF_JSON, INPUT_TITLE_TOPDOWN, INPUT_TITLE_LIKWID,
	"pmukit stat -x", "pmukit stat --json", "firmware CSV", "pmukit stat",
};
enum { F_PERF_CSV, F_PERF_JSON, F_TOPDOWN, F_LIKWID, F_OWN_CSV, F_OWN_JSON, F_FIRMWARE, F_OWN_TABLE };

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

/* ---- which ---------------------------------------------------------------------------- */

/* The format of @text: pmukit's own, else its first line that is not blank (nor perf's '#' lines). */
static int detect(const char *text, size_t len, const char *sep)
{
	struct input_lines *l;
	int r, f = F_PERF_CSV;

	switch (input_own_format(text, len, sep)) {
	case INPUT_OWN_CSV:
		return F_OWN_CSV;
	case INPUT_OWN_JSON:
		return F_OWN_JSON;
	case INPUT_OWN_FIRMWARE:
		return F_FIRMWARE;
	case INPUT_OWN_TABLE:
		return F_OWN_TABLE;
	}
	l = malloc(sizeof(*l));
	if (!l)
		return F_PERF_CSV;
	input_lines_init(l, text, len);
	while ((r = input_next_line(l)) > 0) {
		const char *s = input_trim(l->buf);

		if (!*s || *s == '#')
			continue;
		if (*s == '{')
			f = F_PERF_JSON;
		else if (!strcmp(s, INPUT_TOPDOWN_HEADER))
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
		ret = input_read_perf_json(text, len, core, in, err, errlen);
		break;
	case F_TOPDOWN:
		ret = input_read_topdown(text, len, core, in, err, errlen);
		break;
	case F_LIKWID:
		ret = input_read_likwid(text, len, core, in, err, errlen);
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
	case F_OWN_TABLE:
		ret = input_read_own_table(text, len, core, in, err, errlen);
		in->format = format_title[F_OWN_TABLE];
		break;
	default:
		ret = input_read_perf_csv(text, len, sep, core, in, err, errlen);
		break;
	}
	if (ret)
		pmukit_input_free(in);
	else
		input_types(in);
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
