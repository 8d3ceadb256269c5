/* SPDX-License-Identifier: BSD-3-Clause */
/* QEMU virt board support for the demos and tests: PL011 output, exit. */
#ifndef PMUKIT_FW_BOARD_H
#define PMUKIT_FW_BOARD_H

void board_putc(char c);
void board_puts(const char *s);
/* Sends the library's output to the UART. */
void board_init(void);
/* Ends the program through semihosting; code is QEMU's exit status. */
void board_exit(int code) __attribute__((noreturn));
/* 1 when running at the level the image was built for (EXPECT_LEVEL). */
int board_level_ok(void);
/* Called by the vectors: prints and exits with status 99. */
void board_exception(unsigned long idx, unsigned long syndrome, unsigned long addr);

#endif
