/* SPDX-License-Identifier: MIT */
/*
 * What the fuzz targets (tests/fuzz/fuzz_*.c) share. Each is a libFuzzer
 * target built with clang, ASan and UBSan (make fuzz): the input is the
 * fuzzer's bytes, turned here into the strings and numbers the code under
 * test takes.
 */
#ifndef PMUKIT_FUZZ_H
#define PMUKIT_FUZZ_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* @data as a NUL-terminated string (a NUL inside ends it early); free() it. */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/*
 * The messages of the code under test go to /dev/null: stdio's stdout and
 * stderr only, so that the sanitizers' and libFuzzer's reports (written to
 * file descriptor 2 or through their own stream) are still seen.
 */
static inline void fuzz_quiet(void)
{
	FILE *null = fopen("/dev/null", "w");

	if (!null)
		abort();
	stdout = null;
	stderr = null;
}

#endif /* PMUKIT_FUZZ_H */
