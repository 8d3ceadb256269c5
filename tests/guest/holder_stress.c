// SPDX-License-Identifier: MIT
/*
 * holder_stress: /dev/pmukit's isolation, many rounds: a process opens the
 * device on CPU 0, sets counter 0 and hands the CPU to another process (a
 * pipe), which must find counter 0 scrubbed (0) and no full access; then the
 * holder closes the device. Each round is a first open and a last close,
 * and a task switch of the holder right after its open.
 *
 *   holder_stress ROUNDS     exit 0 if every round held, 1 if one did not
 *                            (each such round printed), 2 on a setup error
 *
 * CPU 1 meanwhile switches tasks as fast as it can (two processes passing a
 * byte), so that the module runs its task-switch probe there all the time.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <pmukit/pmukit.h>
#include <pmukit/kmod_dev.h>
#include <pmukit/sysreg.h>
#include "guest_pin.h"

/* What the other process found: counter 0 (if it may read it) and access. */
struct seen {
	uint64_t value;
	int read_faulted;
	int full_access;
};

static void read_counter0(void *arg)
{
	pmukit_isb();
	*(uint64_t *)arg = pmukit_read_pmevcntr(0);
}

static void write_pmcntenset(void *arg)
{
	(void)arg;
	pmukit_write_pmcntenset(0);	/* PMCNTENSET: sets nothing; needs full access */
}

/* The other process's look: 0, or a setup error (negative errno). */
static int look(struct seen *s)
{
	int r;

	s->value = 0;
	r = pmukit_call_guarded(read_counter0, &s->value);
	if (r && r != -EACCES)
		return r;
	s->read_faulted = r == -EACCES;
	r = pmukit_call_guarded(write_pmcntenset, NULL);
	if (r && r != -EACCES)
		return r;
	s->full_access = !r;
	return 0;
}

static void set_counter0(void *arg)
{
	(void)arg;
	pmukit_write_pmcntenclr(1);	/* PMCNTENCLR: counter 0 stopped, its value stays */
	pmukit_write_pmevcntr(0, 0x5a5a5);	/* PMEVCNTR0: the holder's value */
	pmukit_isb();
}

/* Two processes on CPU 1 passing a byte: a task switch at every pass. */
static pid_t switcher(void)
{
	int a[2], b[2];
	pid_t pid;
	char c = 0;

	if (pipe(a) || pipe(b))
		return -1;
	pid = fork();
	if (pid)
		return pid;
	guest_pin("holder_stress", 1);
	if (fork() == 0) {
		/* Only its ends open: the pipe ends (EOF) when the other is killed. */
		close(a[1]);
		close(b[0]);
		while (read(a[0], &c, 1) == 1 && write(b[1], &c, 1) == 1)
			;
		_exit(0);
	}
	close(a[0]);
	close(b[1]);
	while (write(a[1], &c, 1) == 1 && read(b[0], &c, 1) == 1)
		;
	_exit(0);
}

int main(int argc, char **argv)
{
	unsigned long rounds = argc > 1 ? strtoul(argv[1], NULL, 0) : 100, i, bad = 0;
	int to_other[2], from_other[2], fd, r;
	struct seen s;
	pid_t sw, other;
	char c;

	sw = switcher();
	if (sw < 0 || pipe(to_other) || pipe(from_other))
		return perror("holder_stress"), 2;
	guest_pin("holder_stress", 0);
	other = fork();	/* before any open: never a holder */
	if (other == 0) {
		while (read(to_other[0], &c, 1) == 1 && c == 'g') {
			r = look(&s);
			if (r) {
				fprintf(stderr, "holder_stress: SIGILL guard: %s\n", strerror(-r));
				_exit(1);
			}
			if (write(from_other[1], &s, sizeof(s)) != sizeof(s))
				_exit(1);
		}
		_exit(0);
	}
	for (i = 0; i < rounds; i++) {
		fd = open(PMUKIT_DEV_PATH, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			perror("holder_stress: " PMUKIT_DEV_PATH);
			break;
		}
		r = pmukit_call_guarded(set_counter0, NULL);
		if (r == -EACCES) {
			printf("round %lu: the holder has no full access\n", i);
			bad++;
		} else if (r) {
			fprintf(stderr, "holder_stress: SIGILL guard: %s\n", strerror(-r));
			break;
		}
		c = 'g';
		if (write(to_other[1], &c, 1) != 1 || read(from_other[0], &s, sizeof(s)) != sizeof(s))
			break;
		close(fd);
		if ((!s.read_faulted && s.value) || s.full_access) {
			bad++;
			printf("round %lu: another process on CPU 0 read counter 0 as 0x%" PRIx64 "%s\n",
			       i, s.value, s.full_access ? " and had full access" : "");
		}
	}
	c = 'q';
	(void)!write(to_other[1], &c, 1);
	waitpid(other, NULL, 0);
	kill(sw, SIGKILL);
	waitpid(sw, NULL, 0);
	printf("holder_stress: rounds=%lu bad=%lu\n", i, bad);
	return i < rounds ? 2 : bad ? 1 : 0;
}
