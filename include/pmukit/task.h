/* SPDX-License-Identifier: MIT */
/*
 * A task's scheduling state (lib/task_state.c), as Linux's /proc gives it.
 * Part of pmukit.h, which includes it: include that.
 */
#ifndef PMUKIT_TASK_H
#define PMUKIT_TASK_H

#include <sys/types.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * pmukit_task_state() - the state of task @tid: the letter of
 * /proc/TID/stat's third field ('R' running, 'S' asleep, 'Z' a zombie,
 * 'X' dead, ...). Safe in the child of a fork: open, read and close only.
 * The live /proc, never PMUKIT_SYSFS_ROOT's: a running task has no fixture.
 * Return: the letter; -EINVAL for a @tid below 1; the open's negative errno
 * (-ENOENT: no such task, or no /proc); -EIO for a file without a state.
 */
PMUKIT_API int pmukit_task_state(pid_t tid);

#ifdef __cplusplus
}
#endif

#endif /* PMUKIT_TASK_H */
