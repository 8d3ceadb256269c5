// SPDX-License-Identifier: MIT
/*
 * asuser: run a command as another user, for the guest suites' checks of
 * what an unprivileged process may do (busybox has no su or setpriv --reuid).
 *
 *   asuser UID GID COMMAND [ARGS...]
 *
 * Run as root: drops every supplementary group, then takes GID and UID
 * (real, effective and saved) and execs COMMAND from PATH. Exit 127 if it
 * cannot.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	uid_t uid;
	gid_t gid;

	if (argc < 4) {
		fprintf(stderr, "usage: asuser UID GID COMMAND [ARGS...]\n");
		return 127;
	}
	uid = (uid_t)strtoul(argv[1], NULL, 10);
	gid = (gid_t)strtoul(argv[2], NULL, 10);
	/* Groups first: once the uid is not 0, nothing may change them. */
	if (setgroups(0, NULL) || setresgid(gid, gid, gid) || setresuid(uid, uid, uid)) {
		fprintf(stderr, "asuser: cannot become %u:%u: %s\n", (unsigned)uid, (unsigned)gid,
			strerror(errno));
		return 127;
	}
	execvp(argv[3], argv + 3);
	fprintf(stderr, "asuser: %s: %s\n", argv[3], strerror(errno));
	return 127;
}
