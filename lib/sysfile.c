// SPDX-License-Identifier: MIT
/*
 * Reading the kernel's small text files: the module's sysfs, perf's sysfs,
 * sysctls in /proc/sys, /proc/cpuinfo lines; all under $PMUKIT_SYSFS_ROOT
 * when it is set.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sysfile.h"

static int under(const char *path, const char *top)
{
	size_t n = strlen(top);

	return !strncmp(path, top, n) && (path[n] == '/' || !path[n]);
}

static const char *root_dir(void)
{
	/* secure_getenv: a set-user-ID program never reads a tree the user chose. */
	const char *root = secure_getenv("PMUKIT_SYSFS_ROOT");

	return root && *root ? root : NULL;
}

int pmukit_sysfile_rooted(void)
{
	return root_dir() != NULL;
}

int pmukit_sysfile_path(const char *path, char *out, size_t len)
{
	const char *root = root_dir();
	int n;

	/* /boot: the running kernel's config (doctor.c), part of a machine's tree. */
	if (!root || !(under(path, "/sys") || under(path, "/proc") || under(path, "/boot")))
		root = "";
	n = snprintf(out, len, "%s%s", root, path);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static int open_at_root(const char *path, int flags)
{
	char full[1024];
	int ret = pmukit_sysfile_path(path, full, sizeof(full));

	if (ret)
		return ret;
	ret = open(full, flags | O_CLOEXEC);
	return ret < 0 ? -errno : ret;
}

/* Closes @fd after a read() or write() that returned @got. Return: @got, or -errno if it failed. */
static ssize_t close_after(int fd, ssize_t got)
{
	int err = errno;

	close(fd);
	return got < 0 ? -err : got;
}

DIR *pmukit_sysfile_opendir(const char *path)
{
	char full[1024];

	if (pmukit_sysfile_path(path, full, sizeof(full))) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	return opendir(full);
}

int pmukit_perf_event_codes(const char *dir, unsigned int *codes, size_t max)
{
	DIR *d = pmukit_sysfile_opendir(dir);
	struct dirent *e;
	size_t n = 0;

	if (!d)
		return -errno;
	while (n < max && (e = readdir(d))) {
		char path[640], text[64];
		const char *p;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (pmukit_sysfile_read(path, text, sizeof(text)))
			continue;
		p = strstr(text, "event=");
		if (p)
			codes[n++] = (unsigned int)strtoul(p + 6, NULL, 0);
	}
	closedir(d);
	return (int)n;
}

int pmukit_sysfile_text(const char *path, size_t max, char **text)
{
	size_t used = 0;
	ssize_t got;
	char *buf;
	int fd = open_at_root(path, O_RDONLY);

	*text = NULL;
	if (fd < 0)
		return fd;
	buf = malloc(max + 1);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	/* /proc files come in pieces: read until EOF or @max. */
	while (used < max && (got = read(fd, buf + used, max - used)) > 0)
		used += (size_t)got;
	close(fd);
	buf[used] = '\0';
	*text = buf;
	return 0;
}

int pmukit_sysfile_read(const char *path, char *buf, size_t len)
{
	ssize_t got;
	char *nl;
	int fd;

	if (!len)
		return -EINVAL;
	fd = open_at_root(path, O_RDONLY);
	if (fd < 0)
		return fd;
	got = close_after(fd, read(fd, buf, len - 1));
	if (got < 0)
		return (int)got;
	buf[got] = '\0';
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	return 0;
}

/* The file's number into *@u (strtoull) or, @u NULL, *@s (strtol). */
static int sysfile_number(const char *path, unsigned long long *u, long *s)
{
	char buf[64], *end;
	int ret = pmukit_sysfile_read(path, buf, sizeof(buf));

	if (ret)
		return ret;
	errno = 0;
	if (u)
		*u = strtoull(buf, &end, 0);
	else
		*s = strtol(buf, &end, 0);
	return errno || end == buf ? -EINVAL : 0;
}

int pmukit_sysfile_u64(const char *path, uint64_t *v)
{
	unsigned long long x;
	int ret = sysfile_number(path, &x, NULL);

	if (!ret)
		*v = x;
	return ret;
}

int pmukit_sysfile_int(const char *path, int *v)
{
	long x;
	int ret = sysfile_number(path, NULL, &x);

	if (!ret)
		*v = (int)x;
	return ret;
}

int pmukit_sysfile_write(const char *path, const char *text)
{
	size_t len = strlen(text);
	ssize_t put;
	int fd = open_at_root(path, O_WRONLY);

	if (fd < 0)
		return fd;
	put = close_after(fd, write(fd, text, len));
	if (put < 0)
		return (int)put;
	return (size_t)put == len ? 0 : -EIO;
}
