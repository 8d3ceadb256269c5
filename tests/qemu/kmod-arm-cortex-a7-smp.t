#!/bin/sh
# SPDX-License-Identifier: MIT
exec "$(dirname "$0")/kmod.sh" arm cortex-a7 smp
