#!/bin/sh
# SPDX-License-Identifier: MIT
exec "$(dirname "$0")/cli.sh" aarch32 cortex-a53
