/* SPDX-License-Identifier: MIT */
/*
 * raw_syscall(nr, a0..a4): one system call as a single svc, without libc.
 *
 * libc's wrappers take a different path on failure (they set errno), so a
 * call that fails and one that succeeds run different numbers of user
 * instructions. Here the user-space instructions of a call site do not
 * depend on its arguments or on its result: the tests that compare the user
 * counts of two runs (a call that does something against one that fails)
 * rely on that. The result is the kernel's: a value, or -errno.
 */
#ifndef RAW_SYSCALL_H
#define RAW_SYSCALL_H

#if defined(__aarch64__)
static inline long raw_syscall(long nr, long a0, long a1, long a2, long a3, long a4)
{
	register long x0 __asm__("x0") = a0;
	register long x1 __asm__("x1") = a1;
	register long x2 __asm__("x2") = a2;
	register long x3 __asm__("x3") = a3;
	register long x4 __asm__("x4") = a4;
	register long x8 __asm__("x8") = nr;

	__asm__ volatile("svc #0"
			 : "+r"(x0)
			 : "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x8)
			 : "memory", "cc");
	return x0;
}
#elif defined(__arm__)
/*
 * EABI: the number goes in r7, which Thumb code keeps as its frame pointer,
 * so it is saved in ip (which the call clobbers) around the svc.
 */
static inline long raw_syscall(long nr, long a0, long a1, long a2, long a3, long a4)
{
	register long r0 __asm__("r0") = a0;
	register long r1 __asm__("r1") = a1;
	register long r2 __asm__("r2") = a2;
	register long r3 __asm__("r3") = a3;
	register long r4 __asm__("r4") = a4;

	__asm__ volatile("mov ip, r7\n\t"
			 "mov r7, %[nr]\n\t"
			 "svc #0\n\t"
			 "mov r7, ip"
			 : "+r"(r0)
			 : "r"(r1), "r"(r2), "r"(r3), "r"(r4), [nr] "r"(nr)
			 : "ip", "memory", "cc");
	return r0;
}
#else
#error "raw_syscall is for the ARM guests"
#endif

#endif
