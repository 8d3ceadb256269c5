/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Output through the caller's hook: lines are assembled in a small buffer
 * and sent as a string (or character by character). Numbers are formatted
 * without division, so nothing from libgcc is needed on 32-bit ARM.
 */
#include "core/compiler.h"
#include "core/core.h"	/* pmukit_core_udiv64: no libgcc division on 32-bit ARM */
#include "pmu_fw_internal.h"

static pmukit_fw_putc_fn out_putc;
static pmukit_fw_puts_fn out_puts;

void pmukit_fw_set_output(pmukit_fw_putc_fn putc, pmukit_fw_puts_fn puts)
{
	out_putc = putc;
	out_puts = puts;
}

void pmukit_fw_print(const char *s)
{
	if (out_puts) {
		out_puts(s);
		return;
	}
	if (!out_putc)
		return;
	while (*s)
		out_putc(*s++);
}

static void line_flush(struct pmukit_fw_line *l)
{
	l->buf[l->len] = '\0';
	pmukit_fw_print(l->buf);
	l->len = 0;
}

void pmukit_fw_line_char(struct pmukit_fw_line *l, char c)
{
	if (l->len + 1 >= sizeof(l->buf))
		line_flush(l);
	l->buf[l->len++] = c;
}

void pmukit_fw_line_str(struct pmukit_fw_line *l, const char *s)
{
	while (*s)
		pmukit_fw_line_char(l, *s++);
}

static const uint64_t pow10[] = {
	10000000000000000000ULL, 1000000000000000000ULL, 100000000000000000ULL,
	10000000000000000ULL, 1000000000000000ULL, 100000000000000ULL,
	10000000000000ULL, 1000000000000ULL, 100000000000ULL, 10000000000ULL,
	1000000000ULL, 100000000ULL, 10000000ULL, 1000000ULL, 100000ULL,
	10000ULL, 1000ULL, 100ULL, 10ULL, 1ULL,
};

void pmukit_fw_line_u64(struct pmukit_fw_line *l, uint64_t v)
{
	unsigned int i;
	int started = 0;

	for (i = 0; i < ARRAY_SIZE(pow10); i++) {
		char digit = '0';

		while (v >= pow10[i]) {
			v -= pow10[i];
			digit++;
		}
		if (digit != '0' || started || pow10[i] == 1) {
			pmukit_fw_line_char(l, digit);
			started = 1;
		}
	}
}

void pmukit_fw_line_hex(struct pmukit_fw_line *l, uint64_t v)
{
	int shift, started = 0;

	pmukit_fw_line_str(l, "0x");
	for (shift = 60; shift >= 0; shift -= 4) {
		unsigned int d = (unsigned int)(v >> shift) & 0xf;

		if (d || started || shift == 0) {
			pmukit_fw_line_char(l, (char)(d < 10 ? '0' + d : 'a' + d - 10));
			started = 1;
		}
	}
}

void pmukit_fw_line_fixed(struct pmukit_fw_line *l, uint64_t v, unsigned int decimals)
{
	const unsigned int last = ARRAY_SIZE(pow10) - 1;	/* 10^0 */
	uint64_t frac;
	unsigned int k;

	if (decimals > 18)
		decimals = 18;
	pmukit_fw_line_u64(l, pmukit_core_udiv64(v, pow10[last - decimals], &frac));
	if (!decimals)
		return;
	pmukit_fw_line_char(l, '.');
	for (k = decimals - 1; k > 0 && frac < pow10[last - k]; k--)
		pmukit_fw_line_char(l, '0');	/* leading zeros of the fraction */
	pmukit_fw_line_u64(l, frac);
}

void pmukit_fw_line_end(struct pmukit_fw_line *l)
{
	pmukit_fw_line_char(l, '\n');
	line_flush(l);
}

void pmukit_fw_rule(void)
{
	pmukit_fw_print("------------------------------------------------------------\n");
}

void pmukit_fw_print_u64(pmukit_fw_u64 v)
{
	struct pmukit_fw_line l;

	l.len = 0;
	pmukit_fw_line_u64(&l, v);
	line_flush(&l);
}

void pmukit_fw_print_hex(pmukit_fw_u64 v)
{
	struct pmukit_fw_line l;

	l.len = 0;
	pmukit_fw_line_hex(&l, v);
	line_flush(&l);
}
