/* SPDX-License-Identifier: MIT */
/*
 * The access paths (lib/paths.c): how the library reaches the PMU, their
 * names, $PMUKIT_PATH, and whether one works here.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_PATH_API_H
#define PMUKIT_PATH_API_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- access paths --------------------------------------------------- */

enum pmukit_path {
	PMUKIT_PATH_AUTO = 0,	/* $PMUKIT_PATH, else the first that works: pmukit_path_choose() */
	PMUKIT_PATH_DIRECT,	/* mrs/mrc of the PMU (pmukit.ko loaded); rdtsc on x86-64 */
	PMUKIT_PATH_PERF,	/* perf_event_open() groups and read() */
	PMUKIT_PATH_PERF_MMAP,	/* perf's mmap page self-read (seqlock, rdpmc/mrs) */
	PMUKIT_PATH_CLOCK,	/* generic timer CNTVCT, rdtsc, or clock_gettime */
	PMUKIT_PATH_COUNT
};

/** pmukit_path_name() - "auto", "direct", "perf", "perf-mmap" or "clock". */
PMUKIT_API const char *pmukit_path_name(enum pmukit_path path);

/** pmukit_path_parse() - the path for a name; -EINVAL if there is none. */
PMUKIT_API int pmukit_path_parse(const char *name, enum pmukit_path *path);

/**
 * pmukit_path_env() - the path $PMUKIT_PATH asks for (auto when unset)
 *
 * Return: 0, or -EINVAL when it names no path (the message says which are).
 */
PMUKIT_API int pmukit_path_env(enum pmukit_path *path);

/**
 * pmukit_path_detect() - does @path work here, for the calling thread?
 * @why: filled with the reason when it does not (and a short note when it does)
 *
 * Return: 0 if it works; -EACCES, -ENODEV, -ENOENT, -EOPNOTSUPP ... if not.
 */
PMUKIT_API int pmukit_path_detect(enum pmukit_path path, char *why, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_PATH_API_H */
