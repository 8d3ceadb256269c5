#!/bin/sh
# SPDX-License-Identifier: MIT
exec "$(dirname "$0")/cli.sh" arm cortex-a15
