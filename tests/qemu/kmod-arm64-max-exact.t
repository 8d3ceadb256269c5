#!/bin/sh
# SPDX-License-Identifier: MIT
exec "$(dirname "$0")/kmod.sh" arm64 max exact
