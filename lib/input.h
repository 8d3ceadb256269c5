/* SPDX-License-Identifier: MIT */
/*
 * Inside the reader of recorded counts (pmukit_input_read()): input.c reads
 * the other collectors' output, input_pmukit.c pmukit's own (pmukit stat -x
 * of the layout before it followed perf's, pmukit stat --json, the firmware
 * library's tables); both add counts and say errors the same way.
 */
#ifndef PMUKIT_LIB_INPUT_H
#define PMUKIT_LIB_INPUT_H

#include <stddef.h>

#include "pmukit/pmukit.h"

/* "line N: expected ..." into @err. Return: -EINVAL. */
__attribute__((format(printf, 4, 5)))
int input_fail(char *err, size_t errlen, unsigned int line, const char *fmt, ...);

/*
 * A new count of @name (its event looked up in @core's table), read at
 * @line: counted, 100 % of the time, no interval, no CPU, pass 1; NULL when
 * out of memory.
 */
struct pmukit_input_count *input_add(struct pmukit_input *in, const char *name,
				     const struct pmukit_core_def *core, unsigned int line);

/* Which of pmukit's own formats @text is: 0 none, else INPUT_OWN_*. */
enum { INPUT_OWN_CSV = 1, INPUT_OWN_JSON, INPUT_OWN_FIRMWARE };
int input_own_format(const char *text, size_t len, const char *sep);

int input_read_own_csv(const char *text, size_t len, const char *sep,
		       const struct pmukit_core_def *core, struct pmukit_input *in,
		       char *err, size_t errlen);
int input_read_own_json(const char *text, size_t len, const struct pmukit_core_def *core,
			struct pmukit_input *in, char *err, size_t errlen);
int input_read_firmware(const char *text, size_t len, const struct pmukit_core_def *core,
			struct pmukit_input *in, char *err, size_t errlen);

#endif /* PMUKIT_LIB_INPUT_H */
