// SPDX-License-Identifier: MIT
/*
 * kernel_count: the kernel's share of a known amount of system-call work,
 * counted in this process through the library on one access path, for the
 * tests of counting the kernel wherever it runs (EL1, or EL2 with VHE).
 *
 *   kernel_count PATH EVENT N R   R windows of N getppid() calls, each
 *                                 counted with EVENT (e.g. INST_RETIRED:k);
 *                                 prints the min, the max and all R counts
 *
 * An interrupt that lands in a window only adds to it, so the minimum over
 * a few windows is the calls' own cost (plus the path's constant cost of
 * starting and stopping), and is the same in every run under -icount.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <pmukit/pmukit.h>

int main(int argc, char **argv)
{
	struct pmukit_options o = { .cpu = -1 };
	struct pmukit_session *s;
	struct pmukit_count c;
	uint64_t min = UINT64_MAX, max = 0;
	unsigned long n, r, i, j;
	const char *ev[1];
	char all[1024] = "";
	size_t len = 0;
	int ret;

	if (argc != 5 || pmukit_path_parse(argv[1], &o.path)) {
		fprintf(stderr, "usage: kernel_count PATH EVENT N R (PATH: direct, perf, ...)\n");
		return 2;
	}
	ev[0] = argv[2];
	n = strtoul(argv[3], NULL, 0);
	r = strtoul(argv[4], NULL, 0);
	ret = pmukit_open(&s, ev, 1, &o);
	if (ret) {
		fprintf(stderr, "kernel_count: %s\n", pmukit_last_error());
		return 1;
	}
	for (j = 0; j < r; j++) {
		ret = pmukit_reset(s);
		if (!ret)
			ret = pmukit_start(s);
		for (i = 0; i < n && !ret; i++)
			syscall(SYS_getppid);
		if (!ret)
			ret = pmukit_stop(s);
		if (!ret)
			ret = pmukit_read(s, &c);
		if (ret) {
			fprintf(stderr, "kernel_count: %s\n", pmukit_last_error());
			pmukit_close(s);
			return 1;
		}
		if (len < sizeof(all))
			len += (size_t)snprintf(all + len, sizeof(all) - len, "%s%" PRIu64,
						j ? "," : "", c.value);
		min = c.value < min ? c.value : min;
		max = c.value > max ? c.value : max;
	}
	printf("event=%s min=%" PRIu64 " max=%" PRIu64 " all=%s\n", pmukit_event_name(s, 0),
	       min, max, all);
	pmukit_close(s);
	return 0;
}
