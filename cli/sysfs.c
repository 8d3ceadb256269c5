// SPDX-License-Identifier: MIT
/*
 * The few /sys and /proc files the command reads itself (the module's
 * per-CPU user_access and events, perf's event lists, nmi_watchdog), at the
 * place the library reads them: under $PMUKIT_SYSFS_ROOT when it is set.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int sys_read(const char *path, char *buf, size_t len)
{
	char full[1024];
	FILE *f;
	int ret = pmukit_sysfile_path(path, full, sizeof(full));

	if (ret)
		return ret;
	if (!len)
		return -EINVAL;
	f = fopen(full, "re");
	if (!f)
		return -errno;
	if (!fgets(buf, (int)len, f)) {
		buf[0] = '\0';
		ret = ferror(f) ? -EIO : 0;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return ret;
}

int sys_write(const char *path, const char *text)
{
	char full[1024];
	size_t len = strlen(text);
	ssize_t put;
	int fd, ret = pmukit_sysfile_path(path, full, sizeof(full));

	if (ret)
		return ret;
	fd = open(full, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	put = write(fd, text, len);
	ret = put < 0 ? -errno : (size_t)put == len ? 0 : -EIO;
	close(fd);
	return ret;
}

DIR *sys_opendir(const char *path)
{
	char full[1024];

	if (pmukit_sysfile_path(path, full, sizeof(full))) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	return opendir(full);
}
