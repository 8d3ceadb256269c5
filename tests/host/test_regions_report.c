/* SPDX-License-Identifier: MIT */
/*
 * The region markers' report (lib/regions_report.c) of known sums, in each
 * format, when one of two events did not count (as on QEMU's Cortex-A9,
 * whose counters read 0): the words, the reason, and no number given as a
 * count of it; the other event's numbers as they are.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "core/compiler.h"
#include "regions.h"
#include "../tap.h"

static const char reason[] = "a 0 for code that ran at a level it counts; likely an emulator's CPU model";

static char *render(enum reg_format fmt, const char *region)
{
	static const char names[2][REG_NAME_LEN] = { "CPU_CYCLES:uk", "SW_INCR:uk" };
	static const uint64_t in_cost[2] = { 0, 0 }, pair_cost[2] = { 0, 0 };
	static const int verdict[2] = { PMUKIT_NOT_COUNTED, PMUKIT_COUNTED };
	static char why[2][PMUKIT_VERDICT_WHY_LEN];
	struct reg_sum sum = { .name = region, .calls = 4, .total = { 0, 12 }, .self = { 0, 12 } };
	struct reg_report rep = {
		.format = fmt, .path = "direct", .nevents = 2, .event = names,
		.in_cost = in_cost, .pair_cost = pair_cost, .verdict = verdict,
		.why = (const char (*)[PMUKIT_VERDICT_WHY_LEN])why, .sum = &sum, .n = 1,
	};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	snprintf(why[0], sizeof(why[0]), "%s", reason);
	pmukit_regions_write(f, &rep);
	fclose(f);
	return buf;
}

int main(void)
{
	static const struct {
		int line;
		enum reg_format fmt;
		const char *has[3];	/* each must be in the report */
	} rows[] = {
		{ __LINE__, REG_TABLE, { "solve   CPU_CYCLES:uk                 4  <did not count>                -                -\n",
					 "\nCPU_CYCLES:uk did not count: a 0 for code that ran",
					 "solve   SW_INCR:uk                    4               12              3.0               12\n" } },
		{ __LINE__, REG_CSV, { "region,event,calls,total,per_call,self,not_counted,why_not\n",
				       "\nsolve,CPU_CYCLES:uk,4,0,0.0,0,did not count,a 0 for code that ran at a level it counts; likely an emulator's CPU model\n",
				       "\nsolve,SW_INCR:uk,4,12,3.0,12,,\n" } },
		{ __LINE__, REG_JSON, { "\"CPU_CYCLES:uk\": { \"total\": 0, \"self\": 0, \"counted\": false, \"verdict\": \"did not count\", \"reason\": \"a 0 for code that ran",
					"\"SW_INCR:uk\": { \"total\": 12, \"self\": 12, \"counted\": true }",
					"\"regions\": [" } },
	};
	size_t i, k;

	char *out;

	tap_plan((int)ARRAY_SIZE(rows) + 2);
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		out = render(rows[i].fmt, "solve");
		int ok = out != NULL;

		for (k = 0; k < 3 && ok; k++)
			ok = strstr(out, rows[i].has[k]) != NULL;
		if (!tap_ok(ok, "line %d: the %s report says CPU_CYCLES:uk did not count, and why",
			    rows[i].line, rows[i].fmt == REG_TABLE ? "table" :
			    rows[i].fmt == REG_CSV ? "CSV" : "JSON"))
			tap_diag("  missing: %s\n%s", rows[i].has[k - 1], out ? out : "(nothing)");
		free(out);
	}
	/*
	 * A region's name is the program's text: a carriage return in it is
	 * quoted like a newline, or a reader would end the record there.
	 */
	out = render(REG_CSV, "a\rb");
	if (!tap_ok(out && strstr(out, "\n\"a\rb\",SW_INCR:uk,4,12,3.0,12,,\n"),
		    "CSV: a region name holding a carriage return is quoted"))
		tap_diag("%s", out ? out : "(nothing)");
	free(out);
	out = render(REG_CSV, "say \"x,y\"");
	if (!tap_ok(out && strstr(out, "\n\"say \"\"x,y\"\"\",SW_INCR:uk,"),
		    "CSV: a region name holding a quote and a comma is quoted, the quote doubled"))
		tap_diag("%s", out ? out : "(nothing)");
	free(out);
	return tap_done();
}
