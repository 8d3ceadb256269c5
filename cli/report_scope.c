// SPDX-License-Identifier: MIT
/*
 * The rows of a scope's units and of intervals, shaped like perf stat's
 * (-A: "CPU2", --per-thread: "comm-TID"; -I: a leading time in seconds):
 *
 *	table	[time] [unit] value unit event
 *	CSV	[time,][unit,]value,unit,event,run time,counting %,,,pass,verdict,reason
 *	JSON	one object an interval: {"interval": t, "counts": [ ... ]}
 *
 * A CPU that went offline while it was counted keeps the counts it had;
 * its row says so ("offline" in CSV's verdict, JSON's "offline"). An
 * event the path cannot count here (perf's partial count) has a row for
 * each unit too, its count's place said as report_stat.c says it.
 */
#include <string.h>

#include "analysis.h"
#include "report.h"

#define OFFLINE_WHY	"the CPU went offline while counted: its counts stop where it did"

static void count_text(char *buf, size_t len, const struct stat_event *e, uint64_t v)
{
	if (stat_is_clock_ns(e))
		snprintf(buf, len, "%.2f", (double)v / 1e6);
	else
		fmt_count(buf, len, v);
}

static double counting(const struct pmukit_count *c)
{
	return c->enabled_ns ? 100.0 * (double)c->running_ns / (double)c->enabled_ns : 100.0;
}

/* One table row: [time] [label] value unit event; no padding at its end. @c NULL: no count. */
static void table_row(FILE *f, const char *time, const char *label, const struct stat_event *e,
		      const struct pmukit_count *c, int offline, const struct stat_metric *m)
{
	char num[48], line[256], met[32] = "";
	size_t k;

	if (c)
		count_text(num, sizeof(num), e, c->value);
	else
		snprintf(num, sizeof(num), "%s", stat_no_count_word(e));
	if (c && m)
		stat_metric_text(m, met, sizeof(met));
	snprintf(line, sizeof(line), "%s%s%-*s %18s %-5s%-*s%s%*s%s%s%s", time, *time ? " " : "",
		 *label ? 16 : 0, label, num, c && stat_is_clock_ns(e) ? "msec" : "",
		 *met ? 24 : 0, e->name, *met ? " # " : "", *met ? 9 : 0, met, *met ? "  " : "",
		 *met ? m->name : "",
		 c && offline ? "  (went offline)" : "");
	for (k = strlen(line); k > 0 && line[k - 1] == ' '; k--)
		line[k - 1] = '\0';
	fprintf(f, "%s\n", line);
}

/*
 * @v in decimal at @buf (room for 21); its length. Each interval's row
 * holds three numbers: their length from a table of powers of ten, then
 * two digits a division, from the end.
 */
static size_t dec(char *buf, uint64_t v)
{
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324"
		"25262728293031323334353637383940414243444546474849"
		"50515253545556575859606162636465666768697071727374"
		"75767778798081828384858687888990919293949596979899";
	static const uint64_t p10[] = {
		1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
		100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
		1000000000000ull, 10000000000000ull, 100000000000000ull,
		1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
		1000000000000000000ull, 10000000000000000000ull,
	};
	size_t n = 1, k;

	while (n < sizeof(p10) / sizeof(p10[0]) && v >= p10[n])
		n++;
	for (k = n; v >= 100; v /= 100) {
		const char *d = &pairs[2 * (v % 100)];

		buf[--k] = d[1];
		buf[--k] = d[0];
	}
	if (v >= 10) {
		buf[--k] = pairs[2 * v + 1];
		buf[--k] = pairs[2 * v];
	} else {
		buf[--k] = (char)('0' + v);
	}
	buf[n] = '\0';
	return n;
}

/* @v / 10^@places with @places decimals (printf's "%.2f" of a count's fraction), at @buf; its length. */
static size_t fixed(char *buf, uint64_t v, unsigned int places)
{
	uint64_t one = 1;
	size_t n;
	unsigned int k;

	for (k = 0; k < places; k++)
		one *= 10;
	n = dec(buf, v / one);
	buf[n++] = '.';
	v %= one;
	for (k = places; k-- > 0; v /= 10)
		buf[n + k] = (char)('0' + v % 10);
	buf[n + places] = '\0';
	return n + places;
}

/* @v / @den, rounded to the nearest. */
static uint64_t div_round(uint64_t v, uint64_t den)
{
	return v / den + (v % den >= den - den / 2);
}

/* A counting percentage in hundredths (100.00 when nothing was enabled). */
static uint64_t pct_100(const struct pmukit_count *c)
{
	return c->enabled_ns ? (uint64_t)(10000.0 * (double)c->running_ns / (double)c->enabled_ns + 0.5) :
			       10000;
}

/* @s at @p (no quotes needed: digits and '.'); the end. */
static char *put(char *p, const char *s)
{
	while (*s)
		*p++ = *s++;
	return p;
}

/*
 * An interval's row after a one-character separator that no number holds
 * (-x , and the like): built in place, the numbers written where they go
 * and the names copied as they are looked at (pmukit_csv_field_put()).
 * Return: its length, 0 if it does not fit @line (the general way then).
 */
static size_t csv_row_quick(char *line, size_t len, const char *sep, const char *time,
			    const char *label, const struct stat_event *e,
			    const struct pmukit_count *c, int offline, const struct stat_metric *m)
{
	/* The numbers' room: a time, a count, a run time, a percentage, a metric (< 32 each). */
	const size_t numbers = 5 * 32 + 16;
	char *p = line, *end = line + (len > 2 * numbers ? len - numbers : 0);
	const char s = sep[0];
	int ns = c && stat_is_clock_ns(e);
	size_t n;

	if (end == line)
		return 0;

#define TEXT(str) do {								\
		if (!*(str))							\
			break;							\
		n = pmukit_csv_field_put(p, (size_t)(end - p), sep, 1, (str));	\
		if (n + 1 >= (size_t)(end - p))					\
			return 0;						\
		p += n;								\
	} while (0)
	if (*time) {
		p = put(p, time);
		*p++ = s;
	}
	if (*label) {
		TEXT(label);
		*p++ = s;
	}
	if (!c)
		TEXT(stat_no_count_word(e));
	else if (ns)
		p += fixed(p, div_round(c->value, 10000), 2);	/* ms, two decimals */
	else
		p += dec(p, c->value);
	*p++ = s;
	if (ns)
		p = put(p, "msec");
	*p++ = s;
	TEXT(e->name);
	*p++ = s;
	p += dec(p, c ? c->running_ns : 0);
	*p++ = s;
	p += fixed(p, c ? pct_100(c) : 0, 2);
	*p++ = s;
	if (c && m) {
		/* Four decimals as "%.4f" gives them, in integers where the value allows. */
		if (!m->na && m->value >= 0 && m->value < 1e14) {
			p += fixed(p, (uint64_t)(m->value * 10000.0 + 0.5), 4);
		} else {
			char met[32];

			snprintf(met, sizeof(met), m->na ? "n/a" : "%.4f", m->value);
			TEXT(met);
		}
		*p++ = s;
		TEXT(m->name);
	} else {
		*p++ = s;
	}
	*p++ = s;
	if (c)
		*p++ = '1';	/* the pass */
	*p++ = s;
	TEXT(!c ? stat_verdict_field(e) : offline ? "offline" : "");
	*p++ = s;
	TEXT(!c ? e->why : offline ? OFFLINE_WHY : "");
#undef TEXT
	*p++ = '\n';
	return (size_t)(p - line);
}

/* Rows kept in memory and written together: an interval's in one fwrite(). */
struct rows {
	FILE *f;
	size_t n;
	char buf[8192];
};

static void rows_flush(struct rows *b)
{
	if (b->n)
		fwrite(b->buf, 1, b->n, b->f);
	b->n = 0;
}

/*
 * One CSV row: [time,][label,]value,unit,event,run time,counting %,,,pass,
 * verdict,reason. @c NULL: no count. An interval writes a row for each
 * event and unit: the row is built in memory with integer arithmetic and
 * the interval's rows written at once (printf's and a stream's per-field
 * cost would be most of an interval's), the fields quoted by the one rule
 * (pmukit_csv_field_put()).
 */
static void csv_row(struct rows *b, const char *sep, const char *time, const char *label,
		    const struct stat_event *e, const struct pmukit_count *c, int offline,
		    const struct stat_metric *m)
{
	char v[24], run[24], pct[24], met[32] = "", line[1024];
	const char *fld[13];
	unsigned int nf = 0, k;
	size_t n = 0;
	int ns = c && stat_is_clock_ns(e);
	FILE *f = b->f;

	/* A number (digits and '.') needs no quotes after such a separator. */
	if (sep[0] && !sep[1] && !strchr("0123456789.", sep[0])) {
		n = csv_row_quick(b->buf + b->n, sizeof(b->buf) - b->n, sep, time, label, e, c,
				  offline, m);
		if (!n && b->n) {
			rows_flush(b);
			n = csv_row_quick(b->buf, sizeof(b->buf), sep, time, label, e, c, offline, m);
		}
		b->n += n;
		if (n)
			return;
	}
	rows_flush(b);
	if (*time)
		fld[nf++] = time;
	if (*label)
		fld[nf++] = label;
	if (!c)
		snprintf(v, sizeof(v), "%s", stat_no_count_word(e));
	else if (ns)
		fixed(v, div_round(c->value, 10000), 2);	/* ms, two decimals */
	else
		dec(v, c->value);
	fld[nf++] = v;
	fld[nf++] = ns ? "msec" : "";
	fld[nf++] = e->name;
	dec(run, c ? c->running_ns : 0);
	fld[nf++] = run;
	fixed(pct, c ? pct_100(c) : 0, 2);
	fld[nf++] = pct;
	if (c && m) {
		if (!m->na && m->value >= 0 && m->value < 1e14)
			fixed(met, (uint64_t)(m->value * 10000.0 + 0.5), 4);
		else
			snprintf(met, sizeof(met), m->na ? "n/a" : "%.4f", m->value);
	}
	fld[nf++] = met;
	fld[nf++] = c && m ? m->name : "";
	fld[nf++] = c ? "1" : "";
	fld[nf++] = !c ? stat_verdict_field(e) : offline ? "offline" : "";
	fld[nf++] = !c ? e->why : offline ? OFFLINE_WHY : "";
	for (k = 0; k < nf && n < sizeof(line); k++)
		n += pmukit_csv_field_put(line + n, sizeof(line) - n, sep, k == 0, fld[k]);
	if (n + 1 < sizeof(line)) {
		line[n++] = '\n';
		fwrite(line, 1, n, f);
		return;
	}
	/* Longer than the line (a long separator or reason): field by field. */
	for (k = 0; k < nf; k++)
		pmukit_csv_field(f, sep, k == 0, fld[k]);
	fputc('\n', f);
}

static void json_count(struct pmukit_json *j, const struct stat_units *u, unsigned int k,
		       const struct stat_event *e, const struct pmukit_count *c,
		       const struct stat_metric *m)
{
	pmukit_json_obj_flow(j, NULL, 0);
	if (u->cpu[k] >= 0)
		pmukit_json_int(j, "cpu", u->cpu[k]);
	if (u->tid[k] > 0) {
		pmukit_json_str(j, "thread", u->label[k]);
		pmukit_json_int(j, "tid", u->tid[k]);
	} else if (u->cpu[k] < 0 && u->label[k][0]) {
		pmukit_json_str(j, "core", u->label[k]);	/* a core type's row */
	}
	pmukit_json_str(j, "event", e->name);
	if (!c) {
		pmukit_json_null(j, "value");
		pmukit_json_str(j, "verdict", stat_verdict_field(e));
		pmukit_json_str(j, "reason", e->why);
		pmukit_json_obj_end(j);
		return;
	}
	if (stat_is_clock_ns(e))
		pmukit_json_str(j, "unit", "ns");
	pmukit_json_u64(j, "value", c->value);
	pmukit_json_u64(j, "run_ns", c->running_ns);
	pmukit_json_real(j, "counting_percent", counting(c), 2);
	if (u->offline && u->offline[k])
		pmukit_json_bool(j, "offline", 1);
	if (m && !m->na)
		pmukit_json_real(j, "metric_value", m->value, 4);
	else if (m)
		pmukit_json_null(j, "metric_value");
	if (m)
		pmukit_json_str(j, "metric_unit", m->name);
	pmukit_json_obj_end(j);
}

/*
 * Row @i of the report (r->ev[i]): unit @k's count, or NULL for an event
 * left out (<not supported>). The units hold the counted events in the
 * report's order; the rows left out are between them where they were given.
 */
static const struct pmukit_count *count_of(const struct stat_report *r,
					  const struct stat_units *u, unsigned int k, unsigned int i)
{
	unsigned int col = 0, j;

	if (r->ev[i].unsupported)
		return NULL;
	for (j = 0; j < i; j++)
		col += !r->ev[j].unsupported;
	return col < u->nev ? &u->c[k * u->nev + col] : NULL;
}

/* Has unit @k a row of report row @i? Not a sum over core types of an event without one. */
static int has_row(const struct stat_report *r, const struct stat_units *u, unsigned int k,
		   unsigned int i)
{
	const struct pmukit_count *c = count_of(r, u, k, i);

	return !c || !u->absent || !u->absent[c - u->c];
}

/* The metric beside row @i of unit @k (its report's, the same column), or NULL. */
static const struct stat_metric *metric_at(const struct stat_report *r,
					   const struct stat_units *u, unsigned int k, unsigned int i)
{
	const struct pmukit_count *c = count_of(r, u, k, i);

	return c && u->ur ? stat_metric_of(&u->ur[k], (unsigned int)(c - &u->c[k * u->nev])) :
			    NULL;
}

/*
 * With -M, --topdown: each unit's metrics after its rows, as 'pmukit
 * metrics' prints those of a CPU or an interval: the table under the
 * unit's name (and the time), CSV each line after the time and unit
 * fields, JSON an object of each unit in "analysis".
 */
static void analyses(FILE *f, enum out_format fmt, const char *sep, const char *time,
		     const struct stat_units *u, struct pmukit_json *j)
{
	struct an_sel sel;
	char prefix[96];
	unsigned int k, shown = 0;

	if (!u->ur || !u->ur[0].analysis)
		return;
	if (j)
		pmukit_json_arr(j, "analysis");
	for (k = 0; k < u->n; k++) {
		const struct an_sel *a = u->ur[k].analysis;

		if (!a)
			continue;
		if (j) {
			pmukit_json_obj(j, NULL);
			if (u->cpu[k] >= 0)
				pmukit_json_int(j, "cpu", u->cpu[k]);
			else if (u->tid[k] > 0)
				pmukit_json_int(j, "tid", u->tid[k]);
			else if (u->label[k][0])
				pmukit_json_str(j, "core", u->label[k]);
			an_print_json(j, a);
			pmukit_json_obj_end(j);
		} else if (fmt == OUT_CSV) {
			sel = *a;
			snprintf(prefix, sizeof(prefix), "%s%s%s%s", time, *time ? sep : "",
				 u->label[k], u->label[k][0] ? sep : "");
			sel.csv_prefix = prefix;
			an_print_csv(f, sep, &sel, 0);
		} else {
			/* A blank line after the rows; the tables end with one. */
			fprintf(f, "%s %s%s%s:\n", shown++ ? "" : "\n", time,
				*time && u->label[k][0] ? " " : "", u->label[k]);
			an_print_table(f, a);
		}
	}
	if (j)
		pmukit_json_arr_end(j);
}

/* The rows of the report shown for units: those counted, and those left out. */
static unsigned int nrows(const struct stat_report *r, const struct stat_units *u)
{
	unsigned int i, counted = 0;

	for (i = 0; i < r->nev && counted < u->nev; i++)
		counted += !r->ev[i].unsupported;
	/* The rows left out after the last counted one. */
	while (i < r->nev && r->ev[i].unsupported)
		i++;
	return i;
}

/* The column of the unit's name in the table's header: perf's words. */
static const char *unit_column(const struct stat_units *u)
{
	if (u->n == 1 && !u->label[0][0])
		return "";
	return u->cpu[0] >= 0 ? "CPU" : u->tid[0] > 0 ? "comm-tid" : "core";
}

void stat_interval_report(FILE *f, enum out_format fmt, const char *sep,
			  const struct stat_report *r, uint64_t t_ns, const struct stat_units *u,
			  int *header)
{
	struct rows rows;
	struct pmukit_json j;
	char time[32], num[32];
	unsigned int k, i;

	fixed(num, t_ns, 9);
	if (fmt == OUT_TABLE)
		snprintf(time, sizeof(time), "%16s", num);
	else
		memcpy(time, num, sizeof(time));
	if (fmt == OUT_JSON) {
		pmukit_json_start(&j, f);
		pmukit_json_obj(&j, NULL);
		pmukit_json_real(&j, "interval", (double)t_ns / 1e9, 9);
		pmukit_json_arr(&j, "counts");
		for (i = 0; i < nrows(r, u); i++)
			for (k = 0; k < u->n; k++)
				if (has_row(r, u, k, i))
					json_count(&j, u, k, &r->ev[i], count_of(r, u, k, i),
						   metric_at(r, u, k, i));
		pmukit_json_arr_end(&j);
		analyses(f, fmt, sep, "", u, &j);
		pmukit_json_obj_end(&j);
		pmukit_json_finish(&j);
		fflush(f);
		return;
	}
	if (fmt == OUT_TABLE && !*header)
		fprintf(f, "#%15s %-*s %18s %-5s%s\n", "time", *unit_column(u) ? 16 : 0,
			unit_column(u), "counts", "unit", "events");
	*header = 1;
	/* perf's order: an event's units together. */
	rows.f = f;
	rows.n = 0;
	for (i = 0; i < nrows(r, u); i++)
		for (k = 0; k < u->n; k++) {
			const struct pmukit_count *c = count_of(r, u, k, i);
			int off = u->offline && u->offline[k];

			if (!has_row(r, u, k, i))
				continue;
			if (fmt == OUT_CSV)
				csv_row(&rows, sep, time, u->label[k], &r->ev[i], c, off,
					metric_at(r, u, k, i));
			else
				table_row(f, time, u->label[k], &r->ev[i], c, off,
					  metric_at(r, u, k, i));
		}
	rows_flush(&rows);
	analyses(f, fmt, sep, fmt == OUT_TABLE ? num : time, u, NULL);
	/* Each interval as it ends, to a file or a pipe too (perf's way): one write. */
	fflush(f);
}

void stat_units_table(FILE *f, const struct stat_report *r)
{
	const struct stat_units *u = r->units;
	unsigned int k, i, off = 0;

	for (i = 0; i < nrows(r, u); i++)
		for (k = 0; k < u->n; k++)
			table_row(f, "", u->label[k], &r->ev[i], count_of(r, u, k, i),
				  u->offline && u->offline[k], metric_at(r, u, k, i));
	for (k = 0; k < u->n; k++)
		if (u->offline && u->offline[k])
			fprintf(f, "%s %s: %s\n", off++ ? "" : "\n", u->label[k], OFFLINE_WHY);
	analyses(f, OUT_TABLE, "", "", u, NULL);
}

void stat_units_csv(FILE *f, const char *sep, const struct stat_report *r)
{
	const struct stat_units *u = r->units;
	struct rows rows;
	unsigned int k, i;

	rows.f = f;
	rows.n = 0;	/* the buffer is not cleared: it is written as far as n */
	for (i = 0; i < nrows(r, u); i++)
		for (k = 0; k < u->n; k++)
			csv_row(&rows, sep, "", u->label[k], &r->ev[i], count_of(r, u, k, i),
				u->offline && u->offline[k], metric_at(r, u, k, i));
	rows_flush(&rows);
	analyses(f, OUT_CSV, sep, "", u, NULL);
}

void stat_units_json(struct pmukit_json *j, const struct stat_report *r)
{
	const struct stat_units *u = r->units;
	unsigned int k, i;

	pmukit_json_arr(j, "units");
	for (i = 0; i < nrows(r, u); i++)
		for (k = 0; k < u->n; k++)
			json_count(j, u, k, &r->ev[i], count_of(r, u, k, i), metric_at(r, u, k, i));
	pmukit_json_arr_end(j);
	analyses(NULL, OUT_JSON, "", "", u, j);
}
