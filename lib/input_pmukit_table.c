// SPDX-License-Identifier: MIT
/*
 * 'pmukit stat''s table read back (input_pmukit.c tells it from the other
 * formats by its " Performance counter stats for ... (path P):" line): a
 * row a count, " VALUE [msec] EVENT [# metric] [( +- x% )] [[P% counting]]
 * [(pass N)]", VALUE a count with thousands separators, a mean, or
 * "<did not count>", "<not implemented>", "<not supported>", "<wrapped>".
 * On several core types a block per type, under " cortex-a53 (cpus 0-3):",
 * then " sums over ...:", whose rows are counts of no type. A note
 * " EVENT did not count: why" gives the reason of the count of that name
 * that did not count; "   pass 1 9,000, pass 2 9,100" the cycles of each
 * pass, counts of the event the line before names. Rows end at the "seconds time elapsed" line; the
 * lines that are no rows (notes, passes, a blank) are passed over. A
 * table of intervals (-I) or of CPUs (-A) is not read: its rows lead with
 * a time or a CPU, which is said to be expected otherwise.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"

static const char head[] = " Performance counter stats for ";

/* pmukit's table, not perf's: its first line names the path ("(path perf)", "(2 runs; path direct"). */
const char *input_table_head(const char *text, size_t len)
{
	const char *p = text, *end = text + len, *nl;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		if ((size_t)(nl - p) > sizeof(head) - 1 && !strncmp(p, head, sizeof(head) - 1)) {
			size_t n = (size_t)(nl - p);
			char line[IN_LINE_MAX];

			if (n >= sizeof(line))
				return NULL;
			memcpy(line, p, n);
			line[n] = '\0';
			return strstr(line, "path ") && n > 2 && !strcmp(line + n - 2, "):") ? p : NULL;
		}
		if (p != nl && strspn(p, " \t\r") != (size_t)(nl - p))
			return NULL;	/* the table comes first */
		p = nl + 1;
	}
	return NULL;
}

/* The status of a VALUE in angle brackets; -1 for none of them. */
static int bracket_status(const char *v)
{
	if (!strcmp(v, "<did not count>"))
		return PMUKIT_INPUT_NOT_COUNTED;
	if (!strcmp(v, "<not implemented>") || !strcmp(v, "<not supported>"))
		return PMUKIT_INPUT_NOT_SUPPORTED;
	if (!strcmp(v, "<wrapped>"))
		return PMUKIT_INPUT_WRAPPED;
	return -1;
}

/* "19,719,702" or "1,234.50" (a mean of -r) into @out, rounded; -1 for anything else. */
static int table_count(const char *s, uint64_t *out)
{
	char digits[64];
	size_t n = 0;

	for (; *s && n + 1 < sizeof(digits); s++)
		if (*s != ',')
			digits[n++] = *s;
	digits[n] = '\0';
	return *s ? -1 : input_parse_count(digits, 0, out);
}

/* A block's heading: " cortex-a53 (cpus 0-3):" (@core set), " sums over ...:" (@core ""). */
static int block_heading(const char *line, char *core, size_t cap)
{
	const char *p = line + strspn(line, " ");
	size_t n = strcspn(p, " "), len = strlen(line);

	if (len < 2 || line[len - 1] != ':')
		return 0;
	if (!strncmp(p, "sums over ", 10)) {
		core[0] = '\0';
		return 1;
	}
	if (n >= cap || (strncmp(p + n, " (cpus ", 7) && strncmp(p + n, " (cpu ", 6)) ||
	    line[len - 2] != ')')
		return 0;
	memcpy(core, p, n);
	core[n] = '\0';
	return input_is_core(core);
}

/* " EVENT did not count: why": the reason of the last count of EVENT that did not count. */
static void reason(struct pmukit_input *in, const char *line)
{
	const char *p = line + strspn(line, " "), *why = strstr(p, " did not count: ");
	unsigned int i;
	size_t n;

	if (!why || memchr(p, ' ', (size_t)(why - p)))
		return;
	for (i = in->n; i-- > 0;) {
		struct pmukit_input_count *c = &in->count[i];

		if (c->status == PMUKIT_INPUT_NOT_COUNTED && !c->why[0] &&
		    strlen(c->name) == (size_t)(why - p) && !strncmp(c->name, p, (size_t)(why - p))) {
			const char *runs = strrchr(why, '(');

			/* The reason alone, as -x and --json give it: " (2 of 2 runs)" is the table's. */
			n = runs && strstr(runs, " runs)") && runs > why + 16 ? (size_t)(runs - why - 17) :
			    strlen(why + 16);
			snprintf(c->why, sizeof(c->why), "%.*s", (int)n, why + 16);
			return;
		}
	}
}

/*
 * " N passes of ..., CPU_CYCLES:u counted in every pass:" then "   pass 1
 * 9,000, pass 2 9,100 (spread ...)": the cycles of each pass, which the
 * table shows there only; each becomes a count of that event in its pass,
 * as --json has them. Return: 1 for such a line.
 */
static int pass_cycles(struct pmukit_input *in, const char *line, char *cycles, size_t cap,
		       unsigned int no, const struct pmukit_core_def *def)
{
	const char *p = line + strspn(line, " "), *end = strstr(p, " counted in every pass:");
	struct pmukit_input_count *c;
	unsigned long pass;
	uint64_t v;
	char num[48], *e;
	size_t n;

	if (end && strstr(p, " passes of at most ")) {
		const char *spec = end;

		while (spec > p && spec[-1] != ' ')
			spec--;
		snprintf(cycles, cap, "%.*s", (int)(end - spec), spec);
		return 1;
	}
	if (strncmp(p, "pass ", 5) || !cycles[0])
		return 0;
	while (!strncmp(p, "pass ", 5)) {
		pass = strtoul(p + 5, &e, 10);
		p = e + strspn(e, " ");
		n = strspn(p, "0123456789,");
		if (!pass || pass > PMUKIT_INPUT_MAX_PASSES || !n || n >= sizeof(num))
			return 1;
		memcpy(num, p, n);
		num[n] = '\0';
		if (!table_count(num, &v)) {
			c = input_add(in, cycles, def, no);
			if (!c)
				return 1;
			c->value = v;
			c->pass = (unsigned int)pass;
			in->pass_cycles[pass - 1] = v;
			in->have_pass_cycles[pass - 1] = 1;
		}
		p += n;
		p += strspn(p, ", ");
	}
	return 1;
}

/* One row into @in (its core @core), or -EINVAL naming the line. Return: 1 for no row. */
static int table_row(struct pmukit_input *in, char *line, const char *core, unsigned int no,
		     const struct pmukit_core_def *def, char *err, size_t errlen)
{
	char value[48], *p = line + strspn(line, " "), *name, *rest;
	struct pmukit_input_count *c;
	size_t n;
	int st;

	if (!strncmp(p, "CPU", 3) && isdigit((unsigned char)p[3]))
		return input_fail(err, errlen, no, "a 'pmukit stat' table's row, VALUE EVENT ..., not "
				  "one of a CPU (a table of -A CPUs is not read: use -x or --json)");
	n = *p == '<' && strchr(p, '>') ? (size_t)(strchr(p, '>') - p) + 1 : strspn(p, "0123456789,.");
	/* A row's value is followed by its unit (msec) or the padding before its name. */
	if (!n || n >= sizeof(value) || (strncmp(p + n, "  ", 2) && strncmp(p + n, " msec ", 6)))
		return 1;
	memcpy(value, p, n);
	value[n] = '\0';
	name = p + n + strspn(p + n, " ");
	if (!strncmp(name, "msec ", 5))
		name += 5 + strspn(name + 5, " ");
	if (!*name || isdigit((unsigned char)*name) || *name == '<' ||
	    (!strncmp(name, "CPU", 3) && isdigit((unsigned char)name[3])))
		return input_fail(err, errlen, no, "a 'pmukit stat' table's row, VALUE EVENT ..., "
				  "not '%s' (a table of -I intervals or -A CPUs is not read: use -x or --json)",
				  value);
	rest = name + strcspn(name, " ");
	if (*rest)
		*rest++ = '\0';
	c = input_add(in, name, def, no);
	if (!c)
		return -ENOMEM;
	input_set_core(in, c, core);
	st = bracket_status(value);
	if (st >= 0)
		c->status = (enum pmukit_input_status)st;
	else if (table_count(value, &c->value))
		return input_fail(err, errlen, no, "a count in a 'pmukit stat' table's row, not '%s'", value);
	if (rest && (p = strstr(rest, "% counting]")) != NULL) {
		char pct[16];

		n = 0;
		while (p > rest && n + 1 < sizeof(pct) && (isdigit((unsigned char)p[-1]) || p[-1] == '.'))
			p--, n++;
		snprintf(pct, sizeof(pct), "%.*s", (int)n, p);
		if (input_parse_real(pct, &c->percent) || c->percent > 100.0)
			return input_fail(err, errlen, no, "a share of the time counted, '[P%% counting]'");
	}
	if (rest && (p = strstr(rest, "(pass ")) != NULL) {
		unsigned long pass = strtoul(p + 6, NULL, 10);

		if (!pass || pass > PMUKIT_INPUT_MAX_PASSES)
			return input_fail(err, errlen, no, "a pass from 1 to %d", PMUKIT_INPUT_MAX_PASSES);
		c->pass = (unsigned int)pass;
	}
	return 0;
}

int input_read_own_table(const char *text, size_t len, const struct pmukit_core_def *core,
			 struct pmukit_input *in, char *err, size_t errlen)
{
	static struct input_lines l;
	char type[PMUKIT_INPUT_CORE_LEN] = "", cycles[PMUKIT_INPUT_NAME_LEN] = "", *p;
	int r, started = 0, ret;

	in->by_pmukit = 1;
	input_lines_init(&l, text, len);
	while ((r = input_next_line(&l)) != 0) {
		if (r < 0)
			return input_fail(err, errlen, l.no, "a line of at most %d characters", IN_LINE_MAX - 1);
		if (!started) {
			/* The head names the path, for the rule of a 0 that did not count. */
			if (strncmp(l.buf, head, sizeof(head) - 1))
				continue;
			started = 1;
			p = strstr(l.buf, "path ");
			if (p)
				snprintf(in->path, sizeof(in->path), "%.*s", (int)strcspn(p + 5, ",)"), p + 5);
			continue;
		}
		if (strstr(l.buf, " seconds time elapsed"))
			break;
		if (block_heading(l.buf, type, sizeof(type)) ||
		    pass_cycles(in, l.buf, cycles, sizeof(cycles), l.no, core))
			continue;
		if (strstr(l.buf, " did not count: ")) {
			reason(in, l.buf);
			continue;
		}
		ret = table_row(in, l.buf, type, l.no, core, err, errlen);
		if (ret < 0)
			return ret;
	}
	if (!in->n)
		return input_fail(err, errlen, l.no ? l.no : 1,
				  "rows of counts under the ' Performance counter stats for ...' line");
	return 0;
}
