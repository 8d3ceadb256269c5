# SPDX-License-Identifier: MIT
#   make lib               libpmukit: build/<arch>/lib/libpmukit.a and .so
#
# Every lib/*.c and every generated event table goes into the library, but
# of lib/isa_<isa>.c only the ISA's (config.mk), and isa_arm_pmu.c on Arm.

.PHONY: lib
LIB_OUT := $(BUILD)/lib
LIB_NOT_HERE := $(foreach i,$(filter-out $(ISA),$(ISAS)),lib/isa_$(i).c) \
	$(if $(filter x86_64,$(ISA)),lib/isa_arm_pmu.c)
LIB_SRCS := $(filter-out $(LIB_NOT_HERE),$(wildcard lib/*.c)) $(EVENTS_SRCS)
LIB_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS))
LIB_A := $(LIB_OUT)/libpmukit.a
LIB_SO := $(LIB_OUT)/libpmukit.so
LIB_CFLAGS := $(CFLAGS_USER) -Ilib -fPIC -fvisibility=hidden

all: lib
lib: $(LIB_A) $(LIB_SO)

$(BUILD)/obj/%.o: %.c $(wildcard include/pmukit/*.h lib/*.h)
	@mkdir -p $(@D)
	$(Q)$(CC) $(LIB_CFLAGS) -c -o $@ $<

$(LIB_A): $(LIB_OBJS)
	@mkdir -p $(@D)
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(LIB_SO): $(LIB_OBJS) lib/libpmukit.map
	@mkdir -p $(@D)
	$(Q)$(CC) -shared -Wl,-soname,libpmukit.so.$(PMUKIT_SOVERSION) \
		-Wl,--version-script=lib/libpmukit.map -o $@ $(LIB_OBJS) -lm
