#!/bin/sh
# SPDX-License-Identifier: MIT
exec "$(dirname "$0")/armv6.sh" arm
