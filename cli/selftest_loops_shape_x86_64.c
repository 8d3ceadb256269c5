// SPDX-License-Identifier: MIT
/* The x86-64 loop bodies (selftest_loops_x86_64.S), for counting and output. */
#include "selftest_loops.h"

const struct loop_shape loop_store_shape = { "mov; mov; dec; jnz", 4 };
const struct loop_shape loop_load_shape = { "mov (load); add; dec; jnz", 4 };
const struct loop_shape loop_swinc_shape = { "none", 0 };
const int loop_have_swinc = 0;
