// SPDX-License-Identifier: MIT
/*
 * Region markers' report (regions.c), once, at exit: every thread's totals
 * added up by name, then written by regions_report.c's writer to
 * $PMUKIT_REGIONS_OUTPUT, stdout ("-") or stderr.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pmukit/pmukit.h"
#include "regions.h"
#include "regions_state.h"

/* Every thread's regions, added up by name, in the order first seen. */
static size_t sum_threads(struct reg_sum *out, size_t max, unsigned long *w)
{
	const struct reg_thread *t;
	size_t n = 0, k;
	unsigned int i, j;

	for (t = reg_threads; t; t = t->next) {
		w[0] += t->unmatched;
		w[1] += t->unclosed;
		w[2] += t->failed;
		w[3] += t->lost;
		for (i = 0; i < t->nrecs; i++) {
			const struct reg_rec *r = &t->recs[i];

			if (r->hidden || !r->calls)
				continue;
			for (k = 0; k < n && strcmp(out[k].name, r->name); k++)
				;
			if (k == n) {
				if (n == max)
					continue;
				memset(&out[n], 0, sizeof(out[n]));
				out[n++].name = r->name;
			}
			out[k].calls += r->calls;
			for (j = 0; j < reg_cfg.nevents; j++) {
				out[k].total[j] += r->total[j];
				out[k].self[j] += r->self[j];
			}
		}
	}
	return n;
}

/*
 * The report's file, $PMUKIT_REGIONS_OUTPUT: replaced at each exit, as a
 * shell's '>' would (O_TRUNC, no O_EXCL: a program run again with the same
 * setting writes the same file), created 0666 less the umask as any
 * output; but a symbolic link there is refused (O_NOFOLLOW), so that a
 * link planted at a name in a shared directory such as /tmp cannot turn
 * the report into a write to another file; and close-on-exec, so that
 * nothing the program starts while it exits inherits it. NULL when it
 * cannot be opened (said): the report then goes to stderr.
 */
static FILE *report_open(const char *name)
{
	FILE *f;
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);

	char why[160];

	if (fd < 0) {
		/* ELOOP: the last component is a link; strerror() would say "too many levels". */
		snprintf(why, sizeof(why), ": %s; writing to stderr", errno == ELOOP ?
			 "a symbolic link, which the report does not follow (name the file itself)" :
			 strerror(errno));
		reg_warn("cannot write ", name, why);
		return NULL;
	}
	f = fdopen(fd, "w");
	if (!f) {
		snprintf(why, sizeof(why), ": %s; writing to stderr", strerror(errno));
		reg_warn("cannot write ", name, why);
		close(fd);
	}
	return f;
}

void reg_report(void)
{
	static struct reg_sum sums[REG_MAX_REGIONS];
	unsigned long w[4] = { 0 };
	struct reg_report rep;
	FILE *f = stderr;
	int own = 0;

	/* Regions this (main) thread left open end here, at exit. */
	reg_close_open();
	pthread_mutex_lock(&reg_lock);
	if (!reg_calibrated)
		goto out;	/* no thread could count: the reason was given */
	memset(&rep, 0, sizeof(rep));
	rep.n = sum_threads(sums, REG_MAX_REGIONS, w);
	rep.sum = sums;
	rep.format = reg_cfg.format;
	rep.raw = reg_cfg.raw;
	rep.path = reg_path_name;
	rep.nevents = reg_cfg.nevents;
	rep.event = (const char (*)[REG_NAME_LEN])reg_ev_name;
	rep.in_cost = reg_in_cost;
	rep.pair_cost = reg_pair_cost;
	rep.verdict = reg_verdict;
	rep.why = (const char (*)[PMUKIT_VERDICT_WHY_LEN])reg_verdict_why;
	rep.unmatched = w[0];
	rep.unclosed = w[1];
	rep.failed = w[2];
	rep.lost = w[3];
	rep.max_depth = REG_MAX_DEPTH;
	rep.max_regions = REG_MAX_REGIONS;
	if (reg_cfg.output && !strcmp(reg_cfg.output, "-")) {
		f = stdout;
	} else if (reg_cfg.output && *reg_cfg.output) {
		f = report_open(reg_cfg.output);
		own = f != NULL;
		if (!f)
			f = stderr;
	}
	errno = 0;
	pmukit_regions_write(f, &rep);
	/* A full disk or a write error shows only here: said, not lost. */
	if (own ? fclose(f) != 0 : fflush(f) != 0 || ferror(f)) {
		char why[160];

		snprintf(why, sizeof(why), ": %s", errno ? strerror(errno) : "write error");
		reg_warn("cannot write the report to ", own ? reg_cfg.output :
		     f == stdout ? "stdout" : "stderr", why);
	}
out:
	pthread_mutex_unlock(&reg_lock);
}
