/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target input: the library's reader of recorded counts (lib/input.c and its readers:
 * perf stat -x and -j, topdown-tool, LIKWID; lib/input_pmukit.c: pmukit
 * stat's and the firmware's) on any bytes,
 * found from the text and as each format by name, with a separator found
 * and given; a read that succeeds must give counts within their ranges:
 * a status of the enum, a value only where counted, a share of time from
 * 0 to 100, a pass from 1 to 64, a line within the text, names ended.
 */
#include "fuzz.h"

#include <errno.h>

#include "pmukit/pmukit.h"
#include "pmukit/events_api.h"

static void check(const char *text, size_t len, const struct pmukit_input *in)
{
	unsigned int i, lines = 1;
	size_t k;

	for (k = 0; k < len; k++)
		lines += text[k] == '\n';
	for (i = 0; i < in->n; i++) {
		const struct pmukit_input_count *c = &in->count[i];

		if (c->status > PMUKIT_INPUT_NOT_RUN || (c->status != PMUKIT_INPUT_COUNTED && c->value) ||
		    !(c->percent >= 0.0 && c->percent <= 100.0) || !c->pass || c->pass > 64 ||
		    !c->line || c->line > lines || !memchr(c->name, '\0', sizeof(c->name)) ||
		    !memchr(c->why, '\0', sizeof(c->why)) || c->code < PMUKIT_INPUT_NOT_PMU ||
		    c->code > 0xffff || (c->cpu < -1) || (c->interval < 0 && c->interval != -1.0))
			abort();
	}
	if (!in->format || !memchr(in->core_name, '\0', sizeof(in->core_name)))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct pmukit_core_def *n1 = pmukit_core_by_name("neoverse-n1");
	char err[512], *text = fuzz_string(data, size);
	size_t len = strlen(text);
	struct pmukit_input in;
	struct pmukit_event_spec es;
	unsigned int f;
	int ret;

	for (f = 0; f <= 7; f++) {
		const char *fmt = f ? pmukit_input_format_at(f - 1) : NULL;

		ret = pmukit_input_read(text, len, fmt, NULL, f & 1 ? n1 : NULL, &in, err, sizeof(err));
		if (ret == 0) {
			check(text, len, &in);
			pmukit_input_free(&in);
		} else if (ret != -EINVAL && ret != -ENOMEM) {
			abort();
		} else if (in.n || in.count || (ret == -EINVAL && strncmp(err, "line ", 5))) {
			abort();	/* a failure says where, and leaves nothing to free */
		}
	}
	ret = pmukit_input_read(text, len, "perf-csv", ";", n1, &in, err, sizeof(err));
	if (ret == 0) {
		check(text, len, &in);
		pmukit_input_free(&in);
	}
	if (len < PMUKIT_INPUT_NAME_LEN) {
		ret = pmukit_input_event(text, n1, &es);
		if (ret != 0 && ret != 1 && ret != -ENOENT)
			abort();
	}
	free(text);
	return 0;
}
