#!/bin/sh
# SPDX-License-Identifier: MIT
exec "$(dirname "$0")/lib.sh" aarch32
