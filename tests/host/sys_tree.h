/* SPDX-License-Identifier: MIT */
/*
 * A temporary /sys and /proc tree for a host test, made of parts in order:
 * a link to the same path in a fixture (tests/fixtures/sysfs/NAME), a
 * directory, or a file with its text; removed in the reverse order.
 * Point the library at it with PMUKIT_SYSFS_ROOT.
 */
#ifndef PMUKIT_TEST_SYS_TREE_H
#define PMUKIT_TEST_SYS_TREE_H

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct sys_part {
	const char *path;
	int link;		/* a link to @path in the fixture */
	const char *text;	/* a file's text; NULL (and not a link): a directory */
};

/*
 * The fixtures' directory, tests/fixtures/sysfs, beside this file's (the
 * host tests' own), by its real path into @out (room: PATH_MAX). Return: 0,
 * or -1 when it is not there (@out then holds the path looked at).
 */
static inline int sys_fixtures_dir(char *out)
{
	char here[PATH_MAX - 32], path[PATH_MAX], *slash;
	struct stat st;

	snprintf(here, sizeof(here), "%s", __FILE__);
	slash = strrchr(here, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(here, sizeof(here), ".");
	snprintf(out, PATH_MAX, "%s/../fixtures/sysfs", here);
	if (stat(out, &st) || !realpath(out, path))
		return -1;
	snprintf(out, PATH_MAX, "%s", path);
	return 0;
}

/*
 * Makes the tree of @parts[0..n) in a new directory @dir (room: PATH_MAX)
 * named after @name, its links into @fixture. Return: 0 or -errno.
 */
static inline int sys_tree_make(char *dir, const char *name, const char *fixture,
				const struct sys_part *parts, size_t n)
{
	char path[PATH_MAX + 128], target[PATH_MAX + 128];
	const char *tmp = getenv("TMPDIR");
	size_t i;
	FILE *f;

	snprintf(dir, PATH_MAX, "%s/pmukit-%s.XXXXXX", tmp && *tmp ? tmp : "/tmp", name);
	if (!mkdtemp(dir))
		return -errno;
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, parts[i].path);
		if (parts[i].link) {
			snprintf(target, sizeof(target), "%s/%s", fixture, parts[i].path);
			if (symlink(target, path))
				return -errno;
		} else if (!parts[i].text) {
			if (mkdir(path, 0755))
				return -errno;
		} else {
			f = fopen(path, "w");
			if (!f)
				return -errno;
			fputs(parts[i].text, f);
			fclose(f);
		}
	}
	return 0;
}

/* Removes what sys_tree_make() made of @parts in @dir, and @dir. */
static inline void sys_tree_remove(const char *dir, const struct sys_part *parts, size_t n)
{
	char path[PATH_MAX + 128];

	while (n-- > 0) {
		snprintf(path, sizeof(path), "%s/%s", dir, parts[n].path);
		if (unlink(path))
			rmdir(path);
	}
	rmdir(dir);
}

#endif /* PMUKIT_TEST_SYS_TREE_H */
