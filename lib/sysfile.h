/* SPDX-License-Identifier: MIT */
/* Small reads and writes of /sys and /proc files, with negative errno results. */
#ifndef PMUKIT_SYSFILE_H
#define PMUKIT_SYSFILE_H

#include <stddef.h>
#include <stdint.h>

/* The file's first line, without its newline, into @buf. */
int pmukit_sysfile_read(const char *path, char *buf, size_t len);
/* A number in the file: decimal, or hex with 0x. */
int pmukit_sysfile_u64(const char *path, uint64_t *v);
int pmukit_sysfile_int(const char *path, int *v);
int pmukit_sysfile_write(const char *path, const char *text);

#endif /* PMUKIT_SYSFILE_H */
