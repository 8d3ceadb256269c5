# SPDX-License-Identifier: MIT
#   make lib               libpmukit: build/<arch>/lib/libpmukit.a and .so
#
# Every lib/*.c, every generated event table and the freestanding core
# (core/*.c, shared with the firmware library) go into the library.

.PHONY: lib
LIB_OUT := $(BUILD)/lib
LIB_SRCS := $(wildcard lib/*.c) $(EVENTS_SRCS) $(wildcard core/*.c)
LIB_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS))
LIB_A := $(LIB_OUT)/libpmukit.a
LIB_SO := $(LIB_OUT)/libpmukit.so
LIB_CFLAGS := $(CFLAGS_USER) -Ilib -I. -fPIC -fvisibility=hidden

all: lib
lib: $(LIB_A) $(LIB_SO)

$(BUILD)/obj/%.o: %.c $(wildcard include/pmukit/*.h lib/*.h core/*.h)
	@mkdir -p $(@D)
	$(Q)$(CC) $(LIB_CFLAGS) -c -o $@ $<

$(LIB_A): $(LIB_OBJS)
	@mkdir -p $(@D)
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(LIB_SO): $(LIB_OBJS) lib/libpmukit.map
	@mkdir -p $(@D)
	$(Q)$(CC) -shared -Wl,-soname,libpmukit.so.$(PMUKIT_SOVERSION) \
		-Wl,--version-script=lib/libpmukit.map -o $@ $(LIB_OBJS) -lm
