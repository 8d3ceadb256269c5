/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target recorded: what 'pmukit metrics' reads (recorded_parse() over
 * the library's reader: stat -x and --json output, the firmware's tables,
 * perf's, topdown-tool's and LIKWID's output) on any bytes, and, when the
 * bytes parse, Neoverse N1's topdown at level 2 and every metric of its set
 * evaluated on those counts and printed as text, CSV and JSON.
 */
#include "fuzz.h"

#include "analysis.h"
#include "cli.h"
#include "recorded.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct recorded rec;
	static struct an_sel sel;
	char err[512], *text = fuzz_string(data, size);
	static int quiet;
	struct pmukit_json j;
	int all;

	if (!quiet) {	/* the output goes to stdout, then /dev/null */
		fuzz_quiet();
		quiet = 1;
	}
	if (recorded_parse(text, strlen(text), NULL, &rec, err, sizeof(err)) == 0) {
		for (all = 0; all < 2; all++) {
			memset(&sel, 0, sizeof(sel));
			sel.core = pmukit_core_by_name("neoverse-n1");
			sel.set = an_set_of(sel.core, 0);
			if (all)
				an_select_counted(&sel, &rec);
			else if (an_select_topdown(&sel, "metrics", 2))
				abort();
			an_eval(&sel, &rec);
			an_print_table(stdout, &sel);
			an_print_csv(stdout, ",", &sel, 0);
			pmukit_json_start(&j, stdout);
			pmukit_json_obj(&j, NULL);
			an_print_json(&j, &sel);
			pmukit_json_obj_end(&j);
			pmukit_json_finish(&j);
		}
	}
	free(text);
	return 0;
}
