// SPDX-License-Identifier: MIT
/* The library's release: VERSION at the top of the tree, passed by mk/lib.mk. */
#include "pmukit/pmukit.h"

#ifndef PMUKIT_VERSION
#error "PMUKIT_VERSION: build with the top-level Makefile (mk/lib.mk passes it from VERSION)"
#endif

const char *pmukit_version(void)
{
	return PMUKIT_VERSION;
}
