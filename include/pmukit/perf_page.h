/* SPDX-License-Identifier: MIT */
/*
 * The one read of a perf event's user page (struct perf_event_mmap_page,
 * include/uapi/linux/perf_event.h): the library's perf-mmap path
 * (lib/backend_perf_mmap.c) and the inline pmukit_sample() (pmukit.h) both
 * expand pmukit_perf_page_read(), each with its own counter read, so the
 * layout and the protocol are written here once:
 *
 *	do {
 *		seq = lock;		the kernel bumps it around each update
 *		count = offset + counter[index], sign-extended from pmc_width
 *	} while (lock != seq);
 *
 * index 0: the event is not on a counter now, and the caller reads it by
 * read(). tests/host/test_perf_page.c checks the offsets against Linux's
 * header and runs the read over pages in each of these states.
 */
#ifndef PMUKIT_PERF_PAGE_H
#define PMUKIT_PERF_PAGE_H

#include <errno.h>
#include <stdint.h>

/* Byte offsets in struct perf_event_mmap_page: Linux's ABI, never moved. */
#define PMUKIT_PERF_PAGE_LOCK		8	/* __u32 lock */
#define PMUKIT_PERF_PAGE_INDEX		12	/* __u32 index: counter + 1, or 0 */
#define PMUKIT_PERF_PAGE_OFFSET		16	/* __s64 offset */
#define PMUKIT_PERF_PAGE_PMC_WIDTH	48	/* __u16 pmc_width */

/*
 * pmukit_perf_page_read() - the count of the event whose user page is @page
 * @counter: reads the counter perf's @index names (1-based) into @pmc: 0,
 *	or non-zero (returned as it is) when it cannot
 * @also: NULL, or called inside the loop before @counter, for what the
 *	caller reads of the page besides (times, capabilities): non-zero
 *	stops the read and is returned
 *
 * Return: 0 with *@value set; -EAGAIN for index 0; else what @counter or
 * @also returned. The caller then takes its slower path.
 *
 * Always inline, with @counter and @also known where it is expanded, so
 * that no call is left in the loop. The counter read's memory clobber (an
 * asm or a call) keeps the plain load of pmc_width fresh; the other loads
 * are volatile, in the protocol's order.
 */
static inline __attribute__((__always_inline__)) int
pmukit_perf_page_read(const volatile void *page, uint64_t *value,
		      int (*counter)(uint32_t index, uint64_t *pmc),
		      int (*also)(const volatile void *page, void *arg), void *arg)
{
	const volatile uint32_t *pc = (const volatile uint32_t *)page;
	uint64_t cnt, pmc;
	uint32_t seq, index, shift;
	int ret;

	do {
		seq = pc[PMUKIT_PERF_PAGE_LOCK / 4];
		cnt = *(const volatile uint64_t *)(pc + PMUKIT_PERF_PAGE_OFFSET / 4);
		shift = 64 - *(const uint16_t *)(const void *)(pc + PMUKIT_PERF_PAGE_PMC_WIDTH / 4);
		index = pc[PMUKIT_PERF_PAGE_INDEX / 4];
		if (__builtin_expect(!index, 0))
			return -EAGAIN;
		if (also) {
			ret = also(page, arg);
			if (ret)
				return ret;
		}
		ret = counter(index, &pmc);
		if (__builtin_expect(ret, 0))
			return ret;
		/* Sign-extend from pmc_width: the offset was taken against it. */
		cnt += (uint64_t)((int64_t)(pmc << shift) >> shift);
	} while (__builtin_expect(pc[PMUKIT_PERF_PAGE_LOCK / 4] != seq, 0));
	*value = cnt;
	return 0;
}

#endif /* PMUKIT_PERF_PAGE_H */
