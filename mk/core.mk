# SPDX-License-Identifier: MIT
# The freestanding core (core/*.c): names, pass planning, PMCEID's decode,
# the metric table and its evaluator, 64-bit arithmetic without libgcc.
# The library and the firmware both build it; this fragment owns it: its
# sources, the objects each build makes of them, and the flags that keep it
# freestanding (no libc: the firmware build compiles it, and fw/, with
# them, so nothing of libc can slip in).
#
# The library's objects: CORE_LIB_OBJS, in build/<arch>/obj/core/, with the
# library's flags (lib.mk's LIB_CFLAGS, expanded when the rule runs). The
# firmware's: $(call CORE_FW_OBJS,OUT) in OUT/obj/core/, by the rules
# $(call CORE_FW_RULES,OUT,CC,FLAGS) makes (fw.mk, once per ISA).

CORE_SRCS := $(wildcard core/*.c)
CORE_FREESTANDING_CFLAGS := -ffreestanding -nostdlib

CORE_LIB_OBJS := $(patsubst core/%.c,$(BUILD)/obj/core/%.o,$(CORE_SRCS))

$(CORE_LIB_OBJS): $(BUILD)/obj/core/%.o: core/%.c $(DEP_STAMP)
	@mkdir -p $(@D)
	$(Q)$(CC) $(LIB_CFLAGS) $(DEPFLAGS) -c -o $@ $<

-include $(CORE_LIB_OBJS:.o=.d)

CORE_FW_OBJS = $(patsubst core/%.c,$(1)/obj/core/%.o,$(CORE_SRCS))

# $(1): the firmware's output directory, $(2): its compiler, $(3): its flags
# (which hold CORE_FREESTANDING_CFLAGS and DEPFLAGS).
define CORE_FW_RULES
$$(call CORE_FW_OBJS,$(1)): $(1)/obj/core/%.o: core/%.c
	@mkdir -p $$(@D)
	$$(Q)$(2) $(3) -c $$< -o $$@

-include $$(patsubst %.o,%.d,$$(call CORE_FW_OBJS,$(1)))
endef
