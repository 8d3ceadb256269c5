/* SPDX-License-Identifier: MIT */
/*
 * CSV output: every CSV field pmukit writes (the region markers' report,
 * the pmukit command's -x SEP) is quoted by this one rule.
 */
#ifndef PMUKIT_CSV_H
#define PMUKIT_CSV_H

#include <stdio.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * pmukit_csv_field() - write one CSV field
 * @f: the stream
 * @sep: the separator, one character or several
 * @first: non-zero for a record's first field (no separator before it)
 * @s: the field's text
 *
 * The separator first (unless @first), then @s, in double quotes when it
 * holds @sep, '"', a newline or a carriage return, or when its end would
 * make a separator of several characters start inside it ("xa" before
 * "aa"); a quote inside is doubled, as RFC 4180 writes it.
 */
PMUKIT_API void pmukit_csv_field(FILE *f, const char *sep, int first, const char *s);

/**
 * pmukit_csv_field_put() - the same field into a buffer, for a record built
 * in memory and written at once
 * @buf: where the field goes, NUL-terminated (cut at @len - 1 characters)
 * @len: the room in @buf
 *
 * Return: the field's length (without the NUL), as snprintf(): @len or
 * more means that it was cut.
 */
PMUKIT_API size_t pmukit_csv_field_put(char *buf, size_t len, const char *sep, int first,
				       const char *s);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_CSV_H */
