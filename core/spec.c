// SPDX-License-Identifier: MIT OR BSD-3-Clause
/*
 * The event-spec grammar of spec.h, read once for the library
 * (lib/event_lookup.c, lib/event_spec.c) and the kernel module's events=
 * (kmod/pmukit_params.c). Only ASCII is looked at, by hand: no <ctype.h>,
 * whose answers follow the C library's locale and which the module and the
 * firmware do not have.
 */
#include "core.h"
#include "spec.h"

static int is_space(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int is_letter(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int is_ident(int c)
{
	return is_letter(c) || is_digit(c) || c == '_';
}

static int hex_value(int c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int refuse(struct pmukit_spec *out, enum pmukit_spec_err err, const char *why)
{
	out->err = err;
	out->why = why;
	return -PMUKIT_CORE_EINVAL;
}

/* Are the @n characters at @p all hex digits (and @n not 0)? */
static int all_hex(const char *p, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (hex_value(p[i]) < 0)
			return 0;
	return n > 0;
}

/* The number of the @n hex digits at @p into out->code; refused above 0xffff. */
static int hex_number(const char *p, unsigned int n, struct pmukit_spec *out)
{
	unsigned int i, v = 0;

	if (!all_hex(p, n))
		return refuse(out, PMUKIT_SPEC_ERR_NUMBER, "no hex digits after 0x, or others among them");
	/* Leading zeros are fine, so the bound is checked digit by digit. */
	for (i = 0; i < n; i++) {
		v = v * 16 + (unsigned int)hex_value(p[i]);
		if (v > PMUKIT_SPEC_CODE_MAX)
			return refuse(out, PMUKIT_SPEC_ERR_NUMBER, "the number is above 0xffff");
	}
	out->code = v;
	out->number = 1;
	return 0;
}

/* The event: a number, a name, or perf's dashed name. */
static int parse_event(const char *p, unsigned int n, struct pmukit_spec *out)
{
	unsigned int i, dash = 0, v = 0;

	for (i = 0; i < n && (is_ident(p[i]) || p[i] == '-'); i++)
		dash |= p[i] == '-';
	/* Before the numbers: "0x1-2" is a name perf does not know, not bad hex. */
	if (i == n && dash) {
		out->dashed = 1;
		return 0;
	}
	if (n >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		return hex_number(p + 2, n - 2, out);
	if (is_digit(p[0])) {
		for (i = 0; i < n && is_digit(p[i]); i++)
			if (v <= PMUKIT_SPEC_CODE_MAX)
				v = v * 10 + (unsigned int)(p[i] - '0');
		if (i < n || v > PMUKIT_SPEC_CODE_MAX)
			return refuse(out, PMUKIT_SPEC_ERR_NUMBER,
				      "a number is hex, 0x.. or r.., at most 0xffff");
		/* "017" is seventeen here, as the module once took it: never octal. */
		out->code = v;
		return refuse(out, PMUKIT_SPEC_ERR_DECIMAL, "a number is hex, 0x.. or r..");
	}
	if ((p[0] == 'r' || p[0] == 'R') && all_hex(p + 1, n - 1))
		return hex_number(p + 1, n - 1, out);
	for (i = 0; i < n; i++)
		if (!is_ident(p[i]))
			return refuse(out, PMUKIT_SPEC_ERR_NAME,
				      "a name has letters, digits and '_' only");
	return 0;
}

/* The levels after the ':', @n characters at @p. */
static int parse_levels(const char *p, unsigned int n, struct pmukit_spec *out)
{
	unsigned int i, u = 0, k = 0;

	out->explicit_levels = 1;
	/* More than "uk" is no levels at all: most likely not a spec. */
	if (n > 2)
		return refuse(out, PMUKIT_SPEC_ERR_FORM, "more after the ':' than :u, :k or :uk");
	if (!n)
		return refuse(out, PMUKIT_SPEC_ERR_LEVELS, "no levels after the ':'");
	for (i = 0; i < n; i++) {
		if (p[i] == 'u' && !u)
			u = 1;
		else if (p[i] == 'k' && !k)
			k = 1;
		else
			return refuse(out, PMUKIT_SPEC_ERR_LEVELS, "the levels are :u, :k or :uk");
	}
	/* perf's meaning: ":u" leaves the kernel out, ":k" user space. */
	out->excl_kernel = u && !k;
	out->excl_user = k && !u;
	return 0;
}

int pmukit_spec_parse(const char *spec, struct pmukit_spec *out)
{
	const char *p, *end, *colon, *name_end;
	struct pmukit_spec zero = { 0 };
	int ret;

	*out = zero;
	if (!spec)
		return refuse(out, PMUKIT_SPEC_ERR_FORM, "no spec");
	for (p = spec; is_space(*p); p++)
		;
	for (end = p; *end; end++)
		;
	while (end > p && is_space(end[-1]))
		end--;
	for (colon = p; colon < end && *colon != ':'; colon++)
		;
	for (name_end = colon; name_end > p && is_space(name_end[-1]); name_end--)
		;
	out->name = p;
	out->len = (unsigned int)(name_end - p);
	if (!out->len)
		return refuse(out, PMUKIT_SPEC_ERR_FORM, "no event");
	if (colon < end) {
		ret = parse_levels(colon + 1, (unsigned int)(end - colon - 1), out);
		if (ret)
			return ret;
	}
	return parse_event(p, out->len, out);
}
