/* SPDX-License-Identifier: MIT */
/*
 * The access paths by name and order (paths.c): the backend of a path,
 * the order "auto" tries them in, the reasons each refused.
 */
#ifndef PMUKIT_LIB_PATHS_H
#define PMUKIT_LIB_PATHS_H

#include <stddef.h>

#include "pmukit/pmukit.h"

struct pmukit_backend;

/* The backend of @path (not auto), or NULL. */
const struct pmukit_backend *pmukit_backend_of(enum pmukit_path path);
/* The paths auto tries, in its order, for @flags (PMUKIT_F_CHILD); ends with auto. */
const enum pmukit_path *pmukit_path_order(unsigned int flags);
/* Appends "NAME: WHY" to the list of reasons @all (@cap bytes, *@used so far). */
void pmukit_add_reason(char *all, size_t cap, size_t *used, const char *name, const char *why);

#endif /* PMUKIT_LIB_PATHS_H */
