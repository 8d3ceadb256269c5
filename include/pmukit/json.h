/* SPDX-License-Identifier: MIT */
/*
 * JSON output: every JSON text pmukit writes (the region markers' report,
 * the pmukit command's --json) goes through this writer, so that strings
 * are escaped alike and commas, line breaks and indentation are placed by
 * one piece of code.
 */
#ifndef PMUKIT_JSON_H
#define PMUKIT_JSON_H

#include <stdint.h>
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

#define PMUKIT_JSON_MAX_DEPTH	16

/*
 * A JSON text being written. An object or array opened with
 * pmukit_json_obj() or pmukit_json_arr() has one member a line, indented
 * two spaces for each such level around it; one opened with
 * pmukit_json_obj_flow() keeps its members on one line, separated by ", "
 * (and, @spaced, inside "{ " and " }"). Each member call takes the key it
 * is written under, or NULL inside an array and at the top.
 */
struct pmukit_json {
	FILE *f;
	int depth;
	int members[PMUKIT_JSON_MAX_DEPTH];
	unsigned char flow[PMUKIT_JSON_MAX_DEPTH];	/* 0: lines; 1: flow; 2: spaced flow */
};

/** pmukit_json_start() - begin a JSON text on @f (nothing is written yet). */
PMUKIT_API void pmukit_json_start(struct pmukit_json *j, FILE *f);
/** pmukit_json_finish() - end the text: its last line's newline. */
PMUKIT_API void pmukit_json_finish(struct pmukit_json *j);
/** pmukit_json_obj() - open an object, one member a line ("{}" when empty). */
PMUKIT_API void pmukit_json_obj(struct pmukit_json *j, const char *key);
/** pmukit_json_arr() - open an array, one element a line ("[]" when empty). */
PMUKIT_API void pmukit_json_arr(struct pmukit_json *j, const char *key);
/**
 * pmukit_json_obj_flow() - open an object written on one line:
 * {"a": 1, "b": 2}, or with @spaced { "a": 1, "b": 2 }
 */
PMUKIT_API void pmukit_json_obj_flow(struct pmukit_json *j, const char *key, int spaced);
/** pmukit_json_obj_end() - close the innermost object. */
PMUKIT_API void pmukit_json_obj_end(struct pmukit_json *j);
/** pmukit_json_arr_end() - close the innermost array. */
PMUKIT_API void pmukit_json_arr_end(struct pmukit_json *j);
/** pmukit_json_str() - a string member (@v NULL: null). */
PMUKIT_API void pmukit_json_str(struct pmukit_json *j, const char *key, const char *v);
/** pmukit_json_u64() - an unsigned integer member. */
PMUKIT_API void pmukit_json_u64(struct pmukit_json *j, const char *key, uint64_t v);
/** pmukit_json_int() - a signed integer member. */
PMUKIT_API void pmukit_json_int(struct pmukit_json *j, const char *key, long long v);
/**
 * pmukit_json_real() - a number with @prec decimals, in the C locale's
 * notation ("%.*f"); JSON has no NaN or infinity: those are null.
 */
PMUKIT_API void pmukit_json_real(struct pmukit_json *j, const char *key, double v, int prec);
/** pmukit_json_bool() - true or false. */
PMUKIT_API void pmukit_json_bool(struct pmukit_json *j, const char *key, int v);
/** pmukit_json_null() - null. */
PMUKIT_API void pmukit_json_null(struct pmukit_json *j, const char *key);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_JSON_H */
