# SPDX-License-Identifier: MIT
#   make cli               the pmukit command, build/<arch>/bin/pmukit
#   make cli-shared        the same linked to libpmukit.so, build/<arch>/bin/pmukit-shared
#
# The command is a client of the library's public API: it is compiled with
# include/ and cli/ only, never with lib/ (its private headers). 'pmukit'
# links libpmukit.a statically (the guests run it); 'cli-shared' builds it
# as any program built against an installed libpmukit is built, and 'make
# install CLI_LINK=shared' installs that one.
#
# cli/*_<isa>.c and .S are one ISA's parts (registers, selftest loops) and
# are built for that ISA only (ISA: config.mk's name for ARCH). Everything but main.c also goes into an
# archive that the host tests tests/host/test_cli_*.c link, so that they
# test the very code the command runs.

.PHONY: cli cli-shared
CLI_NOT_HERE := $(foreach i,$(filter-out $(ISA),$(ISAS)),cli/%_$(i).c cli/%_$(i).S)
CLI_SRCS := $(filter-out $(CLI_NOT_HERE),$(wildcard cli/*.c cli/*.S))
CLI_OBJS := $(patsubst cli/%,$(BUILD)/obj/cli/%.o,$(basename $(CLI_SRCS)))
CLI_MAIN_OBJ := $(BUILD)/obj/cli/main.o
CLI_A := $(BUILD)/obj/cli/libpmukit-cli.a
CLI_BIN := $(BUILD)/bin/pmukit
CLI_CFLAGS := $(CFLAGS_USER) -Icli
CLI_LIB := $(LIB_A)

all: cli
cli: $(CLI_BIN)

$(BUILD)/obj/cli/%.o: cli/%.c $(DEP_STAMP)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CLI_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/obj/cli/%.o: cli/%.S $(DEP_STAMP)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CLI_CFLAGS) $(DEPFLAGS) -c -o $@ $<

-include $(CLI_OBJS:.o=.d)

$(CLI_A): $(filter-out $(CLI_MAIN_OBJ),$(CLI_OBJS))
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(CLI_BIN): $(CLI_MAIN_OBJ) $(CLI_A) $(CLI_LIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS) $(LDFLAGS_STATIC) -o $@ $(CLI_MAIN_OBJ) $(CLI_A) $(CLI_LIB) -lm

# cli-shared: the public headers in CLI_SHARED_INCLUDE (default include/)
# and libpmukit.so in CLI_SHARED_LIBDIR (default the one built here); give
# an installed copy's, with CLI_SHARED_OUT and CLI_SHARED_BIN somewhere of
# their own, to build against that copy alone (tests/host/install.t).
CLI_SHARED_INCLUDE ?= include
CLI_SHARED_LIBDIR ?= $(BUILD)/lib
CLI_SHARED_OUT ?= $(BUILD)/obj/cli-shared
CLI_SHARED_BIN ?= $(BUILD)/bin/pmukit-shared
CLI_SHARED_CFLAGS := $(filter-out -Iinclude,$(CLI_CFLAGS)) -I$(CLI_SHARED_INCLUDE)
CLI_SHARED_OBJS := $(patsubst cli/%,$(CLI_SHARED_OUT)/%.o,$(basename $(CLI_SRCS)))
# Built here: relink when the library changes.
CLI_SHARED_SO := $(if $(filter $(BUILD)/lib,$(CLI_SHARED_LIBDIR)),$(BUILD)/lib/libpmukit.so)

cli-shared: $(CLI_SHARED_BIN)

$(CLI_SHARED_OUT)/%.o: cli/%.c $(DEP_STAMP)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CLI_SHARED_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(CLI_SHARED_OUT)/%.o: cli/%.S $(DEP_STAMP)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CLI_SHARED_CFLAGS) $(DEPFLAGS) -c -o $@ $<

-include $(CLI_SHARED_OBJS:.o=.d)

$(CLI_SHARED_BIN): $(CLI_SHARED_OBJS) $(CLI_SHARED_SO)
	@mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS) -o $@ $(CLI_SHARED_OBJS) -L$(CLI_SHARED_LIBDIR) -lpmukit -lm

ifneq ($(ARCH),x86_64)
# tools/qemu-run builds 'guest': the command goes into the guest with it.
GUEST_EXTRA += $(CLI_BIN)

# stat_loop carries region markers (tests of lib/regions.c in the guests),
# so it is linked with the library; guest.mk's rule is for plain programs.
$(BUILD)/tests/guest/stat_loop: tests/guest/stat_loop.c $(CLI_LIB) $(DEP_STAMP)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_USER) $(DEPFLAGS) -Itests/guest -DPMUKIT_MARKERS $(LDFLAGS) $(LDFLAGS_STATIC) -o $@ $< $(CLI_LIB) -lm
endif
