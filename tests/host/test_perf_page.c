/* SPDX-License-Identifier: MIT */
/*
 * The one read of perf's user page (pmukit/perf_page.h), which both the
 * library's perf-mmap path and the inline pmukit_sample() expand: its
 * offsets against Linux's struct perf_event_mmap_page, and the read over
 * fake pages in each state the protocol has: a plain read, a seqlock retry
 * (the kernel updated the page during the read), index 0 (the event is on
 * no counter), a counter that cannot be read, and the sign extension from
 * pmc_width.
 */
#include <linux/perf_event.h>
#include <stddef.h>
#include <string.h>

#include "pmukit/perf_page.h"
#include "../tap.h"

_Static_assert(offsetof(struct perf_event_mmap_page, lock) == PMUKIT_PERF_PAGE_LOCK, "lock");
_Static_assert(offsetof(struct perf_event_mmap_page, index) == PMUKIT_PERF_PAGE_INDEX, "index");
_Static_assert(offsetof(struct perf_event_mmap_page, offset) == PMUKIT_PERF_PAGE_OFFSET, "offset");
_Static_assert(offsetof(struct perf_event_mmap_page, pmc_width) == PMUKIT_PERF_PAGE_PMC_WIDTH,
	       "pmc_width");

/* The fake PMU: what the counter holds, and the kernel's update to make during a read. */
static struct perf_event_mmap_page page;
static uint64_t counter_value;
static uint32_t counter_index;	/* the index the last read was given */
static int counter_calls, counter_fails;
static int update_at;		/* during this read (1-based): the kernel updates the page */
static int64_t update_offset;
static uint64_t update_value;

static int fake_counter(uint32_t index, uint64_t *pmc)
{
	counter_calls++;
	counter_index = index;
	if (counter_fails)
		return -EACCES;
	*pmc = counter_value;
	if (counter_calls == update_at) {
		/* As the kernel does: lock bumped around a new offset and count. */
		page.lock++;
		page.offset = update_offset;
		counter_value = update_value;
		page.lock++;
	}
	return 0;
}

static int also_calls;

static int also_count(const volatile void *p, void *arg)
{
	also_calls++;
	return p == &page && arg == &also_calls ? 0 : -EINVAL;
}

static void setup(uint32_t index, uint16_t width, int64_t offset, uint64_t value)
{
	memset(&page, 0, sizeof(page));
	page.lock = 6;
	page.index = index;
	page.pmc_width = width;
	page.offset = offset;
	counter_value = value;
	counter_calls = counter_fails = update_at = also_calls = 0;
	counter_index = 0;
}

int main(void)
{
	uint64_t v;
	int ret;

	tap_plan(13);

	setup(3, 64, 1000, 234);
	v = 0;
	ret = pmukit_perf_page_read(&page, &v, fake_counter, 0, 0);
	tap_ok(ret == 0 && v == 1234 && counter_index == 3 && counter_calls == 1,
	       "plain read: offset + counter, the page's index passed on, one pass");

	setup(32, 64, 1000, 234);
	update_at = 1;
	update_offset = 5000;
	update_value = 7;
	ret = pmukit_perf_page_read(&page, &v, fake_counter, 0, 0);
	tap_ok(ret == 0 && counter_calls == 2, "a page updated during the read is read again");
	tap_ok(v == 5007, "and the count is the new offset and counter's (%llu)", (unsigned long long)v);

	setup(0, 64, 1000, 234);
	v = 99;
	ret = pmukit_perf_page_read(&page, &v, fake_counter, 0, 0);
	tap_ok(ret == -EAGAIN, "index 0: -EAGAIN, read() instead");
	tap_ok(counter_calls == 0 && v == 99, "index 0: no counter read, no value written");

	setup(1, 64, 1000, 234);
	counter_fails = 1;
	v = 99;
	ret = pmukit_perf_page_read(&page, &v, fake_counter, 0, 0);
	tap_ok(ret == -EACCES && v == 99, "a counter that cannot be read: its error, no value");

	/* A 48-bit counter just below its wrap: -16, against an offset taken that way. */
	setup(2, 48, 1000, 0xfffffffffff0ull);
	ret = pmukit_perf_page_read(&page, &v, fake_counter, 0, 0);
	tap_ok(ret == 0 && v == 984, "pmc_width 48: the counter sign-extended from bit 47 (%llu)",
	       (unsigned long long)v);
	/* Bits above the width are not the counter's: ignored. */
	setup(2, 48, 1000, 0xabcd000000000010ull);
	ret = pmukit_perf_page_read(&page, &v, fake_counter, 0, 0);
	tap_ok(ret == 0 && v == 1016, "pmc_width 48: bits above it ignored (%llu)",
	       (unsigned long long)v);
	/* 32 bits wide (the 32-bit counters of older PMUs): 0x80000000 is negative. */
	setup(2, 32, (int64_t)1 << 40, 0x80000000ull);
	ret = pmukit_perf_page_read(&page, &v, fake_counter, 0, 0);
	tap_ok(ret == 0 && v == ((uint64_t)1 << 40) - 0x80000000ull,
	       "pmc_width 32: 0x80000000 counts as -2^31");
	/* 64 bits: no extension at all. */
	setup(32, 64, 0, 0xfffffffffffffff0ull);
	ret = pmukit_perf_page_read(&page, &v, fake_counter, 0, 0);
	tap_ok(ret == 0 && v == 0xfffffffffffffff0ull, "pmc_width 64: the counter as it is");

	setup(32, 64, 1, 2);
	ret = pmukit_perf_page_read(&page, &v, fake_counter, also_count, &also_calls);
	tap_ok(ret == 0 && v == 3 && also_calls == 1, "the caller's own reads run once a pass");
	setup(32, 64, 1, 2);
	ret = pmukit_perf_page_read(&page, &v, fake_counter, also_count, NULL);
	tap_ok(ret == -EINVAL && counter_calls == 0, "and stop the read, before the counter, with their error");
	setup(32, 64, 1, 2);
	update_at = 1;
	update_offset = 10;
	update_value = 20;
	ret = pmukit_perf_page_read(&page, &v, fake_counter, also_count, &also_calls);
	tap_ok(ret == 0 && v == 30 && also_calls == 2, "and again on a retry");
	return tap_done();
}
