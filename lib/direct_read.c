// SPDX-License-Identifier: MIT
/*
 * The direct path's reads: counts accumulate in software from successive
 * reads (wrap.h). 64-bit counters (PMCR.LP, AArch64's PMCCNTR) are exact; a
 * 32-bit one (event counters before PMUv3p5, AArch32's PMCCNTR read by mrc)
 * is exact across one wrap between reads less than 62.5 ms apart, and
 * across longer times when its overflow flag says it did not wrap. Else its
 * count is "wrapped": pmukit_read() returns -EOVERFLOW and pmukit_wrapped()
 * names it. The flag is PMOVSSET with full access (our counters' flags
 * cleared at start and after a wrap seen in the values) and the module's
 * cpu<N>/overflows in mode=read (EL0 cannot read PMOVSSET there). In
 * mode=read a count perf placed on a chained pair is read as one 64-bit
 * counter where CHAIN counts.
 *
 * Every read is checked against the CPU the session is pinned to: a
 * reading taken elsewhere is refused with -EINTR.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <time.h>

#include "pmukit/kmod_dev.h"
#include "direct.h"
#include "errors.h"
#include "isa.h"
#include "isa_inline.h"

/* The thread left s->cpu: says so and returns -EINTR. */
int pmukit_direct_moved(struct pmukit_session *s)
{
	struct direct *d = s->priv;
	int now = pmukit_direct_cpu(s);

	d->moved_to = now;
	return pmukit_err(-EINTR, "the thread moved from CPU %d to CPU %d during the measurement: PMU counters belong to a CPU, so this reading is meaningless; discard it and measure again%s",
			  s->cpu, now,
			  (s->flags & PMUKIT_F_NO_PIN) ? " (PMUKIT_F_NO_PIN: pin the thread yourself)" :
			  " (something changed the thread's affinity after the session pinned it)");
}

/* A read faulted after access had worked: says why, returns -EACCES. */
int pmukit_direct_revoked(struct pmukit_session *s)
{
	struct pmukit_kmod k;

	pmukit_kmod_get(&k);
	if (!k.loaded)
		return pmukit_err(-EACCES, "user access to the PMU was turned off on CPU %d during the measurement: pmukit.ko was unloaded; load it again or use the perf path",
				  s->cpu);
	return pmukit_err(-EACCES, "user access to the PMU was revoked on CPU %d after it had worked (a perf session, CPU bring-up or 'sysctl kernel.perf_user_access=0' resets PMUSERENR): echo 1 > /sys/kernel/pmukit/rearm, then measure again",
			  s->cpu);
}

/* A chained pair, high, low, high (and low again if the high half moved). */
static int read_chain(const struct direct_ctr *c, uint64_t *v)
{
	uint64_t hi0, lo, hi1, lo1 = 0;

	if (pmukit_isa_read_counter((unsigned int)c->chain_hi, &hi0) ||
	    pmukit_isa_read_counter(c->hw, &lo) ||
	    pmukit_isa_read_counter((unsigned int)c->chain_hi, &hi1) ||
	    (hi0 != hi1 && pmukit_isa_read_counter(c->hw, &lo1)))
		return -EACCES;
	*v = pmukit_wrap_chain((uint32_t)hi0, (uint32_t)lo, (uint32_t)hi1, (uint32_t)lo1);
	return 0;
}

static int read_all(struct direct *d, unsigned int n, uint64_t *v)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		if (d->c[i].chain_hi >= 0)
			ret = read_chain(&d->c[i], &v[i]);
		else if (d->c[i].hw == PMUKIT_HW_CYCLES && d->cycles64)
			ret = pmukit_isa_read_cycles64(&v[i]);
		else
			ret = pmukit_isa_read_counter(d->c[i].hw, &v[i]);
		if (ret)
			return ret;
	}
	return 0;
}

/* CLOCK_BOOTTIME runs on through a suspend: the time between reads is never short of it. */
static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* mode=read: the module's overflow counts of this CPU into @kc; 0 or negative errno. */
static int kmod_overflows(struct pmukit_session *s, struct direct *d, uint32_t *kc)
{
	return pmukit_kmod_overflows(s->cpu, d->knevents, kc);
}

/*
 * Counts from the values read now: from 0 when @fresh, else on from the
 * counts so far (a start after a stop). full access: our flags are
 * cleared before the values are read (a set flag is then a wrap of this
 * session). mode=read: the module's overflow counts are the baseline, read
 * between two reads of the values; the counts start at the second read, so
 * that a :k count does not count the file's read (kernel work). A counter
 * that went past its top between the two reads may have wrapped before or
 * after its overflow count was read: its count is not known across a later
 * long read, which then says "wrapped", never a wrong count.
 */
int pmukit_direct_start_counts(struct pmukit_session *s, struct direct *d, int fresh)
{
	uint64_t v[PMUKIT_MAX_EVENTS], before[PMUKIT_MAX_EVENTS], t0;
	uint32_t kc[PMUKIT_MAX_EVENT_COUNTERS + 1];
	int kmod = 0;
	unsigned int i;

	/* PMOVSCLR: our counters' flags, so that a set one is a wrap from now on. */
	if (d->ovf_reg && pmukit_isa_write_ovsclr(d->ovf_reg))
		return pmukit_direct_revoked(s);
	for (i = 0; i < s->n; i++)
		if (d->c[i].ovf == OVF_KMOD)
			kmod = 1;
	if (kmod) {
		if (read_all(d, s->n, before))
			return pmukit_direct_revoked(s);
		if (kmod_overflows(s, d, kc))
			kmod = 0;
	}
	t0 = now_ns();
	if (read_all(d, s->n, v))
		return pmukit_direct_revoked(s);
	for (i = 0; i < s->n; i++) {
		struct direct_ctr *c = &d->c[i];

		if (fresh)
			pmukit_wrap_start(&c->w, v[i]);
		else
			pmukit_wrap_resume(&c->w, v[i]);
		if (c->ovf == OVF_KMOD)	/* unknown: a long read is "wrapped" */
			c->kcount = kmod && (v[i] & c->w.mask) >= (before[i] & c->w.mask) ?
				    kc[c->kidx] : UINT32_MAX;
	}
	d->last_ns = t0;
	if (fresh)
		s->wrapped = 0;
	return 0;
}

/* What counter @c's flag says, from the registers or files read for this update. */
static enum pmukit_ovf flag_of(const struct direct_ctr *c, uint32_t ovs, int reg_ok,
			       const uint32_t *kc, int kmod_ok)
{
	if (c->ovf == OVF_REG && reg_ok)
		return (ovs >> c->hw & 1) ? PMUKIT_OVF_SET : PMUKIT_OVF_CLEAR;
	if (c->ovf == OVF_KMOD && kmod_ok && c->kcount != UINT32_MAX)
		return kc[c->kidx] != c->kcount ? PMUKIT_OVF_SET : PMUKIT_OVF_CLEAR;
	return PMUKIT_OVF_UNKNOWN;
}

/*
 * The single reads of event 0 (s->sample1): the ISA layer's isb and
 * guarded read, then the rseq cpu_id compared with the CPU the session is
 * pinned to (two loads and a compare), nothing else. The ISA layer only
 * reports a fault; what it means for the session is decided here.
 */
static inline int sample1_done(struct pmukit_session *s, int ret)
{
	if (__builtin_expect(ret != 0, 0))
		return pmukit_direct_revoked(s);
	if (__builtin_expect(*s->cpu_now != s->cpu, 0))
		return pmukit_direct_moved(s);
	return 0;
}

static int sample1_cycles(struct pmukit_session *s, uint64_t *v)
{
	return sample1_done(s, pmukit_isa_read_counter_sync(PMUKIT_HW_CYCLES, v));
}

static int sample1_cycles64(struct pmukit_session *s, uint64_t *v)
{
	return sample1_done(s, pmukit_isa_read_cycles64_sync(v));
}

/* One function per event counter: no switch between the call and the read. */
#define SAMPLE1_EV(unused, n)							\
static int sample1_ev##n(struct pmukit_session *s, uint64_t *v)			\
{										\
	return sample1_done(s, pmukit_isa_read_counter_sync(n, v));		\
}
PMUKIT_ISA_EACH_EVENT_COUNTER(SAMPLE1_EV, )
#undef SAMPLE1_EV

typedef int (*sample1_fn)(struct pmukit_session *s, uint64_t *v);

static sample1_fn sample1_event(unsigned int hw)
{
	static const sample1_fn fns[] = {
#define FN(unused, n) sample1_ev##n,
		PMUKIT_ISA_EACH_EVENT_COUNTER(FN, )
#undef FN
		NULL	/* past the ISA's event counters (x86-64 has none) */
	};

	return hw < sizeof(fns) / sizeof(fns[0]) ? fns[hw] : NULL;
}

/* The slow single read, when glibc gives no rseq area to find the CPU. */
static int sample1_slow(struct pmukit_session *s, uint64_t *v)
{
	struct direct *d = s->priv;
	int ret;

	if (d->c[0].hw == PMUKIT_HW_CYCLES && d->cycles64)
		ret = pmukit_isa_read_cycles64(v);
	else
		ret = pmukit_isa_read_counter(d->c[0].hw, v);
	if (ret)
		return pmukit_direct_revoked(s);
	return pmukit_cpu_now() == s->cpu ? 0 : pmukit_direct_moved(s);
}

/*
 * Reads, then checks the CPU: a read from elsewhere is flagged. The flags
 * are read only where wrap.h needs them (a 32-bit counter read long after
 * the previous read), and cleared (full access) or consumed into the module's
 * counts (mode=read) once a wrap they recorded is counted.
 */
int pmukit_direct_update(struct pmukit_session *s, struct direct *d)
{
	uint64_t v[PMUKIT_MAX_EVENTS], t0, elapsed;
	uint32_t ovs = 0, clear = 0, pmcr, kc[PMUKIT_MAX_EVENT_COUNTERS + 1], look = 0;
	int need_reg = 0, need_kmod = 0, reg_ok = 0, kmod_ok = 0;
	unsigned int i;

	t0 = now_ns();
	if (read_all(d, s->n, v))
		return pmukit_direct_revoked(s);
	elapsed = now_ns() - d->last_ns;
	d->last_ns = t0;
	if (pmukit_direct_cpu(s) != s->cpu)
		d->moved_to = pmukit_direct_cpu(s);
	for (i = 0; i < s->n; i++) {
		if (!pmukit_wrap_needs_flag(&d->c[i].w, elapsed))
			continue;
		need_reg |= d->c[i].ovf == OVF_REG;
		need_kmod |= d->c[i].ovf == OVF_KMOD;
	}
	if (need_reg)
		reg_ok = !pmukit_isa_read_ovsset(&ovs);
	/* PMCR.LC set again (the module re-applies it after idle): the cycle flag means 2^64. */
	if (need_reg && d->lc_cleared && (pmukit_isa_read_pmcr(&pmcr) || (pmcr & PMUKIT_PMCR_LC_BIT)))
		d->lc_cleared = 2;
	if (need_kmod)
		kmod_ok = !kmod_overflows(s, d, kc);
	for (i = 0; i < s->n; i++) {
		struct direct_ctr *c = &d->c[i];
		int long_read = pmukit_wrap_needs_flag(&c->w, elapsed);
		enum pmukit_ovf f = PMUKIT_OVF_UNKNOWN;

		if (long_read && !(c->hw == PMUKIT_HW_CYCLES && d->lc_cleared == 2))
			f = flag_of(c, ovs, reg_ok, kc, kmod_ok);
		if (pmukit_wrap_update(&c->w, v[i], elapsed, f) || long_read) {
			if (c->ovf == OVF_REG)
				clear |= 1U << c->hw;
			else if (c->ovf == OVF_KMOD)
				look |= 1U << i;
		}
		if (c->w.wrapped)
			s->wrapped |= 1U << i;
	}
	/* PMOVSCLR: the flags of our counters whose wraps are now counted (or known lost). */
	if (clear && pmukit_isa_write_ovsclr(clear))
		return pmukit_direct_revoked(s);
	if (d->lc_cleared == 2) {
		/* PMCR.LC: clear again, so the cycle counter's flag means a 32-bit wrap from here. */
		if (!pmukit_isa_read_pmcr(&pmcr))
			pmukit_isa_write_pmcr(pmcr & ~(PMUKIT_PMCR_LC_BIT | PMUKIT_PMCR_P_BIT | PMUKIT_PMCR_C_BIT));
		d->lc_cleared = 1;
	}
	/* The module consumes a flag when its file is read: one look moves past it. */
	if (look && !kmod_ok)
		kmod_ok = !kmod_overflows(s, d, kc);
	for (i = 0; i < s->n; i++)
		if (look >> i & 1)
			d->c[i].kcount = kmod_ok ? kc[d->c[i].kidx] : UINT32_MAX;
	return 0;
}

int pmukit_direct_moved_error(struct pmukit_session *s, struct direct *d)
{
	int to = d->moved_to;
	int ret = pmukit_direct_moved(s);

	d->moved_to = to;
	return ret;
}

/* s->sample1 (and the inline pmukit_sample()'s way) for event 0's counter. */
void pmukit_direct_sample1_choose(struct pmukit_session *s, struct direct *d)
{
	s->hw0 = d->c[0].hw;
	/* A chained pair's single read is its low half. */
	s->sample_width = d->c[0].w.mask == UINT64_MAX && d->c[0].chain_hi < 0 ? 64 : 32;
	if (!s->cpu_now)
		s->sample1 = sample1_slow;
	else if (d->c[0].hw != PMUKIT_HW_CYCLES)
		s->sample1 = sample1_event(d->c[0].hw);
	else
		s->sample1 = d->cycles64 ? sample1_cycles64 : sample1_cycles;
	/* The inline pmukit_sample() does these reads itself (pmukit.h). */
#if defined(__aarch64__)
	if (s->sample1 == sample1_cycles || s->sample1 == sample1_cycles64)
		s->sample_how = PMUKIT_SAMPLE_PMCCNTR;	/* isb; mrs PMCCNTR_EL0 */
#elif defined(__arm__)
	if (s->sample1 == sample1_cycles)
		s->sample_how = PMUKIT_SAMPLE_PMCCNTR;	/* isb; mrc PMCCNTR */
#endif
}
