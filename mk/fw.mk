# SPDX-License-Identifier: MIT
#   make fw                build the firmware library and demo images
#   make fw-demo           run the AArch64 EL3 firmware demo in QEMU and show its output
#   make fw-check          the firmware tests (TAP, prove), after make fw
#
# Firmware never runs on the host, so `make fw` builds both ISAs whatever
# ARCH is: build/arm64/fw/ and build/arm/fw/, each with libpmukit-fw.a, the
# demo images (.elf and .bin, one per exception level or mode) and the test
# images under test/. `make all` builds the firmware of ARCH when it is an
# ARM one.

FW_ARCHS := arm64 arm
FW_CROSS_arm64 ?= aarch64-linux-gnu-
FW_CROSS_arm ?= arm-linux-gnueabihf-
# A cross (or native) compiler chosen for ARCH applies to its firmware too.
ifeq ($(ARCH),arm64)
FW_CROSS_arm64 := $(CROSS_COMPILE)
else ifeq ($(ARCH),arm)
FW_CROSS_arm := $(CROSS_COMPILE)
endif

FW_OPT ?= -O2 -g
FW_CFLAGS := -std=gnu11 $(WARN) $(FW_OPT) $(CORE_FREESTANDING_CFLAGS) -fno-pie -fno-pic \
	-fno-stack-protector -fno-common -fno-asynchronous-unwind-tables \
	-ffunction-sections -fdata-sections $(DEPFLAGS) -Iinclude -Ifw/include -Ievents -I.
FW_ARCHFLAGS_arm64 := -march=armv8-a -mgeneral-regs-only -mstrict-align
FW_ARCHFLAGS_arm := $(if $(filter 1,$(ARMV6_BASELINE)),-march=armv6kz,-march=armv7-a) \
	-marm -mfloat-abi=soft -mgeneral-regs-only
FW_LDFLAGS := -nostdlib -nostartfiles -static -no-pie -Wl,--gc-sections \
	-Wl,--build-id=none -Wl,--no-warn-rwx-segments -T fw/examples/qemu-virt/link.ld

FW_LIB_SRCS_COMMON := pmu_fw.c result.c report.c output.c report_metrics.c fw_passes.c compat_pmuv3.c
# One ISA's parts: fw/el_<isa>.c, the board's start_<isa>.S, the tests' region_<isa>.S.
$(foreach a,$(FW_ARCHS),$(eval FW_LIB_SRCS_$(a) := $$(FW_LIB_SRCS_COMMON) el_$(ISA_$(a)).c))
$(foreach a,$(FW_ARCHS),$(eval FW_START_$(a) := start_$(ISA_$(a)).S))
$(foreach a,$(FW_ARCHS),$(eval FW_REGION_$(a) := region_$(ISA_$(a)).S))

# The test images' firmware (tests/fw/), in every level's image.
FW_TEST_SRCS := fw_test.c fw_test_counts.c fw_test_restore.c fw_test_levels.c

# Images per level: name and EXPECT_LEVEL (AArch64: the EL; AArch32: CPSR.M).
FW_LEVELS_arm64 := el3:3 el2:2 el1:1
FW_LEVELS_arm := hyp:0x1a svc:0x13

FW_EX := fw/examples/qemu-virt
PROVE ?= prove

.PHONY: fw fw-arm64 fw-arm fw-demo fw-check fw-clean
fw: fw-arm64 fw-arm
ifneq ($(filter $(ARCH),arm64 arm),)
all: fw-$(ARCH)
endif

# $(1): arm64 or arm
define FW_ISA_RULES
FW_OUT_$(1) := $$(or $$(FW_BUILD_$(1)),build/$(1))/fw
FW_CC_$(1) := $$(FW_CROSS_$(1))gcc
FW_AR_$(1) := $$(FW_CROSS_$(1))ar
FW_OBJCOPY_$(1) := $$(FW_CROSS_$(1))objcopy
FW_CC_FLAGS_$(1) := $$(FW_CFLAGS) $$(FW_ARCHFLAGS_$(1))
FW_LIB_$(1) := $$(FW_OUT_$(1))/libpmukit-fw.a
FW_LIB_OBJS_$(1) := $$(patsubst %.c,$$(FW_OUT_$(1))/obj/%.o,$$(FW_LIB_SRCS_$(1))) \
	$$(call CORE_FW_OBJS,$$(FW_OUT_$(1)))
FW_LVL_NAMES_$(1) := $$(foreach l,$$(FW_LEVELS_$(1)),$$(firstword $$(subst :, ,$$(l))))
FW_DEMOS_$(1) := $$(foreach l,$$(FW_LVL_NAMES_$(1)),$$(FW_OUT_$(1))/demo-$$(l).elf $$(FW_OUT_$(1))/demo-$$(l).bin)
FW_TESTS_$(1) := $$(foreach l,$$(FW_LVL_NAMES_$(1)),$$(FW_OUT_$(1))/test/test-$$(l).elf)
FW_TEST_OBJS_$(1) := $$(patsubst %.c,$$(FW_OUT_$(1))/obj/test/%.o,$$(FW_TEST_SRCS))
FW_BOARD_OBJS_$(1) := $$(FW_OUT_$(1))/obj/ex/start.o $$(FW_OUT_$(1))/obj/ex/crc32.o \
	$$(FW_OUT_$(1))/obj/ex/string.o

fw-$(1): $$(FW_LIB_$(1)) $$(FW_DEMOS_$(1)) $$(FW_TESTS_$(1))

$$(FW_OUT_$(1))/obj/%.o: fw/%.c
	@mkdir -p $$(@D)
	$$(Q)$$(FW_CC_$(1)) $$(FW_CC_FLAGS_$(1)) -c $$< -o $$@

$$(FW_LIB_$(1)): $$(FW_LIB_OBJS_$(1))
	@rm -f $$@
	$$(Q)$$(FW_AR_$(1)) rcs $$@ $$^

$$(FW_OUT_$(1))/obj/ex/start.o: $$(FW_EX)/$$(FW_START_$(1))
	@mkdir -p $$(@D)
	$$(Q)$$(FW_CC_$(1)) $$(FW_CC_FLAGS_$(1)) -c $$< -o $$@

$$(FW_OUT_$(1))/obj/ex/%.o: $$(FW_EX)/%.c
	@mkdir -p $$(@D)
	$$(Q)$$(FW_CC_$(1)) $$(FW_CC_FLAGS_$(1)) -c $$< -o $$@

$$(FW_OUT_$(1))/obj/test/%.o: tests/fw/%.c
	@mkdir -p $$(@D)
	$$(Q)$$(FW_CC_$(1)) $$(FW_CC_FLAGS_$(1)) -I$$(FW_EX) -c $$< -o $$@

$$(FW_OUT_$(1))/obj/test/region.o: tests/fw/$$(FW_REGION_$(1))
	@mkdir -p $$(@D)
	$$(Q)$$(FW_CC_$(1)) $$(FW_CC_FLAGS_$(1)) -c $$< -o $$@

$$(FW_OUT_$(1))/%.bin: $$(FW_OUT_$(1))/%.elf
	$$(Q)$$(FW_OBJCOPY_$(1)) -O binary $$< $$@

-include $$(wildcard $$(FW_OUT_$(1))/obj/*.d $$(FW_OUT_$(1))/obj/ex/*.d $$(FW_OUT_$(1))/obj/test/*.d)
endef

# $(1): arm64 or arm, $(2): level name, $(3): EXPECT_LEVEL
define FW_LEVEL_RULES
$$(FW_OUT_$(1))/obj/ex/board-$(2).o: $$(FW_EX)/board.c
	@mkdir -p $$(@D)
	$$(Q)$$(FW_CC_$(1)) $$(FW_CC_FLAGS_$(1)) -DEXPECT_LEVEL=$(3) -c $$< -o $$@

$$(FW_OUT_$(1))/demo-$(2).elf: $$(FW_BOARD_OBJS_$(1)) $$(FW_OUT_$(1))/obj/ex/board-$(2).o \
		$$(FW_OUT_$(1))/obj/ex/demo.o $$(FW_LIB_$(1)) $$(FW_EX)/link.ld
	$$(Q)$$(FW_CC_$(1)) $$(FW_CC_FLAGS_$(1)) $$(FW_LDFLAGS) -o $$@ \
		$$(filter %.o %.a,$$^)

$$(FW_OUT_$(1))/test/test-$(2).elf: $$(FW_BOARD_OBJS_$(1)) $$(FW_OUT_$(1))/obj/ex/board-$(2).o \
		$$(FW_TEST_OBJS_$(1)) $$(FW_OUT_$(1))/obj/test/region.o \
		$$(FW_LIB_$(1)) $$(FW_EX)/link.ld
	@mkdir -p $$(@D)
	$$(Q)$$(FW_CC_$(1)) $$(FW_CC_FLAGS_$(1)) $$(FW_LDFLAGS) -o $$@ \
		$$(filter %.o %.a,$$^)
endef

$(foreach a,$(FW_ARCHS),$(eval $(call FW_ISA_RULES,$(a))))
# core/'s objects of each firmware build (core.mk).
$(foreach a,$(FW_ARCHS),$(eval $(call CORE_FW_RULES,$(FW_OUT_$(a)),$(FW_CC_$(a)),$(FW_CC_FLAGS_$(a)))))
$(foreach a,$(FW_ARCHS),$(foreach l,$(FW_LEVELS_$(a)),\
	$(eval $(call FW_LEVEL_RULES,$(a),$(firstword $(subst :, ,$(l))),$(lastword $(subst :, ,$(l)))))))

# EL3 without the library's MDCR_EL3.SPME handling: event counters must read 0.
# The test's own el_aarch64 (tests/fw/el_aarch64_nospme.c) replaces the library's.
FW_NOSPME_OBJS := $(patsubst %.c,$(FW_OUT_arm64)/obj/%.o,$(FW_LIB_SRCS_COMMON)) \
	$(call CORE_FW_OBJS,$(FW_OUT_arm64)) \
	$(FW_OUT_arm64)/obj/test/el_aarch64_nospme.o
$(FW_OUT_arm64)/test/libpmukit-fw-nospme.a: $(FW_NOSPME_OBJS)
	@mkdir -p $(@D)
	@rm -f $@
	$(Q)$(FW_AR_arm64) rcs $@ $^

$(FW_OUT_arm64)/test/test-el3-nospme.elf: $(FW_BOARD_OBJS_arm64) $(FW_OUT_arm64)/obj/ex/board-el3.o \
		$(FW_TEST_OBJS_arm64) $(FW_OUT_arm64)/obj/test/region.o \
		$(FW_OUT_arm64)/test/libpmukit-fw-nospme.a $(FW_EX)/link.ld
	$(Q)$(FW_CC_arm64) $(FW_CC_FLAGS_arm64) $(FW_LDFLAGS) -o $@ $(filter %.o %.a,$^)

fw-arm64: $(FW_OUT_arm64)/test/test-el3-nospme.elf

# Passes planned from Neoverse N1's metrics (topdown), at EL1: run with -cpu neoverse-n1.
$(FW_OUT_arm64)/test/test-topdown-el1.elf: $(FW_BOARD_OBJS_arm64) $(FW_OUT_arm64)/obj/ex/board-el1.o \
		$(FW_OUT_arm64)/obj/test/fw_topdown.o $(FW_OUT_arm64)/obj/test/region.o \
		$(FW_LIB_arm64) $(FW_EX)/link.ld
	$(Q)$(FW_CC_arm64) $(FW_CC_FLAGS_arm64) $(FW_LDFLAGS) -o $@ $(filter %.o %.a,$^)

fw-arm64: $(FW_OUT_arm64)/test/test-topdown-el1.elf

fw-demo: fw-arm64
	@echo "### pmukit firmware library: CRC-32 profiled at EL3 on an emulated Cortex-A53 (-icount shift=0)"
	$(Q)$(FW_EX)/run $(FW_OUT_arm64)/demo-el3.elf

fw-check: fw
	$(PROVE) $(wildcard tests/fw/*.t)

fw-clean:
	rm -rf $(foreach a,$(FW_ARCHS),build/$(a)/fw)
