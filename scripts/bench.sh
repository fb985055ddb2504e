#!/usr/bin/env bash
# Reruns the catalog, photo and geocoding benchmarks on a release build; figures go in docs/BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh release
.build/release/fooddiary bench-search .cache/sr28 "$@"
.build/release/fooddiary bench-photos
.build/release/fooddiary bench-geocode .cache/geonames
