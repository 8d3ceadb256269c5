# SPDX-License-Identifier: MIT
#   make check             every test: host unit tests, then all QEMU targets (TAP, prove)
#   make check-host        only the tests that run on this machine
#   make deps              install the Debian packages and busybox the tests need
#   make kernels           fetch the Debian ARM test kernels and their headers
#   make matrix            only the QEMU matrix (target x kernel x suite), then its table
#
# Host unit tests: each tests/host/test_*.c becomes a TAP program linked with
# libpmukit; tests/host/*.t are scripts. QEMU tests: tests/qemu/*.t boot
# guests with tools/qemu-run; tests/fw/*.t run the firmware images.

.PHONY: check check-host deps kernels build-all matrix
HOST_TEST_OUT := $(BUILD)/tests/host
HOST_TESTS := $(patsubst tests/host/%.c,$(HOST_TEST_OUT)/%,$(wildcard tests/host/test_*.c))
PROVE ?= prove
PROVE_FLAGS ?= -j2

# (lib.mk is read after this file: name the library by its path.)
$(HOST_TEST_OUT)/%: tests/host/%.c $(BUILD)/lib/libpmukit.a tests/tap.h
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS_USER) -Ilib -Itests -o $@ $< $(BUILD)/lib/libpmukit.a -lm

deps:
	$(Q)tools/deps

# Every kernel of the QEMU matrix (tests/qemu/matrix); one that cannot be
# had is reported, and its cells are skipped with the reason.
kernels: deps
	$(Q)tools/matrix kernels

# Everything the tests use: the host build, both ARM builds, the firmware,
# and the module for every kernel of the matrix.
build-all: kernels
	$(Q)$(MAKE) --no-print-directory ARCH=$(HOST_ARCH) all $(HOST_TESTS)
	$(Q)$(MAKE) --no-print-directory ARCH=arm64 all
	$(Q)$(MAKE) --no-print-directory ARCH=arm all
	$(Q)$(MAKE) --no-print-directory ARCH=arm ARMV6_BASELINE=1 cli build/arm-armv6/tests/guest/stat_loop
	$(Q)$(MAKE) --no-print-directory fw
	$(Q)tools/matrix modules

check-host: deps
	$(Q)$(MAKE) --no-print-directory ARCH=$(HOST_ARCH) all $(HOST_TESTS)
	$(PROVE) $(PROVE_FLAGS) $(HOST_TESTS) $(wildcard tests/host/*.t)

# The matrix's cells become one TAP script each in build/matrix/t; their
# results, kept in build/matrix/results, make the table printed at the end.
MATRIX_T := build/matrix/t
define run_matrix
	@rm -rf build/matrix/results
	$(Q)tools/matrix tests $(MATRIX_T)
	$(Q)st=0; $(PROVE) $(PROVE_FLAGS) $(1) $(MATRIX_T)/*.t || st=$$?; \
	echo; tools/matrix table || true; exit $$st
endef

check: build-all
	$(call run_matrix,$(HOST_TESTS) $(wildcard tests/host/*.t) $(wildcard tests/fw/*.t))

matrix: build-all
	$(call run_matrix,)
