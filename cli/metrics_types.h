/* SPDX-License-Identifier: MIT */
/*
 * The core types of recorded counts, for 'pmukit metrics' (metrics_types.c):
 * counts of a machine of several types (pmukit stat's blocks per type,
 * perf's hybrid events) have their metrics computed per type, each from
 * that type's own counts with that type's metric set, never across types.
 * pmukit stat's sums over the types are therefore left out.
 */
#ifndef PMUKIT_CLI_METRICS_TYPES_H
#define PMUKIT_CLI_METRICS_TYPES_H

#include "analysis.h"

#define MT_MAX_TYPES	8
#define MT_MAX_SUMS	32

struct mt_types {
	unsigned int n;
	const char *core[MT_MAX_TYPES];	/* as the counts name it: "cortex-a53", "cpu_core" */
	struct an_sel *sel[MT_MAX_TYPES];	/* its metrics: its core's set, -M, --topdown */
	unsigned int nsums;		/* the counts of no type among typed ones: sums, left out */
	const char *sum[MT_MAX_SUMS];
	unsigned int more_sums;		/* beyond MT_MAX_SUMS */
};

/*
 * The types of @in's counts, each with the metrics @base was given (@names
 * for -M, @topdown at @level), from its core's set where pmukit knows the
 * core, else @base's (perf's cpu_core and cpu_atom). @t->n is 0 for counts
 * of one type. Return: 0, CLI_USAGE (said on stderr: a type without the
 * metrics asked for, too many types), CLI_FAIL when out of memory.
 */
int mt_find(const struct pmukit_input *in, const struct an_sel *base, const char *names,
	    int topdown, unsigned int level, struct mt_types *t);

/* The index of the type of count @c, -1 for none (@t of one type, or a sum). */
int mt_index(const struct mt_types *t, const struct pmukit_input_count *c);

/* The metrics of count @c's type, @base for counts of one type. */
const struct an_sel *mt_sel(const struct mt_types *t, const struct an_sel *base,
			    const struct pmukit_input_count *c);

/* "the sums over the types, left out ..." after the text output, when there were any. */
void mt_print_sums(FILE *f, const char *fname, const struct mt_types *t);

void mt_free(struct mt_types *t);

#endif /* PMUKIT_CLI_METRICS_TYPES_H */
