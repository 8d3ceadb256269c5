// SPDX-License-Identifier: MIT
/*
 * The output of 'pmukit calibrate': per access path, statistics of the cost
 * of one read measured back to back. Table columns and CSV fields are the
 * same: path, event, n, min, max, mean, sd, median, p5, p95, discarded;
 * CSV adds not_counted and why_not, which say when the counter did not
 * count over the pairs (pmukit_count_verdict()): the table then gives the
 * reason in place of the path's row, JSON "counted": false and "reason".
 */
#include <string.h>

#include "core/compiler.h"
#include "each_type.h"
#include "report.h"

const char *verdict_words(int verdict)
{
	return verdict == PMUKIT_NOT_IMPLEMENTED ? "not implemented" :
	       verdict == PMUKIT_NOT_COUNTED ? PMUKIT_DID_NOT_COUNT : "counted";
}

static const char *const fields[] = {
	"path", "event", "n", "min", "max", "mean", "sd", "median", "p5", "p95", "discarded",
};
#define NFIELDS	ARRAY_SIZE(fields)

/* The row's values as text, in the order of fields[]; decimals as given. */
static void row_text(const struct calib_row *r, char v[NFIELDS][32], int sep_thousands)
{
	const struct pmukit_stats *s = &r->st;

	snprintf(v[0], 32, "%s", r->path);
	snprintf(v[1], 32, "%s", r->event);
	if (sep_thousands) {
		fmt_count(v[2], 32, s->n);
		fmt_count(v[3], 32, s->min);
		fmt_count(v[4], 32, s->max);
		fmt_real(v[5], 32, s->mean, 2);
		fmt_real(v[6], 32, s->sd, 2);
		fmt_real(v[7], 32, s->median, 1);
		fmt_real(v[8], 32, s->p5, 0);
		fmt_real(v[9], 32, s->p95, 0);
		fmt_count(v[10], 32, s->discarded);
	} else {
		snprintf(v[2], 32, "%zu", s->n);
		snprintf(v[3], 32, "%llu", (unsigned long long)s->min);
		snprintf(v[4], 32, "%llu", (unsigned long long)s->max);
		snprintf(v[5], 32, "%.2f", s->mean);
		snprintf(v[6], 32, "%.2f", s->sd);
		snprintf(v[7], 32, "%.1f", s->median);
		snprintf(v[8], 32, "%.0f", s->p5);
		snprintf(v[9], 32, "%.0f", s->p95);
		snprintf(v[10], 32, "%zu", s->discarded);
	}
}

static void report_table(FILE *f, const struct calib_row *rows, size_t n, unsigned long pairs)
{
	char v[NFIELDS][32];
	const char *cells[NFIELDS];
	struct table t;
	size_t i, k;

	fprintf(f, "Cost of one read, from %lu back-to-back read pairs per path:\n\n", pairs);
	table_init(&t, NFIELDS, fields, "llrrrrrrrrr");
	for (i = 0; i < n; i++) {
		if (!rows[i].ok || rows[i].verdict > PMUKIT_COUNTED)
			continue;
		row_text(&rows[i], v, 1);
		for (k = 0; k < NFIELDS; k++)
			cells[k] = v[k];
		table_add(&t, cells);
	}
	if (t.nrows)
		table_print(&t, f, "  ");
	table_free(&t);
	for (i = 0; i < n; i++)
		if (!rows[i].ok)
			fprintf(f, "  %-9s not measured: %s\n", rows[i].path, rows[i].why);
		else if (rows[i].verdict > PMUKIT_COUNTED)
			fprintf(f, "  %-9s %s %s: %s\n", rows[i].path, rows[i].event,
				verdict_words(rows[i].verdict), rows[i].vwhy);
}

/*
 * The CSV lines of @rows: with @type (several core types) led by its core
 * and CPU, and the header (@header) then names those two fields too.
 */
static void report_csv(FILE *f, const char *sep, const struct calib_row *rows, size_t n,
		       const struct pmukit_thread_type *type, int header)
{
	char v[NFIELDS][32], cpu[16];
	size_t i, k;

	if (header) {
		if (type) {
			pmukit_csv_field(f, sep, 1, "core");
			pmukit_csv_field(f, sep, 0, "cpu");
		}
		for (k = 0; k < NFIELDS; k++)
			pmukit_csv_field(f, sep, k == 0 && !type, fields[k]);
		pmukit_csv_field(f, sep, 0, "not_counted");
		pmukit_csv_field(f, sep, 0, "why_not");
		fputc('\n', f);
	}
	for (i = 0; i < n; i++) {
		int nc = rows[i].verdict > PMUKIT_COUNTED;

		if (!rows[i].ok)
			continue;
		row_text(&rows[i], v, 0);
		if (type) {
			snprintf(cpu, sizeof(cpu), "%d", type->cpu);
			pmukit_csv_field(f, sep, 1, type->name);
			pmukit_csv_field(f, sep, 0, cpu);
		}
		for (k = 0; k < NFIELDS; k++)
			pmukit_csv_field(f, sep, k == 0 && !type, v[k]);
		pmukit_csv_field(f, sep, 0, nc ? verdict_words(rows[i].verdict) : "");
		pmukit_csv_field(f, sep, 0, nc ? rows[i].vwhy : "");
		fputc('\n', f);
	}
}

/* The "paths" array of @rows. */
static void json_paths(struct pmukit_json *j, const struct calib_row *rows, size_t n)
{
	size_t i;

	pmukit_json_arr(j, "paths");
	for (i = 0; i < n; i++) {
		const struct pmukit_stats *s = &rows[i].st;

		pmukit_json_obj(j, NULL);
		pmukit_json_str(j, "path", rows[i].path);
		pmukit_json_bool(j, "ok", rows[i].ok);
		if (!rows[i].ok) {
			pmukit_json_str(j, "why", rows[i].why);
			pmukit_json_obj_end(j);
			continue;
		}
		pmukit_json_str(j, "event", rows[i].event);
		pmukit_json_bool(j, "counted", rows[i].verdict <= PMUKIT_COUNTED);
		pmukit_json_str(j, "verdict", rows[i].verdict > PMUKIT_COUNTED ?
			 verdict_words(rows[i].verdict) : "counted");
		if (rows[i].verdict > PMUKIT_COUNTED)
			pmukit_json_str(j, "reason", rows[i].vwhy);
		pmukit_json_u64(j, "n", s->n);
		pmukit_json_u64(j, "min", s->min);
		pmukit_json_u64(j, "max", s->max);
		pmukit_json_real(j, "mean", s->mean, 2);
		pmukit_json_real(j, "sd", s->sd, 2);
		pmukit_json_real(j, "median", s->median, 1);
		pmukit_json_real(j, "p5", s->p5, 0);
		pmukit_json_real(j, "p95", s->p95, 0);
		pmukit_json_u64(j, "discarded", s->discarded);
		pmukit_json_obj_end(j);
	}
	pmukit_json_arr_end(j);
}

static void report_json(FILE *f, const struct calib_row *rows, size_t n, unsigned long pairs)
{
	struct pmukit_json j;

	pmukit_json_start(&j, f);
	pmukit_json_obj(&j, NULL);
	pmukit_json_u64(&j, "pairs", pairs);
	json_paths(&j, rows, n);
	pmukit_json_obj_end(&j);
	pmukit_json_finish(&j);
}

void calib_report(FILE *f, enum out_format fmt, const char *sep,
		  const struct calib_row *rows, size_t n, unsigned long pairs)
{
	switch (fmt) {
	case OUT_CSV:
		report_csv(f, sep, rows, n, NULL, 1);
		break;
	case OUT_JSON:
		report_json(f, rows, n, pairs);
		break;
	default:
		report_table(f, rows, n, pairs);
		break;
	}
}

void calib_report_types(FILE *f, enum out_format fmt, const char *sep,
			const struct calib_type *t, size_t ntypes, unsigned long pairs)
{
	struct pmukit_json j;
	char label[160];
	size_t i;

	if (fmt == OUT_CSV) {
		for (i = 0; i < ntypes; i++)
			report_csv(f, sep, t[i].rows, t[i].n, t[i].type, i == 0);
		return;
	}
	if (fmt == OUT_JSON) {
		pmukit_json_start(&j, f);
		pmukit_json_obj(&j, NULL);
		pmukit_json_u64(&j, "pairs", pairs);
		pmukit_json_arr(&j, "types");
		for (i = 0; i < ntypes; i++) {
			pmukit_json_obj(&j, NULL);
			pmukit_json_str(&j, "core", t[i].type->name);
			pmukit_json_str(&j, "cpus", t[i].type->cpus);
			pmukit_json_int(&j, "cpu", t[i].type->cpu);
			json_paths(&j, t[i].rows, t[i].n);
			pmukit_json_obj_end(&j);
		}
		pmukit_json_arr_end(&j);
		pmukit_json_obj_end(&j);
		pmukit_json_finish(&j);
		return;
	}
	/* The cost of a read differs from type to type: a block each. */
	for (i = 0; i < ntypes; i++) {
		each_type_label(t[i].type, label, sizeof(label));
		fprintf(f, "%s%s:\n", i ? "\n" : "", label);
		report_table(f, t[i].rows, t[i].n, pairs);
	}
}
