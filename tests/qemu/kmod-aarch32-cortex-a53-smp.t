#!/bin/sh
# SPDX-License-Identifier: MIT
exec "$(dirname "$0")/kmod.sh" aarch32 cortex-a53 smp
