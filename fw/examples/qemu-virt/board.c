/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * QEMU virt board support: the PL011 UART at 0x09000000 (QEMU needs no
 * initialisation), and the level check of the images.
 */
#include <pmukit/sysreg.h>
#include "pmukit_fw.h"
#include "board.h"

#define UART_BASE	0x09000000UL
#define UART_DR		0x00
#define UART_FR		0x18
#define UART_FR_TXFF	(1U << 5)	/* transmit FIFO full */

static inline volatile uint32_t *uart_reg(unsigned long off)
{
	return (volatile uint32_t *)(UART_BASE + off);
}

void board_putc(char c)
{
	while (*uart_reg(UART_FR) & UART_FR_TXFF)
		;
	*uart_reg(UART_DR) = (uint32_t)(unsigned char)c;
}

void board_puts(const char *s)
{
	while (*s)
		board_putc(*s++);
}

void board_init(void)
{
	pmukit_fw_set_output(board_putc, board_puts);
}

/*
 * EXPECT_LEVEL: 3, 2, 1 (AArch64 EL) or the AArch32 mode number
 * (0x1a HYP, 0x13 SVC); unset: any level.
 */
int board_level_ok(void)
{
#if !defined(EXPECT_LEVEL)
	return 1;
#elif defined(__aarch64__)
	return pmukit_current_el() == EXPECT_LEVEL;
#else
	return (pmukit_read_cpsr() & CPSR_MODE_MASK) == EXPECT_LEVEL;
#endif
}

void board_exception(unsigned long idx, unsigned long syndrome, unsigned long addr)
{
	board_puts("EXCEPTION: vector ");
	pmukit_fw_print_u64(idx);
	board_puts(" syndrome/cpsr ");
	pmukit_fw_print_hex(syndrome);
	board_puts(" at ");
	pmukit_fw_print_hex(addr);
	board_puts("\n");
	board_exit(99);
}
