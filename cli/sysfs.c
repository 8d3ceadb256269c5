// SPDX-License-Identifier: MIT
/*
 * The few /sys and /proc files the command reads itself (the module's
 * per-CPU user_access and events, perf's event lists, nmi_watchdog), at the
 * place the library reads them: under $PMUKIT_SYSFS_ROOT when it is set.
 */
#include <errno.h>
#include <string.h>

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
