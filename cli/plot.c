// SPDX-License-Identifier: MIT
/*
 * Histograms of back-to-back read costs. Those are mostly one or a few
 * values with a long thin tail (interrupts, migrations), so the bins cover
 * the smallest sample to the 99th percentile and the tail is one bar of its
 * own; otherwise one slow sample would squeeze everything into a bin.
 */
#include <stdlib.h>
#include <string.h>

#include "plot.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

void hist_build(struct hist *h, const uint64_t *v, size_t n, unsigned int maxbins)
{
	uint64_t *s, hi, span;
	size_t i;

	memset(h, 0, sizeof(*h));
	if (maxbins < 1 || maxbins > HIST_MAX_BINS)
		maxbins = HIST_MAX_BINS;
	if (!n)
		return;
	s = malloc(n * sizeof(*s));
	if (!s)
		return;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_u64);
	h->lo = s[0];
	h->max = s[n - 1];
	hi = s[(n * 99 + 99) / 100 - 1];	/* nearest-rank p99 */
	free(s);

	span = hi - h->lo + 1;
	h->width = (span + maxbins - 1) / maxbins;
	if (!h->width)
		h->width = 1;
	h->nbins = (unsigned int)((span + h->width - 1) / h->width);
	for (i = 0; i < n; i++) {
		uint64_t b = (v[i] - h->lo) / h->width;

		if (b >= h->nbins)
			h->above++;
		else
			h->count[b]++;
	}
	h->total = n;
}

static void bar(FILE *f, const char *label, uint64_t count, uint64_t most, int barwidth)
{
	int len = most ? (int)((count * (uint64_t)barwidth + most - 1) / most) : 0;

	fprintf(f, "  %21s |%.*s%*s %llu\n", label, len,
		"############################################################"
		"############################################################", barwidth - len,
		"", (unsigned long long)count);
}

void hist_print(FILE *f, const struct hist *h, int barwidth)
{
	uint64_t most = h->above;
	char label[48];
	unsigned int i;

	if (barwidth > 120)
		barwidth = 120;
	for (i = 0; i < h->nbins; i++)
		if (h->count[i] > most)
			most = h->count[i];
	for (i = 0; i < h->nbins; i++) {
		uint64_t a = h->lo + i * h->width;

		if (h->width == 1)
			snprintf(label, sizeof(label), "%llu", (unsigned long long)a);
		else
			snprintf(label, sizeof(label), "%llu-%llu", (unsigned long long)a,
				 (unsigned long long)(a + h->width - 1));
		bar(f, label, h->count[i], most, barwidth);
	}
	if (h->above) {
		snprintf(label, sizeof(label), "> %llu (max %llu)",
			 (unsigned long long)(h->lo + h->nbins * h->width - 1),
			 (unsigned long long)h->max);
		bar(f, label, h->above, most, barwidth);
	}
}

/* ---- SVG ----------------------------------------------------------------- */

#define SVG_W		760
#define PANEL_H		240
#define MARGIN_L	70
#define MARGIN_R	20
#define MARGIN_T	40
#define MARGIN_B	50

static void svg_text(FILE *f, double x, double y, const char *anchor, int size,
		     const char *text)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">", x, y,
		anchor, size);
	for (; *text; text++) {
		if (*text == '<')
			fputs("&lt;", f);
		else if (*text == '>')
			fputs("&gt;", f);
		else if (*text == '&')
			fputs("&amp;", f);
		else
			fputc(*text, f);
	}
	fputs("</text>\n", f);
}

static void svg_panel(FILE *f, double y0, const struct plot_series *s)
{
	double pw = SVG_W - MARGIN_L - MARGIN_R, ph = PANEL_H - MARGIN_T - MARGIN_B;
	double base = y0 + MARGIN_T + ph, bw;
	unsigned int nbars, i;
	uint64_t most = 0;
	struct hist h;
	char t[160];

	hist_build(&h, s->v, s->n, HIST_MAX_BINS);
	nbars = h.nbins + (h.above ? 1 : 0);
	for (i = 0; i < h.nbins; i++)
		if (h.count[i] > most)
			most = h.count[i];
	if (h.above > most)
		most = h.above;
	snprintf(t, sizeof(t), "%s: %zu samples of %s per read pair", s->name, s->n, s->unit);
	svg_text(f, MARGIN_L, y0 + 24, "start", 14, t);

	/* Axes, and the count scale at its top. */
	fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"black\"/>\n",
		MARGIN_L, y0 + MARGIN_T, MARGIN_L, base);
	fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n",
		MARGIN_L, base, MARGIN_L + pw, base);
	snprintf(t, sizeof(t), "%llu", (unsigned long long)most);
	svg_text(f, MARGIN_L - 6, y0 + MARGIN_T + 4, "end", 11, t);
	svg_text(f, MARGIN_L - 6, base, "end", 11, "0");
	if (!nbars || !most)
		return;

	bw = pw / nbars;
	for (i = 0; i < nbars; i++) {
		uint64_t c = i < h.nbins ? h.count[i] : h.above;
		double bh = ph * (double)c / (double)most;
		const char *fill = i < h.nbins ? "#4878b0" : "#c05040";

		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
			"<title>%llu</title></rect>\n", MARGIN_L + i * bw + 1, base - bh,
			bw > 3 ? bw - 2 : bw, bh, fill, (unsigned long long)c);
		/* A label under every bar when they are few, else under some. */
		if (nbars <= 12 || i % ((nbars + 7) / 8) == 0 || i >= h.nbins) {
			if (i >= h.nbins)
				snprintf(t, sizeof(t), "> %llu", (unsigned long long)
					 (h.lo + h.nbins * h.width - 1));
			else
				snprintf(t, sizeof(t), "%llu", (unsigned long long)
					 (h.lo + i * h.width));
			svg_text(f, MARGIN_L + (i + 0.5) * bw, base + 16, "middle", 11, t);
		}
	}
	svg_text(f, MARGIN_L + pw / 2, base + 36, "middle", 12, s->unit);
}

void svg_write(FILE *f, const char *title, const struct plot_series *s, size_t n)
{
	size_t i;
	int h = (int)(n ? n : 1) * PANEL_H + 30;

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		   "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
		   "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		SVG_W, h, SVG_W, h);
	svg_text(f, SVG_W / 2.0, 20, "middle", 15, title);
	for (i = 0; i < n; i++)
		svg_panel(f, 30 + (double)i * PANEL_H, &s[i]);
	fputs("</svg>\n", f);
}
