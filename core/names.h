/* SPDX-License-Identifier: MIT OR BSD-3-Clause */
/*
 * Names as people type them: one folding rule and one edit distance for
 * event names, perf's generic names and core names, and the choice of the
 * closest candidates for "did you mean" messages.
 *
 * Folding: ASCII letters without case; '-', '_' and ' ' are one character.
 * So "l1d-cache" is L1D_CACHE and "cortex_a53" is Cortex-A53.
 */
#ifndef PMUKIT_CORE_NAMES_H
#define PMUKIT_CORE_NAMES_H

#include <stddef.h>

/* Names longer than this are no candidates (real ones are under 40). */
#define PMUKIT_NAME_DIST_MAX_LEN	64
/* The distance of a name that is too long to compare. */
#define PMUKIT_NAME_FAR			1000u

/* @c folded: 'A'-'Z' to 'a'-'z', '-' and ' ' to '_'. */
int pmukit_name_fold(int c);

/* Are @a and @b the same name once folded? */
int pmukit_name_eq(const char *a, const char *b);

/* The length of the NUL-terminated @s (no <string.h> here). */
size_t pmukit_name_len(const char *s);

/*
 * Edit distance of the folded names: insertions, deletions, substitutions
 * and swaps of two neighbours (optimal string alignment). PMUKIT_NAME_FAR
 * when either is longer than PMUKIT_NAME_DIST_MAX_LEN.
 */
unsigned int pmukit_name_distance(const char *a, const char *b);

/* Does @hay contain @needle (folded, and at least 3 characters long)? */
int pmukit_name_contains(const char *hay, const char *needle);

/* The usual tolerance for @name: a third of its length, at least 2 edits. */
unsigned int pmukit_name_limit(const char *name);

/*
 * The closest candidates, best first: fewer edits rank first, ties keep
 * the order they were offered in. The caller owns the arrays.
 */
struct pmukit_name_best {
	const char **out;	/* the candidates kept */
	unsigned int *score;	/* their distances */
	size_t max;		/* room in out[] and score[] */
	size_t n;		/* kept so far */
};

void pmukit_name_best_init(struct pmukit_name_best *b, const char **out,
			   unsigned int *score, size_t max);
/* Offers @cand at distance @d; 1 if it was kept (for now), else 0. */
int pmukit_name_best_add(struct pmukit_name_best *b, const char *cand, unsigned int d);

/*
 * The candidates of @cand[0..@ncand) within @limit edits of @name, at most
 * @max of them into @out, best first (@score: room for @max distances).
 * Return: how many were stored.
 */
size_t pmukit_name_suggest(const char *name, const char *const *cand, size_t ncand,
			   unsigned int limit, const char **out, unsigned int *score,
			   size_t max);

#endif /* PMUKIT_CORE_NAMES_H */
