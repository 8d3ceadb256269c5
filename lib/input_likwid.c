// SPDX-License-Identifier: MIT
/*
 * 'likwid-perfctr -O' read back (pmukit_input_read()): its "STRUCT,Info"
 * block (the CPU's name) and its "TABLE,Group N Raw,..." tables,
 * "Event,Counter,HWThread 0,..." then a row per event (the runtime's row
 * TSC skipped); group N is pass N.
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

/* ---- likwid-perfctr -O ------------------------------------------------------------ */

/* LIKWID pads its rows with empty fields to the widest table's. */
static int drop_empty_tail(char **f, int nf)
{
	while (nf > 0 && !f[nf - 1][0])
		nf--;
	return nf;
}

/* "Group 3 Raw" (not "Group 3 Raw STAT"): its number, else 0. */
static unsigned int raw_group(const char *s)
{
	unsigned long g;
	char *end;

	if (strncmp(s, "Group ", 6) || !isdigit((unsigned char)s[6]))
		return 0;
	g = strtoul(s + 6, &end, 10);
	return strcmp(end, " Raw") || !g || g > 64 ? 0 : (unsigned int)g;
}

int input_read_likwid(const char *text, size_t len, const struct pmukit_core_def *core,
		       struct pmukit_input *in, char *err, size_t errlen)
{
	static struct input_lines l;
	char *f[IN_MAX_FIELDS];
	int cpu[IN_MAX_FIELDS], r, ncols = 0;
	unsigned int group = 0;		/* in a raw table: its group */
	int header = 0, regions = 0;

	input_lines_init(&l, text, len);
	in->format = INPUT_TITLE_LIKWID;
	while ((r = input_next_line(&l)) != 0) {
		int nf, k;

		if (r < 0)
			return input_fail(err, errlen, l.no, "a line of at most %d characters", IN_LINE_MAX - 1);
		nf = input_split(l.buf, ",", IN_SPLIT_QUOTES, f);
		if (nf < 0)
			return input_fail(err, errlen, l.no, "a likwid-perfctr -O CSV line (fields separated by ',')");
		nf = drop_empty_tail(f, nf);
		if (!nf)
			continue;
		if (!strcmp(f[0], "TABLE") || !strcmp(f[0], "STRUCT")) {
			group = !strcmp(f[0], "TABLE") && nf > 1 ? raw_group(f[1]) : 0;
			regions |= !strcmp(f[0], "TABLE") && nf > 1 && !strncmp(f[1], "Region ", 7);
			header = 0;
			continue;
		}
		if ((!strcmp(f[0], "CPU type:") || !strcmp(f[0], "CPU name:")) && nf > 1 &&
		    (!in->core_name[0] || !strcmp(f[0], "CPU type:")))
			snprintf(in->core_name, sizeof(in->core_name), "%s", f[1]);
		if (!group)
			continue;
		if (!header) {
			if (nf < 3 || strcmp(f[0], "Event") || strcmp(f[1], "Counter"))
				return input_fail(err, errlen, l.no, "the header Event,Counter,HWThread N,... of a likwid-perfctr raw table");
			for (k = 2; k < nf; k++) {
				if (strncmp(f[k], "HWThread ", 9) || input_parse_cpu(f[k] + 9, &cpu[k]))
					return input_fail(err, errlen, l.no, "'HWThread N' for column %d, not '%s'",
						    k + 1, f[k]);
			}
			ncols = nf;
			header = 1;
			in->has_cpu = 1;
			continue;
		}
		if (nf != ncols)
			return input_fail(err, errlen, l.no, "%d fields, EVENT,COUNTER and a value for each HWThread, not %d",
				    ncols, nf);
		if (!strcmp(f[1], "TSC") || !strncmp(f[0], "Runtime", 7))
			continue;	/* the time, not an event */
		for (k = 2; k < nf; k++) {
			struct pmukit_input_count *c = input_add(in, f[0], core, l.no);

			if (!c)
				return -ENOMEM;
			c->cpu = cpu[k];
			c->pass = group;
			in->has_pass |= group > 1;
			if (!f[k][0] || !strcmp(f[k], "-") || !strcasecmp(f[k], "nan")) {
				c->status = PMUKIT_INPUT_NOT_COUNTED;
				snprintf(c->why, sizeof(c->why), "likwid-perfctr wrote '%s'", f[k]);
			} else if (input_parse_count(f[k], 1, &c->value)) {
				return input_fail(err, errlen, l.no, "a count for HWThread %d in column %d, not '%s'",
					    cpu[k], k + 1, f[k]);
			}
		}
	}
	if (!in->n)
		return input_fail(err, errlen, l.no ? l.no : 1,
			    "a 'TABLE,Group N Raw,...' table of likwid-perfctr -O with rows%s",
			    regions ? " (the marker API's 'TABLE,Region ...' tables, of -m, are not read)" : "");
	return 0;
}
