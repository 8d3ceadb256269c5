/* SPDX-License-Identifier: BSD-3-Clause */
/* The demo workload: CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320). */
#ifndef PMUKIT_FW_CRC32_H
#define PMUKIT_FW_CRC32_H

#include <stdint.h>

void crc32_init(void);
uint32_t crc32(uint32_t crc, const uint8_t *p, unsigned long len);

#endif
