# SPDX-License-Identifier: MIT
#   make kmod              the kernel module, build/<arch>/kmod/pmukit.ko (ARM only)
#   make kmod KERNEL=5.10|6.1|6.12 [KFLAVOUR=rt-arm64]
#                          the module for another Debian test kernel, in
#                          build/<arch>/kmod-<kernel>-<flavour>/
#
# KDIR: the kernel build tree. Native builds (on the board) default to the
# running kernel's; cross builds to the Debian test kernel's headers, fetched
# by tools/fetch-kernels. Sources are linked into the output directory so
# the source tree stays clean.

.PHONY: kmod
ifneq ($(ARCH),x86_64)
KFLAVOUR ?= $(KFLAVOUR_$(ARCH))
ifneq ($(KERNEL),)
KMOD_OUT := $(BUILD)/kmod-$(KERNEL)-$(KFLAVOUR)
else
KMOD_OUT := $(BUILD)/kmod
endif
# Only the module's own sources: an in-tree 'make -C kmod' leaves generated
# files (pmukit.mod.c) that must not be linked in. core/spec.c, which
# kmod/pmukit_spec.c includes, is found through PMUKIT_INCLUDE/.. (Kbuild).
KMOD_SRCS := $(filter-out %.mod.c,$(wildcard kmod/*.c kmod/*.h)) kmod/Kbuild
ifeq ($(ARCH),$(HOST_ARCH))
KDIR ?= /lib/modules/$(shell uname -r)/build
endif
all: kmod
kmod: $(KMOD_OUT)/pmukit.ko

# The kernel's architecture is the build tree's (CONFIG_ARM64 or CONFIG_ARM in
# include/config/auto.conf), which need not be the user space's: Raspberry Pi
# OS runs a 64-bit kernel under a 32-bit userland, whose native ARCH is arm
# (config.mk). Such a kernel's module is built with its own ARCH and the cross
# compiler for it (KCROSS_COMPILE, default KCROSS_<arch>), and the note says so.
KCROSS_COMPILE ?=
KCROSS_arm64 := aarch64-linux-gnu-
KCROSS_arm := arm-linux-gnueabihf-

# The compiler: Debian's headers name the one the kernel was built with in
# .kernelvariables ("CC = ... $(CROSS_COMPILE)gcc-10" for 5.10). Where that
# compiler is not installed (Debian 12 has gcc-12 cross compilers only) the
# default one builds the module, for the test kernels and for a KDIR the user
# names alike: the module ABI does not depend on the compiler version, and
# the note says so.
$(KMOD_OUT)/pmukit.ko: $(KMOD_SRCS) $(wildcard include/pmukit/*.h) core/spec.c $(wildcard core/*.h) VERSION
	@mkdir -p $(KMOD_OUT)
	@ln -sf $(addprefix $(TOP)/,$(KMOD_SRCS)) $(KMOD_OUT)/
	$(Q)kdir="$(KDIR)"; \
	if [ -z "$$kdir" ]; then \
		env=$$(tools/fetch-kernels $(if $(KERNEL),--kernel $(KERNEL)) --env $(KFLAVOUR)) || exit 1; \
		kdir=$$(printf '%s\n' "$$env" | sed -n 's/^KDIR=//p'); \
	fi; \
	karch=$(ARCH) kcross=$(CROSS_COMPILE); \
	if grep -qx 'CONFIG_ARM64=y' "$$kdir/include/config/auto.conf" 2>/dev/null; then karch=arm64; \
	elif grep -qx 'CONFIG_ARM=y' "$$kdir/include/config/auto.conf" 2>/dev/null; then karch=arm; fi; \
	if [ "$$karch" != $(ARCH) ]; then \
		case $$karch in arm64) kcross=$(or $(KCROSS_COMPILE),$(KCROSS_arm64)) ;; *) kcross=$(or $(KCROSS_COMPILE),$(KCROSS_arm)) ;; esac; \
		if ! command -v "$${kcross}gcc" >/dev/null; then \
			echo "kmod: $${kdir} is an $$karch kernel under an $(ARCH) user space: its module needs $${kcross}gcc (Debian: apt-get install gcc-$${kcross%-}; or KCROSS_COMPILE=)" >&2; \
			exit 1; \
		fi; \
		echo "kmod: note: the kernel is $$karch, this user space $(ARCH): building the module with ARCH=$$karch CROSS_COMPILE=$$kcross" >&2; \
	fi; \
	kcc=$$(grep -o '$$(CROSS_COMPILE)gcc-[0-9][0-9]*' "$$kdir/.kernelvariables" 2>/dev/null | head -n 1); \
	kcc=$${kcc#'$$(CROSS_COMPILE)'}; \
	cc=; \
	if [ -n "$$kcc" ] && ! command -v "$$kcross$$kcc" >/dev/null; then \
		cc="CC=$${kcross}gcc"; \
		echo "kmod: note: $${kdir##*/} names $$kcross$$kcc, which is not installed; building with $${kcross}gcc ($$($${kcross}gcc -dumpversion))" >&2; \
	fi; \
	$(MAKE) -s -C "$$kdir" ARCH=$$karch CROSS_COMPILE=$$kcross $$cc \
		M=$(TOP)/$(KMOD_OUT) PMUKIT_INCLUDE=$(TOP)/include PMUKIT_WERROR=1 modules
else
kmod:
	@echo "kmod: the module is for ARM kernels: make ARCH=arm64 kmod, make ARCH=arm kmod, or make -C kmod on the board" >&2; exit 2
endif
