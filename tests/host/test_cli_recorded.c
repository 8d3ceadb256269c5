/* SPDX-License-Identifier: MIT */
/*
 * Recorded counts read back for 'pmukit metrics' (cli/recorded.c): each
 * format, one or several passes, and bad lines with the line number and
 * what was expected. Table rows carry their __LINE__.
 */
#include <string.h>

#include "core/compiler.h"
#include "recorded.h"
#include "../tap.h"

/* The counts as text: "NAME@PASS=VALUE" (OVERFLOW, NOT RUN) joined by ' ', then " |cycles C1,C2". */
static void counts_text(const struct recorded *r, char *buf, size_t len)
{
	size_t used = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < r->nev; i++) {
		const struct rec_event *e = &r->ev[i];

		if (e->status == REC_OK)
			used += (size_t)snprintf(buf + used, len - used, "%s%s@%u=%llu", i ? " " : "",
						 e->name, e->pass, (unsigned long long)e->value);
		else
			used += (size_t)snprintf(buf + used, len - used, "%s%s@%u=%s", i ? " " : "",
						 e->name, e->pass,
						 e->status == REC_OVERFLOW ? "OVERFLOW" :
						 e->status == REC_NOT_COUNTED ? "NOT COUNTED" :
						 e->status == REC_NOT_SUPPORTED ? "NOT SUPPORTED" : "NOT RUN");
	}
	used += (size_t)snprintf(buf + used, len - used, " |cycles");
	for (i = 0; i < r->npasses; i++) {
		if (r->have_cycles[i])
			used += (size_t)snprintf(buf + used, len - used, "%s%llu", i ? "," : " ",
						 (unsigned long long)r->pass_cycles[i]);
		else
			used += (size_t)snprintf(buf + used, len - used, "%s-", i ? "," : " ");
	}
}

static const char fw_two_passes[] =
	"NOTICE:  BL31: v2.10\n"
	"------------------------------------------------------------\n"
	"pmukit: pass 1 | EL3 (Secure) | PMCR.N 6\n"
	"------------------------------------------------------------\n"
	"PMU EVENT, PREVAL, POSTVAL, DELTA\n"
	"INST_RETIRED,0,28711,28711\n"
	"STALL_FRONTEND,0,0,0\n"
	"CYCLES,0,28711,28711\n"
	"------------------------------------------------------------\n"
	"METRIC, VALUE, FORMULA\n"
	"IPC,1.000,INST_RETIRED / CYCLES\n"
	"------------------------------------------------------------\n"
	"pmukit: pass 2 | EL3 (Secure) | PMCR.N 6\n"
	"------------------------------------------------------------\n"
	"PMU EVENT, PREVAL, POSTVAL, DELTA\n"
	"STALL_BACKEND,0,0,0\n"
	"L1D_CACHE,10,12,2\n"
	"CYCLES,0,28712,28712\n"
	"------------------------------------------------------------\n";

static const char fw_merged[] =
	"pmukit: merged result of 2 of 2 passes | EL3 (Secure)\n"
	"PMU EVENT, PREVAL, POSTVAL, DELTA\n"
	"INST_RETIRED,0,5,5\n"
	"CYCLES,0,5,5\n"
	"PMU EVENT, PASS, DELTA\n"
	"INST_RETIRED,1,28711\n"
	"LD_RETIRED,2,OVERFLOW\n"
	"ST_RETIRED,3,NOT RUN\n"
	"CYCLES,1,28711\n"
	"CYCLES,2,28700\n"
	"CYCLES spread: min 28700, max 28711, spread 11 (0.03% of min) over 2 passes\n"
	"METRIC, VALUE, FORMULA\n"
	"IPC,1.000,INST_RETIRED / CYCLES\n";

static const char json_two_passes[] =
	"{\n"
	"  \"command\": [\"stat_loop\", \"100000\"],\n"
	"  \"path\": \"direct\",\n"
	"  \"raw\": false,\n"
	"  \"events\": [\n"
	"    {\n"
	"      \"event\": \"INST_RETIRED:u\",\n"
	"      \"added\": false,\n"
	"      \"pass\": 1,\n"
	"      \"value\": 212537,\n"
	"      \"mean\": 212537.00\n"
	"    },\n"
	"    { \"event\": \"STALL_BACKEND:u\", \"pass\": 2, \"value\": 0, \"x\": [1, {\"y\": null}] },\n"
	"    { \"event\": \"CPU_CYCLES:u\", \"added\": true, \"pass\": 1, \"value\": 212540 }\n"
	"  ],\n"
	"  \"metrics\": [],\n"
	"  \"pass_cycles\": [212537.0, 212543.0],\n"
	"  \"exit\": { \"status\": 0, \"signal\": 0 }\n"
	"}\n";

static void test_parse(void)
{
	static const struct {
		int line;
		const char *text, *sep, *want;
	} rows[] = {
		/* pmukit stat -x, (the metric columns, and a metric's line, are skipped) */
		{ __LINE__, "212537,,CPU_CYCLES:u,0.00,1,100.00,,\n"
			    "212537,,INST_RETIRED:u,0.00,1,100.00,1.0000,IPC\n", NULL,
		  "CPU_CYCLES:u@1=212537 INST_RETIRED:u@1=212537 |cycles 212537" },
		{ __LINE__, "5;;INST_RETIRED;0.00;1;100.00;;\n"
			    ";;;;;;0.00;frontend_stalled_cycles;%;STALL_FRONTEND / CPU_CYCLES * 100\n"
			    "7;;CPU_CYCLES;0.00;2;100.00;;\n\n", NULL,
		  "INST_RETIRED@1=5 CPU_CYCLES@2=7 |cycles -,7" },
		{ __LINE__, "5::::INST_RETIRED:u::0.00::1::100.00::::\r\n", "::",
		  "INST_RETIRED:u@1=5 |cycles -" },
		{ __LINE__, "5::::INST_RETIRED:u::0.00::1::100.00::::\n", NULL,
		  "INST_RETIRED:u@1=5 |cycles -" },
		{ __LINE__, "5,,\"A,B\",0.00,1,100.00,,\n", NULL, "A,B@1=5 |cycles -" },
		/* a count that wrapped (pmukit_wrapped()): no count, as the firmware's OVERFLOW */
		{ __LINE__, "<wrapped>,,INST_RETIRED:u,,1,100.00,,\n7,,CPU_CYCLES:u,0.00,1,100.00,,\n",
		  NULL, "INST_RETIRED:u@1=OVERFLOW CPU_CYCLES:u@1=7 |cycles 7" },
		/* pmukit stat -x in perf's layout (read by the library): its passes and verdicts */
		{ __LINE__, "5,,INST_RETIRED:u,10,100.00,,,1,,\n7,,CPU_CYCLES:u,10,100.00,0.7,GHz,2,,\n"
			    ",,,,,0.71,ipc,per cycle,INST_RETIRED / CPU_CYCLES,General,,1,2\n", NULL,
		  "INST_RETIRED:u@1=5 CPU_CYCLES:u@2=7 |cycles -,7" },
		{ __LINE__, "9;;INST_RETIRED:u;0.50%;10;100.00;;;1;did not count;the PMU was off\n", NULL,
		  "INST_RETIRED:u@1=NOT COUNTED |cycles -" },
		/* perf's own: cycles by perf's name, a count it did not take */
		{ __LINE__, "7,,cycles:u,10,100.00,,\n<not counted>,,instructions:u,0,0.00,,\n", NULL,
		  "cycles:u@1=7 instructions:u@1=NOT COUNTED |cycles 7" },
		/* the firmware's tables: one a pass, or the merged one */
		{ __LINE__, fw_two_passes, NULL,
		  "INST_RETIRED@1=28711 STALL_FRONTEND@1=0 CYCLES@1=28711 STALL_BACKEND@2=0 "
		  "L1D_CACHE@2=2 CYCLES@2=28712 |cycles 28711,28712" },
		{ __LINE__, fw_merged, NULL,
		  "INST_RETIRED@1=28711 LD_RETIRED@2=OVERFLOW ST_RETIRED@3=NOT RUN CYCLES@1=28711 "
		  "CYCLES@2=28700 |cycles 28711,28700,-" },
		{ __LINE__, "PMU EVENT, PREVAL, POSTVAL, DELTA\nX,4294967280,1994,OVERFLOW\nCYCLES,0,9,9\n",
		  NULL, "X@1=OVERFLOW CYCLES@1=9 |cycles 9" },
		/* pmukit stat --json */
		{ __LINE__, json_two_passes, NULL,
		  "INST_RETIRED:u@1=212537 STALL_BACKEND:u@2=0 CPU_CYCLES:u@1=212540 |cycles 212537,212543" },
		{ __LINE__, "{ \"events\": [ { \"event\": \"A\", \"pass\": 1, \"wrapped\": true,"
			    " \"value\": null }, { \"event\": \"CPU_CYCLES\", \"pass\": 1, \"value\": 9 } ] }",
		  NULL, "A@1=OVERFLOW CPU_CYCLES@1=9 |cycles 9" },
		/* a number no count can hold, where none is read: skipped */
		{ __LINE__, "{ \"events\": [ { \"event\": \"A\", \"pass\": 1, \"value\": 18446744073709551615,"
			    " \"mean\": 3.2e40, \"x\": 1e999, \"y\": 99999999999999999999 } ] }", NULL,
		  "A@1=18446744073709551615 |cycles -" },
	};
	char err[1024], got[1024];
	static struct recorded r;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		int ret = recorded_parse(rows[i].text, strlen(rows[i].text), rows[i].sep, &r, err,
					 sizeof(err));

		if (ret) {
			tap_ok(0, "line %d: parsed (%s)", rows[i].line, err);
			continue;
		}
		counts_text(&r, got, sizeof(got));
		tap_eq(strcmp(got, rows[i].want), 0, "line %d: %s: %s", rows[i].line, r.format, got);
	}
}

static void test_bad(void)
{
	static const struct {
		int line;
		const char *text, *want;
	} rows[] = {
		{ __LINE__, "", "line 1: expected a 'perf stat -x SEP' line" },
		{ __LINE__, "hello world\n", "line 1: expected a 'perf stat -x SEP' line: [TIME SEP] [CPUn SEP] VALUE SEP UNIT SEP EVENT" },
		{ __LINE__, "5,,INST_RETIRED,0.00,1,100.00,,\n5,,X,0.00,0,100.00,,\n",
		  "line 2: expected a 'pmukit stat -x' line" },
		{ __LINE__, "5,,INST_RETIRED,0.00,1,100.00,,\n-5,,X,0.00,1,100.00,,\n",
		  "line 2: expected a 'pmukit stat -x' line" },
		{ __LINE__, "5,,INST_RETIRED,0.00,1,100.00\n", "line 1: expected a 'pmukit stat -x' line" },
		{ __LINE__, "5,,INST_RETIRED,0.00,99,100.00,,\n", "line 1: expected a pass from 1 to 64, not 99" },
		{ __LINE__, "5,,\"A,0.00,1,100.00,,\n", "line 1: expected a 'perf stat -x SEP' line" },
		{ __LINE__, "boot\nPMU EVENT, PREVAL, POSTVAL, DELTA\nINST_RETIRED,0,10,9\n",
		  "line 3: expected NAME,PREVAL,POSTVAL,DELTA: counts in decimal, DELTA = POSTVAL - PREVAL or OVERFLOW (10 - 0 is not 9)" },
		{ __LINE__, "PMU EVENT, PREVAL, POSTVAL, DELTA\nINST_RETIRED,0,x,9\n",
		  "line 2: expected NAME,PREVAL,POSTVAL,DELTA: counts in decimal" },
		{ __LINE__, "PMU EVENT, PREVAL, POSTVAL, DELTA\nINST_RETIRED,0,10\n",
		  "line 2: expected NAME,PREVAL,POSTVAL,DELTA" },
		{ __LINE__, "PMU EVENT, PREVAL, POSTVAL, DELTA\n---------\n",
		  "line 2: expected rows after the 'PMU EVENT, PREVAL, POSTVAL, DELTA' line" },
		{ __LINE__, "PMU EVENT, PASS, DELTA\nA,0,5\n",
		  "line 2: expected NAME,PASS,DELTA: PASS from 1, DELTA in decimal, OVERFLOW or NOT RUN" },
		{ __LINE__, "PMU EVENT, PASS, DELTA\nA,1,NOT\n", "line 2: expected NAME,PASS,DELTA" },
		{ __LINE__, "{\n  \"events\": [\n    { \"event\": \"A\", \"pass\": 1 }\n  ]\n}\n",
		  "line 3: expected an event object with \"event\", \"pass\" (from 1) and \"value\"" },
		{ __LINE__, "{\n  \"events\": [\n    { \"event\": \"A\", \"pass\": 1, \"value\": 1.5 }\n  ]\n}\n",
		  "line 3: expected a whole count >= 0 for \"value\"" },
		{ __LINE__, "{\n  \"events\": [\n    { \"event\": \"A\" \"pass\": 1 }\n  ]\n}\n",
		  "line 3: expected ',' or '}'" },
		{ __LINE__, "{\n  \"events\": [\n    { \"event\": \"A\", \"pass\": 1, \"value\": 18446744073709551616 }\n  ]\n}\n",
		  "line 3: expected a count of at most 18446744073709551615 for \"value\"" },
		{ __LINE__, "{ \"events\": [ { \"event\": \"A\", \"pass\": 1, \"value\": 3.2e40 } ] }",
		  "line 1: expected a count of at most 18446744073709551615 for \"value\"" },
		{ __LINE__, "{ \"events\": [ { \"event\": \"A\", \"pass\": 1, \"value\": 1 } ],"
			    " \"pass_cycles\": [ 1e20 ] }",
		  "line 1: expected cycles of at most 18446744073709551615 in \"pass_cycles\"" },
		{ __LINE__, "{ \"events\": [] }", "line 1: expected an \"events\" array with at least one event" },
		{ __LINE__, "{ \"events\": [ { \"event\": \"A\", \"pass\": 1, \"value\": 2 } ] }\n}",
		  "line 2: expected nothing after the object" },
		{ __LINE__, "{\n\"events\": [", "line 2: expected an object" },
		{ __LINE__, "1.0,CPU0,5,,cycles,1,100.00,,\n1.0,CPU1,5,,cycles,1,100.00,,\n",
		  "line 2: expected the counts of one interval and CPU (pmukit metrics reads more)" },
		{ __LINE__, "{ \"a\": \"b", "line 1: expected the end of a string" },
	};
	char err[1024];
	static struct recorded r;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		int ret;

		err[0] = '\0';
		ret = recorded_parse(rows[i].text, strlen(rows[i].text), NULL, &r, err, sizeof(err));
		tap_ok(ret < 0 && !strncmp(err, rows[i].want, strlen(rows[i].want)),
		       "line %d: refused: %s", rows[i].line, err);
	}
	/* Text of no format: the message names every format it could have been. */
	err[0] = '\0';
	tap_ok(recorded_parse("hello\n", 6, NULL, &r, err, sizeof(err)) < 0 &&
	       strstr(err, "; the input is none of the formats: nor 'pmukit stat -x' lines of the layout "
		      "VALUE,UNIT,EVENT,SD%") && strstr(err, "likwid-perfctr -O output"),
	       "text of no format: every format named (%s)", err);
	err[0] = '\0';
	tap_ok(recorded_parse("5,,cycles,1,100.00,,\n6,,cycles\n", 30, NULL, &r, err, sizeof(err)) < 0 &&
	       !strncmp(err, "line 2: expected a 'perf stat -x SEP' line", 42) && !strstr(err, "none of the formats"),
	       "a bad line after counts: only what its format expected (%s)", err);
}

int main(void)
{
	tap_header();
	test_parse();
	test_bad();
	return tap_done();
}
