// SPDX-License-Identifier: MIT
/*
 * pmukit_doctor(): every reason counters go missing here, each with the file
 * that shows it, the fix and what works meanwhile. The facts are read once
 * (struct facts) from /sys and /proc through sysfile.h, so that a fixture
 * tree under $PMUKIT_SYSFS_ROOT describes a whole machine; the one live
 * check (does a counter count) runs only on the machine itself.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pmukit/doctor.h"
#include "pmukit/kmod_dev.h"
#include "pmukit/pmu_fields.h"
#include "pmukit/pmu_id.h"
#include "pmukit/pmukit.h"
#include "cores.h"
#include "kernel_el.h"
#include "pmu_info.h"
#include "sysfile.h"
#include "doctor_priv.h"

#define DOCTOR_LOOP	200000

/* ---- the facts ---------------------------------------------------------- */

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Every CPU PMU perf lists, by name: readdir()'s order is the filesystem's. */
static void find_cpu_pmus(struct facts *f)
{
	char names[PMUKIT_MAX_CORE_TYPES][64];
	DIR *dir = pmukit_sysfile_opendir(PMUKIT_PERF_DEVICES);
	struct dirent *e;
	size_t n = 0, i, at = 0;

	if (!dir)
		return;
	while ((e = readdir(dir)) && n < PMUKIT_MAX_CORE_TYPES)
		if (pmukit_is_cpu_pmu(e->d_name) && strlen(e->d_name) < sizeof(names[0]))
			snprintf(names[n++], sizeof(names[0]), "%s", e->d_name);
	closedir(dir);
	qsort(names, n, sizeof(names[0]), by_name);
	for (i = 0; i < n; i++)
		at += snprintf(f->cpu_pmu + at, sizeof(f->cpu_pmu) - at, "%s%s", i ? ", " : "",
			       names[i]);
}

static void read_interrupts(struct facts *f)
{
	char *text;

	if (pmukit_sysfile_text("/proc/interrupts", 1 << 20, &text))
		return;
	f->have_interrupts = 1;
	/* The arm_pmu driver requests its interrupts by this name (DT and ACPI). */
	f->pmu_irq = strstr(text, "arm-pmu") != NULL;
	free(text);
}

static int dir_exists(const char *path)
{
	DIR *dir = pmukit_sysfile_opendir(path);

	if (dir)
		closedir(dir);
	return dir != NULL;
}

/*
 * Only what the machine says of itself: Xen's /sys/hypervisor/type, a
 * device tree with a hypervisor node, x86's "hypervisor" CPU flag, and the
 * firmware's DMI strings of KVM, QEMU and EC2 virtual instances (an EC2
 * bare-metal instance is "*.metal").
 */
static void find_vm(struct facts *f)
{
	char type[64], vendor[64] = "", product[64] = "";
	char *cpuinfo;

	if (!pmukit_sysfile_read("/sys/hypervisor/type", type, sizeof(type)) && type[0]) {
		snprintf(f->vm, sizeof(f->vm), "/sys/hypervisor/type: %s", type);
		return;
	}
	if (dir_exists("/proc/device-tree/hypervisor")) {
		snprintf(f->vm, sizeof(f->vm), "/proc/device-tree/hypervisor exists");
		return;
	}
	if (!pmukit_sysfile_text("/proc/cpuinfo", 1 << 20, &cpuinfo)) {
		int flag = strstr(cpuinfo, " hypervisor") != NULL;

		free(cpuinfo);
		if (flag) {
			snprintf(f->vm, sizeof(f->vm), "/proc/cpuinfo flags: hypervisor");
			return;
		}
	}
	pmukit_sysfile_read("/sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor));
	pmukit_sysfile_read("/sys/class/dmi/id/product_name", product, sizeof(product));
	if (!strcmp(vendor, "QEMU") || strstr(product, "KVM") ||
	    (!strcmp(vendor, "Amazon EC2") && product[0] && !strstr(product, "metal")))
		snprintf(f->vm, sizeof(f->vm), "/sys/class/dmi/id: sys_vendor '%s', product_name '%s'",
			 vendor, product);
}

static void read_facts(struct facts *f)
{
	unsigned int i;

	memset(f, 0, sizeof(*f));
	pmukit_cores_get(&f->cores);
	for (i = 0; i < f->cores.n; i++)
		if (f->cores.t[i].midr)
			f->arm = 1;
	find_cpu_pmus(f);
	read_interrupts(f);
	pmukit_sysfile_read("/proc/device-tree/model", f->model, sizeof(f->model));
	find_vm(f);
	f->paranoid = pmukit_perf_paranoid();
	f->user_access = pmukit_perf_user_access();
	pmukit_sysfile_read("/proc/sys/kernel/nmi_watchdog", f->watchdog, sizeof(f->watchdog));
	pmukit_sysfile_read(PMUKIT_SYSFS "/mode", f->mode, sizeof(f->mode));
	pmukit_sysfile_read(PMUKIT_SYSFS "/events", f->events, sizeof(f->events));
	f->kernel_el = pmukit_kernel_el();
	pmukit_sysfile_read("/proc/sys/kernel/osrelease", f->release, sizeof(f->release));
	f->root = geteuid() == 0;
	pmukit_doctor_module_facts(f);
}

/* perf counts hardware events: a CPU PMU and a paranoid level that lets us. */
static int perf_works(const struct facts *f)
{
	return f->cpu_pmu[0] && f->paranoid != -100 && (f->paranoid <= 2 || f->root);
}

/* What counts now, from the facts: the paths that work, in auto's order. */
void pmukit_doctor_works(const struct facts *f, char *buf)
{
	size_t n = 0;

	buf[0] = '\0';
	if (f->mode[0] && !f->access_off[0])
		n += snprintf(buf + n, PMUKIT_FINDING_TEXT - n, "direct (pmukit.ko, %s), ",
			      strcmp(f->mode, "full") ? f->dev_denied ?
			      "mode=read: the module's counts only" : "mode=read" : "global_full_access=1");
	if (perf_works(f) && f->user_access == 1)
		n += snprintf(buf + n, PMUKIT_FINDING_TEXT - n, "perf-mmap, ");
	if (perf_works(f))
		n += snprintf(buf + n, PMUKIT_FINDING_TEXT - n, "perf (%s), ", f->cpu_pmu);
	snprintf(buf + n, PMUKIT_FINDING_TEXT - n, "%s",
		 n ? "clock" : "clock only (time, no events)");
}

/* "cortex-a72" of the first core type in the tables, else NULL. */
static const struct pmukit_core_def *first_core(const struct facts *f)
{
	unsigned int i;

	for (i = 0; i < f->cores.n; i++)
		if (f->cores.t[i].core)
			return f->cores.t[i].core;
	return NULL;
}

/* ---- the findings ------------------------------------------------------- */

/* 1. perf has no CPU PMU: the device tree (or the VM) has no PMU node. */
static void check_pmu_node(struct doctor *d)
{
	const struct facts *f = &d->f;
	const struct pmukit_core_def *core = first_core(f);
	struct pmukit_finding *x;
	char compat[80], frag[200];

	if (!f->arm || f->cpu_pmu[0] || !dir_exists(PMUKIT_PERF_DEVICES))
		return;
	x = add(d, PMUKIT_FIND_NO_PMU_NODE, "no-pmu-node", 1);
	/* The kernel's arm_pmu drivers match "arm,<core>-pmu" for Arm's cores. */
	if (core && (f->cores.t[0].midr >> PMUKIT_MIDR_IMPLEMENTER_SHIFT) == 0x41)
		snprintf(compat, sizeof(compat), "\"arm,%s-pmu\", \"arm,armv8-pmuv3\"", core->name);
	else
		snprintf(compat, sizeof(compat), "\"arm,armv8-pmuv3\"");
	/*
	 * An overlay, so that the fix is a file to compile and apply, on any
	 * board: the Raspberry Pi firmware applies it at boot, elsewhere
	 * fdtoverlay writes the tree the boot loader then loads. No interrupts:
	 * the running machine does not show the PMU's when the node is missing.
	 */
	snprintf(frag, sizeof(frag), "/dts-v1/; /plugin/; / { fragment@0 { target-path = \"/\"; __overlay__ { pmu { compatible = %s; }; }; }; };",
		 compat);
	put(x->what, "perf has no hardware events: no CPU PMU is registered (%s, MIDR 0x%08x)",
	    core ? core->name : "core not in the tables", (unsigned int)f->cores.t[0].midr);
	put(x->evidence, "%s lists no armv*_* device", PMUKIT_PERF_DEVICES);
	if (f->vm[0])
		put(x->fix, "on the host, give the guest a virtual PMU (QEMU/KVM: -cpu host,pmu=on; libvirt: <pmu state='on'/>)");
	else if (strstr(f->model, "Raspberry Pi"))
		put(x->fix, "save as pmu.dts: %s "
		    "then: dtc -@ -I dts -O dtb -o pmu.dtbo pmu.dts && sudo cp pmu.dtbo /boot/firmware/overlays/ "
		    "and add to /boot/firmware/config.txt: dtoverlay=pmu (%s; without interrupts = <...> perf counts but does not sample)",
		    frag, f->model);
	else
		put(x->fix, "save as pmu.dts: %s "
		    "then: dtc -@ -I dts -O dtb -o pmu.dtbo pmu.dts && fdtoverlay -i BOARD.dtb -o BOARD-pmu.dtb pmu.dtbo "
		    "and boot with BOARD-pmu.dtb (BOARD.dtb: the tree the boot loader gives this kernel; "
		    "without interrupts = <the SoC's PMU interrupt> in the node perf counts but does not sample)",
		    frag);
	pmukit_doctor_works(f, x->works);
}

/* 2. perf's PMU is named for another core than the MIDR's. */
static void check_pmu_name(struct doctor *d)
{
	const struct facts *f = &d->f;
	unsigned int i;

	for (i = 0; i < f->cores.n; i++) {
		const struct pmukit_core_type *t = &f->cores.t[i];
		const char *named = strchr(t->pmu, '_');
		struct pmukit_finding *x;
		char want[64], cpus[64];
		size_t k;

		if (!t->core || !named || !strncmp(named + 1, "pmuv3", 5))
			continue;
		snprintf(want, sizeof(want), "%s", t->core->name);
		for (k = 0; want[k]; k++)
			if (want[k] == '-')
				want[k] = '_';
		if (!strcmp(named + 1, want))
			continue;
		pmukit_cpulist_format(&t->cpus, cpus, sizeof(cpus));
		x = add(d, PMUKIT_FIND_PMU_NAME, "pmu-name", 1);
		put(x->what, "perf drives the %s (cpus %s) as %s, another core: its named events (cycles, instructions, cache-misses) are that core's numbers",
		    t->core->name, cpus, t->pmu);
		put(x->evidence, "%s/%s/cpus is %s, whose MIDR 0x%08x is %s", PMUKIT_PERF_DEVICES, t->pmu,
		    cpus, (unsigned int)t->midr, t->core->name);
		put(x->fix, "a kernel whose PMU driver knows the %s: a 64-bit kernel (Raspberry Pi: arm_64bit=1 in config.txt), or Linux 6.4 or later built with CONFIG_ARM_PMUV3, with compatible = \"arm,%s-pmu\" in the device tree",
		    t->core->name, t->core->name);
		put(x->works, "raw event numbers still count (perf stat -e r08, r11), and pmukit's event names on every path: ");
		pmukit_doctor_works(f, x->works + strlen(x->works));
	}
}

/* 3. A PMU without an interrupt: counting works, sampling does not. */
static void check_irq(struct doctor *d)
{
	const struct facts *f = &d->f;
	struct pmukit_finding *x;

	if (!f->cpu_pmu[0] || !f->have_interrupts || f->pmu_irq)
		return;
	x = add(d, PMUKIT_FIND_NO_IRQ, "no-pmu-irq", 1);
	put(x->what, "the PMU has no interrupt: counting works, perf record (sampling) and overflow interrupts do not");
	put(x->evidence, "/proc/interrupts has no arm-pmu line (perf: %s)", f->cpu_pmu);
	put(x->fix, "add interrupts = <the SoC's PMU interrupt> (and interrupt-affinity) to the device tree's pmu node, from the SoC's manual");
	put(x->works, "counting: ");
	pmukit_doctor_works(f, x->works + strlen(x->works));
}

/* 4. A virtual machine: the hypervisor decides what the guest counts. */
static void check_vm(struct doctor *d)
{
	const struct facts *f = &d->f;
	struct pmukit_finding *x;
	char n[64] = "";
	uint32_t pmcr;
	int cpu[1];

	if (!f->vm[0] || !f->arm)
		return;
	if (pmukit_online_cpus(cpu, 1) == 1 && !pmukit_kmod_cpu_reg(cpu[0], "pmcr", &pmcr))
		snprintf(n, sizeof(n), "; PMCR.N %u on cpu%d", (unsigned int)PMUKIT_PMCR_N(pmcr), cpu[0]);
	x = add(d, PMUKIT_FIND_VM, "virtual-machine", 0);
	put(x->what, "a virtual machine: the guest counts its own code on the counters the hypervisor gives it (often fewer than the core has, some events not passed through); the hypervisor's time and other guests need perf on the host");
	put(x->evidence, "%s%s", f->vm, n);
	pmukit_doctor_works(f, x->works);
}

/*
 * Is the hard-lockup detector perf's? 1 yes, 0 no, -1 unknown, from the
 * kernel's config: perf's (CONFIG_HARDLOCKUP_DETECTOR_PERF) holds a PMU
 * counter, the buddy detector of Linux 6.5 and later (Debian's 6.12 on
 * arm64 and armmp) holds none, though nmi_watchdog reads 1 for both.
 */
static int watchdog_is_perf(const struct facts *f, char *config, size_t len)
{
	char *text;
	int perf;

	snprintf(config, len, "/boot/config-%s", f->release);
	if (!f->release[0] || pmukit_sysfile_text(config, 1 << 20, &text))
		return -1;
	perf = strstr(text, "\nCONFIG_HARDLOCKUP_DETECTOR_PERF=y") != NULL;
	free(text);
	return perf;
}

/* 5. The hard-lockup watchdog holds a counter. */
static void check_watchdog(struct doctor *d)
{
	const struct facts *f = &d->f;
	struct pmukit_finding *x;
	char config[160];
	int perf;

	if (!f->arm || !f->cpu_pmu[0] || !f->watchdog[0] || !strcmp(f->watchdog, "0"))
		return;
	perf = watchdog_is_perf(f, config, sizeof(config));
	if (perf == 0)
		return;
	x = add(d, PMUKIT_FIND_WATCHDOG, "watchdog", perf == 1);
	if (perf == 1) {
		put(x->what, "the hard-lockup watchdog holds a PMU counter on every CPU (on PMUv3 the cycle counter)");
		put(x->evidence, "/proc/sys/kernel/nmi_watchdog is %s; %s has CONFIG_HARDLOCKUP_DETECTOR_PERF=y",
		    f->watchdog, config);
		put(x->fix, "sudo sysctl -w kernel.nmi_watchdog=0 (for good: kernel.nmi_watchdog = 0 in /etc/sysctl.d/99-pmukit.conf, or nmi_watchdog=0 on the kernel command line)");
		put(x->works, "every path, with one counter fewer: ");
	} else {
		put(x->what, "the hard-lockup watchdog is on: perf's detector (CONFIG_HARDLOCKUP_DETECTOR_PERF) holds a PMU counter on every CPU, the buddy detector (Linux 6.5 and later) none; if it is perf's, sudo sysctl -w kernel.nmi_watchdog=0 frees it");
		put(x->evidence, "/proc/sys/kernel/nmi_watchdog is %s; %s, which would say which detector, is not readable",
		    f->watchdog, config);
	}
	pmukit_doctor_works(f, x->works + strlen(x->works));
}

/* 6. The sysctls and the module. */
static void check_access(struct doctor *d)
{
	const struct facts *f = &d->f;
	struct pmukit_finding *x;

	if (f->paranoid > 2 && f->cpu_pmu[0]) {
		x = add(d, PMUKIT_FIND_PARANOID, "perf-event-paranoid", 1);
		put(x->what, "perf is for root only: hardware events are refused to other users");
		put(x->evidence, "/proc/sys/kernel/perf_event_paranoid is %d", f->paranoid);
		put(x->fix, "sudo sysctl -w kernel.perf_event_paranoid=1 (2 allows user-space counts, 1 also :k; for good: in /etc/sysctl.d/99-pmukit.conf)");
		pmukit_doctor_works(f, x->works);
	} else if (f->paranoid == 2 && f->cpu_pmu[0] && !f->root) {
		x = add(d, PMUKIT_FIND_PARANOID, "perf-event-paranoid", 1);
		put(x->what, "perf counts user space only for this user: :k events are refused");
		put(x->evidence, "/proc/sys/kernel/perf_event_paranoid is 2");
		put(x->fix, "sudo sysctl -w kernel.perf_event_paranoid=1");
		put(x->works, ":u events: ");
		pmukit_doctor_works(f, x->works + strlen(x->works));
	}
	if (f->arm && f->user_access == 0 && f->cpu_pmu[0]) {
		x = add(d, PMUKIT_FIND_USER_ACCESS, "perf-user-access", 1);
		put(x->what, "perf-mmap cannot read counters from user space (perf's reads go through the kernel)");
		put(x->evidence, "/proc/sys/kernel/perf_user_access is 0");
		put(x->fix, "sudo sysctl -w kernel.perf_user_access=1");
		pmukit_doctor_works(f, x->works);
	}
	if (f->arm && !f->mode[0]) {
		char path[256];
		static const char *const where[] = {
			"extra/pmukit.ko", "extra/pmukit.ko.xz", "extra/pmukit.ko.zst",
			"updates/dkms/pmukit.ko", "updates/dkms/pmukit.ko.xz", "updates/dkms/pmukit.ko.zst",
		};
		int built = 0;
		size_t i;

		for (i = 0; f->release[0] && !pmukit_sysfile_rooted() &&
		     i < sizeof(where) / sizeof(where[0]) && !built; i++) {
			snprintf(path, sizeof(path), "/lib/modules/%s/%s", f->release, where[i]);
			built = access(path, F_OK) == 0;
		}
		x = add(d, PMUKIT_FIND_MODULE, "module", 1);
		put(x->what, "pmukit.ko is not loaded: no direct path (user-space reads of the PMU raise SIGILL)");
		if (built)
			put(x->evidence, "%s is absent; %s is installed", PMUKIT_SYSFS, path);
		else if (f->release[0])
			put(x->evidence, "%s is absent; no pmukit.ko in /lib/modules/%s", PMUKIT_SYSFS,
			    f->release);
		else
			put(x->evidence, "%s is absent", PMUKIT_SYSFS);
		if (built)
			put(x->fix, "sudo modprobe pmukit (mode=read to let user space only read the counters the module programs)");
		else
			put(x->fix, "build it for this kernel, in pmukit's source tree: sudo make -C kmod dkms-src && sudo dkms install pmukit/%s -k %s && sudo modprobe pmukit",
			    pmukit_version(), f->release[0] ? f->release : "$(uname -r)");
		pmukit_doctor_works(f, x->works);
	}
}

/* 7. The kernel at EL2 (VHE): what :k counts there. */
static void check_el2(struct doctor *d)
{
	struct pmukit_finding *x;

	if (d->f.kernel_el != 2)
		return;
	x = add(d, PMUKIT_FIND_KERNEL_EL2, "kernel-el2", 0);
	put(x->what, "the kernel runs at EL2 (VHE): :k counts EL2 and EL1 (PMEVTYPER.NSH set), which is where this kernel and its KVM guests' kernels run: that is right");
	put(x->evidence, "%s/kernel_el is 2", PMUKIT_SYSFS);
	pmukit_doctor_works(&d->f, x->works);
}

/*
 * 8b. Counters that do not count, measured on each path that works here
 * (the direct path alone when the module is loaded).
 */
static void check_counting(struct doctor *d)
{
	static const enum pmukit_path paths[] = {
		PMUKIT_PATH_DIRECT, PMUKIT_PATH_PERF_MMAP, PMUKIT_PATH_PERF,
	};
	/*
	 * :uk second: a core without the level filter (Cortex-A5/A8/A9) counts
	 * every level only, and perf refuses it an event of one level (EINVAL).
	 */
	static const char *const ev[] = { "CPU_CYCLES" }, *const ev_all[] = { "CPU_CYCLES:uk" };
	size_t i;

	pmukit_doctor_stopped(d);
	if (pmukit_sysfile_rooted() || !d->f.arm)
		return;		/* a tree of files has no counter to try */
	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		struct pmukit_options o = { .path = paths[i], .cpu = -1 };
		char why[PMUKIT_VERDICT_WHY_LEN];
		struct pmukit_session *s = NULL;
		struct pmukit_count c;
		struct pmukit_finding *x;
		volatile unsigned int k;
		int v;

		/*
		 * A perf session resets PMUSERENR and may stop the module's
		 * counters on its CPU: with the module loaded, only the direct
		 * path is tried, so that asking does not cause what it finds.
		 */
		if (d->f.mode[0] && paths[i] != PMUKIT_PATH_DIRECT)
			continue;
		if (pmukit_path_detect(paths[i], NULL, 0) ||
		    (pmukit_open(&s, ev, 1, &o) && pmukit_open(&s, ev_all, 1, &o)))
			continue;
		if (pmukit_start(s) == 0) {
			for (k = 0; k < DOCTOR_LOOP; k++)
				;
			pmukit_stop(s);
		}
		v = pmukit_read(s, &c) ? -1 : pmukit_count_verdict(s, 0, &c, why, sizeof(why));
		if (v == PMUKIT_NOT_COUNTED) {
			x = add(d, PMUKIT_FIND_NOT_COUNTING, "not-counting", 1);
			put(x->what, "the %s path's CPU_CYCLES did not count a loop of %d iterations",
			    pmukit_path_name(paths[i]), DOCTOR_LOOP);
			put(x->evidence, "count %llu: %s", (unsigned long long)c.raw, why);
			put(x->fix, "check with pmukit regs that PMCR.E is 1 and the counter's PMCNTENSET bit is set (pmukit.ko's rearm puts them back after perf); if they are, the board stops the PMU: its debug power domain or the debug authentication signals (NIDEN) are off in the firmware");
			pmukit_doctor_works(&d->f, x->works);
		}
		pmukit_close(s);
	}
}

int pmukit_doctor(struct pmukit_finding *out, size_t max, unsigned int flags)
{
	struct doctor *d;
	int n;

	if ((!out && max) || flags)
		return -EINVAL;
	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	d->out = out;
	d->max = max;
	read_facts(&d->f);
	check_pmu_node(d);
	check_pmu_name(d);
	check_irq(d);
	check_vm(d);
	check_watchdog(d);
	pmukit_doctor_counters_taken(d);
	check_access(d);
	pmukit_doctor_module_mode(d);
	check_el2(d);
	check_counting(d);
	pmukit_doctor_access_off(d);
	n = d->n;
	free(d);
	return n;
}
