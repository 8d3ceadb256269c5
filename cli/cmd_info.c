// SPDX-License-Identifier: MIT
/*
 * pmukit info: what this machine's PMU is, what the kernel allows, and for
 * each access path whether it works here and, if not, why.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <sched.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "pmukit/kmod_dev.h"
#include "regs.h"
#include "pmukit/pmu_fields.h"
#include "pmukit/pmu_id.h"

#define INFO_MAX_CPUS	256

static const char usage[] =
	"usage: pmukit info\n"
	"\n"
	"Shows the core (name and MIDR), the PMU version, its counters, whether the\n"
	"cycle counter reads 64 bits, PMCR decoded, user access on each CPU, whether\n"
	"pmukit.ko is loaded and in which mode, the level the kernel runs at (what\n"
	":k counts), kernel.perf_user_access and\n"
	"kernel.perf_event_paranoid, kernel.nmi_watchdog (a perf-based hard-lockup\n"
	"watchdog holds a PMU counter), and for each access path (direct, perf-mmap,\n"
	"perf, clock) whether it works here and, if not, why; then the path auto\n"
	"takes ($PMUKIT_PATH, else the first that works) for calibrate and the\n"
	"library, which count the calling thread, and for stat, which counts a\n"
	"command: perf first there, as it follows the command on every CPU.\n"
	"\n"
	"  -h, --help  this text\n";

/* ID_AA64DFR0_EL1.PMUVer and ID_DFR0.PerfMon number the versions differently. */
static const char *pmu_version_name(unsigned int v)
{
	static const char *const aarch64[16] = {
		[1] = "PMUv3", [4] = "PMUv3p1", [5] = "PMUv3p4", [6] = "PMUv3p5",
		[7] = "PMUv3p7", [8] = "PMUv3p8", [9] = "PMUv3p9",
		[15] = "IMPLEMENTATION DEFINED",
	};
	static const char *const aarch32[16] = {
		[1] = "PMUv1", [2] = "PMUv2", [3] = "PMUv3", [4] = "PMUv3p1",
		[5] = "PMUv3p4", [6] = "PMUv3p5", [7] = "PMUv3p7", [8] = "PMUv3p8",
		[15] = "IMPLEMENTATION DEFINED",
	};
	const char *n = !strcmp(pmukit_reg_isa(), "AArch32") ? aarch32[v & 15] : aarch64[v & 15];

	return n ? n : "unknown version";
}

/*
 * AArch32: the version and where it comes from (ID_DFR0 through pmukit.ko,
 * or the MIDR: pmu_id.h), and whether the event counters filter by level.
 */
static void show_aarch32_pmu(const struct pmukit_pmu_info *in)
{
	uint32_t dfr0, pfr1;
	unsigned int field;
	int filter;

	printf("%-20s %s", "PMU", pmu_version_name(in->pmu_version));
	if (pmukit_kmod_id_reg("id_dfr0", &dfr0)) {
		printf(" (from the MIDR and the architecture: ID_DFR0 is readable at PL1 only; pmukit.ko shows it)\n");
	} else {
		field = (unsigned int)(dfr0 >> PMUKIT_ID_DFR0_PERFMON_SHIFT) & PMUKIT_PMUVER_MASK;
		if (field == in->pmu_version)
			printf(" (ID_DFR0.PerfMon %u)\n", field);
		else
			printf(" (ID_DFR0.PerfMon %u on this core: its MIDR, part 0x%03x, implements %s)\n",
			       field, pmukit_midr_part(in->midr), pmu_version_name(in->pmu_version));
	}
	filter = pmukit_this_level_filter(pmukit_aarch32_pmuv3(in->pmu_version), &pfr1);
	if (filter > 0)
		printf("%-20s yes: :u and :k (PMXEVTYPER P/U)\n", "level filter");
	else if (filter == 0)
		printf("%-20s no: counts at every level (ARMv7 without the Virtualization Extensions, ID_PFR1 0x%08x); :u and :k are refused\n",
		       "level filter", (unsigned int)pfr1);
	else
		printf("%-20s unknown (ID_PFR1 is readable at PL1 only; pmukit.ko shows it)\n",
		       "level filter");
}

/* big.LITTLE: every core type with its CPUs; the core line is this CPU's. */
static void show_core_types(void)
{
	char text[512];

	if (pmukit_core_types_describe(", ", text, sizeof(text)) > 1)
		printf("%-20s %s\n", "cores", text);
}

static void show_core(const struct pmukit_pmu_info *in)
{
	const struct pmukit_core_def *c = this_core(in);

	printf("%-20s %s", "core", c ? c->name : in->core[0] ? in->core : "unknown");
	if (in->midr)
		printf(" (MIDR 0x%08x: implementer 0x%02x, variant %u, part 0x%03x, revision %u)",
		       (unsigned)in->midr,
		       (unsigned)((in->midr >> PMUKIT_MIDR_IMPLEMENTER_SHIFT) & PMUKIT_MIDR_IMPLEMENTER_MASK),
		       (unsigned)((in->midr >> PMUKIT_MIDR_VARIANT_SHIFT) & PMUKIT_MIDR_VARIANT_MASK),
		       (unsigned)((in->midr >> PMUKIT_MIDR_PARTNUM_SHIFT) & PMUKIT_MIDR_PARTNUM_MASK),
		       (unsigned)(in->midr & PMUKIT_MIDR_REVISION_MASK));
	else
		printf(" (%s: no MIDR)", pmukit_reg_isa());
	putchar('\n');
	show_core_types();
	if (in->pmu_version && !strcmp(pmukit_reg_isa(), "AArch32"))
		show_aarch32_pmu(in);
	else if (in->pmu_version)
		printf("%-20s %s (ID_AA64DFR0.PMUVer %u)\n", "PMU",
		       pmu_version_name(in->pmu_version), in->pmu_version);
	else if (pmukit_midr_armv6_pmu(in->midr))
		printf("%-20s the ARMv6 (ARM11) PMU, which pmukit does not drive: use --path perf or --path clock\n",
		       "PMU");
	else
		printf("%-20s %s\n", "PMU", in->midr ? "version unknown" : "none (not an ARM core)");
	if (in->ncounters)
		printf("%-20s %u event counters and the cycle counter\n", "counters", in->ncounters);
	else
		printf("%-20s unknown\n", "counters");
	printf("%-20s %s\n", "64-bit cycle reads", in->cycle64 ? "yes" : "no (32-bit reads, wrap handled)");
}

static void show_pmcr(void)
{
	char dec[256];
	int cpu = sched_getcpu();
	uint32_t v32;
	uint64_t v;

	/* The CPU this runs on: on big.LITTLE, PMCR.N may differ between types. */
	if (cpu >= 0 && pmukit_kmod_cpu_reg(cpu, "pmcr", &v32) == 0) {
		reg_decode(REG_PMCR, v32, dec, sizeof(dec));
		printf("%-20s 0x%08x (cpu%d, read by pmukit.ko) %s\n", "PMCR", v32, cpu, dec);
	} else if (reg_read_kind(PMUKIT_REG_PMCR, &v) == 0) {
		reg_decode(REG_PMCR, v, dec, sizeof(dec));
		printf("%-20s 0x%08llx (read from user space) %s\n", "PMCR",
		       (unsigned long long)v, dec);
	} else if (pmukit_reg_count()) {
		printf("%-20s not readable here (user access off and pmukit.ko not loaded)\n",
		       "PMCR");
	}
}

static void show_user_access(void)
{
	int cpus[INFO_MAX_CPUS], n = pmukit_online_cpus(cpus, INFO_MAX_CPUS), i, on;
	cpu_set_t saved;
	uint64_t u;

	printf("%-20s", "user access");
	if (!pmukit_reg_count()) {
		printf(" n/a on %s (rdtsc is allowed)\n", pmukit_reg_isa());
		return;
	}
	if (sched_getaffinity(0, sizeof(saved), &saved))
		CPU_ZERO(&saved);
	for (i = 0; i < n; i++) {
		on = pmukit_kmod_user_access(cpus[i]);
		if (on >= 0) {
			printf(" cpu%d %s", cpus[i], on ? "on" : "off");
			continue;
		}
		/* No module: ask each CPU's PMUSERENR (readable at EL0 unless trapped). */
		if (pin_to_cpu(cpus[i]) == 0 && reg_read_kind(PMUKIT_REG_PMUSERENR, &u) == 0)
			printf(" cpu%d %s", cpus[i], u & (PMUKIT_PMUSERENR_EN_BIT | PMUKIT_PMUSERENR_CR_BIT) ?
			       "on" : "off");
		else
			printf(" cpu%d ?", cpus[i]);
	}
	printf("%s\n", n > 0 ? "" : " ?");
	if (CPU_COUNT(&saved))
		sched_setaffinity(0, sizeof(saved), &saved);
}

/*
 * kernel.nmi_watchdog = 1 with a perf-based hard-lockup detector: a pinned
 * CPU-cycles event on every CPU, which holds a PMU counter (the cycle
 * counter on PMUv3) for as long as the watchdog runs.
 */
static void show_watchdog(void)
{
	int v = pmukit_nmi_watchdog();

	if (!pmukit_reg_count() || v < 0)
		return;
	printf("%-20s %d%s\n", "nmi_watchdog", v,
	       v ? " (the kernel's hard-lockup watchdog holds a PMU counter through perf, "
	       "on PMUv3 the cycle counter; the direct path shares it)" : "");
}

/* What the module's mode gives, and whether this user may open /dev/pmukit. */
static void show_device(const char *mode)
{
	if (!strcmp(mode, "full")) {
		printf("%-20s every process may program the PMU (global_full_access=1)\n", "access");
		return;
	}
	printf("%-20s user space reads the module's counters; a process that opens %s programs the free counters while it runs\n",
	       "access", PMUKIT_DEV_PATH);
	if (access(PMUKIT_DEV_PATH, F_OK))
		printf("%-20s missing (a pmukit.ko older than this command, or no devtmpfs)\n",
		       PMUKIT_DEV_PATH);
	else
		printf("%-20s %s\n", PMUKIT_DEV_PATH, access(PMUKIT_DEV_PATH, R_OK) ?
		       "this user may not open it (its group is the administrator's choice: see the README, Security)" :
		       "this user may open it: the direct path counts any event");
}

static void show_kernel(const struct pmukit_pmu_info *in)
{
	char ev[128];

	if (in->module_loaded) {
		printf("%-20s loaded, mode %s", "pmukit.ko", in->module_mode[0] ? in->module_mode : "?");
		if (pmukit_kmod_events(ev, sizeof(ev)) == 0 && ev[0])
			printf(", events=%s", ev);
		putchar('\n');
		show_device(in->module_mode);
	} else {
		printf("%-20s not loaded\n", "pmukit.ko");
	}
	if (pmukit_reg_count())
		printf("%-20s %s\n", "levels", pmukit_kernel_el_note(pmukit_kernel_el()));
	if (in->perf_user_access >= 0)
		printf("%-20s %d%s\n", "perf_user_access", in->perf_user_access,
		       in->perf_user_access ? "" : " (perf-mmap self-reads need 1)");
	else
		printf("%-20s absent (kernel without it)\n", "perf_user_access");
	if (in->perf_paranoid != -100)
		printf("%-20s %d%s\n", "perf_event_paranoid", in->perf_paranoid,
		       in->perf_paranoid > 2 ? " (perf is root-only: set 2 or lower)" : "");
	else
		printf("%-20s absent (no perf events in this kernel)\n", "perf_event_paranoid");
	show_watchdog();
}

/*
 * Each path, then what auto takes (pmukit_path_choose(), the rule every
 * command uses): for the calling thread (calibrate, the library) and for a
 * command (stat), whose order starts with perf as it follows the command
 * and its children on every CPU.
 */
static void show_paths(void)
{
	static const enum pmukit_path order[] = {
		PMUKIT_PATH_DIRECT, PMUKIT_PATH_PERF_MMAP, PMUKIT_PATH_PERF, PMUKIT_PATH_CLOCK,
	};
	static const struct {
		const char *who;
		unsigned int flags;
	} autos[] = {
		{ "calibrate, library", 0 },
		{ "stat", PMUKIT_F_CHILD },
	};
	enum pmukit_path chosen[ARRAY_SIZE(autos)];
	char why[512];
	size_t i;

	printf("\naccess paths:\n");
	for (i = 0; i < ARRAY_SIZE(order); i++) {
		int ret;

		why[0] = '\0';
		ret = pmukit_path_detect(order[i], why, sizeof(why));
		printf("  %-10s %-4s %s\n", pmukit_path_name(order[i]), ret == 0 ? "yes" : "no",
		       why[0] ? why : ret ? pmukit_strerror(ret) : "");
	}
	for (i = 0; i < ARRAY_SIZE(autos); i++) {
		struct pmukit_options po = { .path = PMUKIT_PATH_AUTO, .cpu = -1,
					     .flags = autos[i].flags };
		int ret = pmukit_path_choose(NULL, 0, &po, &chosen[i], why, sizeof(why));

		if (ret)
			chosen[i] = PMUKIT_PATH_AUTO;
		printf("  %-10s %-4s %s: %s\n", "auto", ret == 0 ? "yes" : "no", autos[i].who,
		       why[0] ? why : pmukit_strerror(ret));
	}
	if (chosen[0] != chosen[1])
		printf("(stat counts a command: perf comes first there, as it follows the command and its children on every CPU)\n");
}

int cmd_info(int argc, char **argv)
{
	static const struct option opts[] = {
		HELP_LONGOPTS_END,
	};
	struct cli_getopt g = {
		.cmd = "info", .usage = usage, .shortopts = ":h",
		.longopts = opts,
	};
	struct pmukit_pmu_info in;
	int ret;

	if (cli_next_opt(&g, argc, argv) < 0)	/* no option but --help */
		return g.exit;
	if (path_env_check("info"))
		return CLI_USAGE;

	memset(&in, 0, sizeof(in));
	ret = pmukit_pmu_info(&in);
	if (ret) {
		cli_error("info", "cannot describe the PMU: %s (%s)", pmukit_strerror(ret),
			  pmukit_last_error());
		in.perf_user_access = -1;
		in.perf_paranoid = -100;
	}
	show_core(&in);
	show_pmcr();
	show_user_access();
	show_kernel(&in);
	show_paths();
	return ret ? CLI_FAIL : CLI_OK;
}
