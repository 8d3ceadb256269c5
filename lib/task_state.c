// SPDX-License-Identifier: MIT
/*
 * A task's state from /proc/TID/stat: for the child of pmukit_child_run(),
 * which waits until its parent sleeps, and for the command, which looks
 * for the end of the tasks it counts. Written for the child of a fork: no
 * stdio, no allocation, no lock.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "pmukit/pmukit.h"

PMUKIT_API int pmukit_task_state(pid_t tid)
{
	static const char head[] = "/proc/", tail[] = "/stat";
	char path[sizeof(head) + 12 + sizeof(tail)], digits[12], buf[512], *p;
	size_t nd = 0, at = sizeof(head) - 1;
	ssize_t got;
	int fd;

	if (tid < 1)
		return -EINVAL;
	for (; tid; tid /= 10)
		digits[nd++] = (char)('0' + tid % 10);
	memcpy(path, head, at);
	while (nd)
		path[at++] = digits[--nd];
	memcpy(path + at, tail, sizeof(tail));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	got = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (got <= 0)
		return -EIO;
	buf[got] = '\0';
	/* The command's name, in parentheses, may hold ')' and spaces: the last one ends it. */
	p = strrchr(buf, ')');
	if (!p || p[1] != ' ' || !p[2])
		return -EIO;
	return (unsigned char)p[2];
}
