/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * memset() and memcpy() for the demo and test images: the compiler may call
 * them for structure copies and initialisers even in freestanding code
 * (TF-A and U-Boot have their own). The library itself needs neither.
 */
#include <stddef.h>

void *memset(void *s, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);

/* Byte loops through volatile pointers, so they are not turned back into calls. */
void *memset(void *s, int c, size_t n)
{
	volatile unsigned char *p = s;

	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

void *memcpy(void *dst, const void *src, size_t n)
{
	volatile unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
	return dst;
}
