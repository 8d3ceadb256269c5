/* SPDX-License-Identifier: MIT */
/*
 * pmukit_input_event(), pmukit_input_name() and pmukit_input_read(): the
 * names other collectors give events (a core type's too), and the counts,
 * statuses, shares of time, intervals, CPUs and core types of their
 * outputs, row by row (each row carries its __LINE__).
 */
#include <errno.h>
#include <string.h>

#include "pmukit/pmukit.h"
#include "pmukit/events_api.h"
#include "core/compiler.h"
#include "../tap.h"

static void test_names(void)
{
	static const struct {
		int line;
		const char *name;
		int ret;		/* 0, 1 (no PMU's) or -ENOENT */
		unsigned int code;
		int excl_user, excl_kernel;
	} rows[] = {
		{ __LINE__, "cycles", 0, 0x11, 0, 0 },
		{ __LINE__, "cpu-cycles:u", 0, 0x11, 0, 1 },
		{ __LINE__, "instructions:k", 0, 0x08, 1, 0 },
		{ __LINE__, "cache-references", 0, 0x04, 0, 0 },
		{ __LINE__, "cache-misses:uk", 0, 0x03, 0, 0 },
		{ __LINE__, "branch-misses", 0, 0x10, 0, 0 },
		{ __LINE__, "bus-cycles", 0, 0x1d, 0, 0 },
		{ __LINE__, "stalled-cycles-frontend", 0, 0x23, 0, 0 },
		{ __LINE__, "stalled-cycles-backend:u", 0, 0x24, 0, 1 },
		{ __LINE__, "branches", -ENOENT, 0, 0, 0 },	/* PC_WRITE_RETIRED or BR_RETIRED */
		{ __LINE__, "branch-instructions", -ENOENT, 0, 0, 0 },
		{ __LINE__, "r11", 0, 0x11, 0, 0 },
		{ __LINE__, "r4004:u", 0, 0x4004, 0, 1 },
		{ __LINE__, "r10000", -ENOENT, 0, 0, 0 },
		{ __LINE__, "armv8_pmuv3_0/l1d_cache/", 0, 0x04, 0, 0 },
		{ __LINE__, "armv8_pmuv3_0/l1d_cache/u", 0, 0x04, 0, 1 },
		{ __LINE__, "armv8_cortex_a76/r11/", 0, 0x11, 0, 0 },
		{ __LINE__, "armv8_pmuv3_0/event=0x11/k", 0, 0x11, 1, 0 },
		{ __LINE__, "armv8_pmuv3_0/config=17/", 0, 0x11, 0, 0 },
		{ __LINE__, "armv8_pmuv3_0/no_such_event/", -ENOENT, 0, 0, 0 },
		{ __LINE__, "arm_cmn_0/hnf_cache_miss/", -ENOENT, 0, 0, 0 },
		{ __LINE__, "STALL_SLOT_BACKEND", 0, 0x3d, 0, 0 },
		{ __LINE__, "stall_slot_backend:u", 0, 0x3d, 0, 1 },
		{ __LINE__, "L1D_CACHE_LD", 0, 0x40, 0, 0 },	/* LIKWID's L1D_CACHE_RD */
		{ __LINE__, "L1D_CACHE_REFILL_ST", 0, 0x43, 0, 0 },
		{ __LINE__, "BR_MIS_PRED", 0, 0x10, 0, 0 },
		{ __LINE__, "task-clock", 1, 0, 0, 0 },
		{ __LINE__, "context-switches:u", 1, 0, 0, 0 },
		{ __LINE__, "frobs", -ENOENT, 0, 0, 0 },
		{ __LINE__, "", -ENOENT, 0, 0, 0 },
	};
	const struct pmukit_core_def *n1 = pmukit_core_by_name("neoverse-n1");
	size_t i;

	tap_ok(n1 != NULL, "the neoverse-n1 table");
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		struct pmukit_event_spec es = { .code = 0xffff };
		int ret = pmukit_input_event(rows[i].name, n1, &es);

		if (rows[i].ret)
			tap_ok(ret == rows[i].ret, "line %d: '%s' is %s (got %d)", rows[i].line,
			       rows[i].name, rows[i].ret > 0 ? "no PMU's event" : "no event", ret);
		else
			tap_ok(ret == 0 && es.code == rows[i].code && es.excl_user == rows[i].excl_user &&
			       es.excl_kernel == rows[i].excl_kernel,
			       "line %d: '%s' is 0x%x, excl_user %d, excl_kernel %d (got %d: 0x%x, %d, %d)",
			       rows[i].line, rows[i].name, rows[i].code, rows[i].excl_user,
			       rows[i].excl_kernel, ret, es.code, es.excl_user, es.excl_kernel);
	}
}

/* The one rule for a recorded name: its core type, its event alone, its code and levels. */
static void test_recorded_names(void)
{
	static const struct {
		int line;
		const char *name;
		int ret;
		const char *core, *event;
		int code, excl_user, excl_kernel;
	} rows[] = {
		{ __LINE__, "INST_RETIRED:u", 0, "", "INST_RETIRED", 0x08, 0, 1 },
		{ __LINE__, "CYCLES", 0, "", "CYCLES", 0x11, 0, 0 },	/* the firmware's */
		{ __LINE__, "cycles:k", 0, "", "cycles", 0x11, 1, 0 },
		{ __LINE__, "cortex-a53/INST_RETIRED:u/", 0, "cortex-a53", "INST_RETIRED", 0x08, 0, 1 },
		{ __LINE__, "cortex-a72/cycles:uk/", 0, "cortex-a72", "cycles", 0x11, 0, 0 },
		{ __LINE__, "cortex-a510/L1D_CACHE_REFILL_RD:u/", 0, "cortex-a510", "L1D_CACHE_REFILL_RD",
		  0x42, 0, 1 },
		{ __LINE__, "armv8_cortex_a53/inst_retired/", 0, "cortex-a53", "inst_retired", 0x08, 0, 0 },
		{ __LINE__, "armv8_cortex_a72/cpu_cycles/u", 0, "cortex-a72", "cpu_cycles", 0x11, 0, 1 },
		{ __LINE__, "cpu_core/instructions/", 0, "cpu_core", "instructions", 0x08, 0, 0 },
		{ __LINE__, "cpu_atom/cycles/k", 0, "cpu_atom", "cycles", 0x11, 1, 0 },
		{ __LINE__, "armv8_pmuv3_0/l1d_cache/u", 0, "", "l1d_cache", 0x04, 0, 1 },	/* no type */
		{ __LINE__, "cortex-a53/FROBS:u/", -ENOENT, "cortex-a53", "FROBS", PMUKIT_INPUT_UNKNOWN, 0, 1 },
		{ __LINE__, "not-a-core/INST_RETIRED/", -ENOENT, "", "", PMUKIT_INPUT_UNKNOWN, 0, 0 },
		{ __LINE__, "cortex-a53/INST_RETIRED:u/k", -ENOENT, "cortex-a53", "", PMUKIT_INPUT_UNKNOWN, 0, 0 },
		{ __LINE__, "task-clock:u", 1, "", "task-clock", PMUKIT_INPUT_NOT_PMU, 0, 1 },
	};
	struct pmukit_input_name n;
	struct pmukit_event_spec es;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		int ret = pmukit_input_name(rows[i].name, NULL, &n);

		tap_ok(ret == rows[i].ret && !strcmp(n.core, rows[i].core) &&
		       !strcmp(n.event, rows[i].event) && n.code == rows[i].code &&
		       n.excl_user == rows[i].excl_user && n.excl_kernel == rows[i].excl_kernel,
		       "line %d: '%s': %d, core '%s', event '%s', 0x%x, %d, %d (got %d, '%s', '%s', 0x%x, %d, %d)",
		       rows[i].line, rows[i].name, rows[i].ret, rows[i].core, rows[i].event,
		       (unsigned int)rows[i].code, rows[i].excl_user, rows[i].excl_kernel, ret, n.core,
		       n.event, (unsigned int)n.code, n.excl_user, n.excl_kernel);
	}
	/* pmukit_input_event() reads names by the same rule. */
	tap_ok(!pmukit_input_event("cortex-a53/INST_RETIRED:u/", NULL, &es) && es.code == 0x08 &&
	       es.excl_kernel && !pmukit_input_event("CYCLES", NULL, &es) && es.code == 0x11,
	       "pmukit_input_event(): a core type's name and the firmware's CYCLES, as pmukit_input_name()");
}

/* The core types of counts: several keep theirs, one type's are counts of no type. */
static void test_types(void)
{
	static const char hybrid[] =
		"1000,,armv8_cortex_a53/cycles/,1000,100.00,,\n"
		"500,,armv8_cortex_a53/inst_retired/,1000,100.00,,\n"
		"2000,,armv8_cortex_a72/cycles/,1000,100.00,,\n"
		"3000,,armv8_cortex_a72/inst_retired/,1000,100.00,,\n"
		"5.0,msec,task-clock,5000000,100.00,,\n";
	static const char one[] =
		"1000,,cycles,1000,100.00,,\n2000,,armv8_neoverse_n1/r37/,1000,100.00,,\n";
	static const char ivl[] =
		"0.010000000,cortex-a53,10,,cycles:u,10,100.00,,,1,,\n"
		"0.010000000,cortex-a72,20,,cycles:u,20,100.00,,,1,,\n"
		"30,,cycles:u,30,100.00,,,1,,\n";
	static const char json[] =
		"{ \"events\": [ { \"core\": \"cortex-a53\", \"cpus\": \"0-3\", \"event\": \"L1D_CACHE_REFILL_RD:u\", "
		"\"pass\": 1, \"value\": 5 },\n"
		"{ \"core\": \"cortex-a72\", \"cpus\": \"4-5\", \"event\": \"L1D_CACHE_REFILL_RD:u\", \"pass\": 1, \"value\": 6 },\n"
		"{ \"core\": \"all\", \"event\": \"cycles:u\", \"pass\": 1, \"value\": 7 } ] }\n";
	struct pmukit_input in;
	char err[256];

	tap_ok(!pmukit_input_read(hybrid, strlen(hybrid), NULL, NULL, NULL, &in, err, sizeof(err)) &&
	       in.has_core && in.n == 5 && !strcmp(in.count[0].core, "cortex-a53") &&
	       in.count[1].code == 0x08 && !strcmp(in.count[3].core, "cortex-a72") &&
	       !in.count[4].core[0], "perf -x on a hybrid machine: each count's type, task-clock none");
	pmukit_input_free(&in);
	tap_ok(!pmukit_input_read(one, strlen(one), NULL, NULL, NULL, &in, err, sizeof(err)) &&
	       !in.has_core && !in.count[1].core[0] && in.count[1].code == 0x37,
	       "perf -x of one type whose PMU names its core: counts of no type");
	pmukit_input_free(&in);
	tap_ok(!pmukit_input_read(ivl, strlen(ivl), NULL, NULL, NULL, &in, err, sizeof(err)) &&
	       in.has_core && in.has_interval && in.n == 3 && !strcmp(in.count[0].core, "cortex-a53") &&
	       in.count[1].value == 20 && !strcmp(in.count[1].core, "cortex-a72") && !in.count[2].core[0],
	       "pmukit stat -x -I on several types: the core column (%s)", err);
	pmukit_input_free(&in);
	tap_ok(!pmukit_input_read(json, strlen(json), NULL, NULL, NULL, &in, err, sizeof(err)) &&
	       in.has_core && in.n == 3 && !strcmp(in.count[0].core, "cortex-a53") &&
	       in.count[0].code == 0x42 && !strcmp(in.count[1].core, "cortex-a72") &&
	       !in.count[2].core[0], "pmukit stat --json on several types: \"core\", a sum's \"all\" none (%s)",
	       err);
	pmukit_input_free(&in);
}

struct want {
	const char *name;
	int code;
	enum pmukit_input_status status;
	uint64_t value;
	double percent, interval;
	int cpu;
	unsigned int pass, line;
};

static void check_read(int line, const char *text, const char *format, const char *sep,
		       const char *want_format, const struct want *w, unsigned int n)
{
	struct pmukit_input in;
	char err[512] = "";
	int ret = pmukit_input_read(text, strlen(text), format, sep,
				   pmukit_core_by_name("neoverse-n1"), &in, err, sizeof(err));
	unsigned int i, bad = 0;

	if (!tap_ok(ret == 0, "line %d: read (%s)", line, err))
		return;
	tap_ok(!strcmp(in.format, want_format) && in.n == n, "line %d: %s, %u counts (got %s, %u)",
	       line, want_format, n, in.format, in.n);
	for (i = 0; i < n && i < in.n; i++) {
		const struct pmukit_input_count *c = &in.count[i];

		if (strcmp(c->name, w[i].name) || c->code != w[i].code || c->status != w[i].status ||
		    c->value != w[i].value || c->percent != w[i].percent ||
		    c->interval != w[i].interval || c->cpu != w[i].cpu || c->pass != w[i].pass ||
		    c->line != w[i].line) {
			bad++;
			tap_diag("count %u: got %s 0x%x st %d %llu %.2f%% t %.3f cpu %d pass %u line %u", i,
				 c->name, c->code, c->status, (unsigned long long)c->value, c->percent,
				 c->interval, c->cpu, c->pass, c->line);
		}
	}
	tap_ok(!bad, "line %d: each count's name, event, status, value, share, time, CPU, pass, line", line);
	pmukit_input_free(&in);
}

static void test_read(void)
{
	static const struct want csv[] = {
		{ "cycles:u", 0x11, PMUKIT_INPUT_COUNTED, 1000, 100.0, -1, -1, 1, 2 },
		{ "instructions:u", 0x08, PMUKIT_INPUT_COUNTED, 2001, 42.5, -1, -1, 1, 3 },
		{ "task-clock", PMUKIT_INPUT_NOT_PMU, PMUKIT_INPUT_COUNTED, 13, 100.0, -1, -1, 1, 4 },
		{ "r23", 0x23, PMUKIT_INPUT_NOT_COUNTED, 0, 0.0, -1, -1, 1, 5 },
		{ "frobs", PMUKIT_INPUT_UNKNOWN, PMUKIT_INPUT_NOT_SUPPORTED, 0, 100.0, -1, -1, 1, 6 },
	};
	static const struct want ia[] = {
		{ "cycles", 0x11, PMUKIT_INPUT_COUNTED, 5, 100.0, 1.5, 3, 1, 1 },
		{ "cycles", 0x11, PMUKIT_INPUT_COUNTED, 7, 100.0, 3.0, 3, 1, 2 },
	};
	static const struct want pm[] = {
		{ "CPU_CYCLES:u", 0x11, PMUKIT_INPUT_COUNTED, 10, 100.0, -1, -1, 2, 1 },
		{ "INST_RETIRED:u", 0x08, PMUKIT_INPUT_NOT_COUNTED, 0, 100.0, -1, -1, 2, 2 },
		{ "L1D_CACHE:u", 0x04, PMUKIT_INPUT_WRAPPED, 0, 100.0, -1, -1, 3, 3 },
		{ "L1D_CACHE_REFILL:u", 0x03, PMUKIT_INPUT_NOT_COUNTED, 0, 0.0, -1, -1, 3, 5 },
	};
	static const struct want js[] = {
		{ "cycles", 0x11, PMUKIT_INPUT_COUNTED, 12, 60.0, 2.0, 1, 1, 1 },
		{ "instructions", 0x08, PMUKIT_INPUT_NOT_COUNTED, 0, 0.0, 2.0, 1, 1, 3 },
	};
	static const struct want td[] = {
		{ "CPU_CYCLES", 0x11, PMUKIT_INPUT_COUNTED, 9, 100.0, 0.5, -1, 2, 2 },
		{ "INST_RETIRED", 0x08, PMUKIT_INPUT_NOT_COUNTED, 0, 100.0, -1, -1, 1, 3 },
	};
	static const struct want lw[] = {
		{ "CPU_CYCLES", 0x11, PMUKIT_INPUT_COUNTED, 100, 100.0, -1, 0, 2, 6 },
		{ "CPU_CYCLES", 0x11, PMUKIT_INPUT_COUNTED, 2000000, 100.0, -1, 4, 2, 6 },
		{ "L1D_CACHE_ST", 0x41, PMUKIT_INPUT_NOT_COUNTED, 0, 100.0, -1, 0, 2, 7 },
		{ "L1D_CACHE_ST", 0x41, PMUKIT_INPUT_COUNTED, 3, 100.0, -1, 4, 2, 7 },
	};

	check_read(__LINE__, "# started on today\n1000,,cycles:u,5,100.00,,\n"
		   "2000.51,,instructions:u,5,42.50,0.5,insn per cycle\n"
		   "12.50,msec,task-clock,5,100.00,1.0,CPUs utilized\n"
		   "<not counted>,,r23,0,0.00,,\n<not supported>,,frobs,0,100.00,,\n",
		   NULL, NULL, "perf stat -x", csv, ARRAY_SIZE(csv));
	check_read(__LINE__, "   1.500000000|:|CPU3|:|5|:||:|cycles|:|10|:|100.00|:||:|\n"
		   "   3.000000000|:|CPU3|:|7|:||:|cycles|:|10|:|100.00|:||:|\n",
		   NULL, NULL, "perf stat -x", ia, ARRAY_SIZE(ia));
	check_read(__LINE__, "1.500000000|CPU3|5||cycles|10|100.00||\n3.000000000|CPU3|7||cycles|10|100.00||\n",
		   "perf-csv", "|", "perf stat -x", ia, ARRAY_SIZE(ia));
	check_read(__LINE__, "1.500000000\tCPU3\t5\t\tcycles\t10\t100.00\t\t\n"
		   "3.000000000\tCPU3\t7\t\tcycles\t10\t100.00\t\t\n",
		   NULL, NULL, "perf stat -x", ia, ARRAY_SIZE(ia));
	check_read(__LINE__, "1.500000000 CPU3 5  cycles 10 100.00  \n3.000000000 CPU3 7  cycles 10 100.00  \n",
		   NULL, NULL, "perf stat -x", ia, ARRAY_SIZE(ia));
	check_read(__LINE__, "10,,CPU_CYCLES:u,5,100.00,,,2,,\n"
		   "7,,INST_RETIRED:u,5,100.00,,,2,did not count,the PMU was off\n"
		   "<wrapped>,,L1D_CACHE:u,5,100.00,,,3,,\n,,,,,1.0,ipc,per cycle,f,g,1,2,\n"
		   "<not counted>,,L1D_CACHE_REFILL:u,,0.00,,,3,did not count,the PMU was off\n"
		   ",IPC,,,,1.0,insn per cycle\n",
		   NULL, NULL, "pmukit stat -x", pm, ARRAY_SIZE(pm));
	{
		struct pmukit_input in;
		char err[256];
		const char *t = "<not counted>,,CPU_CYCLES:u,,0.00,,,1,did not count,the PMU was off\n"
				"0,,INST_RETIRED:u,5,100.00,,,1,did not count,\n";

		tap_ok(!pmukit_input_read(t, strlen(t), NULL, NULL, NULL, &in, err, sizeof(err)) &&
		       in.n == 2 && !strcmp(in.count[0].why, "the PMU was off") &&
		       !strcmp(in.count[1].why, "did not count") && in.by_pmukit,
		       "pmukit stat -x in perf's layout: the reason of a count that did not count, else its verdict (%s)",
		       err);
		pmukit_input_free(&in);
	}
	check_read(__LINE__, "{\"interval\" : 2.000000000, \"cpu\" : \"1\", \"counter-value\" : \"12.000000\", "
		   "\"unit\" : \"\", \"event\" : \"cycles\", \"event-runtime\" : 6, \"pcnt-running\" : 60.00, "
		   "\"metric-value\" : \"0.000000\", \"metric-unit\" : \"GHz\"}\n"
		   "{\"interval\" : 2.000000000, \"metric-value\" : \"0.5\", \"metric-unit\" : \"insn per cycle\"}\n"
		   "{\"interval\" : 2.000000000, \"cpu\" : \"1\", \"counter-value\" : \"<not counted>\", "
		   "\"unit\" : \"\", \"event\" : \"instructions\", \"event-runtime\" : 0, \"pcnt-running\" : 0.00}\n",
		   NULL, NULL, "perf stat -j", js, ARRAY_SIZE(js));
	check_read(__LINE__, "run,time,event,value\n2,0.5,CPU_CYCLES,9\n1,,INST_RETIRED,\n",
		   NULL, NULL, "topdown-tool CSV", td, ARRAY_SIZE(td));
	check_read(__LINE__, "STRUCT,Info,3,,\nCPU name:,x,,,\nCPU type:,ARM Neoverse N1,,,\n"
		   "TABLE,Group 2 Raw,Custom,3,\nEvent,Counter,HWThread 0,HWThread 4,\n"
		   "CPU_CYCLES,PMC0,100,2.000000e+06,\nL1D_CACHE_ST,PMC1,nan,3,\n"
		   "TABLE,Group 2 Raw STAT,Custom,3,\nEvent,Counter,Sum,Min,Max,Avg\n"
		   "CPU_CYCLES STAT,PMC0,1,1,1,1\n",
		   NULL, NULL, "likwid-perfctr CSV", lw, ARRAY_SIZE(lw));
}

static void test_errors(void)
{
	static const struct {
		int line;
		const char *text, *format, *err;
	} rows[] = {
		{ __LINE__, "hello\n", NULL, "line 1: expected a 'perf stat -x SEP' line" },
		{ __LINE__, "\n\n5,,cycles,1,100.00\n5,,cycles,1\n", NULL, "line 4: expected a 'perf stat -x SEP' line" },
		{ __LINE__, "5,,,1,100.00,,\n", NULL, "line 1: expected an event's name in field 3" },
		{ __LINE__, "-5,,cycles,1,100.00,,\n", NULL, "line 1: expected a 'perf stat -x SEP' line" },
		{ __LINE__, "5,,cycles,1,100.00,,\n1e3,,cycles,1,100.00,,\n", NULL,
		  "line 2: expected a count (digits, perhaps a fraction), <not counted> or <not supported> in field 1, not '1e3'" },
		{ __LINE__, "5,,cycles,1,0.00,,\n", NULL,
		  "line 1: expected a percentage counted above 0 and at most 100 in field 5, not '0.00'" },
		{ __LINE__, "5,,cycles,1,100.00,,,0,,\n", NULL, "line 1: expected pmukit's pass (1 to 64) in field 8, not '0'" },
		{ __LINE__, "{\"counter-value\" : \"5\", \"event\" : \"cycles\"\n", NULL,
		  "line 1: expected a 'perf stat -j' object" },
		{ __LINE__, "{\"counter-value\" : \"5\"}\n", NULL, "line 1: expected both \"counter-value\" and \"event\"" },
		{ __LINE__, "{\"counter-value\" : \"5\", \"event\" : \"cycles\", \"pcnt-running\" : 0.00}\n", NULL,
		  "line 1: expected \"pcnt-running\" above 0 for a count" },
		{ __LINE__, "run,time,event,value\n", NULL, "line 1: expected rows after topdown-tool's header" },
		{ __LINE__, "run,time,event,value\n1,x,CPU_CYCLES,5\n", NULL, "(TIME is 'x')" },
		{ __LINE__, "run,time,event\n1,,CPU_CYCLES\n", "topdown-tool", "line 1: expected topdown-tool's header" },
		{ __LINE__, "TABLE,Group 1 Raw,C,1\nEvent,Counter,Thread 0\n", NULL, "line 2: expected 'HWThread N' for column 3" },
		{ __LINE__, "TABLE,Group 1 Raw,C,1\nEvent,Counter,HWThread 0\nCPU_CYCLES,PMC0\n", NULL,
		  "line 3: expected 3 fields, EVENT,COUNTER and a value for each HWThread, not 2" },
		{ __LINE__, "STRUCT,Info,3\n", NULL, "expected a 'TABLE,Group N Raw,...' table" },
		{ __LINE__, "TABLE,Region r1,Group 1 Raw,C,2\nRegion Info,HWThread 0\n", NULL,
		  "(the marker API's 'TABLE,Region ...' tables, of -m, are not read)" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		struct pmukit_input in;
		char err[512] = "";
		int ret = pmukit_input_read(rows[i].text, strlen(rows[i].text), rows[i].format, NULL,
					   NULL, &in, err, sizeof(err));

		tap_ok(ret == -EINVAL && strstr(err, rows[i].err) && in.n == 0 && !in.count,
		       "line %d: -EINVAL, '%s' (got %d, '%s')", rows[i].line, rows[i].err, ret, err);
	}
	{
		struct pmukit_input in;

		tap_ok(pmukit_input_read("5,,cycles,1,100.00,,\n", 21, "perf-xml", NULL, NULL, &in, NULL, 0) ==
		       -EINVAL, "an unknown format: -EINVAL");
		tap_ok(pmukit_input_format_at(0) && !strcmp(pmukit_input_format_at(3), "likwid") &&
		       !strcmp(pmukit_input_format_at(6), "firmware") &&
		       !strcmp(pmukit_input_format_at(7), "pmukit-table") && !pmukit_input_format_at(8),
		       "eight formats by name");
	}
}

/* pmukit's own formats: who wrote them, the path, the passes' cycles, NOT RUN. */
static void test_own(void)
{
	static const struct want js[] = {
		{ "INST_RETIRED:u", 0x08, PMUKIT_INPUT_NOT_COUNTED, 0, 100.0, -1, -1, 1, 2 },
		{ "CPU_CYCLES:u", 0x11, PMUKIT_INPUT_COUNTED, 10, 100.0, -1, -1, 2, 3 },
		{ "A", PMUKIT_INPUT_UNKNOWN, PMUKIT_INPUT_WRAPPED, 0, 100.0, -1, -1, 2, 4 },
	};
	static const struct want fw[] = {
		{ "INST_RETIRED", 0x08, PMUKIT_INPUT_COUNTED, 28711, 100.0, -1, -1, 1, 2 },
		{ "LD_RETIRED", 0x06, PMUKIT_INPUT_WRAPPED, 0, 100.0, -1, -1, 2, 3 },
		{ "ST_RETIRED", 0x07, PMUKIT_INPUT_NOT_RUN, 0, 100.0, -1, -1, 3, 4 },
	};
	static const struct want csv[] = {
		{ "INST_RETIRED:u", 0x08, PMUKIT_INPUT_COUNTED, 5, 100.0, -1, -1, 1, 1 },
		{ "CPU_CYCLES:u", 0x11, PMUKIT_INPUT_NOT_COUNTED, 0, 100.0, -1, -1, 2, 2 },
	};
	const char *json = "{ \"path\": \"direct\", \"metric_set\": \"neoverse-n1\", \"midr\": \"0x413fd0c1\",\n"
		"\"events\": [ { \"event\": \"INST_RETIRED:u\", \"pass\": 1, \"value\": 5, \"counted\": false },\n"
		"{ \"event\": \"CPU_CYCLES:u\", \"pass\": 2, \"value\": 10 },\n"
		"{ \"event\": \"A\", \"pass\": 2, \"value\": null } ],\n"
		"\"pass_cycles\": [ 7.4, 10 ] }\n";
	struct pmukit_input in;
	char err[256];

	static const char table[] =
		"\n Performance counter stats for 'loop' (2 runs; path direct, cpu 0):\n\n"
		"               1.50 msec task-clock               #     0.584  CPUs utilized\n"
		"    <did not count>      INST_RETIRED:u\n"
		"              1,000      L1D_CACHE:u                                                      [87.50% counting]  (pass 2)\n"
		"\n INST_RETIRED:u did not count: off (2 of 2 runs)\n"
		" 2 passes of at most 6 events each (...), CPU_CYCLES:u counted in every pass:\n"
		"   pass 1 9,000, pass 2 9,100 (spread 1.10%: the passes differ a little)\n"
		"              1.50 +- 0.25 seconds time elapsed  ( +- 16.67% )\n"
		"              2,000      L1D_CACHE:u\n";
	static const struct want tab[] = {
		{ "task-clock", PMUKIT_INPUT_NOT_PMU, PMUKIT_INPUT_COUNTED, 2, 100.0, -1, -1, 1, 4 },
		{ "INST_RETIRED:u", 0x08, PMUKIT_INPUT_NOT_COUNTED, 0, 100.0, -1, -1, 1, 5 },
		{ "L1D_CACHE:u", 0x04, PMUKIT_INPUT_COUNTED, 1000, 87.5, -1, -1, 2, 6 },
		{ "CPU_CYCLES:u", 0x11, PMUKIT_INPUT_COUNTED, 9000, 100.0, -1, -1, 1, 10 },
		{ "CPU_CYCLES:u", 0x11, PMUKIT_INPUT_COUNTED, 9100, 100.0, -1, -1, 2, 10 },
	};

	check_read(__LINE__, json, NULL, NULL, "pmukit stat --json", js, ARRAY_SIZE(js));
	check_read(__LINE__, table, NULL, NULL, "pmukit stat", tab, ARRAY_SIZE(tab));
	tap_ok(!pmukit_input_read(table, strlen(table), "pmukit-table", NULL, NULL, &in, err, sizeof(err)) &&
	       in.by_pmukit && !strcmp(in.path, "direct") && !strcmp(in.count[1].why, "off") &&
	       in.have_pass_cycles[1] && in.pass_cycles[1] == 9100,
	       "pmukit stat's table: by pmukit, its path, a reason without its runs, the passes' cycles (%s)", err);
	pmukit_input_free(&in);
	tap_ok(!pmukit_input_read(json, strlen(json), "pmukit-json", NULL, NULL, &in, err, sizeof(err)) &&
	       in.by_pmukit && !strcmp(in.path, "direct") && in.have_pass_cycles[0] &&
	       in.pass_cycles[0] == 7 && in.pass_cycles[1] == 10 && !in.have_pass_cycles[2] &&
	       !strcmp(in.core_name, "neoverse-n1") && in.midr == 0x413fd0c1,
	       "pmukit stat --json: by pmukit, its path, its passes' cycles (means rounded), its core and MIDR");
	pmukit_input_free(&in);
	check_read(__LINE__, "PMU EVENT, PASS, DELTA\nINST_RETIRED,1,28711\nLD_RETIRED,2,OVERFLOW\n"
		   "ST_RETIRED,3,NOT RUN\n", NULL, NULL, "firmware CSV", fw, ARRAY_SIZE(fw));
	check_read(__LINE__, "5,,INST_RETIRED:u,0.00,1,100.00,,\n"
		   "0,,CPU_CYCLES:u,0.00,2,100.00,,,did not count,off\n", NULL, NULL, "pmukit stat -x",
		   csv, ARRAY_SIZE(csv));
	tap_ok(!pmukit_input_read("5,,cycles,1,100.00,,\n", 21, NULL, NULL, NULL, &in, err, sizeof(err)) &&
	       !in.by_pmukit, "perf's output: not by pmukit");
	pmukit_input_free(&in);
}

int main(void)
{
	tap_header();
	test_names();
	test_recorded_names();
	test_types();
	test_read();
	test_errors();
	test_own();
	return tap_done();
}
