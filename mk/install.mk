# SPDX-License-Identifier: MIT
#   make install           headers, libpmukit, pmukit and pmukit.pc under PREFIX (DESTDIR)
#
# PREFIX=/usr/local by default; DESTDIR for staging (packages, tests). The
# module installs with 'make -C kmod install' on the board.

# PMUKIT_VERSION (VERSION) and PMUKIT_SOVERSION: mk/config.mk.
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
BINDIR ?= $(PREFIX)/bin
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
PC_FILE := $(BUILD)/lib/pmukit.pc

$(PC_FILE): lib/pmukit.pc.in
	@mkdir -p $(@D)
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
		-e 's|@VERSION@|$(PMUKIT_VERSION)|' $< > $@

.PHONY: install $(PC_FILE)
install: lib cli $(PC_FILE)
	install -d $(DESTDIR)$(INCLUDEDIR)/pmukit $(DESTDIR)$(LIBDIR) \
		$(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 0644 include/pmukit/*.h $(DESTDIR)$(INCLUDEDIR)/pmukit/
	install -m 0644 $(LIB_A) $(DESTDIR)$(LIBDIR)/
	install -m 0755 $(LIB_SO) $(DESTDIR)$(LIBDIR)/libpmukit.so.$(PMUKIT_VERSION)
	ln -sf libpmukit.so.$(PMUKIT_VERSION) $(DESTDIR)$(LIBDIR)/libpmukit.so.$(PMUKIT_SOVERSION)
	ln -sf libpmukit.so.$(PMUKIT_SOVERSION) $(DESTDIR)$(LIBDIR)/libpmukit.so
	install -m 0755 $(CLI_BIN) $(DESTDIR)$(BINDIR)/pmukit
	install -m 0644 $(PC_FILE) $(DESTDIR)$(PKGCONFIGDIR)/pmukit.pc
