/* SPDX-License-Identifier: MIT */
/*
 * How the pmukit command writes results: aligned tables for people, CSV
 * (-x SEP, one record a line, as perf stat -x) and JSON for programs.
 */
#ifndef PMUKIT_CLI_OUTPUT_H
#define PMUKIT_CLI_OUTPUT_H

#include <stdint.h>
#include <stdio.h>

enum out_format { OUT_TABLE, OUT_CSV, OUT_JSON };

/* 1234567 -> "1,234,567": counts are read faster with separators. */
char *fmt_count(char *buf, size_t len, uint64_t v);
/* A double with @prec decimals and separators in the whole part. */
char *fmt_real(char *buf, size_t len, double v, int prec);

/* One CSV field; quoted when it holds the separator, a quote or a newline. */
void csv_field(FILE *f, const char *sep, int first, const char *s);

#define JSON_MAX_DEPTH	16

/* A JSON writer that indents and places the commas itself. */
struct json {
	FILE *f;
	int depth;
	int members[JSON_MAX_DEPTH];
};

void json_start(struct json *j, FILE *f);
void json_finish(struct json *j);
void json_obj(struct json *j, const char *key);
void json_obj_end(struct json *j);
void json_arr(struct json *j, const char *key);
void json_arr_end(struct json *j);
void json_str(struct json *j, const char *key, const char *v);
void json_u64(struct json *j, const char *key, uint64_t v);
void json_int(struct json *j, const char *key, long long v);
void json_real(struct json *j, const char *key, double v, int prec);
void json_bool(struct json *j, const char *key, int v);
void json_null(struct json *j, const char *key);

#define TABLE_MAX_COLS	16

/* Rows of strings, printed with each column as wide as its widest cell. */
struct table {
	unsigned int ncols, nrows, cap;
	const char *head[TABLE_MAX_COLS];
	char align[TABLE_MAX_COLS];	/* 'l' or 'r' */
	char **cells;
};

void table_init(struct table *t, unsigned int ncols, const char *const *head,
		const char *align);
int table_add(struct table *t, const char *const *cells);
void table_print(const struct table *t, FILE *f, const char *indent);
void table_free(struct table *t);

#endif /* PMUKIT_CLI_OUTPUT_H */
