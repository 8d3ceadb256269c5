/* SPDX-License-Identifier: MIT */
/*
 * Counts recorded elsewhere, read back for 'pmukit metrics': what the
 * library's pmukit_input_read() reads (pmukit stat -x and --json, the
 * firmware library's tables, perf stat -x and -j, topdown-tool's and
 * LIKWID's CSV), one interval and CPU at a time. 'pmukit stat -M' fills the
 * same structure from what it counted, so that both compute metrics from
 * one kind of input.
 */
#ifndef PMUKIT_CLI_RECORDED_H
#define PMUKIT_CLI_RECORDED_H

#include <stdint.h>
#include <stdio.h>

#include "pmukit/pmukit.h"

#define REC_MAX_EVENTS	256
#define REC_MAX_PASSES	64

enum rec_status {
	REC_OK,
	REC_OVERFLOW,		/* the counter overflowed: no valid count */
	REC_NOT_RUN,		/* its pass did not run */
	REC_NOT_COUNTED,	/* the counter did not count (why): its 0 is no count */
	REC_NOT_SUPPORTED,	/* perf's <not supported>: the event could not be opened */
};

struct rec_event {
	char name[64];		/* as recorded: "INST_RETIRED:u", "CYCLES" */
	uint64_t value;
	unsigned int pass;	/* 1-based */
	enum rec_status status;
	unsigned int line;	/* where it was read (0: counted here) */
	char why[PMUKIT_VERDICT_WHY_LEN];	/* REC_NOT_COUNTED: the reason */
	int code;		/* the event, where the reader knew it; -1: from the name */
	double percent;		/* of the time counted: below 100 when perf scaled it */
};

struct recorded {
	const char *format;	/* "pmukit stat -x", "pmukit stat --json", "firmware CSV" */
	char path[16];		/* the access path that counted, where the input says */
	unsigned int nev;
	struct rec_event ev[REC_MAX_EVENTS];
	unsigned int npasses;
	/* The cycles of each pass, where the input has them (pass k: [k - 1]). */
	uint64_t pass_cycles[REC_MAX_PASSES];
	unsigned char have_cycles[REC_MAX_PASSES];
};

/*
 * Reads @text (@len bytes, NUL-terminated) in whichever of the formats it
 * is (recorded_read_input()); its counts must be of one interval and CPU
 * (pmukit metrics reads more). @sep: the separator of 'pmukit stat -x' output, or NULL to find it.
 * Return: 0, or -EINVAL with "line N: expected ..." in @err.
 */
int recorded_parse(const char *text, size_t len, const char *sep, struct recorded *r,
		   char *err, size_t errlen);

/*
 * The counts of @in (pmukit_input_read()) whose indexes @idx lists (@n of
 * them; @idx NULL: all) into @r, the input's path ("perf" for perf's
 * output) for the library's rule of a 0 that did not count.
 * Return: 0, or -EINVAL with "line N: expected ..." in @err.
 */
int recorded_from_input(const struct pmukit_input *in, const unsigned int *idx, unsigned int n,
			struct recorded *r, char *err, size_t errlen);

/*
 * pmukit_input_read(), its errors as the command says them: -ENOMEM's text,
 * and, where nothing of the text was read (@format NULL: found), the formats
 * it is none of. Return: 0 or -EINVAL.
 */
int recorded_read_input(const char *text, size_t len, const char *format, const char *sep,
			const struct pmukit_core_def *core, struct pmukit_input *in, char *err,
			size_t errlen);

/*
 * Adds one count (@line: where it was read, 0 for none); the first cycles
 * (CPU_CYCLES, the firmware's CYCLES) of a pass are that pass's cycles. A
 * count the library's rule says did not count (pmukit_count_verdict_named(),
 * with r->path) is added as REC_NOT_COUNTED with the reason.
 * Return: 0, -EINVAL for a pass beyond REC_MAX_PASSES, -E2BIG when full.
 */
int recorded_add(struct recorded *r, const char *name, uint64_t value, unsigned int pass,
		 enum rec_status status, unsigned int line);

/*
 * The count added last did not count, as the input says (or the run that
 * counted it): REC_NOT_COUNTED with @why ("" when the input gives none).
 */
void recorded_not_counted(struct recorded *r, const char *why);

#endif /* PMUKIT_CLI_RECORDED_H */
