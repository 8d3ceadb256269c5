# SPDX-License-Identifier: MIT
#   make lib               libpmukit: build/<arch>/lib/libpmukit.a and .so
#
# Every lib/*.c and the freestanding core's objects (core.mk, shared with
# the firmware library) go into the library, but of lib/isa_<isa>.c only the
# ISA's (config.mk), and isa_arm_pmu.c on Arm; lib/event_tables.c expands
# the generated event tables, events/*.def (found by DEPFLAGS' .d files
# like any header).

.PHONY: lib
LIB_OUT := $(BUILD)/lib
LIB_NOT_HERE := $(foreach i,$(filter-out $(ISA),$(ISAS)),lib/isa_$(i).c) \
	$(if $(filter x86_64,$(ISA)),lib/isa_arm_pmu.c)
LIB_SRCS := $(filter-out $(LIB_NOT_HERE),$(wildcard lib/*.c))
LIB_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS)) $(CORE_LIB_OBJS)
LIB_A := $(LIB_OUT)/libpmukit.a
LIB_SO := $(LIB_OUT)/libpmukit.so
LIB_MAP := $(LIB_OUT)/libpmukit.map
LIB_CFLAGS := $(CFLAGS_USER) -Ilib -Ievents -fPIC -fvisibility=hidden -DPMUKIT_LIB

all: lib
lib: $(LIB_A) $(LIB_SO)

$(BUILD)/obj/lib/%.o: lib/%.c $(DEP_STAMP)
	@mkdir -p $(@D)
	$(Q)$(CC) $(LIB_CFLAGS) $(DEPFLAGS) -c -o $@ $<

-include $(patsubst %.c,$(BUILD)/obj/%.d,$(LIB_SRCS))
# pmukit_version()
$(BUILD)/obj/lib/version.o: VERSION
$(BUILD)/obj/lib/version.o: LIB_CFLAGS += -DPMUKIT_VERSION='"$(PMUKIT_VERSION)"'

$(LIB_A): $(LIB_OBJS)
	@mkdir -p $(@D)
	$(Q)rm -f $@ && $(AR) rcs $@ $^

# The symbol version node of lib/libpmukit.map (@VERSION_NODE@) is
# PMUKIT_MAJOR.MINOR, from VERSION.
$(LIB_MAP): lib/libpmukit.map VERSION
	@mkdir -p $(@D)
	$(Q)sed -e 's|@VERSION_NODE@|$(PMUKIT_VERSION_NODE)|' \
		-e '1a /* Generated from $< and VERSION by mk/lib.mk. */' $< > $@

$(LIB_SO): $(LIB_OBJS) $(LIB_MAP)
	@mkdir -p $(@D)
	$(Q)$(CC) $(LDFLAGS) -shared -Wl,-soname,libpmukit.so.$(PMUKIT_SOVERSION) \
		-Wl,--version-script=$(LIB_MAP) -o $@ $(LIB_OBJS) -lm
	$(Q)ln -sf libpmukit.so $@.$(PMUKIT_SOVERSION)	# its soname, to run against it here
