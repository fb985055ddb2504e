#!/usr/bin/env bash
# Sets everything up and runs the whole test suite: the Swift tests, the installed server (from
# any directory, stopping gracefully), then the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh debug
python3 scripts/generate-template-keys.py --check
swift test
./scripts/check-install.sh
./scripts/e2e.sh
