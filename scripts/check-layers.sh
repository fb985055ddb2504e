#!/usr/bin/env bash
# Fails when a floor of the code uses one above it or a library its floor must not know, or when the
# feature folders inside the features target stop forming layers (docs/ARCHITECTURE.md).
#   scripts/check-floors.py           the floors' rules, which Package.swift must declare exactly, and
#                                     every import declared by its target (and every declaration used)
#   scripts/check-feature-folders.py  no folder of the features uses another that uses it back
# Called by scripts/test.sh; `--self-test` shows each catching what it exists to catch.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/check-floors.py "$@"
python3 scripts/check-feature-folders.py "$@"
