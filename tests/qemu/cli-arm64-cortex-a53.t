#!/bin/sh
# SPDX-License-Identifier: MIT
exec "$(dirname "$0")/cli.sh" arm64 cortex-a53
