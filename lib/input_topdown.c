// SPDX-License-Identifier: MIT
/*
 * Arm topdown-tool's events CSV read back (pmukit_input_read()): the
 * header "run,time,event,value", a blank time without -I and a blank value
 * for a count perf did not take (it stays not counted).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pmukit/pmukit.h"
#include "pmukit/events_api.h"
#include "core/compiler.h"
#include "input.h"

/* ---- topdown-tool ---------------------------------------------------------------- */



int input_read_topdown(const char *text, size_t len, const struct pmukit_core_def *core,
			struct pmukit_input *in, char *err, size_t errlen)
{
	static const char expected[] =
		"a topdown-tool events CSV row RUN,TIME,EVENT,VALUE: RUN from 1, TIME blank or "
		"seconds, VALUE a count or blank (not counted)";
	static struct input_lines l;
	char *f[IN_MAX_FIELDS];
	int r, header = 0;

	input_lines_init(&l, text, len);
	in->format = INPUT_TITLE_TOPDOWN;
	while ((r = input_next_line(&l)) != 0) {
		struct pmukit_input_count *c;
		unsigned long run;
		char *end;
		int nf;

		if (r < 0)
			return input_fail(err, errlen, l.no, "a line of at most %d characters", IN_LINE_MAX - 1);
		if (!*input_trim(l.buf))
			continue;
		if (!header) {
			if (strcmp(input_trim(l.buf), INPUT_TOPDOWN_HEADER))
				return input_fail(err, errlen, l.no, "topdown-tool's header '%s'", INPUT_TOPDOWN_HEADER);
			header = 1;
			continue;
		}
		nf = input_split(l.buf, ",", IN_SPLIT_QUOTES, f);
		if (nf != 4 || !f[2][0])
			return input_fail(err, errlen, l.no, "%s", expected);
		errno = 0;
		run = strtoul(f[0], &end, 10);
		if (!isdigit((unsigned char)f[0][0]) || *end || errno || !run || run > 64)
			return input_fail(err, errlen, l.no, "%s (RUN is '%s')", expected, f[0]);
		c = input_add(in, f[2], core, l.no);
		if (!c)
			return -ENOMEM;
		c->pass = (unsigned int)run;
		in->has_pass |= run > 1;
		if (f[1][0]) {
			if (input_parse_real(f[1], &c->interval))
				return input_fail(err, errlen, l.no, "%s (TIME is '%s')", expected, f[1]);
			in->has_interval = 1;
		}
		if (!f[3][0]) {
			c->status = PMUKIT_INPUT_NOT_COUNTED;
			snprintf(c->why, sizeof(c->why), "topdown-tool left its value blank");
		} else if (input_parse_count(f[3], 0, &c->value)) {
			return input_fail(err, errlen, l.no, "%s (VALUE is '%s')", expected, f[3]);
		}
	}
	if (!in->n)
		return input_fail(err, errlen, l.no ? l.no : 1, "rows after topdown-tool's header '%s'",
			    INPUT_TOPDOWN_HEADER);
	return 0;
}
