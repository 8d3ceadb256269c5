/* SPDX-License-Identifier: BSD-3-Clause */
/* Table-driven CRC-32, the checksum U-Boot's "crc32" command computes. */
#include "crc32.h"

static uint32_t table[256];

void crc32_init(void)
{
	uint32_t i, k, c;

	for (i = 0; i < 256; i++) {
		c = i;
		for (k = 0; k < 8; k++)
			c = (c & 1) ? 0xedb88320U ^ (c >> 1) : c >> 1;
		table[i] = c;
	}
}

uint32_t crc32(uint32_t crc, const uint8_t *p, unsigned long len)
{
	crc = ~crc;
	while (len--)
		crc = table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}
