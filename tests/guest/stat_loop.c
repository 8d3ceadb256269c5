// SPDX-License-Identifier: MIT
/*
 * stat_loop: a workload of known length for the tests of 'pmukit stat' and
 * of the region markers.
 *
 *   stat_loop N [STATUS]     runs N iterations of a two-instruction loop
 *                            (subs; b.ne), then exits with STATUS (default 0)
 *   stat_loop --insns        prints the loop's instructions per iteration
 *   stat_loop --regions N    the loop inside region markers (below); the
 *                            report is written at exit ($PMUKIT_REGIONS_*)
 *
 * Everything else the program does is the same for every N of the same
 * number of digits, so the user-space instruction counts of two runs with
 * N and M iterations differ by exactly 2 * (M - N).
 *
 * Regions: "empty" (nothing, 10 times), "zero" (the loop with no
 * iterations), "outer" holding "loop" (N iterations). Counted exactly, with
 * the markers' cost taken off: empty 0, loop - zero = 2N, outer = loop.
 * It prints on stderr how many interrupts came in while the regions ran
 * (guest_irq.h): the tests measure again when one did.
 * The build links this program with libpmukit and PMUKIT_MARKERS (mk/cli.mk);
 * without --regions no marker runs, so the plain runs are unchanged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counted_loop.h"
#include "guest_irq.h"
#include "pmukit/pmukit.h"

/* One function for both, so that both regions hold the same instructions. */
static __attribute__((noinline, noipa)) void region_loop(const char *name, unsigned long n)
{
	PMUKIT_REGION_BEGIN(name);
	loop(n);
	PMUKIT_REGION_END(name);
}

static void regions(unsigned long n)
{
	uint64_t irqs = guest_irq_total();
	int i;

	for (i = 0; i < 10; i++) {
		PMUKIT_REGION_BEGIN("empty");
		PMUKIT_REGION_END("empty");
	}
	region_loop("zero", 0);
	PMUKIT_REGION_BEGIN("outer");
	region_loop("loop", n);
	PMUKIT_REGION_END("outer");
	fprintf(stderr, "stat_loop: interrupts while the regions ran: %llu\n",
		(unsigned long long)(guest_irq_total() - irqs));
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--insns")) {
		printf("%d\n", LOOP_INSNS);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "--regions")) {
		regions(strtoul(argv[2], NULL, 10));
		return 0;
	}
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: stat_loop N [STATUS] | stat_loop --insns | stat_loop --regions N\n");
		return 2;
	}
	loop(strtoul(argv[1], NULL, 10));
	return argc == 3 ? atoi(argv[2]) : 0;
}
