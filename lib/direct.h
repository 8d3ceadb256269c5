/* SPDX-License-Identifier: MIT */
/*
 * What the direct path's ISA code (isa_*.c) calls back into
 * backend_direct.c when a fast read fails.
 */
#ifndef PMUKIT_DIRECT_H
#define PMUKIT_DIRECT_H

#include <stdint.h>

struct pmukit_session;

/* The thread left s->cpu: says so and returns -EINTR. */
int pmukit_direct_moved(struct pmukit_session *s);
/* A read faulted after access had worked: says why, returns -EACCES. */
int pmukit_direct_revoked(struct pmukit_session *s);

#endif /* PMUKIT_DIRECT_H */
