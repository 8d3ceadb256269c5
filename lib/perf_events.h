/* SPDX-License-Identifier: MIT */
/*
 * What the perf and perf-mmap paths share: a session's events opened with
 * perf_event_open() as one group (or, when they do not fit the PMU at once
 * and the path may multiplex, one event each), enabled, reset and read
 * through read() with enabled/running times.
 */
#ifndef PMUKIT_PERF_EVENTS_H
#define PMUKIT_PERF_EVENTS_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>

#include "session.h"

struct pmukit_perf {
	int fd[PMUKIT_MAX_EVENTS];
	uint64_t id[PMUKIT_MAX_EVENTS];
	int grouped;		/* one group: read the leader with PERF_FORMAT_GROUP */
	int child;		/* counting a child from its exec (enable_on_exec) */
	/* Times at the last reset: counts restart there, so must the times. */
	uint64_t base_enabled[PMUKIT_MAX_EVENTS];
	uint64_t base_running[PMUKIT_MAX_EVENTS];
	/* perf-mmap: each event's user page. */
	struct perf_event_mmap_page *page[PMUKIT_MAX_EVENTS];
	size_t page_size;
	/* PMUKIT_F_THREADS: the leader's ring buffer, which the ended threads' counts reach. */
	void *rb;
	size_t rb_size;
	int rb_fd;		/* the dummy event whose buffer it is */
};

/* perf_event_open(2): the descriptor, or a negative errno (perf_syscall.c). */
int pmukit_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group,
			   unsigned long flags);
/* @self_read: ask for user access to the counters (arm64 config1 bit 1). */
int pmukit_perf_open_events(struct pmukit_session *s, struct pmukit_perf *p, int self_read);
void pmukit_perf_close_events(struct pmukit_perf *p);
int pmukit_perf_enable(struct pmukit_perf *p, unsigned int n, int on);
int pmukit_perf_reset_events(struct pmukit_session *s, struct pmukit_perf *p);
/* read(): raw values, times since the last reset, values scaled by them. */
int pmukit_perf_read_events(struct pmukit_session *s, struct pmukit_perf *p,
			    struct pmukit_count *counts);
/* read() of event 0 only, unscaled: the perf path's sample. */
int pmukit_perf_read_first(struct pmukit_perf *p, uint64_t *value);
/*
 * perf_threads.c, PMUKIT_F_THREADS: event @leader's or a member's attr for
 * the counts of each thread as it ends; the leader's ring buffer (child
 * @pid's) mapped, unmapped. Return: 0 or a negative errno (said).
 */
void pmukit_perf_threads_attr(struct perf_event_attr *a, int leader);
int pmukit_perf_threads_map(struct pmukit_perf *p, pid_t pid);
void pmukit_perf_threads_unmap(struct pmukit_perf *p);
/* A perf software event @config of user space, disabled: what a probe or a dummy opens. */
static inline void pmukit_perf_sw_attr(struct perf_event_attr *a, uint64_t config)
{
	*a = (struct perf_event_attr){ .size = sizeof(*a), .type = PERF_TYPE_SOFTWARE,
				       .config = config, .disabled = 1, .exclude_kernel = 1,
				       .exclude_hv = 1 };
}
/* Raw value times enabled over running, rounded; 0 if it never ran. */
uint64_t pmukit_perf_scale(uint64_t raw, uint64_t enabled, uint64_t running);

#endif /* PMUKIT_PERF_EVENTS_H */
