# SPDX-License-Identifier: MIT
#   make install           headers, libpmukit, pmukit and pmukit.pc under PREFIX (DESTDIR)
#
# PREFIX=/usr/local by default; DESTDIR for staging (packages, tests). The
# module installs with 'make -C kmod install' on the board. CLI_LINK=shared
# installs a pmukit linked to the libpmukit.so installed beside it (the
# default, static, is the one the guests run).

# PMUKIT_VERSION (VERSION) and PMUKIT_SOVERSION: mk/config.mk.
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
BINDIR ?= $(PREFIX)/bin
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
PC_FILE := $(BUILD)/lib/pmukit.pc
CLI_LINK ?= static
ifeq ($(CLI_LINK),static)
CLI_INSTALL_BIN := $(CLI_BIN)
else ifeq ($(CLI_LINK),shared)
CLI_INSTALL_BIN := $(CLI_SHARED_BIN)
else
$(error CLI_LINK=$(CLI_LINK): give static or shared)
endif

$(PC_FILE): lib/pmukit.pc.in
	@mkdir -p $(@D)
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
		-e 's|@VERSION@|$(PMUKIT_VERSION)|' $< > $@

.PHONY: install $(PC_FILE)
install: lib $(CLI_INSTALL_BIN) $(PC_FILE)
	install -d $(DESTDIR)$(INCLUDEDIR)/pmukit $(DESTDIR)$(LIBDIR) \
		$(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 0644 include/pmukit/*.h $(DESTDIR)$(INCLUDEDIR)/pmukit/
	install -m 0644 $(LIB_A) $(DESTDIR)$(LIBDIR)/
	install -m 0755 $(LIB_SO) $(DESTDIR)$(LIBDIR)/libpmukit.so.$(PMUKIT_VERSION)
	ln -sf libpmukit.so.$(PMUKIT_VERSION) $(DESTDIR)$(LIBDIR)/libpmukit.so.$(PMUKIT_SOVERSION)
	ln -sf libpmukit.so.$(PMUKIT_SOVERSION) $(DESTDIR)$(LIBDIR)/libpmukit.so
	install -m 0755 $(CLI_INSTALL_BIN) $(DESTDIR)$(BINDIR)/pmukit
	install -m 0644 $(PC_FILE) $(DESTDIR)$(PKGCONFIGDIR)/pmukit.pc
