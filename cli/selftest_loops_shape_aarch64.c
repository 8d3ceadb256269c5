// SPDX-License-Identifier: MIT
/* The AArch64 loop bodies (selftest_loops_aarch64.S), for counting and output. */
#include "selftest_loops.h"

const struct loop_shape loop_store_shape = { "str; str; subs; b.ne", 4 };
const struct loop_shape loop_load_shape = { "ldr (post-index +64); subs; b.ne", 3 };
const struct loop_shape loop_swinc_shape = { "msr pmswinc_el0; subs; b.ne", 3 };
const int loop_have_swinc = 1;
