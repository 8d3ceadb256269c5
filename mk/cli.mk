# SPDX-License-Identifier: MIT
#   make cli               the pmukit command, build/<arch>/bin/pmukit
#
# cli/*_<arch>.c and .S are one ISA's parts (registers, selftest loops) and
# are built for that ARCH only. Everything but main.c also goes into an
# archive that the host tests tests/host/test_cli_*.c link, so that they
# test the very code the command runs.

.PHONY: cli
CLI_ARCHES := arm64 arm x86_64
CLI_NOT_HERE := $(foreach a,$(filter-out $(ARCH),$(CLI_ARCHES)),cli/%_$(a).c cli/%_$(a).S)
CLI_SRCS := $(filter-out $(CLI_NOT_HERE),$(wildcard cli/*.c cli/*.S))
CLI_OBJS := $(patsubst cli/%,$(BUILD)/obj/cli/%.o,$(basename $(CLI_SRCS)))
CLI_MAIN_OBJ := $(BUILD)/obj/cli/main.o
CLI_A := $(BUILD)/obj/cli/libpmukit-cli.a
CLI_BIN := $(BUILD)/bin/pmukit
CLI_CFLAGS := $(CFLAGS_USER) -Ilib -Icli

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

$(CLI_BIN): $(CLI_MAIN_OBJ) $(CLI_A) $(LIB_A)
	@mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS_STATIC) -o $@ $(CLI_MAIN_OBJ) $(CLI_A) $(LIB_A) -lm

# The host tests of the command link its archive (a more specific pattern
# than check.mk's, so make prefers it).
$(HOST_TEST_OUT)/test_cli_%: tests/host/test_cli_%.c $(CLI_A) $(LIB_A) tests/tap.h
	@mkdir -p $(@D)
	$(Q)$(CC) $(CLI_CFLAGS) -Itests -o $@ $< $(CLI_A) $(LIB_A) -lm
