// SPDX-License-Identifier: MIT
/*
 * Safe probing of PMU registers: the SIGILL handler that turns a fault of
 * one of the library's own register reads into an error return (fault.h),
 * and a fault anywhere in a function run by pmukit_call_guarded() into a
 * jump back to its caller. Only a fault counts: a SIGILL sent by kill() or
 * raise() is never ours. Any other SIGILL goes to the disposition that was
 * there before (ignored, a handler, or death by SIGILL as without us), and
 * ours stays installed as long as a session or guarded call needs it.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>

#include "pmukit/pmukit.h"
#include "fault.h"

/*
 * The linker makes these for a section named like a C identifier. Weak: a
 * build whose ISA has no guarded instructions (x86-64) has no section.
 */
extern const struct pmukit_extable_entry __start_pmukit_extable[]
	__attribute__((weak, visibility("hidden")));
extern const struct pmukit_extable_entry __stop_pmukit_extable[]
	__attribute__((weak, visibility("hidden")));

static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned int guard_users;
static struct sigaction previous;
/* pmukit_call_guarded(): where this thread goes back to on a SIGILL. */
static __thread sigjmp_buf *jump_back __attribute__((tls_model("initial-exec")));

/* Thumb code addresses carry bit 0; the PC in a signal context does not. */
static uintptr_t target(const int32_t *field)
{
	return ((uintptr_t)field + (uintptr_t)(intptr_t)*field) & ~(uintptr_t)1;
}

/*
 * A SIGILL the kernel raised for an instruction (ILL_ILLOPC and the other
 * ILL_* codes, all positive) rather than one sent by kill(), tgkill(),
 * sigqueue() (SI_USER, SI_TKILL, SI_QUEUE: zero or negative) or by the
 * kernel on someone's behalf (SI_KERNEL). Only such a fault may be one of
 * our reads: a sent signal arrives wherever the thread happens to be, even
 * at a guarded instruction that would not have faulted.
 */
static int synchronous(const siginfo_t *info)
{
	return info && info->si_code > 0 && info->si_code != SI_KERNEL;
}

static void set_default(int sig)
{
	struct sigaction dfl;

	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
}

/* Not ours: what the disposition before ours would have done with it. */
static void chain(int sig, siginfo_t *info, void *ctx)
{
	if (previous.sa_flags & SA_SIGINFO) {
		if (previous.sa_sigaction) {
			previous.sa_sigaction(sig, info, ctx);
			return;
		}
	} else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
		previous.sa_handler(sig);
		return;
	}
	if (!synchronous(info)) {
		/*
		 * Sent: ignored as it would have been, or the default action
		 * (death by SIGILL, with its core) once this handler returns
		 * and unblocks it. Ignored, ours stays in place for the reads
		 * of the sessions still open.
		 */
		if (previous.sa_handler != SIG_IGN) {
			set_default(sig);
			raise(sig);
		}
		return;
	}
	/*
	 * A fault not ours and nobody else's: return with the default action,
	 * so the instruction runs again and the process dies of SIGILL as it
	 * should (the kernel would not let an ignored one loop forever either).
	 */
	set_default(sig);
}

/*
 * The tables of the programs and shared objects whose code has guarded
 * reads of its own (the inline pmukit_sample() of pmukit.h): added by
 * pmukit_extable_add(), never removed, read by the handler without a lock.
 */
#define MAX_TABLES	32
static struct {
	const struct pmukit_extable_entry *start, *stop;
} tables[MAX_TABLES];
static unsigned int ntables;

PMUKIT_API void pmukit_extable_add(const void *start, const void *stop)
{
	unsigned int i, n;

	pthread_mutex_lock(&guard_lock);
	n = __atomic_load_n(&ntables, __ATOMIC_RELAXED);
	for (i = 0; i < n && tables[i].start != start; i++)
		;
	if (i == n && n < MAX_TABLES && start != (const void *)__start_pmukit_extable) {
		tables[n].start = start;
		tables[n].stop = stop;
		__atomic_store_n(&ntables, n + 1, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&guard_lock);
}

/* The fixup of the guarded instruction at @pc in [@e, @stop), or 0. */
static uintptr_t fixup_in(const struct pmukit_extable_entry *e,
			  const struct pmukit_extable_entry *stop, uintptr_t pc)
{
	for (; e && e < stop; e++)
		if (target(&e->insn) == pc)
			return target(&e->fixup);
	return 0;
}

static void on_sigill(int sig, siginfo_t *info, void *ctx)
{
	uintptr_t pc, fix;
	unsigned int i, n = __atomic_load_n(&ntables, __ATOMIC_ACQUIRE);

	if (!synchronous(info)) {
		chain(sig, info, ctx);
		return;
	}
	pc = pmukit_isa_context_pc(ctx) & ~(uintptr_t)1;
	fix = fixup_in(__start_pmukit_extable, __stop_pmukit_extable, pc);
	for (i = 0; i < n && !fix; i++)
		fix = fixup_in(tables[i].start, tables[i].stop, pc);
	if (fix) {
		pmukit_isa_context_set_pc(ctx, fix);
		return;
	}
	if (jump_back) {
		sigjmp_buf *j = jump_back;

		jump_back = NULL;
		siglongjmp(*j, 1);
	}
	chain(sig, info, ctx);
}

int pmukit_fault_guard_get(void)
{
	struct sigaction sa;
	int ret = 0;

	pthread_mutex_lock(&guard_lock);
	if (guard_users == 0) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_sigill;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGILL, &sa, &previous))
			ret = -errno;
	}
	if (!ret)
		guard_users++;
	pthread_mutex_unlock(&guard_lock);
	return ret;
}

void pmukit_fault_guard_put(void)
{
	struct sigaction now;

	pthread_mutex_lock(&guard_lock);
	if (guard_users && --guard_users == 0) {
		/* Put the old handler back only if nobody replaced ours meanwhile. */
		if (!sigaction(SIGILL, NULL, &now) && (now.sa_flags & SA_SIGINFO) &&
		    now.sa_sigaction == on_sigill)
			sigaction(SIGILL, &previous, NULL);
	}
	pthread_mutex_unlock(&guard_lock);
}

PMUKIT_API int pmukit_call_guarded(void (*fn)(void *arg), void *arg)
{
	sigjmp_buf env, *outer;
	int ret = pmukit_fault_guard_get();

	if (ret)
		return ret;
	outer = jump_back;	/* a guarded call inside another one */
	if (sigsetjmp(env, 1)) {
		ret = -EACCES;
	} else {
		jump_back = &env;
		fn(arg);
	}
	jump_back = outer;
	pmukit_fault_guard_put();
	return ret;
}
