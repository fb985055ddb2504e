#!/usr/bin/env bash
# A data directory for the benchmarks: the demo's meals over DAYS, an owner "bench" (password
# "sardines on toast 1234") whose first diary it becomes, and PHOTOS more meals with a real
# 12-megapixel JPEG each (made and admitted as an upload is: a restore or import checks every
# photo it takes in, so stand-in bytes would be refused). Uses the release build.
#   ./scripts/demo-diary-with-photos.sh DATA_DIR DAYS PHOTOS
set -euo pipefail
cd "$(dirname "$0")/.."
data=$1 days=$2 photos=$3
bin=${FOODDIARY_BIN:-.build/release/fooddiary}
$bin demo --days "$days" --large-photos "$photos" --data-dir "$data" >/dev/null 2>&1
printf 'sardines on toast 1234\n' | $bin user add bench --owner --data-dir "$data" >/dev/null
# A start moves the demo diary into diaries/1 and gives it to the owner.
$bin serve --port 0 --data-dir "$data" >"$data/first-start.log" 2>&1 &
server=$!
for _ in $(seq 1 300); do grep -q "ready at" "$data/first-start.log" && break; sleep 0.1; done
kill "$server"; wait "$server" || true
