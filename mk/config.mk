# SPDX-License-Identifier: MIT
# Build configuration: ARCH, CROSS_COMPILE, compiler flags, output directory.

HOST_ARCH := $(shell uname -m | sed -e 's/^aarch64$$/arm64/' -e 's/^armv[78].*$$/arm/')
ARCH ?= $(HOST_ARCH)

ifeq ($(filter $(ARCH),x86_64 arm64 arm),)
$(error ARCH=$(ARCH) is not supported: use x86_64, arm64 or arm)
endif

ifeq ($(ARCH),$(HOST_ARCH))
CROSS_COMPILE ?=
else ifeq ($(ARCH),arm64)
CROSS_COMPILE ?= aarch64-linux-gnu-
else ifeq ($(ARCH),arm)
CROSS_COMPILE ?= arm-linux-gnueabihf-
else
CROSS_COMPILE ?= x86_64-linux-gnu-
endif

CC := $(CROSS_COMPILE)gcc
AR := $(CROSS_COMPILE)ar
OBJDUMP := $(CROSS_COMPILE)objdump

TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
BUILD := build/$(ARCH)
Q ?= @

WARN := -Wall -Wextra -Werror
CFLAGS ?= -O2 -g
CFLAGS_USER := -std=gnu11 $(WARN) -Iinclude $(CFLAGS)
# ARM user programs are static so they run in any guest or board without a libc.
ifneq ($(ARCH),x86_64)
LDFLAGS_STATIC := -static
endif

# Debian's kernels for the test guests (tools/fetch-kernels); a user building
# for their own kernel sets KDIR.
KFLAVOUR_arm64 := arm64
KFLAVOUR_arm := armmp
