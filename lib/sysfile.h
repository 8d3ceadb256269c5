/* SPDX-License-Identifier: MIT */
/*
 * Small reads and writes of /sys and /proc files, with negative errno
 * results. Every /sys and /proc access of the library goes through here, so
 * $PMUKIT_SYSFS_ROOT=DIR can point all of them at a copy of those trees
 * (DIR/sys/..., DIR/proc/...): a test or diagnosis knob, ignored by
 * set-user-ID programs.
 */
#ifndef PMUKIT_SYSFILE_H
#define PMUKIT_SYSFILE_H

#include <dirent.h>
#include <stddef.h>
#include <stdint.h>

#include "pmukit/machine.h"

/* Is $PMUKIT_SYSFS_ROOT in force? */
int pmukit_sysfile_rooted(void);
/* The file's first line, without its newline, into @buf. */
int pmukit_sysfile_read(const char *path, char *buf, size_t len);
/* The whole file (at most @max bytes), NUL-terminated, malloc'd into *@text. */
int pmukit_sysfile_text(const char *path, size_t max, char **text);
/* A number in the file: decimal, or hex with 0x. */
int pmukit_sysfile_u64(const char *path, uint64_t *v);
int pmukit_sysfile_int(const char *path, int *v);
int pmukit_sysfile_write(const char *path, const char *text);
/* pmukit_sysfile_opendir() and pmukit_perf_event_codes() are public too. */

#endif /* PMUKIT_SYSFILE_H */
