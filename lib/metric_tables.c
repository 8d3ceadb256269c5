// SPDX-License-Identifier: MIT
/*
 * The metric sets: the generic one (core/metric_eval.c) and one per core of
 * Arm's telemetry data, expanded from the files tools/gen-metrics writes
 * into metrics/ (sets.def lists them), and the choice of a set for
 * a core by name or MIDR.
 */
#include <stddef.h>
#include <stdint.h>

#include "pmukit/analysis.h"
#include "core/compiler.h"
#include "core/metric_set.h"
#include "core/names.h"

#include "../metrics/sets.def"

static const struct pmukit_metric_set *const sets[] = {
	&pmukit_mset_generic,
#define PMUKIT_MSET_INDEX(set)	&pmukit_mset_##set,
#include "../metrics/sets.def"
};

/**
 * pmukit_metric_sets() - how many metric sets there are
 *
 * Return: the number of sets; set 0 is the generic one.
 */
unsigned int pmukit_metric_sets(void)
{
	return ARRAY_SIZE(sets);
}

/**
 * pmukit_metric_set_at() - one metric set, in the order of the tables
 * @i: 0 (the generic set) to pmukit_metric_sets() - 1
 *
 * Return: the set, or NULL when @i is out of range.
 */
const struct pmukit_metric_set *pmukit_metric_set_at(unsigned int i)
{
	return i < ARRAY_SIZE(sets) ? sets[i] : NULL;
}

/**
 * pmukit_metric_set_for() - the metric set of a core
 * @cpu: a core's name as 'pmukit list --cores' prints it ("neoverse-n1"),
 *       or a set's own name ("neoverse-n2-r0p3"), folded as event names
 *       are; NULL for the generic set
 *
 * A core with several sets (revisions of it) gets the latest revision's;
 * pmukit_metric_set_by_midr() picks the one of a given revision.
 *
 * Return: the set; the generic set (pmukit_metric_set_at(0)) for NULL or a
 * core without telemetry data.
 */
const struct pmukit_metric_set *pmukit_metric_set_for(const char *cpu)
{
	const struct pmukit_metric_set *latest = sets[0];
	unsigned int i;

	for (i = 1; cpu && i < ARRAY_SIZE(sets); i++)
		if (pmukit_name_eq(sets[i]->info.name, cpu))
			return sets[i];
	/* The tables keep a core's revisions in order: the last is the latest. */
	for (i = 1; cpu && i < ARRAY_SIZE(sets); i++)
		if (pmukit_name_eq(sets[i]->info.core, cpu))
			latest = sets[i];
	return latest;
}

#define MIDR_PART_MASK	0xff00fff0u	/* implementer and part number */
#define MIDR_REV_MASK	0x00f0000fu	/* variant and revision */

/**
 * pmukit_metric_set_by_midr() - the metric set of the core a MIDR names
 * @midr: MIDR_EL1 (implementer, variant, part number, revision)
 *
 * Among the sets of that part, the one of the same variant and revision,
 * else the latest one before it, else the first.
 *
 * Return: the set; the generic set when no set is of that part.
 */
const struct pmukit_metric_set *pmukit_metric_set_by_midr(uint32_t midr)
{
	const struct pmukit_metric_set *first = NULL, *best = NULL;
	uint32_t rev = midr & MIDR_REV_MASK;
	unsigned int i;

	for (i = 1; i < ARRAY_SIZE(sets); i++) {
		uint32_t m = sets[i]->info.midr;

		if ((m & MIDR_PART_MASK) != (midr & MIDR_PART_MASK))
			continue;
		if (!first)
			first = sets[i];
		if ((m & MIDR_REV_MASK) <= rev &&
		    (!best || (m & MIDR_REV_MASK) > (best->info.midr & MIDR_REV_MASK)))
			best = sets[i];
	}
	return best ? best : first ? first : sets[0];
}
