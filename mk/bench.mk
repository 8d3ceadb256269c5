# SPDX-License-Identifier: MIT
#   make bench             instructions per read for every path, and what
#                          pmukit stat costs beside perf stat, under -icount
#
# Boots arm64, arm and aarch32 under -icount shift=0 (one instruction = one
# cycle), loads pmukit.ko, sets kernel.perf_user_access=1 where it exists,
# and runs tests/guest/bench.c: instructions per read of every access path
# beside the raw minimum of the same read, with the ratio.
#
# After the arm64 one, boots arm64 again with Debian's Linux perf
# (tools/qemu-run --perf) and runs tests/guest/stat-cost.sh: the
# instructions 'pmukit stat -r 20' and 'perf stat -r 20' add to the same
# command, and (on 4 CPUs) what one interval of 'stat -a -I 100' costs
# each; it fails when pmukit's is above a third of perf's.
#
# The guest programs that use libpmukit (libtest, bench, kernel_count, and
# holder_stress and pmutest for the library's SIGILL guard) link it here;
# the other guest programs build by the rule in guest.mk.

.PHONY: bench
LIB_GUEST_PROGS := bench kernel_count holder_stress pmutest

ifneq ($(ARCH),x86_64)
$(addprefix $(BUILD)/tests/guest/,$(LIB_GUEST_PROGS)): $(BUILD)/tests/guest/%: \
		tests/guest/%.c $(LIB_A) $(DEP_STAMP)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_USER) $(DEPFLAGS) -Itests/guest -Itests $(LDFLAGS) $(LDFLAGS_STATIC) -o $@ $< \
		$(LIB_A) -lm

# libtest: its dispatcher and its subcommands' files (tests/guest/libtest/),
# one object each, each with its .d.
LIBTEST_OBJS := $(patsubst tests/guest/%.c,$(BUILD)/tests/guest/obj/%.o,\
	tests/guest/libtest.c $(wildcard tests/guest/libtest/*.c))
$(BUILD)/tests/guest/obj/%.o: tests/guest/%.c $(DEP_STAMP)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_USER) $(DEPFLAGS) -Itests/guest -Itests -c -o $@ $<
$(BUILD)/tests/guest/libtest: $(LIBTEST_OBJS) $(LIB_A)
	$(Q)$(CC) $(CFLAGS_USER) $(LDFLAGS) $(LDFLAGS_STATIC) -o $@ $(LIBTEST_OBJS) $(LIB_A) -lm
-include $(LIBTEST_OBJS:.o=.d)
endif

BENCH_RUN = tools/qemu-run --no-build --icount --timeout 120
# The bench reads the counters by hand too (its raw minimum, before any
# session): the module's old global full access, as the suites that program
# the PMU themselves load it (mode=read gives user space no register on ARMv7).
BENCH_KO = insmod /lib/modules/pmukit.ko global_full_access=1
BENCH_PERF_RUN = tools/qemu-run --no-build --icount --perf --timeout 600 --arch arm64

bench: kernels
	$(Q)$(MAKE) --no-print-directory ARCH=arm64 all
	$(Q)$(MAKE) --no-print-directory ARCH=arm all
	@echo "### arm64, Cortex-A53, -icount shift=0"
	$(Q)$(BENCH_RUN) --arch arm64 -- \
		'$(BENCH_KO) && echo 1 > /proc/sys/kernel/perf_user_access && bench'
	@echo
	@echo "### pmukit stat beside perf stat: arm64, Cortex-A53, -icount shift=0, Linux 6.1 and its perf"
	$(Q)$(BENCH_PERF_RUN) -- 'insmod /lib/modules/pmukit.ko && stat-cost.sh 20'
	@echo
	$(Q)$(BENCH_PERF_RUN) --smp 4 -- 'insmod /lib/modules/pmukit.ko && stat-cost.sh -I 100'
	@echo
	@echo "### arm (ARMv7), Cortex-A15, -icount shift=0"
	$(Q)$(BENCH_RUN) --arch arm -- '$(BENCH_KO) && bench'
	@echo
	@echo "### aarch32 (AArch32 on a Cortex-A53), -icount shift=0"
	$(Q)$(BENCH_RUN) --arch aarch32 -- '$(BENCH_KO) && bench'
