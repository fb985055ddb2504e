#!/usr/bin/env bash
# Sets everything up and runs the whole test suite: the check that each floor of the code uses
# only those below it, the check that no database call blocks a request's thread, the check that
# every link in the documentation finds its page and heading, the Swift
# tests, the crowd check on its own (no other test sharing the cores it loads), the installed
# server (from any directory, stopping gracefully), then the browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh debug
python3 scripts/generate-template-keys.py --check
./scripts/check-layers.sh --self-test
./scripts/check-layers.sh
./scripts/check-sync-database.sh --self-test
./scripts/check-sync-database.sh
python3 scripts/check-doc-links.py --self-test
python3 scripts/check-doc-links.py
swift test --skip CrowdTests
swift test --filter CrowdTests
./scripts/check-install.sh
./scripts/e2e.sh
