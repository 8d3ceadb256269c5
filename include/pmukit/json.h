/* SPDX-License-Identifier: MIT */
/*
 * JSON output shared by the region markers' report and the pmukit
 * command, so that every JSON text pmukit writes escapes strings alike.
 */
#ifndef PMUKIT_JSON_H
#define PMUKIT_JSON_H

#include <stdio.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * pmukit_json_string() - write a JSON string
 * @f: the stream
 * @s: the text (valid UTF-8 passes through unchanged)
 *
 * Writes @s in double quotes: '"' and '\' get a backslash, newline and tab
 * are "\n" and "\t", other control characters "\u00XX". A byte that starts
 * no valid UTF-8 sequence (a stray continuation byte, an overlong form, a
 * surrogate, a truncated sequence) is written as U+FFFD, so that the text is
 * valid UTF-8 (and JSON) whatever the bytes of @s.
 */
PMUKIT_API void pmukit_json_string(FILE *f, const char *s);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_JSON_H */
