// SPDX-License-Identifier: MIT
/*
 * The count of each thread of a command (PMUKIT_F_THREADS): what perf
 * stat --per-thread cannot give for a command. The command's events are
 * inherited by its threads and processes; with inherit_stat the kernel
 * writes a PERF_RECORD_READ with a thread's own counts when it exits, into
 * the ring buffer of the event it inherited from (the group's leader here:
 * its record holds the whole group, the members' records go nowhere). So
 * each ended thread has its counts, named by its pid and tid; the command
 * itself (whose events are the parents, which emit no record) has the
 * total less theirs. Names come from the side-band records: a thread gets
 * its creator's name (PERF_RECORD_FORK), an exec or prctl gives a new one
 * (PERF_RECORD_COMM).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "errors.h"
#include "perf_events.h"

/* The leader's ring buffer: room for the records of about 2000 threads, within perf's mlock limit. */
#define RB_BYTES	(256 * 1024)

void pmukit_perf_threads_attr(struct perf_event_attr *a, int leader)
{
	a->inherit_stat = 1;
	if (!leader)
		return;
	/* Side-band records for the names; the pid and tid after each record. */
	a->comm = 1;
	a->task = 1;
	a->sample_id_all = 1;
	a->sample_type = PERF_SAMPLE_TID;
}

/*
 * The kernel maps no ring buffer of an inherited event of a task: the
 * leader's output goes to that of a dummy event of the same task, not
 * inherited, which can be mapped (PERF_EVENT_IOC_SET_OUTPUT).
 */
int pmukit_perf_threads_map(struct pmukit_perf *p, pid_t pid)
{
	struct perf_event_attr a;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t pages = RB_BYTES / page ? RB_BYTES / page : 1;
	void *rb;
	int fd;

	pmukit_perf_sw_attr(&a, PERF_COUNT_SW_DUMMY);
	fd = pmukit_perf_event_open(&a, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return pmukit_err(fd, "opening the ring buffer of the command's threads: %s",
				  strerror(-fd));
	/* Writable: the kernel then keeps what was not read (a LOST record says so). */
	rb = mmap(NULL, (pages + 1) * page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (rb == MAP_FAILED) {
		close(fd);
		return pmukit_err(-errno, "mapping the ring buffer of the command's threads: %s",
				  strerror(errno));
	}
	p->rb = rb;
	p->rb_size = (pages + 1) * page;
	p->rb_fd = fd;
	if (ioctl(p->fd[0], PERF_EVENT_IOC_SET_OUTPUT, fd) < 0)
		return pmukit_err(-errno, "directing the counts of the command's threads to its ring buffer: %s",
				  strerror(errno));
	return 0;
}

void pmukit_perf_threads_unmap(struct pmukit_perf *p)
{
	if (p->rb)
		munmap(p->rb, p->rb_size);
	if (p->rb)
		close(p->rb_fd);
	p->rb = NULL;
}

/* A thread's name: the last one given to @tid, "" when none is known. */
struct names {
	unsigned int n, max;
	pid_t *tid;
	char (*comm)[16];
};

static const char *name_of(const struct names *nm, pid_t tid)
{
	unsigned int k;

	for (k = nm->n; k-- > 0;)
		if (nm->tid[k] == tid)
			return nm->comm[k];
	return "";
}

static void name_set(struct names *nm, pid_t tid, const char *comm)
{
	if (nm->n == nm->max)
		return;
	nm->tid[nm->n] = tid;
	snprintf(nm->comm[nm->n], sizeof(nm->comm[0]), "%.15s", comm);
	nm->n++;
}

/* A READ record's values (@v, the read format) into @c, the session's event order. */
static void values_of(const struct pmukit_session *s, const struct pmukit_perf *p,
		      const uint64_t *v, size_t nv, struct pmukit_count *c)
{
	uint64_t ena, run;
	unsigned int i, k;

	memset(c, 0, s->n * sizeof(*c));
	if (!p->grouped) {
		if (nv >= 3)
			c[0] = (struct pmukit_count){ pmukit_perf_scale(v[0], v[1], v[2]), v[0], v[1],
						      v[2] };
		return;
	}
	/* nr, enabled, running, then { value, id } of each member. */
	if (nv < 3 || nv < 3 + 2 * v[0])
		return;
	ena = v[1];
	run = v[2];
	for (k = 0; k < v[0]; k++)
		for (i = 0; i < s->n; i++)
			if (p->id[i] == v[3 + 2 * k + 1])
				c[i] = (struct pmukit_count){ pmukit_perf_scale(v[3 + 2 * k], ena, run),
							      v[3 + 2 * k], ena, run };
}

PMUKIT_API int pmukit_read_threads(struct pmukit_session *s, struct pmukit_thread *th,
				   struct pmukit_count *counts, unsigned int max)
{
	const struct perf_event_mmap_page *pg;
	struct pmukit_perf *p;
	struct names nm = { 0, 0, NULL, NULL };
	uint64_t head, tail, size, v[3 + 2 * PMUKIT_MAX_EVENTS];
	uint64_t buf[4 + 2 * PMUKIT_MAX_EVENTS + 8];
	unsigned char *rec = (unsigned char *)buf;
	const unsigned char *data;
	unsigned int n = 1, i, k, lost = 0, forks = 0;
	int ret;

	if (!s || !th || !counts || !max)
		return pmukit_err(-EINVAL, "pmukit_read_threads: no session, threads or counts");
	p = s->priv;
	if (!(s->flags & PMUKIT_F_THREADS) || s->scoped || !p || !p->rb)
		return pmukit_err(-EINVAL, "pmukit_read_threads: the session was not opened with PMUKIT_F_THREADS on the perf path");
	ret = pmukit_perf_read_events(s, p, counts);
	if (ret)
		return pmukit_err(ret, "reading the perf events: %s", strerror(-ret));
	memset(&th[0], 0, sizeof(th[0]));
	th[0].pid = th[0].tid = s->pid;
	nm.max = 4 * max + 16;
	nm.tid = calloc(nm.max, sizeof(*nm.tid));
	nm.comm = calloc(nm.max, sizeof(*nm.comm));
	if (!nm.tid || !nm.comm) {
		free(nm.tid);
		free(nm.comm);
		return pmukit_err(-ENOMEM, "out of memory");
	}
	pg = p->rb;
	data = (const unsigned char *)p->rb + pg->data_offset;
	size = pg->data_size;
	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	for (tail = pg->data_tail; tail + sizeof(struct perf_event_header) <= head;) {
		struct perf_event_header h;
		const uint32_t *id;
		size_t len;

		for (k = 0; k < sizeof(h); k++)
			((unsigned char *)&h)[k] = data[(tail + k) % size];
		if (h.size < sizeof(h))
			break;
		len = h.size < sizeof(buf) ? h.size : sizeof(buf);
		for (k = 0; k < len; k++)
			rec[k] = data[(tail + k) % size];
		tail += h.size;
		id = (const uint32_t *)(rec + sizeof(h));
		if (h.type == PERF_RECORD_LOST) {
			lost = 1;
		} else if (h.type == PERF_RECORD_COMM && len >= sizeof(h) + 9) {
			rec[len - 1] = '\0';
			name_set(&nm, (pid_t)id[1], (const char *)&id[2]);
		} else if (h.type == PERF_RECORD_FORK && len >= sizeof(h) + 16) {
			/* pid, ppid, tid, ptid: the new thread has its creator's name. */
			name_set(&nm, (pid_t)id[2], name_of(&nm, (pid_t)id[3]));
			forks++;
		} else if (h.type == PERF_RECORD_READ && len >= sizeof(h) + 8) {
			if (n == max) {
				lost = 1;
				continue;
			}
			memcpy(v, &id[2], len - sizeof(h) - 8 < sizeof(v) ? len - sizeof(h) - 8 :
			       sizeof(v));
			th[n].pid = (pid_t)id[0];
			th[n].tid = (pid_t)id[1];
			snprintf(th[n].comm, sizeof(th[n].comm), "%s", name_of(&nm, th[n].tid));
			values_of(s, p, v, (len - sizeof(h) - 8) / 8, &counts[n * s->n]);
			/* What the command counted itself: the total less each ended thread's. */
			for (i = 0; i < s->n; i++) {
				struct pmukit_count *t = &counts[i], *c = &counts[n * s->n + i];

				t->value = t->value > c->value ? t->value - c->value : 0;
				t->raw = t->raw > c->raw ? t->raw - c->raw : 0;
			}
			n++;
		}
	}
	snprintf(th[0].comm, sizeof(th[0].comm), "%s", name_of(&nm, s->pid));
	free(nm.tid);
	free(nm.comm);
	/*
	 * Threads were created and ended, yet none's counts came: a kernel
	 * that does not write them (seen on Linux 6.1, whose task has left its
	 * context by then; 6.18 writes them).
	 */
	if (forks && n == 1 && !lost)
		return pmukit_err(-EOPNOTSUPP, "this kernel does not give the counts of a command's threads as they end (inherit_stat's PERF_RECORD_READ): %u started, none came back; the command is counted as a whole, and --per-thread counts the threads of a running process (-p PID)",
				  forks);
	if (lost)
		return pmukit_err(-EOVERFLOW, "the counts of some of the command's threads were lost (more than %u threads, or more than its ring buffer holds): the total is still right",
				  max);
	return (int)n;
}
