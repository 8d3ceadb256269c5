# SPDX-License-Identifier: MIT
#   make install           headers, libpmukit, pmukit and pmukit.pc under PREFIX (DESTDIR)
#   make uninstall         removes what make install installed (same PREFIX, DESTDIR, LIBDIR ...)
#
# PREFIX=/usr/local by default; DESTDIR for staging (packages, tests). The
# module installs with 'make -C kmod install' on the board. CLI_LINK=shared
# installs a pmukit linked to the libpmukit.so installed beside it (the
# default, static, is the one the guests run).
#
# Under PREFIX=/usr the library goes where the distribution's own do, the
# multiarch directory /usr/lib/<triplet>; the triplet is asked of the
# compiler that builds it (gcc -print-multiarch), so a cross build installs
# into the target's directory, not this machine's. LIBDIR overrides it.
# A shared library in a directory the dynamic loader searches is found only
# after ldconfig has run: make install runs it when it installs into the
# live system (no DESTDIR) as root, and otherwise prints the one line that
# says what to do.

# PMUKIT_VERSION (VERSION) and PMUKIT_SOVERSION: mk/config.mk.
PREFIX ?= /usr/local
MULTIARCH := $(if $(filter /usr /usr/,$(PREFIX)),$(shell $(CC) -print-multiarch 2>/dev/null))
LIBDIR ?= $(PREFIX)/lib$(if $(MULTIARCH),/$(MULTIARCH))
BINDIR ?= $(PREFIX)/bin
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
PC_FILE := $(BUILD)/lib/pmukit.pc
# The directories the dynamic loader searches without configuration, and
# the one Debian's /etc/ld.so.conf.d/libc.conf adds (/usr/local/lib).
LDCONFIG ?= ldconfig
LDCONFIG_DIRS ?= /lib /usr/lib /lib64 /usr/lib64 /usr/local/lib \
	$(foreach t,$(sort $(MULTIARCH) $(shell $(CC) -print-multiarch 2>/dev/null)),/lib/$(t) /usr/lib/$(t))
LIB_SEARCHED = $(filter $(patsubst %/,%,$(LIBDIR)),$(LDCONFIG_DIRS))
LIB_FILES := libpmukit.a libpmukit.so libpmukit.so.$(PMUKIT_SOVERSION) \
	libpmukit.so.$(PMUKIT_VERSION)
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

.PHONY: install install-files uninstall install-ldconfig $(PC_FILE)
install: install-ldconfig
install-files: lib $(CLI_INSTALL_BIN) $(PC_FILE)
	install -d $(DESTDIR)$(INCLUDEDIR)/pmukit $(DESTDIR)$(LIBDIR) \
		$(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 0644 include/pmukit/*.h $(DESTDIR)$(INCLUDEDIR)/pmukit/
	install -m 0644 $(LIB_A) $(DESTDIR)$(LIBDIR)/
	install -m 0755 $(LIB_SO) $(DESTDIR)$(LIBDIR)/libpmukit.so.$(PMUKIT_VERSION)
	ln -sf libpmukit.so.$(PMUKIT_VERSION) $(DESTDIR)$(LIBDIR)/libpmukit.so.$(PMUKIT_SOVERSION)
	ln -sf libpmukit.so.$(PMUKIT_SOVERSION) $(DESTDIR)$(LIBDIR)/libpmukit.so
	install -m 0755 $(CLI_INSTALL_BIN) $(DESTDIR)$(BINDIR)/pmukit
	install -m 0644 $(PC_FILE) $(DESTDIR)$(PKGCONFIGDIR)/pmukit.pc

# After every file is in place (install-man and install-completion are
# mk/package.mk's): the loader's cache.
install-ldconfig: install-files install-man install-completion
ifeq ($(DESTDIR),)
	$(Q)if [ -z '$(LIB_SEARCHED)' ]; then \
		echo "install: $(LIBDIR) is not a directory the dynamic loader searches: run programs with LD_LIBRARY_PATH=$(LIBDIR), or add it to /etc/ld.so.conf.d/ and run $(LDCONFIG) as root"; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo '$(LDCONFIG)'; $(LDCONFIG); \
	else \
		echo "install: run '$(LDCONFIG)' as root, so that programs find libpmukit.so.$(PMUKIT_SOVERSION) in $(LIBDIR)"; \
	fi
else
	$(Q)echo "install: staged in $(DESTDIR); run '$(LDCONFIG)' as root where it is installed, so that programs find libpmukit.so.$(PMUKIT_SOVERSION) in $(LIBDIR)"
endif

# The same names make install gives, so nothing else under PREFIX is touched
# (the headers: this tree's list, as install copies them).
uninstall:
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/pmukit/,$(notdir $(wildcard include/pmukit/*.h)))
	rmdir $(DESTDIR)$(INCLUDEDIR)/pmukit 2>/dev/null || true
	rm -f $(addprefix $(DESTDIR)$(LIBDIR)/,$(LIB_FILES))
	rm -f $(DESTDIR)$(BINDIR)/pmukit $(DESTDIR)$(PKGCONFIGDIR)/pmukit.pc
ifeq ($(DESTDIR),)
	$(Q)if [ -n '$(LIB_SEARCHED)' ] && [ "$$(id -u)" = 0 ]; then echo '$(LDCONFIG)'; $(LDCONFIG); fi
endif
