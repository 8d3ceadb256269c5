# SPDX-License-Identifier: MIT
#   make cli               the pmukit command, build/<arch>/bin/pmukit
#
# cli/*_<isa>.c and .S are one ISA's parts (registers, selftest loops) and
# are built for that ISA only (ISA: config.mk's name for ARCH). Everything but main.c also goes into an
# archive that the host tests tests/host/test_cli_*.c link, so that they
# test the very code the command runs.

.PHONY: cli
CLI_NOT_HERE := $(foreach i,$(filter-out $(ISA),$(ISAS)),cli/%_$(i).c cli/%_$(i).S)
CLI_SRCS := $(filter-out $(CLI_NOT_HERE),$(wildcard cli/*.c cli/*.S))
CLI_OBJS := $(patsubst cli/%,$(BUILD)/obj/cli/%.o,$(basename $(CLI_SRCS)))
CLI_MAIN_OBJ := $(BUILD)/obj/cli/main.o
CLI_A := $(BUILD)/obj/cli/libpmukit-cli.a
CLI_BIN := $(BUILD)/bin/pmukit
CLI_CFLAGS := $(CFLAGS_USER) -Ilib -Icli
# lib.mk, which names it LIB_A, is read after this file.
CLI_LIB := $(BUILD)/lib/libpmukit.a

all: cli
cli: $(CLI_BIN)

$(BUILD)/obj/cli/%.o: cli/%.c $(wildcard cli/*.h include/pmukit/*.h lib/*.h)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CLI_CFLAGS) -c -o $@ $<

$(BUILD)/obj/cli/%.o: cli/%.S $(wildcard cli/*.h)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CLI_CFLAGS) -c -o $@ $<

$(CLI_A): $(filter-out $(CLI_MAIN_OBJ),$(CLI_OBJS))
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(CLI_BIN): $(CLI_MAIN_OBJ) $(CLI_A) $(CLI_LIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS_STATIC) -o $@ $(CLI_MAIN_OBJ) $(CLI_A) $(CLI_LIB) -lm

# The host tests of the command link its archive (a more specific pattern
# than check.mk's, so make prefers it).
$(HOST_TEST_OUT)/test_cli_%: tests/host/test_cli_%.c $(CLI_A) $(CLI_LIB) tests/tap.h
	@mkdir -p $(@D)
	$(Q)$(CC) $(CLI_CFLAGS) -Itests -o $@ $< $(CLI_A) $(CLI_LIB) -lm

ifneq ($(ARCH),x86_64)
# tools/qemu-run builds 'guest': the command goes into the guest with it.
GUEST_EXTRA += $(CLI_BIN)

# stat_loop carries region markers (tests of lib/regions.c in the guests),
# so it is linked with the library; guest.mk's rule is for plain programs.
$(BUILD)/tests/guest/stat_loop: tests/guest/stat_loop.c $(CLI_LIB) $(wildcard include/pmukit/*.h)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_USER) -DPMUKIT_MARKERS $(LDFLAGS_STATIC) -o $@ $< $(CLI_LIB) -lm
endif
