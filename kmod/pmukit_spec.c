// SPDX-License-Identifier: GPL-2.0
/*
 * The event-spec grammar of pmukit's library (core/spec.c, freestanding),
 * compiled into the module, so that events= takes exactly what pmukit stat
 * -e takes for a number. Kbuild finds core/ beside the shared headers:
 * in the source tree, in build/<arch>/kmod's links, in the DKMS tree.
 */
#include "core/spec.c"
