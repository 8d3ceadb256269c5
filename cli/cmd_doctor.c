// SPDX-License-Identifier: MIT
/*
 * pmukit doctor: why counters go missing here and what to do, one line per
 * finding of pmukit_doctor() (the library decides; this prints), then a
 * verdict. Exit 0 when nothing needs fixing, 1 when a fix is offered.
 */
#include <getopt.h>
#include <string.h>

#include "cli.h"
#include "pmukit/doctor.h"
#include "pmukit/json.h"

#define DOCTOR_MAX	32
#define OPT_JSON	256

static const char usage[] =
	"usage: pmukit doctor [--json]\n"
	"\n"
	"Why counters go missing on this machine, and what to do: one line per\n"
	"finding (a PMU node missing from the device tree, perf's driver named for\n"
	"another core, no PMU interrupt, a virtual machine, the watchdog holding a\n"
	"counter, kernel.perf_event_paranoid, kernel.perf_user_access, pmukit.ko\n"
	"not loaded or not built or in a mode that gives this user nothing, user\n"
	"access a perf session switched off, the kernel at EL2, a counter that\n"
	"does not count), each with the file it read, the fix (a command or a file\n"
	"fragment) and the access paths that work meanwhile; then a verdict.\n"
	"Exit 0 when nothing needs fixing, 1 when a fix is offered.\n"
	"\n"
	"  --json      JSON\n"
	"  -h, --help  this text\n";

static void print_json(const struct pmukit_finding *f, int n, int fixes, const char *verdict)
{
	struct pmukit_json j;
	int i;

	pmukit_json_start(&j, stdout);
	pmukit_json_obj_flow(&j, NULL, 0);
	pmukit_json_arr(&j, "findings");
	for (i = 0; i < n; i++) {
		pmukit_json_obj_flow(&j, NULL, 0);
		pmukit_json_str(&j, "name", f[i].name);
		pmukit_json_bool(&j, "fix_needed", f[i].fix_needed);
		pmukit_json_str(&j, "what", f[i].what);
		pmukit_json_str(&j, "evidence", f[i].evidence);
		pmukit_json_str(&j, "fix", f[i].fix);
		pmukit_json_str(&j, "works", f[i].works);
		pmukit_json_obj_end(&j);
	}
	pmukit_json_arr_end(&j);
	pmukit_json_int(&j, "fixes", fixes);
	pmukit_json_str(&j, "verdict", verdict);
	pmukit_json_obj_end(&j);
	pmukit_json_finish(&j);
}

int cmd_doctor(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, OPT_JSON },
		HELP_LONGOPTS_END,
	};
	struct cli_getopt g = {
		.cmd = "doctor", .usage = usage, .shortopts = ":h",
		.longopts = opts,
	};
	struct pmukit_finding f[DOCTOR_MAX];
	char verdict[256];
	int c, n, i, fixes = 0, json = 0;

	while ((c = cli_next_opt(&g, argc, argv)) > 0)
		if (c == OPT_JSON)
			json = 1;
	if (c < 0)
		return g.exit;
	n = pmukit_doctor(f, DOCTOR_MAX, 0);
	if (n < 0) {
		cli_error("doctor", "%s", pmukit_strerror(n));
		return CLI_FAIL;
	}
	if (n > DOCTOR_MAX)
		n = DOCTOR_MAX;
	for (i = 0; i < n; i++)
		fixes += f[i].fix_needed;
	if (fixes)
		snprintf(verdict, sizeof(verdict), "%d fix%s offered above", fixes,
			 fixes == 1 ? "" : "es");
	else
		snprintf(verdict, sizeof(verdict), "nothing to fix: every access path works here");
	if (json) {
		print_json(f, n, fixes, verdict);
		return fixes ? CLI_FAIL : CLI_OK;
	}
	for (i = 0; i < n; i++) {
		printf("%s %s: %s; read: %s", f[i].fix_needed ? "fix " : "note", f[i].name,
		       f[i].what, f[i].evidence);
		if (f[i].fix[0])
			printf("; fix: %s", f[i].fix);
		printf("; works now: %s\n", f[i].works);
	}
	printf("verdict: %s\n", verdict);
	return fixes ? CLI_FAIL : CLI_OK;
}
