/* SPDX-License-Identifier: MIT OR BSD-3-Clause */
/*
 * The grammar of an event spec, one for the library, the command and the
 * kernel module's events= (which compiles core/spec.c in):
 *
 *   spec    = [space] event [space] [":" levels] [space]
 *   event   = "0x" HEX | "r" HEX | name          (a number at most 0xffff)
 *   name    = ID-CHAR+, not starting with a digit, or perf's dashed form:
 *             [A-Za-z0-9_-]* with a '-' somewhere ("task-clock")
 *   levels  = "u" | "k" | "uk" | "ku"
 *
 * HEX is one or more hex digits in either case, ID-CHAR a letter, digit or
 * '_', space ' ' and '\t' to '\r'. A name starting with 'r' whose rest is
 * all hex digits is a number: "rc0" is 0xc0. Numbers are hex, never decimal:
 * "17" is refused, and the refusal says which number was meant (0x11).
 *
 * Which name means which event is the caller's business: the library looks
 * names up in its tables and perf's generic names, the module takes numbers
 * only. No header here: the module has no <stddef.h>.
 */
#ifndef PMUKIT_CORE_SPEC_H
#define PMUKIT_CORE_SPEC_H

/* Why a spec was refused, so each caller can word its own message. */
enum pmukit_spec_err {
	PMUKIT_SPEC_OK,
	/* No event before the ':', or more after it than any levels: no spec at all. */
	PMUKIT_SPEC_ERR_FORM,
	/* Levels that are not u, k, uk or ku. */
	PMUKIT_SPEC_ERR_LEVELS,
	/* 0x or r without hex digits after it, or a number above 0xffff. */
	PMUKIT_SPEC_ERR_NUMBER,
	/* Only decimal digits: @code holds the number that was meant. */
	PMUKIT_SPEC_ERR_DECIMAL,
	/* A character no name has. */
	PMUKIT_SPEC_ERR_NAME,
};

/* The largest event number a spec may give (PMUv3p1's 16-bit PMEVTYPER.evtCount). */
#define PMUKIT_SPEC_CODE_MAX	0xffffu

struct pmukit_spec {
	const char *name;	/* the event's first character, in the spec itself */
	unsigned int len;	/* its length: the spec is not written to, so no NUL */
	unsigned int code;	/* a number's value (PMUKIT_SPEC_ERR_DECIMAL: the one meant) */
	unsigned int number:1;		/* 0xHEX or rHEX, not a name */
	unsigned int dashed:1;		/* a name with '-': perf's, never the tables' */
	unsigned int explicit_levels:1;	/* a ':' and levels after it (bad ones: ERR_LEVELS) */
	unsigned int excl_user:1;	/* ":k": not at EL0 */
	unsigned int excl_kernel:1;	/* ":u": not in the kernel */
	enum pmukit_spec_err err;	/* PMUKIT_SPEC_OK, or why not */
	const char *why;	/* a short reason in words, NULL when err is OK */
};

/*
 * Parses @spec (NUL-terminated) into @out, which is filled in either way:
 * on a refusal, as far as the spec was read (name and len once the event
 * was found, code for PMUKIT_SPEC_ERR_DECIMAL).
 * Return: 0, or -EINVAL (the Linux number) with out->err and out->why set.
 */
int pmukit_spec_parse(const char *spec, struct pmukit_spec *out);

#endif /* PMUKIT_CORE_SPEC_H */
