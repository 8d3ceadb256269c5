# SPDX-License-Identifier: MIT
#   make kmod              the kernel module, build/<arch>/kmod/pmukit.ko (ARM only)
#
# KDIR: the kernel build tree. Native builds (on the board) default to the
# running kernel's; cross builds to the Debian test kernel's headers, fetched
# by tools/fetch-kernels. Sources are linked into build/<arch>/kmod so
# the source tree stays clean.

.PHONY: kmod
ifneq ($(ARCH),x86_64)
KMOD_OUT := $(BUILD)/kmod
# Only the module's own sources: an in-tree 'make -C kmod' leaves generated
# files (pmukit.mod.c) that must not be linked in.
KMOD_SRCS := $(filter-out %.mod.c,$(wildcard kmod/*.c kmod/*.h)) kmod/Kbuild
ifeq ($(ARCH),$(HOST_ARCH))
KDIR ?= /lib/modules/$(shell uname -r)/build
endif
all: kmod
kmod: $(KMOD_OUT)/pmukit.ko

$(KMOD_OUT)/pmukit.ko: $(KMOD_SRCS) $(wildcard include/pmukit/*.h)
	@mkdir -p $(KMOD_OUT)
	@ln -sf $(addprefix $(TOP)/,$(KMOD_SRCS)) $(KMOD_OUT)/
	$(Q)kdir="$(KDIR)"; \
	if [ -z "$$kdir" ]; then \
		kdir=$$(tools/fetch-kernels --env $(KFLAVOUR_$(ARCH)) | sed -n 's/^KDIR=//p') || exit 1; \
	fi; \
	$(MAKE) -s -C "$$kdir" ARCH=$(ARCH) CROSS_COMPILE=$(CROSS_COMPILE) \
		M=$(TOP)/$(KMOD_OUT) PMUKIT_INCLUDE=$(TOP)/include PMUKIT_WERROR=1 modules
else
kmod:
	@echo "kmod: the module is for ARM kernels: make ARCH=arm64 kmod, make ARCH=arm kmod, or make -C kmod on the board" >&2; exit 2
endif
