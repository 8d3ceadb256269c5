/* SPDX-License-Identifier: MIT */
/*
 * core/spec.c: the one event-spec grammar of the library, the command and
 * the module's events=. Every form the library documents, tests or refuses
 * (lib/event_lookup.c, lib/event_spec.c, tests/host/test_events.c,
 * tests/host/bad-input.tsv) and every form the module's guest suites give,
 * each with what the grammar makes of it; then pmukit_event_parse(), which
 * must refuse exactly what the grammar refuses (and perf's dashed names,
 * which no table has). Table rows carry their __LINE__.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "pmukit/events_api.h"
#include "../../core/spec.h"
#include "../tap.h"

#include "core/compiler.h"

enum { OK = PMUKIT_SPEC_OK, FORM = PMUKIT_SPEC_ERR_FORM, LEVELS = PMUKIT_SPEC_ERR_LEVELS,
       NUMBER = PMUKIT_SPEC_ERR_NUMBER, DECIMAL = PMUKIT_SPEC_ERR_DECIMAL,
       NAME = PMUKIT_SPEC_ERR_NAME };

/* Levels as the spec gave them: none, ":u", ":k", both. */
enum { NONE, U, K, UK };

static const struct row {
	int line;
	const char *spec;
	int err;		/* what is wrong, OK if nothing */
	const char *name;	/* the event as it stands in the spec; NULL: not looked at */
	int number;		/* 1: a number (code), 0: a name, 2: a dashed name */
	unsigned int code;	/* the number, or the decimal one meant */
	int levels;
} rows[] = {
	/* names, any case; the levels of perf */
	{ __LINE__, "INST_RETIRED", OK, "INST_RETIRED", 0, 0, NONE },
	{ __LINE__, "cpu_cycles", OK, "cpu_cycles", 0, 0, NONE },
	{ __LINE__, "INST_RETIRED:u", OK, "INST_RETIRED", 0, 0, U },
	{ __LINE__, "INST_RETIRED:k", OK, "INST_RETIRED", 0, 0, K },
	{ __LINE__, "INST_RETIRED:uk", OK, "INST_RETIRED", 0, 0, UK },
	{ __LINE__, "INST_RETIRED:ku", OK, "INST_RETIRED", 0, 0, UK },
	{ __LINE__, "L1D_CACHE_REFIL:u", OK, "L1D_CACHE_REFIL", 0, 0, U },
	{ __LINE__, "NO_SUCH_EVENT", OK, "NO_SUCH_EVENT", 0, 0, NONE },
	{ __LINE__, "_x", OK, "_x", 0, 0, NONE },
	/* "r" without hex digits after it is a name */
	{ __LINE__, "r", OK, "r", 0, 0, NONE },
	{ __LINE__, "rxyz", OK, "rxyz", 0, 0, NONE },
	{ __LINE__, "rc0x", OK, "rc0x", 0, 0, NONE },
	/* perf's generic names: dashed, or plain */
	{ __LINE__, "task-clock", OK, "task-clock", 2, 0, NONE },
	{ __LINE__, "cpu-cycles:k", OK, "cpu-cycles", 2, 0, K },
	{ __LINE__, "task-clok", OK, "task-clok", 2, 0, NONE },
	{ __LINE__, "cycles:u", OK, "cycles", 0, 0, U },
	{ __LINE__, "clock", OK, "clock", 0, 0, NONE },
	/* a '-' makes a name even of what would be a number, as the session has it */
	{ __LINE__, "0x1-2", OK, "0x1-2", 2, 0, NONE },
	{ __LINE__, "1-2", OK, "1-2", 2, 0, NONE },
	{ __LINE__, "-", OK, "-", 2, 0, NONE },
	/* numbers: 0xHEX and rHEX, up to 0xffff, leading zeros allowed */
	{ __LINE__, "0x11", OK, "0x11", 1, 0x11, NONE },
	{ __LINE__, "0X8", OK, "0X8", 1, 0x08, NONE },
	{ __LINE__, "0x08:u", OK, "0x08", 1, 0x08, U },
	{ __LINE__, "0x08:k", OK, "0x08", 1, 0x08, K },
	{ __LINE__, "0x11:uk", OK, "0x11", 1, 0x11, UK },
	{ __LINE__, "0x1", OK, "0x1", 1, 0x01, NONE },
	{ __LINE__, "0xabcd", OK, "0xabcd", 1, 0xabcd, NONE },
	{ __LINE__, "0xABCD", OK, "0xABCD", 1, 0xabcd, NONE },
	{ __LINE__, "0xffff:uk", OK, "0xffff", 1, 0xffff, UK },
	{ __LINE__, "0x0000000000011", OK, "0x0000000000011", 1, 0x11, NONE },
	{ __LINE__, "0x0", OK, "0x0", 1, 0, NONE },
	{ __LINE__, "r11", OK, "r11", 1, 0x11, NONE },
	{ __LINE__, "r011:u", OK, "r011", 1, 0x11, U },
	{ __LINE__, "R08:k", OK, "R08", 1, 0x08, K },
	{ __LINE__, "rc0", OK, "rc0", 1, 0xc0, NONE },
	{ __LINE__, "r4000", OK, "r4000", 1, 0x4000, NONE },
	{ __LINE__, "r815c:u", OK, "r815c", 1, 0x815c, U },
	/* "r" and hex digits only is a number, whatever it spells */
	{ __LINE__, "READ", OK, "READ", 1, 0xead, NONE },
	/* white space around the spec and before the ':' */
	{ __LINE__, "  0x11  ", OK, "0x11", 1, 0x11, NONE },
	{ __LINE__, "\tINST_RETIRED:u\n", OK, "INST_RETIRED", 0, 0, U },
	{ __LINE__, "INST_RETIRED :u", OK, "INST_RETIRED", 0, 0, U },
	{ __LINE__, "\r\v\f0x08:k \t", OK, "0x08", 1, 0x08, K },
	/* no spec at all */
	{ __LINE__, "", FORM, NULL, 0, 0, NONE },
	{ __LINE__, "   ", FORM, NULL, 0, 0, NONE },
	{ __LINE__, ":u", FORM, NULL, 0, 0, NONE },
	{ __LINE__, " :", FORM, NULL, 0, 0, NONE },
	{ __LINE__, "cpu_cycles:u:k", FORM, "cpu_cycles", 0, 0, NONE },
	{ __LINE__, "INST_RETIRED:uuu", FORM, "INST_RETIRED", 0, 0, NONE },
	{ __LINE__, "0xZZ:abc", FORM, "0xZZ", 0, 0, NONE },
	/* bad levels, checked before the event */
	{ __LINE__, "cpu_cycles:", LEVELS, "cpu_cycles", 0, 0, NONE },
	{ __LINE__, "0x08:", LEVELS, "0x08", 0, 0, NONE },
	{ __LINE__, "cpu_cycles:x", LEVELS, "cpu_cycles", 0, 0, NONE },
	{ __LINE__, "0x08:x", LEVELS, "0x08", 0, 0, NONE },
	{ __LINE__, "r08:x", LEVELS, "r08", 0, 0, NONE },
	{ __LINE__, "INST_RETIRED:uu", LEVELS, "INST_RETIRED", 0, 0, NONE },
	{ __LINE__, "INST_RETIRED:kk", LEVELS, "INST_RETIRED", 0, 0, NONE },
	{ __LINE__, "cpu_cycles:U", LEVELS, "cpu_cycles", 0, 0, NONE },
	{ __LINE__, "cpu_cycles: u", LEVELS, "cpu_cycles", 0, 0, NONE },
	{ __LINE__, "0xZZ:x", LEVELS, "0xZZ", 0, 0, NONE },
	/* bad numbers */
	{ __LINE__, "0x", NUMBER, "0x", 0, 0, NONE },
	{ __LINE__, "0xzz", NUMBER, "0xzz", 0, 0, NONE },
	{ __LINE__, "0xZZ", NUMBER, "0xZZ", 0, 0, NONE },
	{ __LINE__, "0x10000", NUMBER, "0x10000", 0, 0, NONE },
	{ __LINE__, "0x10000:u", NUMBER, "0x10000", 0, 0, U },
	{ __LINE__, "r10000", NUMBER, "r10000", 0, 0, NONE },
	{ __LINE__, "0x123456789abcdef01", NUMBER, "0x123456789abcdef01", 0, 0, NONE },
	{ __LINE__, "0x1g", NUMBER, "0x1g", 0, 0, NONE },
	{ __LINE__, "8a", NUMBER, "8a", 0, 0, NONE },
	{ __LINE__, "65536", NUMBER, "65536", 0, 0, NONE },
	{ __LINE__, "99999999999999999999", NUMBER, "99999999999999999999", 0, 0, NONE },
	/* decimal: refused, saying which number was meant (never octal) */
	{ __LINE__, "8", DECIMAL, "8", 0, 8, NONE },
	{ __LINE__, "17", DECIMAL, "17", 0, 17, NONE },
	{ __LINE__, "017", DECIMAL, "017", 0, 17, NONE },
	{ __LINE__, "17:u", DECIMAL, "17", 0, 17, U },
	{ __LINE__, "0", DECIMAL, "0", 0, 0, NONE },
	{ __LINE__, "65535", DECIMAL, "65535", 0, 0xffff, NONE },
	/* characters no name has */
	{ __LINE__, "cpu cycles", NAME, "cpu cycles", 0, 0, NONE },
	{ __LINE__, "INST.RETIRED", NAME, "INST.RETIRED", 0, 0, NONE },
	{ __LINE__, "armv8_pmuv3/cycles/", NAME, "armv8_pmuv3/cycles/", 0, 0, NONE },
	{ __LINE__, "x,y", NAME, "x,y", 0, 0, NONE },
	{ __LINE__, "\xc3\xa9v\xc3\xa9nement", NAME, "\xc3\xa9v\xc3\xa9nement", 0, 0, NONE },
};

/* @s for a TAP line: control characters as \\xNN, so that one test is one line. */
static const char *shown(const char *s)
{
	static char buf[4][256];
	static unsigned int n;
	char *b = buf[n++ % 4];
	size_t o = 0;

	for (; *s && o + 5 < sizeof(buf[0]); s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f)
			o += (size_t)snprintf(b + o, sizeof(buf[0]) - o, "\\x%02x", c);
		else
			b[o++] = (char)c;
	}
	b[o] = '\0';
	return b;
}

static int levels_of(const struct pmukit_spec *sp)
{
	if (!sp->explicit_levels)
		return NONE;
	if (sp->excl_kernel)
		return U;
	return sp->excl_user ? K : UK;
}

static void test_rows(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct row *r = &rows[i];
		struct pmukit_spec sp;
		int rc = pmukit_spec_parse(r->spec, &sp), ok;

		ok = rc == (r->err ? -EINVAL : 0) && (int)sp.err == r->err &&
		     (r->err ? sp.why && *sp.why : !sp.why);
		if (r->name)
			ok = ok && sp.len == strlen(r->name) && !memcmp(sp.name, r->name, sp.len);
		if (!r->err)
			ok = ok && sp.number == (r->number == 1) && sp.dashed == (r->number == 2) &&
			     levels_of(&sp) == r->levels;
		if (!r->err && r->number == 1)
			ok = ok && sp.code == r->code;
		if (r->err == DECIMAL)
			ok = ok && sp.code == r->code && levels_of(&sp) == r->levels;
		if (!tap_ok(ok, "line %d: \"%s\": %s", r->line, shown(r->spec),
			    r->err ? "refused" : "read"))
			tap_diag("  got %d, err %d (%s), event \"%.*s\", number %u, dashed %u, code 0x%x, levels %d",
				 rc, sp.err, sp.why ? sp.why : "-", (int)sp.len,
				 sp.name ? sp.name : "", sp.number, sp.dashed, sp.code,
				 levels_of(&sp));
	}
}

/* A 2000-character name is a name to the grammar; the session refuses its length. */
static void test_long(void)
{
	static char big[2001];
	struct pmukit_spec sp;

	memset(big, 'A', sizeof(big) - 1);
	tap_ok(pmukit_spec_parse(big, &sp) == 0 && sp.len == 2000 && !sp.number,
	       "2000 'A's: one name of 2000 characters");
	tap_ok(pmukit_spec_parse(NULL, &sp) == -EINVAL && sp.err == PMUKIT_SPEC_ERR_FORM,
	       "NULL: no spec");
}

/* The library's public parser refuses exactly what the grammar refuses, and dashed names. */
static void test_library_agrees(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct row *r = &rows[i];
		struct pmukit_event_spec es;
		int rc = pmukit_event_parse(r->spec, NULL, &es), want_einval;

		want_einval = r->err || r->number == 2;
		if (want_einval)
			tap_ok(rc == -EINVAL, "line %d: pmukit_event_parse(\"%s\") is -EINVAL (got %d)",
			       r->line, shown(r->spec), rc);
		else if (r->number == 1)
			tap_ok(rc == 0 && es.raw && es.code == r->code &&
			       es.excl_kernel == (r->levels == U) && es.excl_user == (r->levels == K),
			       "line %d: pmukit_event_parse(\"%s\") is raw 0x%x (got %d)",
			       r->line, shown(r->spec), r->code, rc);
		else
			tap_ok(rc == 0 || rc == -ENOENT,
			       "line %d: pmukit_event_parse(\"%s\") looks the name up (got %d)",
			       r->line, shown(r->spec), rc);
	}
}

int main(void)
{
	tap_header();
	test_rows();
	test_long();
	test_library_agrees();
	return tap_done();
}
