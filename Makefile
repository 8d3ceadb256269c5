# SPDX-License-Identifier: MIT
# pmukit: count CPU cycles and hardware events with the ARM PMU.
#
#   make                    host build into build/<arch>/
#   make ARCH=arm64|arm     cross build (CROSS_COMPILE defaults per ARCH)
#   make help               all targets
#
# A newcomer runs 'make demo' and 'make check' (see README.md).

include mk/config.mk

.PHONY: all help
all:

include $(filter-out mk/config.mk,$(sort $(wildcard mk/*.mk)))

help:
	@sed -n 's/^#   //p' Makefile mk/*.mk
