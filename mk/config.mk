# SPDX-License-Identifier: MIT
# Build configuration: ARCH, CROSS_COMPILE, compiler flags, output directory.

# The native ARCH is the one of the compiler that builds natively (its target
# triplet), never the kernel's (uname -m): Raspberry Pi OS runs a 64-bit kernel
# under a 32-bit userland, where the user space must be built for arm, not
# arm64. The module is built for the kernel it loads into (mk/kmod.mk asks
# the kernel's build tree).
NATIVE_CC ?= gcc
HOST_ARCH := $(shell $(NATIVE_CC) -dumpmachine 2>/dev/null | sed -n -e 's/^x86_64-.*/x86_64/p' \
	-e 's/^aarch64-.*/arm64/p' -e 's/^arm[^-]*-.*/arm/p')
ifeq ($(HOST_ARCH),)
HOST_ARCH := $(shell $(NATIVE_CC) -dumpmachine 2>/dev/null || echo unknown)
endif
ARCH ?= $(HOST_ARCH)

ifeq ($(filter $(ARCH),x86_64 arm64 arm),)
$(error ARCH=$(ARCH) is not supported: use x86_64, arm64 or arm$(if $(filter file,$(origin ARCH)), (it came from '$(NATIVE_CC) -dumpmachine'; give ARCH= or NATIVE_CC=)))
endif

# The instruction set of each ARCH: the one name source files, identifiers
# and the ISA-specific parts of the build use (isa_<isa>.c, cli/*_<isa>.c,
# fw/el_<isa>.c). ARCH stays the build's knob, as the kernel names it.
ISA_arm64 := aarch64
ISA_arm := aarch32
ISA_x86_64 := x86_64
ISAS := $(ISA_arm64) $(ISA_arm) $(ISA_x86_64)
ISA := $(ISA_$(ARCH))

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

# The release, from VERSION at the top (MAJOR.MINOR.PATCH): the command's
# --version, pmukit_version(), pmukit.pc, the shared library's file name and
# symbol version node (PMUKIT_MAJOR.MINOR), the module's version and DKMS's.
PMUKIT_VERSION := $(shell cat $(TOP)/VERSION)
ifeq ($(shell echo '$(PMUKIT_VERSION)' | grep -xE '[0-9]+\.[0-9]+\.[0-9]+'),)
$(error VERSION: '$(PMUKIT_VERSION)' is not MAJOR.MINOR.PATCH)
endif
PMUKIT_VERSION_NODE := PMUKIT_$(subst $(eval) ,.,$(wordlist 1,2,$(subst ., ,$(PMUKIT_VERSION))))
PMUKIT_SOVERSION := 0

# ARMV6_BASELINE=1 (with ARCH=arm): user space and firmware built with the
# flags of Raspberry Pi OS's 32-bit userland, whose compiler targets ARMv6
# (ARM1176, hard-float VFPv2): the code must assemble there and refuse the
# ARM1176 at run time. Into build/arm-armv6/, next to build/arm/. GCC has no
# Thumb-1 hard-float ABI, so ARMv6 builds are ARM state. The module is built
# with the kernel's own flags either way.
ARMV6_BASELINE ?=
ARMV6_FLAGS := -march=armv6kz -marm -mfpu=vfp
ifeq ($(ARMV6_BASELINE),1)
ifneq ($(ARCH),arm)
$(error ARMV6_BASELINE=1 is a 32-bit build: add ARCH=arm)
endif
BUILD := build/arm-armv6
FW_BUILD_arm := $(BUILD)
else ifneq ($(ARMV6_BASELINE),)
$(error ARMV6_BASELINE=$(ARMV6_BASELINE): give 1 (or nothing))
endif
# SANITIZE=1: the host build with AddressSanitizer and UndefinedBehaviorSanitizer,
# into build/<arch>-san/ (make check-host SANITIZE=1); any report ends the
# program. SANITIZE=fuzz: the same with clang and libFuzzer's coverage, into
# build/<arch>-fuzz/, for the fuzz targets (tests/fuzz/, make fuzz).
SANITIZE ?=
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
ifeq ($(SANITIZE),1)
BUILD := $(BUILD)-san
else ifeq ($(SANITIZE),fuzz)
BUILD := $(BUILD)-fuzz
CC := clang
SAN_FLAGS := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
else ifneq ($(SANITIZE),)
$(error SANITIZE=$(SANITIZE): give 1 or fuzz (or nothing))
endif
ifneq ($(SANITIZE),)
ifneq ($(ARCH),$(HOST_ARCH))
$(error SANITIZE=$(SANITIZE) is for the host build: leave ARCH alone)
endif
CFLAGS_SAN := $(SAN_FLAGS)
LDFLAGS += $(SAN_FLAGS)
endif
Q ?= @

WARN := -Wall -Wextra -Werror
# Header dependencies, one way for every object and program the build
# compiles: the compiler writes each one's headers into a .d file beside it
# (-MMD; -MP: a header deleted later does not break the build), which the
# fragment that compiles it includes.
DEPFLAGS := -MMD -MP
# A prerequisite of each rule that compiles with DEPFLAGS: made once per
# build directory, so that what a tree built before these .d files has is
# compiled once more and has its .d from then on.
DEP_STAMP := $(BUILD)/.depfiles
$(DEP_STAMP):
	@mkdir -p $(@D) && touch $@
CFLAGS ?= -O2 -g
# core/: the freestanding helpers shared with the firmware (ARRAY_SIZE ...).
CFLAGS_USER := -std=gnu11 $(WARN) -Iinclude -I. $(CFLAGS) $(CFLAGS_SAN) \
	$(if $(filter 1,$(ARMV6_BASELINE)),$(ARMV6_FLAGS))
# ARM user programs are static so they run in any guest or board without a libc.
ifneq ($(ARCH),x86_64)
LDFLAGS_STATIC := -static
endif

# Debian's kernels for the test guests (tools/fetch-kernels); a user building
# for their own kernel sets KDIR.
KFLAVOUR_arm64 := arm64
KFLAVOUR_arm := armmp
