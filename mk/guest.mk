# SPDX-License-Identifier: MIT
#   make guest             what tools/qemu-run puts in a guest (ARM): module, CLI, test programs
#
# Test programs that run inside the QEMU guests: static ARM binaries in
# build/<arch>/tests/guest/.

.PHONY: guest
ifneq ($(ARCH),x86_64)
GUEST_OUT := $(BUILD)/tests/guest
GUEST_PROGS := $(patsubst tests/guest/%.c,$(GUEST_OUT)/%,$(wildcard tests/guest/*.c))

guest: kmod $(GUEST_PROGS) $(GUEST_EXTRA)
all: $(GUEST_PROGS)

$(GUEST_OUT)/%: tests/guest/%.c $(DEP_STAMP)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_USER) $(DEPFLAGS) -Itests/guest $(LDFLAGS) $(LDFLAGS_STATIC) -o $@ $< -lm

-include $(GUEST_PROGS:=.d)
else
guest:
	@echo "guest: the guest programs are for ARM: make ARCH=arm64 guest or make ARCH=arm guest" >&2; exit 2
endif
