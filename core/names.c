// SPDX-License-Identifier: MIT OR BSD-3-Clause
/*
 * One folding rule and one edit distance for every name pmukit suggests:
 * event names (lib/event_lookup.c), perf's generic names (lib/event_spec.c)
 * and core names (pmukit_cpu_suggest(), for the command's --cpu).
 */
#include "pmukit/analysis.h"
#include "names.h"

int pmukit_name_fold(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 'a';
	if (c == '-' || c == ' ')
		return '_';
	return c;
}

int pmukit_name_eq(const char *a, const char *b)
{
	for (;; a++, b++) {
		int x = pmukit_name_fold((unsigned char)*a), y = pmukit_name_fold((unsigned char)*b);

		if (x != y)
			return 0;
		if (!x)
			return 1;
	}
}

size_t pmukit_name_len(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

static int same(char a, char b)
{
	return pmukit_name_fold((unsigned char)a) == pmukit_name_fold((unsigned char)b);
}

/* Three rows on the stack instead of a matrix: there is no allocator. */
unsigned int pmukit_name_distance(const char *a, const char *b)
{
	unsigned int r0[PMUKIT_NAME_DIST_MAX_LEN + 1], r1[PMUKIT_NAME_DIST_MAX_LEN + 1];
	unsigned int r2[PMUKIT_NAME_DIST_MAX_LEN + 1];
	unsigned int *pp = r0, *prev = r1, *cur = r2, *t;
	size_t la = pmukit_name_len(a), lb = pmukit_name_len(b), i, j;

	if (la > PMUKIT_NAME_DIST_MAX_LEN || lb > PMUKIT_NAME_DIST_MAX_LEN)
		return PMUKIT_NAME_FAR;
	for (j = 0; j <= lb; j++)
		prev[j] = (unsigned int)j;
	for (i = 1; i <= la; i++) {
		cur[0] = (unsigned int)i;
		for (j = 1; j <= lb; j++) {
			unsigned int d = prev[j] + 1;
			unsigned int sub = prev[j - 1] + !same(a[i - 1], b[j - 1]);

			if (cur[j - 1] + 1 < d)
				d = cur[j - 1] + 1;
			if (sub < d)
				d = sub;
			if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) &&
			    same(a[i - 2], b[j - 1]) && pp[j - 2] + 1 < d)
				d = pp[j - 2] + 1;
			cur[j] = d;
		}
		t = pp;
		pp = prev;
		prev = cur;
		cur = t;
	}
	return prev[lb];
}

int pmukit_name_contains(const char *hay, const char *needle)
{
	size_t ln = pmukit_name_len(needle), lh = pmukit_name_len(hay), i, j;

	if (ln < 3 || ln > lh)
		return 0;
	for (i = 0; i + ln <= lh; i++) {
		for (j = 0; j < ln; j++)
			if (!same(hay[i + j], needle[j]))
				break;
		if (j == ln)
			return 1;
	}
	return 0;
}

unsigned int pmukit_name_limit(const char *name)
{
	size_t len = pmukit_name_len(name), third = 0;

	/* len / 3 without a divide (32-bit ARM firmware has no helper for it). */
	while (len >= 3) {
		len -= 3;
		third++;
	}
	return third > 2 ? (unsigned int)third : 2;
}

void pmukit_name_best_init(struct pmukit_name_best *b, const char **out,
			   unsigned int *score, size_t max)
{
	b->out = out;
	b->score = score;
	b->max = max;
	b->n = 0;
}

int pmukit_name_best_add(struct pmukit_name_best *b, const char *cand, unsigned int d)
{
	size_t pos, u;

	for (pos = 0; pos < b->n && b->score[pos] <= d; pos++)
		;
	if (pos >= b->max)
		return 0;
	if (b->n < b->max)
		b->n++;
	for (u = b->n - 1; u > pos; u--) {
		b->out[u] = b->out[u - 1];
		b->score[u] = b->score[u - 1];
	}
	b->out[pos] = cand;
	b->score[pos] = d;
	return 1;
}

size_t pmukit_name_suggest(const char *name, const char *const *cand, size_t ncand,
			   unsigned int limit, const char **out, unsigned int *score,
			   size_t max)
{
	struct pmukit_name_best b;
	size_t i;

	if (!name || !cand || !out || !score)
		return 0;
	pmukit_name_best_init(&b, out, score, max);
	for (i = 0; i < ncand; i++) {
		unsigned int d = pmukit_name_distance(name, cand[i]);

		if (d <= limit)
			pmukit_name_best_add(&b, cand[i], d);
	}
	return b.n;
}

/**
 * pmukit_suggest() - the names closest to @name, for "did you mean"
 * @name:       what was typed
 * @candidates: the valid names, @n of them
 * @limit:      the most edits a suggestion may be away; 0: a third of
 *              @name's length, at least 2
 * @out:        filled with pointers into @candidates, best first
 * @max:        room in @out; at most PMUKIT_SUGGEST_MAX are returned
 *
 * Names compare without case, with '-', '_' and ' ' the same; an edit is
 * an insertion, a deletion, a substitution or a swap of neighbours. Ties
 * keep the order of @candidates.
 *
 * Return: how many names were stored in @out.
 */
size_t pmukit_suggest(const char *name, const char *const *candidates, size_t n,
		      unsigned int limit, const char **out, size_t max)
{
	unsigned int score[PMUKIT_SUGGEST_MAX];

	if (!name || !candidates || !out)
		return 0;
	if (max > PMUKIT_SUGGEST_MAX)
		max = PMUKIT_SUGGEST_MAX;
	return pmukit_name_suggest(name, candidates, n, limit ? limit : pmukit_name_limit(name),
				   out, score, max);
}
