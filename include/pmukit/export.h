/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * PMUKIT_API marks what libpmukit.so exports: the library is built with
 * -fvisibility=hidden, so everything else stays inside it. Every function so
 * marked is listed in lib/libpmukit.map (tests/host/exports.t checks both).
 */
#ifndef PMUKIT_EXPORT_H
#define PMUKIT_EXPORT_H

#define PMUKIT_API __attribute__((visibility("default")))

#endif /* PMUKIT_EXPORT_H */
