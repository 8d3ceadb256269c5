// SPDX-License-Identifier: MIT
/*
 * pmukit_doctor()'s findings about pmukit.ko's state: counters perf did not
 * give it, a mode that gives this user nothing, counters stopped and user
 * access switched off by a perf session. From /sys/kernel/pmukit and
 * /dev/pmukit's permissions.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pmukit/kmod_dev.h"
#include "pmukit/pmu_fields.h"
#include "pmukit/pmu_id.h"
#include "pmukit/pmukit.h"
#include "doctor_priv.h"
#include "pmu_info.h"
#include "sysfile.h"

/*
 * The module's user access on each CPU (cpu<N>/user_access: "off" once a
 * perf session or CPU bring-up reset PMUSERENR), and whether this user may
 * open /dev/pmukit (a tree under $PMUKIT_SYSFS_ROOT has no /dev: nobody may).
 */
void pmukit_doctor_module_facts(struct facts *f)
{
	char path[96], text[16];
	int cpus[256], n, i;
	size_t at = 0;
	uint32_t reg;

	if (!f->mode[0])
		return;
	n = pmukit_online_cpus(cpus, 256);
	for (i = 0; i < n && at < sizeof(f->access_off); i++) {
		snprintf(path, sizeof(path), PMUKIT_SYSFS "/cpu%d/user_access", cpus[i]);
		if (pmukit_sysfile_read(path, text, sizeof(text)) || strcmp(text, "off"))
			continue;
		at += snprintf(f->access_off + at, sizeof(f->access_off) - at, "%scpu%d/user_access is off",
			       at ? ", " : "", cpus[i]);
		if (at < sizeof(f->access_off) && !pmukit_kmod_cpu_reg(cpus[i], "pmuserenr", &reg))
			at += snprintf(f->access_off + at, sizeof(f->access_off) - at,
				       " (pmuserenr 0x%x)", (unsigned int)reg);
	}
	f->dev_denied = !strcmp(f->mode, "read") &&
			(pmukit_sysfile_rooted() || (!f->root && access(PMUKIT_DEV_PATH, R_OK) != 0));
}

/*
 * 5b. mode=read reserves a counter through perf for each events= entry:
 * "-" in cpu<N>/counters is an entry perf found no counter for, as another
 * perf user (the watchdog, a perf session) held them at load.
 */
void pmukit_doctor_counters_taken(struct doctor *d)
{
	char path[96], text[160], missing[256] = "";
	int cpus[256], n, i;
	size_t at = 0;

	if (strcmp(d->f.mode, "read"))
		return;
	n = pmukit_online_cpus(cpus, 256);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), PMUKIT_SYSFS "/cpu%d/counters", cpus[i]);
		if (!pmukit_sysfile_read(path, text, sizeof(text)) && strchr(text, '-') &&
		    at < sizeof(missing))
			at += snprintf(missing + at, sizeof(missing) - at, "%scpu%d/counters is '%s'",
				       at ? ", " : "", cpus[i], text);
	}
	if (at) {
		struct pmukit_finding *x = add(d, PMUKIT_FIND_COUNTERS_TAKEN, "counters-taken", 1);

		put(x->what, "pmukit.ko in mode=read found no free counter for some of its events (another perf user held them when it was loaded): the direct path cannot read those events");
		put(x->evidence, "%s/%s (\"-\": no counter; events=%s)", PMUKIT_SYSFS, missing,
		    d->f.events);
		put(x->fix, "stop the other perf users (perf sessions; the watchdog: sudo sysctl -w kernel.nmi_watchdog=0), then: sudo rmmod pmukit && sudo modprobe pmukit mode=read events=%s",
		    d->f.events);
		pmukit_doctor_works(&d->f, x->works);
	}
}

/*
 * 6b. mode=read lets user space read, not program; a process that opens
 * /dev/pmukit (root, or the device's group) may program, so this is about a
 * user who may not open it. On PMUv1/v2 (ARMv7 without PMUv3, told by
 * ID_DFR0 as the module shows it on 32-bit kernels) there is no
 * PMUSERENR.ER/CR, so that user reads nothing there; on PMUv3 the module's
 * own counts only.
 */
void pmukit_doctor_module_mode(struct doctor *d)
{
	const struct facts *f = &d->f;
	struct pmukit_finding *x;
	unsigned int perfmon;
	uint32_t dfr0;

	if (!f->dev_denied || !f->cores.n)
		return;
	if (!pmukit_kmod_id_reg("id_dfr0", &dfr0)) {
		perfmon = pmukit_aarch32_perfmon(f->cores.t[0].midr, dfr0);
		if (!pmukit_aarch32_pmuv3(perfmon)) {
			x = add(d, PMUKIT_FIND_MODULE_MODE, "module-mode", 1);
			put(x->what, "pmukit.ko is in mode=read, which lets user space read counters through PMUv3's PMUSERENR.ER/CR: this PMU is older and a user who may not open %s reads nothing",
			    PMUKIT_DEV_PATH);
			put(x->evidence, "%s/mode is read; %s/id_dfr0 is 0x%08x (PerfMon %u)", PMUKIT_SYSFS,
			    PMUKIT_SYSFS, (unsigned int)dfr0, perfmon);
			goto fix;
		}
	}
	x = add(d, PMUKIT_FIND_MODULE_MODE, "module-mode", 1);
	put(x->what, "pmukit.ko is in mode=read and this user may not open %s: the direct path reads only the module's own counts (CPU_CYCLES%s%s), no other event",
	    PMUKIT_DEV_PATH, f->events[0] ? " and events=" : "", f->events);
	put(x->evidence, "%s/mode is read; %s is not readable for uid %u", PMUKIT_SYSFS,
	    PMUKIT_DEV_PATH, (unsigned int)getuid());
fix:
	put(x->fix, "give the user %s (its group: a udev rule GROUP=\"pmukit\", MODE=\"0660\"), which the library opens to count, or, on a machine of one user, sudo rmmod pmukit && sudo modprobe pmukit global_full_access=1", PMUKIT_DEV_PATH);
	pmukit_doctor_works(f, x->works);
}

/*
 * 8a. mode=read: the module started the counters (PMCR.E) and user space
 * cannot; a perf session that ran on a CPU leaves them stopped there.
 */
void pmukit_doctor_stopped(struct doctor *d)
{
	char stopped[256] = "";
	int cpus[256], n, i;
	size_t at = 0;
	uint32_t pmcr;

	if (strcmp(d->f.mode, "read"))
		return;
	n = pmukit_online_cpus(cpus, 256);
	for (i = 0; i < n; i++)
		if (!pmukit_kmod_cpu_reg(cpus[i], "pmcr", &pmcr) && !(pmcr & PMUKIT_PMCR_E_BIT) &&
		    at < sizeof(stopped))
			at += snprintf(stopped + at, sizeof(stopped) - at, "%scpu%d/pmcr is 0x%08x",
				       at ? ", " : "", cpus[i], (unsigned int)pmcr);
	if (at) {
		struct pmukit_finding *x = add(d, PMUKIT_FIND_NOT_COUNTING, "not-counting", 1);

		put(x->what, "the counters are stopped (PMCR.E = 0, as a perf session leaves them) and mode=read does not let user space start them: the direct path reads counts that do not move");
		put(x->evidence, "%s/%s", PMUKIT_SYSFS, stopped);
		put(x->fix, "echo 1 | sudo tee %s/rearm", PMUKIT_SYSFS);
		pmukit_doctor_works(&d->f, x->works);
	}
}

/*
 * 8c. The module opened user access and something closed it again: a perf
 * session (Linux's arm64 driver rewrites PMUSERENR when it schedules its
 * events), CPU bring-up, or sysctl kernel.perf_user_access. Read before the
 * live check, which would only see the direct path refused.
 */
void pmukit_doctor_access_off(struct doctor *d)
{
	struct pmukit_finding *x;

	if (!d->f.access_off[0])
		return;
	x = add(d, PMUKIT_FIND_ACCESS_OFF, "user-access-off", 1);
	put(x->what, "pmukit.ko is loaded but user access to the PMU is off (a perf session or CPU bring-up reset PMUSERENR): the direct path does not work");
	put(x->evidence, "%s/%s", PMUKIT_SYSFS, d->f.access_off);
	put(x->fix, "echo 1 | sudo tee %s/rearm", PMUKIT_SYSFS);
	pmukit_doctor_works(&d->f, x->works);
}
