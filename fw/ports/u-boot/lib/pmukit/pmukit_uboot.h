/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pmukit in U-Boot: the crc32 command's selection and its passes (uboot.c),
 * used by do_mem_crc() in cmd/mem.c.
 */
#ifndef PMUKIT_UBOOT_H
#define PMUKIT_UBOOT_H

#include "pmukit_fw.h"

/*
 * Arm's cache selection and its workload-characterisation selection, one
 * array: 11 events, more than a Cortex-A53's 6 counters, so two passes.
 */
extern struct pmukit_fw_event pmukit_uboot_crc32_sel[];
/* The passes of one crc32 command: static, 1.5 KiB. */
extern struct pmukit_fw_passes pmukit_uboot_passes;

#endif /* PMUKIT_UBOOT_H */
