/* SPDX-License-Identifier: MIT */
/*
 * Inside the reader of recorded counts (pmukit_input_read(), input.c):
 * input_perf.c, input_topdown.c and input_likwid.c read the other
 * collectors' output over the line reader of input_lines.c, input_pmukit.c
 * pmukit's own (pmukit stat -x of the layout before it followed perf's,
 * pmukit stat --json, its table (input_pmukit_table.c), the firmware
 * library's tables); all add counts
 * (input_count.c) and say errors the same way.
 */
#ifndef PMUKIT_LIB_INPUT_H
#define PMUKIT_LIB_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "pmukit/pmukit.h"

#define IN_LINE_MAX	4096
#define IN_MAX_FIELDS	64

/* The formats' names in messages and in pmukit_input's format. */
#define INPUT_TITLE_PERF_CSV	"perf stat -x"
#define INPUT_TITLE_PERF_JSON	"perf stat -j"
#define INPUT_TITLE_TOPDOWN	"topdown-tool CSV"
#define INPUT_TITLE_LIKWID	"likwid-perfctr CSV"

/* The first line of topdown-tool's events CSV. */
#define INPUT_TOPDOWN_HEADER	"run,time,event,value"

/* ---- the line reader (input_lines.c) ---- */

struct input_lines {
	const char *text;
	size_t len, pos;
	unsigned int no;	/* of the line in buf, from 1 */
	char buf[IN_LINE_MAX];
};

/*
 * The next line into l->buf (no line end). Return: 1, 0 at the end, -1 too
 * long (l->buf then holds its start) or holding a NUL byte.
 */
int input_next_line(struct input_lines *l);

/* @s without the white space around it (in place). */
char *input_trim(char *s);

/* A reader of @text's lines from the first. */
void input_lines_init(struct input_lines *l, const char *text, size_t len);

/* How input_split() splits: quotes as CSV writes them; fields as written (not trimmed). */
#define IN_SPLIT_QUOTES	1u
#define IN_SPLIT_ASIS	2u

/*
 * Splits @line at @sep in place, fields trimmed unless IN_SPLIT_ASIS; with
 * IN_SPLIT_QUOTES in @how a field in double quotes may hold the separator.
 * Return: the number of fields (into @f, at most IN_MAX_FIELDS), -1 for
 * too many or a quote left open.
 */
int input_split(char *line, const char *sep, unsigned int how, char **f);

/* A count as the tools print it: digits, a fraction, with @exp an exponent. Return: 0 or -1. */
int input_parse_count(const char *s, int exp, uint64_t *out);

/* A number >= 0 (a percentage, seconds). Return: 0 or -1. */
int input_parse_real(const char *s, double *out);

/* "CPU12" (perf -A), "12": the CPU. Return: 0 or -1. */
int input_parse_cpu(const char *s, int *out);

/* The status a word a tool writes instead of a count stands for; -1 for a count. */
int input_value_status(const char *s);

/* ---- the readers of other collectors' output: input_perf.c, input_topdown.c, input_likwid.c ---- */

int input_read_perf_csv(const char *text, size_t len, const char *sep,
			const struct pmukit_core_def *core, struct pmukit_input *in,
			char *err, size_t errlen);
int input_read_perf_json(const char *text, size_t len, const struct pmukit_core_def *core,
			 struct pmukit_input *in, char *err, size_t errlen);
int input_read_topdown(const char *text, size_t len, const struct pmukit_core_def *core,
		       struct pmukit_input *in, char *err, size_t errlen);
int input_read_likwid(const char *text, size_t len, const struct pmukit_core_def *core,
		      struct pmukit_input *in, char *err, size_t errlen);

/* "line N: expected ..." into @err. Return: -EINVAL. */
__attribute__((format(printf, 4, 5)))
int input_fail(char *err, size_t errlen, unsigned int line, const char *fmt, ...);

/*
 * A new count of @name (its event looked up in @core's table), read at
 * @line: counted, 100 % of the time, no interval, no CPU, pass 1; NULL when
 * out of memory.
 */
struct pmukit_input_count *input_add(struct pmukit_input *in, const char *name,
				     const struct pmukit_core_def *core, unsigned int line);

/*
 * The core type that counted @c, as a reader found it apart from the name
 * (pmukit stat --json's "core", its -I CSV's core column); "" or "all"
 * (pmukit stat's sum over the types) leave it without one.
 */
void input_set_core(struct pmukit_input *in, struct pmukit_input_count *c, const char *core);

/*
 * After a reader: counts of several core types keep their types, each
 * event looked up again in its type's table; where the counts name one
 * type only (perf's "armv8_neoverse_n1/r37/" on a machine of one type),
 * they are counts of no type.
 */
void input_types(struct pmukit_input *in);

/* pmukit stat's name of a core type where it writes it apart (a core pmukit knows)? */
int input_is_core(const char *s);

/* ---- pmukit's own formats: input_pmukit.c, input_pmukit_json.c ---- */

/* What their readers fill: the counts, and the core their names are looked up in. */
struct input_own {
	struct pmukit_input *in;
	const struct pmukit_core_def *core;
};

/*
 * A count (@v where @st is PMUKIT_INPUT_COUNTED) of pass @pass, or -EINVAL
 * with the line and what was wrong with it; -ENOMEM.
 */
int input_own_add(struct input_own *o, const char *name, uint64_t v, unsigned int pass,
		  enum pmukit_input_status st, unsigned int line, char *err, size_t errlen);

/* The count added last did not count, as the input says (@why: "" when it gives none). */
void input_own_not_counted(struct input_own *o, const char *why);

/* Which of pmukit's own formats @text is: 0 none, else INPUT_OWN_*. */
enum { INPUT_OWN_CSV = 1, INPUT_OWN_JSON, INPUT_OWN_FIRMWARE, INPUT_OWN_TABLE };
int input_own_format(const char *text, size_t len, const char *sep);

int input_read_own_csv(const char *text, size_t len, const char *sep,
		       const struct pmukit_core_def *core, struct pmukit_input *in,
		       char *err, size_t errlen);
int input_read_own_json(const char *text, size_t len, const struct pmukit_core_def *core,
			struct pmukit_input *in, char *err, size_t errlen);
/* The head of pmukit stat's table (" Performance counter stats for ... (path P):") first in @text, or NULL. */
const char *input_table_head(const char *text, size_t len);
int input_read_own_table(const char *text, size_t len, const struct pmukit_core_def *core,
			 struct pmukit_input *in, char *err, size_t errlen);
int input_read_firmware(const char *text, size_t len, const struct pmukit_core_def *core,
			struct pmukit_input *in, char *err, size_t errlen);

#endif /* PMUKIT_LIB_INPUT_H */
