#!/usr/bin/env bash
# Sets everything up and serves FoodDiary at http://127.0.0.1:8080 (Ctrl-C stops it).
# Extra arguments go to `fooddiary serve`, e.g. ./scripts/run.sh --port 9000
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh release
exec .build/release/fooddiary serve "$@"
