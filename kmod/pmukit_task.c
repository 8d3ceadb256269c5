// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/pmukit: full PMU access for one process, while it runs.
 *
 * By default (mode=read) EL0 may only read the counters (PMUv3), or nothing
 * (ARMv7, whose PMUSERENR has no read-only setting). A process that opens
 * /dev/pmukit - which the file's mode and group decide, as the administrator
 * sets them - gets full access (PMUSERENR EN, SW, CR, ER) on the CPU it runs
 * on, while it runs there. Every other task still faults.
 *
 * The holder is the thread group that opened the file, kept as a struct pid
 * with a reference (a pid number can be reused). The scheduler's sched_switch
 * tracepoint follows it: it fires on every context switch, on arm64 and
 * 32-bit kernels alike (preempt notifiers need CONFIG_PREEMPT_NOTIFIERS,
 * which Debian's armmp kernels lack, and are per thread). On switch-out the
 * holder's counters are saved per CPU and scrubbed and access is closed; on
 * switch-in they are put back and access opened. The saved state is per CPU:
 * a process that moves to another CPU finds there what it left there (the
 * library pins a direct-path thread to one CPU). Threads of one process
 * share it: a switch between two of them changes nothing.
 *
 * A holder may count a CPU whole (PMUKIT_IOC_CPUWIDE, what perf stat -a
 * does through perf): there its state stays loaded whatever task runs, so
 * its counters count every task, and only its EL0 access follows it; no
 * other holder gets access on that CPU meanwhile. It ends with the holder's
 * last file, or when the CPU goes offline.
 *
 * Lifetime: the release of the file (also at exit, when the files are closed)
 * removes the holder from the RCU list the probe reads, waits for every probe
 * that could have seen it (synchronize_rcu(): the probe runs with interrupts
 * off), then closes and scrubs it on every CPU it is still loaded on (an
 * IPI), and only then frees it. The module cannot be unloaded while the file
 * is open (the file holds a reference on it); at unload the probe is
 * unregistered and tracepoint_synchronize_unregister() waits until no CPU
 * runs it before the module's text goes.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/pid.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>
#include <linux/version.h>

#include <pmukit/kmod_dev.h>

#include "pmukit_kmod.h"

/* One process holding /dev/pmukit (however many files of it it holds). */
struct pmukit_holder {
	struct list_head node;		/* in pmukit_holders, RCU */
	struct pid *tgid;		/* a reference: the process, not its number */
	/* The child it adopted (PMUKIT_IOC_ADOPT), a reference, or NULL; RCU. */
	struct pid __rcu *child;
	unsigned int files;		/* open files of it, under pmukit_holders_lock */
	struct pmukit_task_pmu __percpu *pmu;	/* its state, per CPU */
};

static LIST_HEAD(pmukit_holders);
static DEFINE_MUTEX(pmukit_holders_lock);
/*
 * Written under pmukit_holders_lock; the probe reads it without, and returns
 * at once while it is 0. A plain load, not a static key: a static key
 * rewrites the probe's code at every first open and last close, and a CPU
 * may go on running the code as it was. QEMU's TCG did (a translation made
 * while another CPU wrote the code): the probe then missed a switch-out of
 * the holder, whose counters and full access stayed for the next task, in
 * about one open of 300 to 5,000 (tests/guest/holder_stress.c).
 */
static unsigned int pmukit_nholders;
/* The holder whose state is loaded on this CPU, or NULL. */
static DEFINE_PER_CPU(struct pmukit_holder *, pmukit_loaded);
/* The holder counting this CPU whole (then also the one loaded), or NULL. */
static DEFINE_PER_CPU(struct pmukit_holder *, pmukit_wide);
static struct tracepoint *pmukit_tp_switch;
static bool pmukit_misc_registered;

unsigned int pmukit_task_holders(void)
{
	unsigned int n;

	mutex_lock(&pmukit_holders_lock);
	n = pmukit_nholders;
	mutex_unlock(&pmukit_holders_lock);
	return n;
}

/* How far up the process tree a descendant of an adopted child is looked for. */
#define PMUKIT_ADOPT_DEPTH	32

/* Is @t the process @child or one of its descendants? Under RCU. */
static bool pmukit_descends(struct task_struct *t, struct pid *child)
{
	unsigned int depth;

	for (depth = 0; t && depth < PMUKIT_ADOPT_DEPTH; depth++) {
		if (task_tgid(t) == child)
			return true;
		if (t->pid <= 1)
			return false;	/* init and the idle tasks end the chain */
		t = rcu_dereference(t->group_leader->real_parent);
	}
	return false;
}

/*
 * The holder @t counts with: the process that opened the device, or the
 * child it adopted and that child's descendants. The probe (interrupts
 * off, an RCU read side) or the lock holder calls it.
 */
static struct pmukit_holder *pmukit_holder_of(struct task_struct *t)
{
	struct pid *tgid = task_tgid(t);
	struct pmukit_holder *h;
	struct pid *child;

	if (!tgid)
		return NULL;
	list_for_each_entry_rcu(h, &pmukit_holders, node, true) {
		if (h->tgid == tgid)
			return h;
		child = rcu_dereference_check(h->child, true);
		if (child && pmukit_descends(t, child))
			return h;
	}
	return NULL;
}

/* The holder opened by the process @tgid; under pmukit_holders_lock. */
static struct pmukit_holder *pmukit_holder_find(struct pid *tgid)
{
	struct pmukit_holder *h;

	list_for_each_entry(h, &pmukit_holders, node)
		if (h->tgid == tgid)
			return h;
	return NULL;
}

/* On this CPU, interrupts off: load @next's state in place of the current one. */
static void pmukit_switch_to(struct pmukit_holder *next)
{
	struct pmukit_holder *cur = this_cpu_read(pmukit_loaded);
	struct pmukit_holder *wide = this_cpu_read(pmukit_wide);

	if (wide) {
		/* Counted whole: its counters go on; access is its alone. */
		pmukit_cpu_task_access(next == wide);
		return;
	}
	if (cur == next)
		return;		/* two threads of one process, or two other tasks */
	if (cur)
		pmukit_cpu_task_out(this_cpu_ptr(cur->pmu));
	if (next && !pmukit_cpu_task_in(this_cpu_ptr(next->pmu)))
		next = NULL;	/* the module does not serve this CPU */
	this_cpu_write(pmukit_loaded, next);
}

/* sched_switch's probe: 5.18 added prev_state. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 18, 0)
static void pmukit_sched_switch(void *data, bool preempt, struct task_struct *prev,
				struct task_struct *next, unsigned int prev_state)
#else
static void pmukit_sched_switch(void *data, bool preempt, struct task_struct *prev,
				struct task_struct *next)
#endif
{
	if (!READ_ONCE(pmukit_nholders))
		return;
	rcu_read_lock();
	pmukit_switch_to(pmukit_holder_of(next));
	rcu_read_unlock();
}

/* IPI: the holder leaving: close and scrub it where it is loaded. */
static void pmukit_unload_ipi(void *info)
{
	if (this_cpu_read(pmukit_wide) == info)
		this_cpu_write(pmukit_wide, NULL);
	if (this_cpu_read(pmukit_loaded) == info)
		pmukit_switch_to(NULL);
}

/* IPI: the holder's running tasks get access at once, not at their next switch. */
static void pmukit_load_ipi(void *info)
{
	rcu_read_lock();
	if (pmukit_holder_of(current) == info)
		pmukit_switch_to(info);
	rcu_read_unlock();
}

static int pmukit_dev_open(struct inode *inode, struct file *file)
{
	struct pid *tgid = task_tgid(current);
	struct pmukit_holder *h;
	int ret = 0;

	file->private_data = NULL;
	if (pmukit_cfg.mode == PMUKIT_MODE_FULL)
		return nonseekable_open(inode, file);	/* every process has it all */
	mutex_lock(&pmukit_holders_lock);
	h = pmukit_holder_find(tgid);
	if (h) {
		h->files++;
		goto out;
	}
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h) {
		ret = -ENOMEM;
		goto out;
	}
	h->pmu = alloc_percpu(struct pmukit_task_pmu);
	if (!h->pmu) {
		kfree(h);
		h = NULL;
		ret = -ENOMEM;
		goto out;
	}
	h->tgid = get_pid(tgid);
	h->files = 1;
	list_add_rcu(&h->node, &pmukit_holders);
	/* The probes see it by the IPI below at the latest (an IPI orders memory). */
	WRITE_ONCE(pmukit_nholders, pmukit_nholders + 1);
	/* Its threads running now, this one too, get access at once. */
	on_each_cpu(pmukit_load_ipi, h, 1);
out:
	mutex_unlock(&pmukit_holders_lock);
	if (ret)
		return ret;
	file->private_data = h;
	return nonseekable_open(inode, file);
}

static int pmukit_dev_release(struct inode *inode, struct file *file)
{
	struct pmukit_holder *h = file->private_data;
	unsigned int cpu;

	if (!h)
		return 0;
	mutex_lock(&pmukit_holders_lock);
	if (--h->files) {
		mutex_unlock(&pmukit_holders_lock);
		return 0;
	}
	list_del_rcu(&h->node);
	/* Every probe that could have found @h has returned. */
	synchronize_rcu();
	cpus_read_lock();
	on_each_cpu(pmukit_unload_ipi, h, 1);
	/* An offline CPU lost its PMU state; only the pointer is left. */
	for_each_possible_cpu(cpu) {
		if (per_cpu(pmukit_loaded, cpu) == h)
			per_cpu(pmukit_loaded, cpu) = NULL;
		if (per_cpu(pmukit_wide, cpu) == h)
			per_cpu(pmukit_wide, cpu) = NULL;
	}
	cpus_read_unlock();
	WRITE_ONCE(pmukit_nholders, pmukit_nholders - 1);
	mutex_unlock(&pmukit_holders_lock);
	put_pid(h->tgid);
	/* No probe sees @h any more (above): its child's reference can go. */
	put_pid(rcu_dereference_protected(h->child, true));
	free_percpu(h->pmu);
	kfree(h);
	return 0;
}

static void pmukit_counters_ipi(void *info)
{
	struct pmukit_dev_counters *c = info;

	c->cpu = smp_processor_id();
	c->counters = pmukit_cpu_task_counters();
}

/*
 * PMUKIT_IOC_CPUWIDE on this CPU, interrupts off: @h (the caller's holder,
 * loaded here since the caller runs here) counts it whole from now on.
 */
static long pmukit_wide_here(struct pmukit_holder *h, struct pmukit_dev_counters *c)
{
	struct pmukit_holder *wide = this_cpu_read(pmukit_wide);

	pmukit_counters_ipi(c);
	if (!h || wide == h)
		return 0;	/* global full access: nothing switches the counters */
	if (wide || !c->counters)
		return -EBUSY;
	if (this_cpu_read(pmukit_loaded) != h)
		return -ENODEV;	/* the module does not serve this CPU */
	this_cpu_write(pmukit_wide, h);
	pmukit_cpu_task_wide(true);
	return 0;
}

/*
 * The right perf stat -a needs where perf_event_paranoid is above 0
 * (perf_allow_cpu()): a module cannot read that sysctl, so the capability
 * alone opens it, whatever the sysctl says.
 */
static long pmukit_dev_cpuwide(struct pmukit_holder *h, struct pmukit_dev_counters *c)
{
	long ret;

	if (!perfmon_capable())
		return -EACCES;
	preempt_disable();
	local_irq_disable();
	ret = pmukit_wide_here(h, c);
	local_irq_enable();
	preempt_enable();
	return ret;
}

void pmukit_task_cpu_down(void)
{
	lockdep_assert_irqs_disabled();
	if (!this_cpu_read(pmukit_wide))
		return;
	/* Its counters are scrubbed and kept, as at a switch-out. */
	this_cpu_write(pmukit_wide, NULL);
	pmukit_switch_to(NULL);
}

/* A reference on a struct pid, given back after an RCU grace period. */
struct pmukit_pid_put {
	struct rcu_head rcu;
	struct pid *pid;
};

static void pmukit_pid_put_rcu(struct rcu_head *rcu)
{
	struct pmukit_pid_put *p = container_of(rcu, struct pmukit_pid_put, rcu);

	put_pid(p->pid);
	kfree(p);
}

/*
 * @pid's reference once no probe can still compare a task with it: after a
 * grace period, without waiting for it here (a command's adoption is in the
 * time pmukit stat measures; the module's exit waits for these callbacks).
 */
static void pmukit_put_pid_later(struct pid *pid)
{
	struct pmukit_pid_put *p = kmalloc(sizeof(*p), GFP_KERNEL);

	if (!p) {
		synchronize_rcu();
		put_pid(pid);
		return;
	}
	p->pid = pid;
	call_rcu(&p->rcu, pmukit_pid_put_rcu);
}

/*
 * PMUKIT_IOC_ADOPT: @nr, a child of the calling process, counts with it
 * from now on (and its descendants), in place of any child adopted before.
 */
static long pmukit_dev_adopt(struct pmukit_holder *h, pid_t nr)
{
	struct task_struct *t;
	struct pid *pid, *old;
	bool ours;

	if (!h)
		return 0;	/* global full access: every process has it already */
	pid = find_get_pid(nr);
	if (!pid)
		return -ESRCH;
	rcu_read_lock();
	t = pid_task(pid, PIDTYPE_PID);
	ours = t && thread_group_leader(t) &&
	       task_tgid(rcu_dereference(t->real_parent)) == task_tgid(current);
	rcu_read_unlock();
	if (!ours) {
		put_pid(pid);
		return t ? -EPERM : -ESRCH;
	}
	mutex_lock(&pmukit_holders_lock);
	old = rcu_dereference_protected(h->child, lockdep_is_held(&pmukit_holders_lock));
	rcu_assign_pointer(h->child, pid);
	mutex_unlock(&pmukit_holders_lock);
	/* A probe may still compare with @old: its struct pid stays till then. */
	if (old)
		pmukit_put_pid_later(old);
	return 0;
}

static long pmukit_dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct pmukit_dev_counters c;
	__s32 nr;

	if (cmd == PMUKIT_IOC_ADOPT) {
		if (get_user(nr, (__s32 __user *)arg))
			return -EFAULT;
		return pmukit_dev_adopt(file->private_data, nr);
	}
	if (cmd == PMUKIT_IOC_CPUWIDE) {
		long ret = pmukit_dev_cpuwide(file->private_data, &c);

		if (!ret && copy_to_user((void __user *)arg, &c, sizeof(c)))
			ret = -EFAULT;
		return ret;
	}
	if (cmd != PMUKIT_IOC_COUNTERS)
		return -ENOTTY;
	/* The CPU this thread runs on, read there with interrupts off. */
	preempt_disable();
	local_irq_disable();
	pmukit_counters_ipi(&c);
	local_irq_enable();
	preempt_enable();
	return copy_to_user((void __user *)arg, &c, sizeof(c)) ? -EFAULT : 0;
}

static const struct file_operations pmukit_dev_fops = {
	.owner = THIS_MODULE,
	.open = pmukit_dev_open,
	.release = pmukit_dev_release,
	.unlocked_ioctl = pmukit_dev_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
};

/* 0660 root:root: root only, until the administrator gives it a group (README). */
static struct miscdevice pmukit_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = PMUKIT_DEV_NAME,
	.fops = &pmukit_dev_fops,
	.mode = 0660,
};

static void pmukit_find_switch(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "sched_switch"))
		pmukit_tp_switch = tp;
}

/* The device and the probe; with global_full_access=1 neither is needed. */
int pmukit_task_init(void)
{
	int ret;

	if (pmukit_cfg.mode != PMUKIT_MODE_FULL) {
		for_each_kernel_tracepoint(pmukit_find_switch, NULL);
		if (!pmukit_tp_switch) {
			pr_err("the kernel has no sched_switch tracepoint: /dev/pmukit cannot follow a process's task switches\n");
			return -ENODEV;
		}
		ret = tracepoint_probe_register(pmukit_tp_switch, pmukit_sched_switch, NULL);
		if (ret) {
			pr_err("cannot attach to sched_switch (%d)\n", ret);
			pmukit_tp_switch = NULL;
			return ret;
		}
	}
	ret = misc_register(&pmukit_misc);
	if (ret) {
		pr_err("cannot register /dev/%s (%d)\n", PMUKIT_DEV_NAME, ret);
		pmukit_task_exit();
		return ret;
	}
	pmukit_misc_registered = true;
	return 0;
}

/* No file is open (each holds the module), so nobody holds access now. */
void pmukit_task_exit(void)
{
	if (pmukit_misc_registered)
		misc_deregister(&pmukit_misc);
	pmukit_misc_registered = false;
	if (pmukit_tp_switch) {
		tracepoint_probe_unregister(pmukit_tp_switch, pmukit_sched_switch, NULL);
		/* No CPU runs the probe once this returns: the module's text may go. */
		tracepoint_synchronize_unregister();
	}
	/* The adopted children's references given back after a grace period. */
	rcu_barrier();
	pmukit_tp_switch = NULL;
}
