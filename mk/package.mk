# SPDX-License-Identifier: MIT
#   make man               manual pages into build/man/: pmukit(1), pmukit-COMMAND(1), pmukit_*(3)
#   make deb               Debian packages into build/deb/<debian arch>/ (ARCH=arm64|arm: cross-built)
#   make check-deb         make deb, then lintian on the packages (minutes; not in make check)
#
# The manual pages are generated, never written by hand: section 1 from the
# commands' own --help text (cli/cmd_*.c), section 3 from the kernel-doc
# comments of include/pmukit/pmukit.h and its parts (tools/gen-man). The help text is the
# same on every ARCH, so it is asked of this machine's build of pmukit, also
# when ARCH names another (made with its own compiler and flags first).
# 'make install' installs them under MANDIR, and the bash completion
# (completion/pmukit.bash) under BASHCOMPDIR; 'make uninstall' removes them
# (the pages' names from the generated ones, as install copies them).

MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
MAN_OUT := build/man
MAN_PMUKIT := build/$(HOST_ARCH)/bin/pmukit
MAN_STAMP := $(MAN_OUT)/.generated

.PHONY: man install-man install-completion uninstall-man uninstall-completion deb check-deb
man: $(MAN_STAMP)

$(MAN_STAMP): tools/gen-man $(wildcard include/pmukit/*.h) VERSION $(MAN_PMUKIT)
	$(Q)rm -rf $(MAN_OUT)/man1 $(MAN_OUT)/man3
	$(Q)tools/gen-man cli $(MAN_PMUKIT) $(MAN_OUT)/man1
	$(Q)tools/gen-man lib include/pmukit/pmukit.h $(MAN_OUT)/man3
	$(Q)touch $@

ifneq ($(MAN_PMUKIT),$(CLI_BIN))
# Another ARCH (or a sanitizer's build): this machine's pmukit, with this
# machine's compiler and default flags (a cross build's CFLAGS are not for it).
.PHONY: $(MAN_PMUKIT)
$(MAN_PMUKIT):
	$(Q)$(MAKE) --no-print-directory ARCH=$(HOST_ARCH) CROSS_COMPILE= SANITIZE= \
		ARMV6_BASELINE= CFLAGS='-O2 -g' LDFLAGS= cli
endif

install: install-man install-completion
install-man: man
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3
	install -m 0644 $(MAN_OUT)/man1/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 0644 $(MAN_OUT)/man3/*.3 $(DESTDIR)$(MANDIR)/man3/

install-completion:
	install -d $(DESTDIR)$(BASHCOMPDIR)
	install -m 0644 completion/pmukit.bash $(DESTDIR)$(BASHCOMPDIR)/pmukit

uninstall: uninstall-man uninstall-completion
uninstall-man: man
	for s in 1 3; do for f in $(MAN_OUT)/man$$s/*.$$s; do \
		rm -f "$(DESTDIR)$(MANDIR)/man$$s/$${f##*/}"; done; done

uninstall-completion:
	rm -f $(DESTDIR)$(BASHCOMPDIR)/pmukit

# Debian packages (debian/): built from a copy of the tree in
# build/deb/<debian arch>/pmukit-<version>/, so that dpkg-buildpackage
# writes the packages into build/deb/<debian arch>/ rather than next to the
# tree. A cross build (ARCH=arm64 or arm) needs the cross compilers
# tools/deps installs and the foreign dpkg architecture (it adds both); the
# build dependencies are then not checked against the foreign architecture
# (-d), as Debian's crossbuild-essential packages are not what provides them here.
DEB_ARCH_x86_64 := amd64
DEB_ARCH_arm64 := arm64
DEB_ARCH_arm := armhf
DEB_ARCH := $(DEB_ARCH_$(ARCH))
DEB_OUT := build/deb/$(DEB_ARCH)
DEB_SRC := $(DEB_OUT)/pmukit-$(PMUKIT_VERSION)
DEB_FLAGS := -us -uc -b -a$(DEB_ARCH) $(if $(filter $(ARCH),$(HOST_ARCH)),,-d)

# debian/changelog's newest entry must be VERSION's release (0.1.0-1 for 0.1.0).
DEB_CHANGELOG_VERSION = $(shell dpkg-parsechangelog -l debian/changelog -S Version)

deb:
	$(Q)v='$(DEB_CHANGELOG_VERSION)'; [ "$${v%-*}" = '$(PMUKIT_VERSION)' ] || { \
		echo "deb: debian/changelog says $$v, VERSION $(PMUKIT_VERSION): add a changelog entry (dch -v $(PMUKIT_VERSION)-1)" >&2; exit 1; }
	$(Q)rm -rf $(DEB_OUT) && mkdir -p $(DEB_SRC)
	$(Q)tar -cf - --exclude=./build --exclude=./.cache --exclude=./.git . | tar -xf - -C $(DEB_SRC)
	cd $(DEB_SRC) && dpkg-buildpackage $(DEB_FLAGS)
	$(Q)ls $(DEB_OUT)/*.deb

# lintian and the packages' contents: tests/deb/packages.t.
check-deb: deb
	DEB_OUT=$(DEB_OUT) $(PROVE) -v tests/deb/packages.t
