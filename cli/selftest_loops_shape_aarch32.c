// SPDX-License-Identifier: MIT
/* The ARMv7 / AArch32 loop bodies (selftest_loops_aarch32.S), for counting and output. */
#include "selftest_loops.h"

const struct loop_shape loop_store_shape = { "str; str; subs; bne", 4 };
const struct loop_shape loop_load_shape = { "ldr (post-index +64); subs; bne", 3 };
const struct loop_shape loop_swinc_shape = { "mcr PMSWINC; subs; bne", 3 };
const int loop_have_swinc = 1;
