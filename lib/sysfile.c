// SPDX-License-Identifier: MIT
/*
 * Reading the kernel's small text files: the module's sysfs, perf's sysfs,
 * sysctls in /proc/sys, /proc/cpuinfo lines.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sysfile.h"

int pmukit_sysfile_read(const char *path, char *buf, size_t len)
{
	ssize_t got;
	char *nl;
	int fd;

	if (!len)
		return -EINVAL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	got = read(fd, buf, len - 1);
	if (got < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	close(fd);
	buf[got] = '\0';
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	return 0;
}

int pmukit_sysfile_u64(const char *path, uint64_t *v)
{
	char buf[64], *end;
	unsigned long long x;
	int ret = pmukit_sysfile_read(path, buf, sizeof(buf));

	if (ret)
		return ret;
	errno = 0;
	x = strtoull(buf, &end, 0);
	if (errno || end == buf)
		return -EINVAL;
	*v = x;
	return 0;
}

int pmukit_sysfile_int(const char *path, int *v)
{
	char buf[64], *end;
	long x;
	int ret = pmukit_sysfile_read(path, buf, sizeof(buf));

	if (ret)
		return ret;
	errno = 0;
	x = strtol(buf, &end, 0);
	if (errno || end == buf)
		return -EINVAL;
	*v = (int)x;
	return 0;
}

int pmukit_sysfile_write(const char *path, const char *text)
{
	size_t len = strlen(text);
	ssize_t put;
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	put = write(fd, text, len);
	if (put < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	close(fd);
	return (size_t)put == len ? 0 : -EIO;
}
