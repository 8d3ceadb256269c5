/* SPDX-License-Identifier: MIT */
/*
 * Code that may trap (lib/sigill.c): a call whose SIGILL or SIGSEGV
 * returns an error instead of ending the program.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_GUARDED_H
#define PMUKIT_GUARDED_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- code that may trap -------------------------------------------- */

/**
 * pmukit_call_guarded() - run fn(arg) where a PMU register access may raise
 * SIGILL: closed to user space (PMUSERENR), or absent from the core. The
 * library's SIGILL handler, which also turns faults of its own register
 * reads into errors, then abandons @fn at the faulting instruction and
 * returns here; @fn must leave nothing half done that a jump out of it
 * would break (no locks held, no allocations in flight). Only a fault
 * counts: a SIGILL sent by kill() or raise() goes, as any other SIGILL, to
 * the disposition that was there before (with the default one, the process
 * dies of it).
 * Return: 0 when @fn returned; -EACCES when it trapped; another negative
 * errno when the handler could not be installed.
 */
PMUKIT_API int pmukit_call_guarded(void (*fn)(void *arg), void *arg);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_GUARDED_H */
