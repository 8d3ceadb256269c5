/* SPDX-License-Identifier: MIT */
/*
 * How the pmukit command writes results: aligned tables for people, CSV
 * (-x SEP, one record a line, as perf stat -x) and JSON for programs.
 */
#ifndef PMUKIT_CLI_OUTPUT_H
#define PMUKIT_CLI_OUTPUT_H

#include <stdint.h>
#include <stdio.h>

#include "pmukit/csv.h"	/* the CSV and JSON writers of every output */
#include "pmukit/json.h"

enum out_format { OUT_TABLE, OUT_CSV, OUT_JSON };

/* 1234567 -> "1,234,567": counts are read faster with separators. */
char *fmt_count(char *buf, size_t len, uint64_t v);
/* A double with @prec decimals and separators in the whole part. */
char *fmt_real(char *buf, size_t len, double v, int prec);

/*
 * A file a command writes (stat -o, calibrate --svg), opened before
 * anything is measured so that a wrong name fails at once. What goes to it
 * is kept in memory (out_file.mem) and written by out_file_close(): if that
 * write still fails, nothing measured is lost, the text goes to a fallback
 * stream. A regular file (or none, or a symbolic link) is written as a new
 * file beside it (.pmukit-XXXXXX in the same directory), renamed over the
 * name only by a close that wrote it all: until then, and after a failure,
 * the previous file is as it was, and a link at the name is replaced, never
 * followed. A device, a pipe or a descriptor's name (/dev/stdout) is
 * written in place. Either is close-on-exec: a command run meanwhile does
 * not inherit it.
 */
struct out_file {
	const char *name;
	char *tmp;		/* the new file's name, or NULL: written in place */
	int fd;			/* the new file, or the device */
	FILE *mem;		/* where the command writes its output */
	char *buf;
	size_t len;
	int stream;		/* of->mem writes to fd itself (out_file_stream()) */
};

/* Return: 0, or CLI_FAIL after "pmukit CMD: cannot write NAME: reason". */
int out_file_open(struct out_file *of, const char *cmd, const char *name);
/*
 * The same for output that is read while it is written (stat -I): the
 * name is opened in place (truncated, as perf does) and of->mem writes to
 * it, so that what is flushed is there at once; a failed run leaves what
 * was written. Closed by out_file_close() or out_file_discard() as above.
 */
int out_file_stream(struct out_file *of, const char *cmd, const char *name);
/*
 * Writes what was written to of->mem into the file, puts it in place and
 * closes both. When that fails: the message and, with @to_stdout, the text
 * on stdout, so that nothing measured is lost; the previous file is kept.
 * Return: 0, or CLI_FAIL.
 */
int out_file_close(struct out_file *of, const char *cmd, int to_stdout);
/* Nothing to write after all (the run failed): the previous file is kept. */
void out_file_discard(struct out_file *of);

#define TABLE_MAX_COLS	16

/* Rows of strings, printed with each column as wide as its widest cell. */
struct table {
	unsigned int ncols, nrows, cap;
	const char *head[TABLE_MAX_COLS];
	char align[TABLE_MAX_COLS];	/* 'l' or 'r' */
	char **cells;
	char **notes;			/* per row, or NULL: table_note() */
	unsigned int note_col;		/* the column notes are printed under */
};

void table_init(struct table *t, unsigned int ncols, const char *const *head,
		const char *align);
int table_add(struct table *t, const char *const *cells);
/*
 * A text printed under the last row added, from where column t->note_col
 * starts, in brackets as perf list prints descriptions, wrapped at 80
 * columns between words (a word longer than a line is never cut).
 */
int table_note(struct table *t, const char *text);
void table_print(const struct table *t, FILE *f, const char *indent);
void table_free(struct table *t);

#endif /* PMUKIT_CLI_OUTPUT_H */
