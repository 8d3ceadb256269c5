/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target event_spec: the event-spec parsers. The first byte picks the
 * core whose tables the spec is read against (or none: the common tables)
 * and whether suggestions are asked for; the rest is the spec. It goes through pmukit_event_parse(), the "did you
 * mean" suggestions, and pmukit_open() on the clock path (which parses a
 * session's comma-separated specs without any counter).
 */
#include "fuzz.h"

#include "pmukit/pmukit.h"
#include "pmukit/events_api.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_quiet();
	return 0;
}

static unsigned int ncores(void)
{
	static unsigned int n;

	if (!n)
		while (pmukit_core_at(n))
			n++;
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct pmukit_core_def *core = NULL;
	const char *names[PMUKIT_SUGGEST_MAX];
	const char *ev[PMUKIT_MAX_EVENTS + 1];
	struct pmukit_options o = { .path = PMUKIT_PATH_CLOCK, .cpu = -1,
				    .flags = PMUKIT_F_NO_PIN };
	struct pmukit_session *s;
	struct pmukit_event_spec spec;
	unsigned int n = 0;
	int suggest, unknown = 0;
	char *str, *tok, *save = NULL;

	if (size == 0)
		return 0;
	if (data[0] % 2 && ncores())
		core = pmukit_core_at((data[0] / 2) % ncores());
	str = fuzz_string(data + 1, size - 1);

	/*
	 * The event suggestions measure a name against every name of the
	 * tables (about 20 ms with the sanitizers), as pmukit_open() does for
	 * an unknown name: for one input in sixteen and short names only, so
	 * that the parsers get most of the time.
	 */
	suggest = (data[0] & 0xf0) == 0xf0 && strlen(str) <= 64;
	if (pmukit_event_parse(str, core, &spec) == -ENOENT && suggest)
		pmukit_event_suggest(core, str, names, PMUKIT_SUGGEST_MAX);
	pmukit_cpu_suggest(str, names, PMUKIT_SUGGEST_MAX);

	for (tok = strtok_r(str, ",", &save); tok && n < PMUKIT_MAX_EVENTS + 1;
	     tok = strtok_r(NULL, ",", &save)) {
		if (pmukit_event_parse(tok, NULL, &spec) == -ENOENT && !suggest)
			unknown = 1;
		ev[n++] = tok;
	}
	if (!unknown && pmukit_open(&s, ev, n, &o) == 0) {
		for (n = 0; n < pmukit_nevents(s); n++)
			(void)strlen(pmukit_event_name(s, n));
		pmukit_close(s);
	}
	free(str);
	return 0;
}
