#!/usr/bin/env bash
# Times the suggestions for a meal to itemise (foods usual here or at this time, past meals like
# it) on a demo diary of 600 days (about 2,100 meals), against reading one meal with its foods in
# the same run. Figures go in docs/BENCHMARKS.md.
#   ./scripts/bench-suggestions.sh [rounds, default 500]
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh release >/dev/null
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
.build/release/fooddiary demo --days 600 --data-dir "$data" >/dev/null 2>&1
.build/release/fooddiary bench-suggestions "$data/diary.sqlite" --rounds "${1:-500}"
