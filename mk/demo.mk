# SPDX-License-Identifier: MIT
#   make demo              boot an emulated Cortex-A53: the module at work, then the firmware library at EL3, then in TF-A and U-Boot
#
# Two boots of the same board: first with emulated time (noisy, as on a busy
# board), then under -icount shift=0, where every count is exact. Both boot
# tools/fetch-kernels' default arm64 kernel (6.1), the one the module of
# 'make ARCH=arm64 all' is built for: the demo fetches that one alone, not
# every kernel of the matrix (make kernels).

.PHONY: demo
demo: deps
	$(Q)tools/fetch-kernels arm64
	$(Q)$(MAKE) --no-print-directory ARCH=arm64 all
	@echo "### pmukit demo: Debian arm64 kernel on an emulated Cortex-A53 (QEMU), 2 CPUs"
	$(Q)tools/qemu-run --no-build --arch arm64 --cpu cortex-a53 --smp 2 \
		--add demo/demo-guest.sh -- 'sh /extra/demo-guest.sh'
	@echo
	@echo "### the same board under -icount shift=0, 1 CPU: exact counts"
	$(Q)tools/qemu-run --no-build --arch arm64 --cpu cortex-a53 --icount \
		--add demo/demo-guest.sh -- 'PMUKIT_DEMO_ICOUNT=1 sh /extra/demo-guest.sh'
	@echo
	$(Q)$(MAKE) --no-print-directory fw-demo
	@echo
	@echo "### real firmware: Debian's TF-A and U-Boot with pmukit (tools/firmware-build), U-Boot's crc32 profiled in two passes (-icount shift=0)"
	$(Q)tools/firmware-run --icount -- 'mw.l 0x50000000 0x12345678 0x8000' 'crc32 0x50000000 0x10000' pmukit
	@echo "### (TF-A prints U-Boot's poweroff as \"ERROR: QEMU System Power off\": the normal end of the run)"
