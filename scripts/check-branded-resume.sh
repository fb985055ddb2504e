#!/usr/bin/env bash
# Kills the branded foods' import with SIGKILL part-way, runs it again, and checks the catalog ends
# with every branded food once, as an uninterrupted import leaves it (docs/BENCHMARKS.md).
#   scripts/check-branded-resume.sh [SECONDS_BEFORE_THE_KILL]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/fetch-data.sh
swift build -c release --product fooddiary >/dev/null
bin=.build/release/fooddiary
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
"$bin" catalog import .cache/sr28 --fdc-dir .cache/fdc --data-dir "$data" >/dev/null 2>&1

"$bin" catalog add-branded --data-dir "$data" >/dev/null 2>&1 &
sleep "${1:-20}"
kill -9 $!
wait $! 2>/dev/null || true
count() { python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$data/catalog.sqlite" "$1"; }
echo "killed after ${1:-20} s with $(count "SELECT value FROM catalog_info WHERE key = 'fdc_branded_done'") of $(count "SELECT value FROM catalog_info WHERE key = 'fdc_branded_total'") branded foods added"

start=$(date +%s)
"$bin" catalog add-branded --data-dir "$data" 2>/dev/null | tail -1
echo "resumed and finished in $(( $(date +%s) - start )) s"

foods=$(count "SELECT count(*) FROM food WHERE data_type = 'branded'")
indexed=$(count "SELECT count(*) FROM branded_search")
distinct=$(count "SELECT count(DISTINCT search_position) FROM food WHERE data_type = 'branded'")
done=$(count "SELECT value FROM catalog_info WHERE key = 'fdc_branded_done'")
echo "branded foods $foods, indexed $indexed, distinct places $distinct, recorded $done"
[ "$foods" = 354600 ] && [ "$indexed" = "$foods" ] && [ "$distinct" = "$foods" ] && [ "$done" = "$foods" ] \
  || { echo "FAIL: the resumed import differs from a whole one" >&2; exit 1; }
echo "OK"
