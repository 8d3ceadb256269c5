// SPDX-License-Identifier: MIT
/*
 * pmukit regs: the PMU and timer registers as user space sees them on one
 * CPU, fields decoded. A read that traps is reported with its reason, and
 * where the module shows the same register in sysfs, its value is shown.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <sched.h>
#include <string.h>

#include "cli.h"
#include "regs.h"

static const char usage[] =
	"usage: pmukit regs [--cpu C]\n"
	"\n"
	"Reads the PMU registers (PMCR, PMCNTENSET/CLR, PMOVSSET/CLR, PMUSERENR,\n"
	"PMCCFILTR, PMSELR, PMCEID0/1, PMCCNTR) and the generic timer (CNTFRQ,\n"
	"CNTVCT) from user space and decodes their fields. A register user space\n"
	"may not read is shown as 'not readable from user space: <why>', followed\n"
	"by the value pmukit.ko reads in the kernel, when the module is loaded and\n"
	"shows that register in " PMUKIT_SYSFS "/cpuN/.\n"
	"\n"
	"  --cpu C     read on CPU C (default: the CPU this runs on)\n"
	"  -h, --help  this text\n";

static void show(unsigned int i, int cpu)
{
	const struct pmukit_reg *r = pmukit_reg_at(i);
	char dec[512], why[160], path[96];
	uint64_t v;
	uint32_t sys;

	if (pmukit_reg_read(i, &v) == 0) {
		reg_decode((enum reg_kind)r->kind, v, dec, sizeof(dec));
		printf("%-15s 0x%0*llx  %s\n", r->name, v >> 32 ? 16 : 8,
		       (unsigned long long)v, dec);
		return;
	}
	reg_unreadable_why(r->need, why, sizeof(why));
	printf("%-15s not readable from user space: %s\n", r->name, why);
	if (!r->sysfs)
		return;
	snprintf(path, sizeof(path), PMUKIT_SYSFS "/cpu%d/%s", cpu, r->sysfs);
	if (pmukit_kmod_cpu_reg(cpu, r->sysfs, &sys) == 0) {
		reg_decode((enum reg_kind)r->kind, sys, dec, sizeof(dec));
		printf("%-15s 0x%08x  %s  (read by pmukit.ko: %s)\n", "", sys, dec, path);
	}
}

int cmd_regs(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "cpu", required_argument, NULL, 'c' },
		HELP_LONGOPTS_END,
	};
	struct cli_getopt g = {
		.cmd = "regs", .usage = usage, .shortopts = ":c:h",
		.longopts = opts,
	};
	unsigned long cpu_arg = 0;
	int c, cpu, pinned = 0;
	unsigned int i;

	while ((c = cli_next_opt(&g, argc, argv)) == 'c') {
		if (parse_ulong(optarg, 0, CPU_SETSIZE - 1, &cpu_arg))
			return usage_error("regs", "--cpu takes a CPU number, not '%s'", optarg);
		pinned = 1;
	}
	if (c < 0)
		return g.exit;
	if (!pmukit_reg_count()) {
		cli_error("regs", "this machine (%s) has no ARM PMU registers to show", pmukit_reg_isa());
		return CLI_FAIL;
	}
	if (pinned && pin_to_cpu((int)cpu_arg)) {
		cli_error("regs", "cannot run on cpu%lu: it is offline or not allowed", cpu_arg);
		return CLI_FAIL;
	}
	cpu = sched_getcpu();
	if (!pinned)
		pin_to_cpu(cpu);	/* all registers from the same CPU */
	printf("cpu%d (%s), read from user space:\n", cpu, pmukit_reg_isa());
	for (i = 0; i < pmukit_reg_count(); i++)
		show(i, cpu);
	return CLI_OK;
}
