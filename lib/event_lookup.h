/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * Run-time lookup in the generated event tables. The functions are public
 * (pmukit/events_api.h) and documented where they are defined, in
 * event_lookup.c and event_tables.c.
 */
#ifndef PMUKIT_EVENT_LOOKUP_H
#define PMUKIT_EVENT_LOOKUP_H

#include "pmukit/events_api.h"

#endif /* PMUKIT_EVENT_LOOKUP_H */
