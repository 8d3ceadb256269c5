/* SPDX-License-Identifier: MIT */
/* Fuzz target json_string: pmukit_json_string() on any bytes. */
#include "fuzz.h"

#include "pmukit/pmukit.h"
#include "pmukit/json.h"

static FILE *out;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_quiet();
	out = fopen("/dev/null", "w");
	if (!out)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size);

	pmukit_json_string(out, s);
	free(s);
	return 0;
}
