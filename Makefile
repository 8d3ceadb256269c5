# SPDX-License-Identifier: MIT
# pmukit: count CPU cycles and hardware events with the ARM PMU.
#
#   make                    host build into build/<arch>/
#   make ARCH=arm64|arm     cross build (CROSS_COMPILE defaults per ARCH)
#   make help               all targets
#   make config             what this build is for: ARCH, the compiler, the build directory
#
# A newcomer runs 'make demo' and 'make check' (see README.md).

.PHONY: all help config
all:

# The fragments, each after those whose variables it uses: the configuration
# (ARCH, flags, version), the freestanding core that the library and the
# firmware both build (core/), the event tables the library is built from,
# the library, the programs and images built on it, then installing, the
# tests and the demo, which use all of these.
MK_FILES := mk/config.mk mk/core.mk mk/events.mk mk/lib.mk mk/cli.mk \
	mk/fw.mk mk/kmod.mk mk/guest.mk mk/bench.mk mk/install.mk mk/package.mk mk/check.mk mk/demo.mk
include $(MK_FILES)

help:
	@sed -n 's/^#   //p' Makefile $(MK_FILES)

# ARCH decided by the native compiler (config.mk), not by the kernel: on a
# 64-bit kernel over a 32-bit userland this says arm.
config:
	@echo "ARCH=$(ARCH) ($(if $(filter $(ARCH),$(HOST_ARCH)),native: $(NATIVE_CC) -dumpmachine says $(shell $(NATIVE_CC) -dumpmachine 2>/dev/null),cross build; native is $(HOST_ARCH)))"
	@echo "CC=$(CC)"
	@echo "BUILD=$(BUILD)"
